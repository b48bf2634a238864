"""A scenario's quest cards, as the card library holds them: for `adjudicator scenario`.

The scenario's quest cards are the cards of type ``quest`` whose encounter set is the
scenario's own (``rules_db/lotr/scenario_sets.yaml``), in card-number order (the stage
order).  Each stage's abilities are sorted into what a player asks of a quest:

- setup: the stage's setup instructions (kind ``setup``);
- special rules: everything else the stage says (when revealed, forced, constant, ...);
- how to win: the Rules Reference's Winning the Game, and the final stage, which is the
  last card in sequence and any stage whose ability ends the game in a win (an effect
  naming a win).

Every ability carries its erratum and rulings as cited records; the general rules
(Setup, Winning the Game) come from the Rules Reference.
"""

from __future__ import annotations

import re

from adjudicator.kb.names import name_key

from .card_lookup import card_names, figures, scenario_sets

SETUP_RULE = "lotr:rr:setup"
WIN_RULE = "lotr:rr:winning-the-game"


def _wins(ability) -> bool:
    return any("win" in str(e.get("name", "")).split("_") for e in ability.effects if e.op == "python")


def quest_cards(kb, scenario_title: str) -> dict | None:
    """The quest cards of the scenario of that title, or None when the card data has none."""
    from .card_lookup import _abilities, _library_entry

    entry = next((s for s in scenario_sets() if name_key(s["name"]) == name_key(scenario_title)), None)
    if entry is None:
        return None
    cards = sorted((c for c in figures() if c.get("type") == "quest" and c.get("encounter_set") == entry["quest"]),
                   key=lambda c: int(c.get("number") or 0))
    if not cards:
        return None
    stages = []
    for number, card in enumerate(cards, start=1):
        names = card_names(card)
        abilities = _abilities(kb, names)
        current = _library_entry(names, "errata")
        wins = {a.index for a in (current.abilities if current else []) if _wins(a)}
        for ability, model in zip(abilities, current.abilities if current else []):
            ability["wins"] = model.index in wins
        stages.append({"stage": number, "name": card["name"], "number": card.get("number"), "set": card.get("set"),
                       "quest_points": card.get("quest_points"), "abilities": abilities,
                       "final": number == len(cards) or bool(wins)})
    setup = [(s, a) for s in stages for a in s["abilities"] if a["kind"] == "setup"]
    special = [(s, a) for s in stages for a in s["abilities"] if a["kind"] != "setup"]
    return {
        "scenario": entry["name"],
        "encounter_sets": list(entry.get("encounter_sets", [])),
        "stages": stages,
        "setup": setup,
        "special": special,
        "final_stages": [s for s in stages if s["final"]],
        "setup_rule": kb.store.get(SETUP_RULE),
        "win_rule": kb.store.get(WIN_RULE),
    }



# the heading a Quest Companion ruling gives its subject, after "<scenario>: "
SETUP_HEADING = re.compile(r"\b(setup|set up|setting up|preparing|creating)\b", re.I)
WIN_HEADING = re.compile(r"\b(win|winning|lose|losing|victory)\b", re.I)


def from_documents(kb, rulings: list) -> dict:
    """A scenario whose quest cards the card library lacks: its Quest Companion rulings sorted
    by their headings into setup, how to win and the other special rules, with the Rules
    Reference's Setup and Winning the Game (the sorting is by heading words, for the reader:
    nothing decides on it)."""
    def heading(record) -> str:
        return record.title.split(": ", 1)[-1]

    setup = [r for r in rulings if SETUP_HEADING.search(heading(r))]
    win = [r for r in rulings if r not in setup and WIN_HEADING.search(heading(r))]
    special = [r for r in rulings if r not in setup and r not in win]
    return {"setup_rule": kb.store.get(SETUP_RULE), "setup": setup, "special": special,
            "win_rule": kb.store.get(WIN_RULE), "win": win}
