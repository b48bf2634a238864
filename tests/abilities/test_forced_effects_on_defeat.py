"""Forced (Rules Reference): an enemy's own Forced effect "after it is defeated" resolves when an
attack destroys it, from the pile it went to (Eastern Crows shuffles itself back into the encounter
deck); only that copy (FAQ 1.31)."""

from __future__ import annotations

from adjudicator.lotr.engine import api

CROWS = """
start: "6.7"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [Legolas], engaged: [Eastern Crows, Eastern Crows]}
decisions:
  - {step: "6.8b", player: Tom, target: Eastern Crows, attackers: [Legolas]}
  - {step: "6.8b", player: Tom, target: null}
abilities: {}
"""


def test_forced_effect_after_an_enemy_is_defeated_eastern_crows_shuffles_itself_back():
    trace = api.replay(api.load("crows.yaml", text=CROWS), abilities=True)
    final = trace.final_state
    assert final["encounter_deck"] == ["Eastern Crows"] and final["encounter_discard"] == []
    assert [c["label"] for c in final["players"][0]["engaged"]] == ["Eastern Crows#2"]
    timing = next(s for s in trace.steps if s.event == "timing" and "Eastern Crows is destroyed" in s.text)
    assert "Eastern Crows (forced)" in timing.text and "lotr:rr:forced" in timing.citations


def test_forced_effect_on_defeat_does_not_fire_without_abilities():
    trace = api.replay(api.load("crows.yaml", text=CROWS), abilities=False)
    assert trace.final_state["encounter_discard"] == ["Eastern Crows"]
