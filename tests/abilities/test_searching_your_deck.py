"""Search (Rules Reference; FAQ 1.21) of a player's own deck for a card of a title, put into
play (``{op: search, deck: your deck, for: NAME, to: play}``: Fili and Kili, FAQ Q53).  The
expected values are worked out by hand in each docstring."""

from __future__ import annotations

from adjudicator.lotr.engine import api

TEXT = """
start: "2.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [{card: Gimli, resources: 3}], hand: HAND, deck: DECK}
quest: {card: Flies and Spiders}
decisions:
  - {step: "2.2", player: Tom, play: [{card: Kili, pay_from: [Gimli]}]}
abilities:
  responses: [{card: Kili, player: Tom}]
"""


def tom(trace) -> dict:
    return next(p for p in trace.final_state["players"] if p["name"] == "Tom")


def replay(hand: str, deck: str):
    return api.replay(api.load("s.yaml", text=TEXT.replace("HAND", hand).replace("DECK", deck)), abilities=True)


def test_a_search_of_your_deck_puts_the_card_found_into_play_and_never_takes_one_from_the_hand():
    """Kili played, his response used: with Fili in the deck, Fili enters play (not played: no
    cost paid, Gimli's 3 resources all went on Kili) and the deck of 3 is shuffled to 2 cards;
    with Fili in the hand instead, the search finds nothing, Fili stays in hand, the deck
    keeps its 2 cards (shuffled all the same)."""
    found = replay("[Kili]", "[Gondorian Spearman, Fili, Veteran Axehand]")
    assert sorted(a["name"] for a in tom(found)["allies"]) == ["Fili", "Kili"]
    assert tom(found)["deck"] == 2
    assert any(s.event == "put-into-play" for s in found.steps)
    missed = replay("[Kili, Fili]", "[Gondorian Spearman, Veteran Axehand]")
    assert [a["name"] for a in tom(missed)["allies"]] == ["Kili"]
    assert tom(missed)["hand"] == ["Fili"]
    assert tom(missed)["deck"] == 2
    assert [s.event for s in missed.steps].count("shuffle") == 1
    assert not any(s.event == "put-into-play" for s in missed.steps)
