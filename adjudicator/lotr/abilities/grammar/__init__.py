"""The published ability grammar (docs/abilities.md, "The ability grammar"): target
phrases, players, amounts, conditions, trigger subjects and restrictions, each parsed into
a structure the engine evaluates; a phrase outside the grammar is an input error with its
``file:line:column`` and a "did you mean".

- `targets`: target and player phrases -> `Target`, `PlayerPhrase`;
- `select`: a `Target` evaluated on the table (the cards or players it names, the options of a choice);
- `amounts`: numbers and counted amounts ("2 per resource on self", "1 per other Dwarf ally you control");
- `conditions`: "while ..." and "if ..." conditions;
- `check`: every phrase of an ability checked as the card data is read.
"""
