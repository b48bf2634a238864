"""Explored (Rules Reference; FAQ 1.18, Q80): a location's own Forced effect on leaving play explored
(a Wizardry effect of The Road to Isengard) resolves once the progress is placed, whether the location
was the active location or was explored in the staging area."""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

TEXT = """
cards:
  - {name: Warded Gate, type: location, threat: 2, quest_points: 1}
start: "3.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [Aragorn], allies: [Northern Tracker]}
WHERE
quest: {card: Flies and Spiders}
decisions:
  - {step: "3.2", player: Tom, commit: [Aragorn]}
abilities:
  cards:
    - name: Warded Gate
      source: encounter
      abilities:
        - {kind: forced, trigger: {timing: after, event: explored, subject: self}, effects: [{op: threat, player: each player, amount: 2}], says: "explored: +2 threat"}
"""


def final(where: str) -> dict:
    trace = api.replay(api.load("explored.yaml", text=TEXT.replace("WHERE", where)), abilities=True)
    assert trace.pending is None
    return trace.to_dict()["final_state"]


def test_a_locations_own_forced_effect_on_being_explored_resolves_whether_active_or_not():
    # active: Aragorn's 2 willpower, 1 progress explores it, 1 on the quest; staging: no staging card (empty deck), no threat
    active = final("active_location: {card: Warded Gate}\nencounter_deck: []")
    assert resolve_path(active, "players.Tom.threat") == 32 and active["encounter_discard"] == ["Warded Gate"]
    # not explored: in the staging area it adds its 2 threat, Aragorn's 2 willpower ties, nothing is placed, nothing triggers
    waiting = final("staging_area: [Warded Gate]\nencounter_deck: []")
    assert resolve_path(waiting, "players.Tom.threat") == 30 and resolve_path(waiting, "staging_area.labels") == ["Warded Gate"]
    # explored in the staging area by the Northern Tracker's response: not active, it triggers all the same
    text = TEXT.replace("WHERE", "staging_area: [Warded Gate]\nencounter_deck: []").replace("commit: [Aragorn]", "commit: [Northern Tracker]").replace("stop: end-of-phase", 'stop: {step: "3.2"}')
    text = text.replace("abilities:\n  cards:", "abilities:\n  responses: [{card: Northern Tracker, player: Tom}]\n  cards:")
    trace = api.replay(api.load("explored.yaml", text=text), abilities=True)
    state = trace.to_dict()["final_state"]
    assert resolve_path(state, "players.Tom.threat") == 32 and state["encounter_discard"] == ["Warded Gate"]
