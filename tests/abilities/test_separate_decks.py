"""Separate encounter decks (the Quest Companion's rulings on the Orc, Evil Creatures and Burden decks;
rules_db/lotr/separate_decks.yaml), in the replay: a card revealed from one is staged as from the
encounter deck; leaving play it goes where that deck's rule says (the encounter discard pile, or the
deck's own discard pile, victory points or not, shuffled back in once the deck is empty); a deck that
has run out is ignored; a deck name outside the data is an input error."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

REVEAL = """
cards:
  - {name: Scouts Report, type: treachery}
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: Tom, threat: 30, heroes: [Aragorn]}
quest: {card: Flies and Spiders}
encounter_deck: [Scouts Report, Old Forest Road]
DECKS
abilities:
  cards:
    - name: Scouts Report
      source: encounter
      abilities:
        - {kind: when_revealed, effects: [{op: reveal, deck: Orc deck}], says: "reveal from the Orc deck"}
"""

ATTACK = """
cards:
  - {name: Fen Stalker, type: enemy, engagement_cost: 25, threat: 2, attack: 3, defense: 1, hit_points: 4, victory: 2}
start: "6.8a"
stop: {step: "6.8.4"}
players:
  - {name: Tom, threat: 30, heroes: [Gimli, Legolas], engaged: [{card: Fen Stalker, from_deck: DECK}]}
quest: {card: Flies and Spiders}
decks: {DECK: [Goblin Sniper]}
decisions:
  - {step: 6.8b, player: Tom, target: Fen Stalker, attackers: [Gimli, Legolas]}
abilities: {}
"""


def final(text: str) -> dict:
    trace = api.replay(api.load("decks.yaml", text=text), abilities=True)
    assert trace.pending is None
    return trace.to_dict()["final_state"]


def test_a_card_from_a_separate_deck_leaves_play_where_that_decks_rule_says():
    staged = final(REVEAL.replace("DECKS", "decks: {Orc: [Goblin Sniper, Dol Guldur Orcs]}"))
    assert resolve_path(staged, "staging_area.labels") == ["Goblin Sniper"] and resolve_path(staged, "decks.Orc") == ["Dol Guldur Orcs"]
    assert staged["encounter_deck"] == ["Old Forest Road"]  # the encounter deck gave only the treachery
    orc = final(ATTACK.replace("DECK", "Orc"))  # to the encounter discard pile, victory points or not
    assert orc["encounter_discard"] == ["Fen Stalker"] and orc["victory_display"] == []
    creatures = final(ATTACK.replace("DECK", "Evil Creatures"))  # to its own discard pile, victory points or not
    assert creatures["encounter_discard"] == [] and creatures["victory_display"] == []
    assert resolve_path(creatures, "deck_discards.Evil Creatures") == ["Fen Stalker"]
    emptied = final(ATTACK.replace("DECK", "Evil Creatures").replace("decks: {Evil Creatures: [Goblin Sniper]}", "decks: {Evil Creatures: []}"))
    assert resolve_path(emptied, "decks.Evil Creatures") == ["Fen Stalker"] and "deck_discards" not in emptied  # shuffled back in at once


def test_a_separate_deck_that_has_run_out_is_ignored_and_an_unknown_deck_is_an_input_error():
    trace = api.replay(api.load("decks.yaml", text=REVEAL.replace("DECKS", "decks: {Orc: []}")), abilities=True)
    assert any(s.event == "not-resolved" and "Orc deck has no card left" in s.text for s in trace.steps)
    assert resolve_path(trace.to_dict()["final_state"], "staging_area.labels") == []
    with pytest.raises(InputError) as err:
        api.load("decks.yaml", text=REVEAL.replace("DECKS", "decks: {Orcs: [Goblin Sniper]}"))
    assert "separate deck" in str(err.value) and "Orc" in str(err.value)
