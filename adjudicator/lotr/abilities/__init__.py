"""Card abilities and timing for the LOTR LCG engine (issue 5).

- `model`: abilities as values (kinds, triggers, costs, targets, effects, limits, durations);
- `load`: the YAML format of the card library and of situation files, with file:line errors;
- `timing`: the one sort key for abilities sharing a moment, and `order_file` / `render_order`
  behind ``adjudicator timing order FILE``;
- `effects`: the effect primitives, each writing its own trace step with cause and citation;
- `cancel`, `replacement`, `lasting`, `limits`: cancels, "instead" effects, lasting effects, limits;
- `initiate`, `choose`, `hatches`: initiating an ability with the player's choices, and Python
  for the odd card;
- `triggers`: the engine hook (abilities in a replay); `rulings`: FAQ ruling situations.

See docs/abilities.md.
"""
