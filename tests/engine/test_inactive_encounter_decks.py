"""Active and inactive encounter decks (Over the Misty Mountains Grim, The City of Corsairs): nothing
reaches an inactive deck; a quest card making it the active encounter deck sets the old deck and its
discard pile out of the game, with the encounter cards in play unless it keeps them in play."""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

TEXT = """
cards:
  - {name: Reach Below, type: treachery}
  - {name: Deeper Down, type: treachery}
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: Tom, threat: 30, heroes: [Aragorn]}
quest: {card: Flies and Spiders}
staging_area: [Wargs]
decks: {Goblin: [Goblin Sniper]}
encounter_deck: [TOP, Hummerhorns]
abilities:
  cards:
    - name: Reach Below
      source: encounter
      abilities:
        - {kind: when_revealed, effects: [{op: reveal, deck: Goblin deck}], says: "reveal from the Goblin deck"}
    - name: Deeper Down
      source: encounter
      abilities:
        - {kind: when_revealed, effects: [{op: activate_deck, deck: Goblin deck KEEP}], says: "the Goblin deck becomes active"}
"""


def final(top: str, keep: str = "") -> dict:
    text = TEXT.replace("TOP", top).replace("KEEP", keep)
    return api.replay(api.load("decks.yaml", text=text), abilities=True).to_dict()["final_state"]


def test_an_inactive_encounter_deck_is_reached_by_nothing_until_a_card_activates_it():
    untouched = final("Reach Below")
    assert resolve_path(untouched, "decks") == {"Goblin": ["Goblin Sniper"]}
    assert [c["label"] for c in untouched["staging_area"]] == ["Wargs"]
    switched = final("Deeper Down")
    assert switched["encounter_deck"] == ["Goblin Sniper"] and switched["staging_area"] == []
    assert switched["removed_from_game"] == ["Hummerhorns", "Wargs"]  # the old deck, then the card in play
    kept = final("Deeper Down", ", keep_in_play: true")
    assert [c["label"] for c in kept["staging_area"]] == ["Wargs"] and kept["removed_from_game"] == ["Hummerhorns"]
