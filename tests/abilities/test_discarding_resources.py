"""Discarding resources from heroes' pools (Resources; FAQ Q28: a discard effect resolves as far
as it can).  ``{op: discard_resources, player: each player, amount: 3}`` (Bitter Wind).  The
expected values are worked out by hand in each docstring."""

from __future__ import annotations

from adjudicator.lotr.engine import api

TEXT = """
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: Tom, threat: 30, heroes: HEROES}
quest: {card: Flies and Spiders}
encounter_deck: [Bitter Wind, Old Forest Road]
abilities: PLAYS
"""


def run(heroes: str, plays: str = "{}"):
    return api.replay(api.load("b.yaml", text=TEXT.replace("HEROES", heroes).replace("PLAYS", plays)), abilities=True, strict=False)


def pools(trace) -> dict:
    tom = next(p for p in trace.final_state["players"] if p["name"] == "Tom")
    return {h["name"]: h["resources"] for h in tom["heroes"]}


def test_a_discard_of_resources_resolves_as_far_as_it_can():
    """3 asked, 2 held (1 on Gimli, 1 on Aragorn): both go, and the step cites FAQ Q28; 4 held on
    Gimli alone: 3 go, 1 stays, and FAQ Q28 is not cited (the discard is met in full)."""
    short = run("[{card: Gimli, resources: 1}, {card: Aragorn, resources: 1}]")
    assert pools(short) == {"Gimli": 0, "Aragorn": 0}
    assert any("lotr:faq:q:28" in s.citations for s in short.steps if s.event == "discard-resources")
    full = run("[{card: Gimli, resources: 4}, Aragorn]")
    assert pools(full) == {"Gimli": 1, "Aragorn": 0}
    assert not any("lotr:faq:q:28" in s.citations for s in full.steps)


def test_which_heroes_lose_the_resources_is_the_players_choice_when_they_hold_more():
    """5 held, 3 on Gimli and 2 on Aragorn: the replay stops for Tom's choice; named (2 from
    Gimli, 1 from Aragorn), it leaves 1 and 1."""
    heroes = "[{card: Gimli, resources: 3}, {card: Aragorn, resources: 2}]"
    asked = run(heroes)
    assert asked.pending is not None
    chosen = run(heroes, "{plays: [{card: Bitter Wind, targets: {Tom discards: {Gimli: 2, Aragorn: 1}}}]}")
    assert chosen.pending is None and pools(chosen) == {"Gimli": 1, "Aragorn": 1}
