"""A rival's area with its own quest deck (the Quest Companion's rulings on the Stormcaller's area and the Orcs'
area): its cards are in the staging area only while the players are at its stage (same name and stage number);
at the scenario's moment its stage takes the discarded encounter card's threat (plus its area's) as progress and
advances through its own deck."""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

RIVAL = """
start: "3.2"
stop: STOP
cards:
  - {name: One, type: quest, stage: 1, quest_points: QP}
  - {name: Two, type: quest, stage: 2, quest_points: 2}
  - {name: Three, type: quest, stage: 3, quest_points: 9}
  - {name: Ship, type: enemy, engagement_cost: 50, threat: 3, attack: 1, defense: 1, hit_points: 5}
players:
  - {name: Tom, threat: 20, heroes: [Éowyn, Aragorn]}
staging_area: [Hill Troll]
quest: {card: One}
quest_deck: [Two]
staging_areas:
  scenario: SCENARIO
  rival: {name: the rival, staging_area: [Ship], quest: {card: Two}, quest_deck: [Three]}
encounter_deck: [Old Forest Road, Great Forest Web]
decisions:
  - {step: "3.2", player: Tom, commit: [Éowyn, Aragorn]}
  - {step: "4.2", travel: null}
  - {step: "5.2", player: Tom, engage: null}
"""


def replay(**kw):
    text = RIVAL
    for k, v in {"STOP": "{step: '3.4'}", "QP": "9", "SCENARIO": "Flight of the Stormcaller", **kw}.items():
        text = text.replace(k, v)
    trace = api.replay(api.load("rival.yaml", text=text), abilities=False)
    assert trace.pending is None
    return trace


def test_a_rivals_cards_are_in_the_staging_area_only_while_the_players_are_at_its_stage():
    apart = replay().to_dict()["final_state"]
    # at stage 1 the players quest against Hill Troll and Old Forest Road only: 6 - 2 = 4 progress
    assert resolve_path(apart, "quest.progress") == 4 and resolve_path(apart, "rivals.0.staging_area.labels") == ["Ship"]
    assert apart["staging_threat"] == 2
    together = replay(QP="4", STOP="{step: '4.1'}").to_dict()["final_state"]
    # stage 1 completed: the players are at Two, the rival's stage: the ship is in the staging area (3 threat)
    assert resolve_path(together, "staging_area.labels") == ["Hill Troll", "Old Forest Road", "Ship"]
    assert together["staging_threat"] == 5 and resolve_path(together, "rivals.0.at_the_players_stage") is True


def test_a_rivals_stage_takes_the_discarded_cards_threat_as_progress_and_advances_through_its_own_deck():
    trace = replay(QP="4", STOP="{step: '0.0', round: 2}")
    state = trace.to_dict()["final_state"]
    # at the end of the round (the Stormcaller): Great Forest Web's 2 threat completes Two; the rival goes on to Three
    assert resolve_path(state, "rivals.0.quest.label") == "Three" and state["encounter_discard"] == ["Great Forest Web"]
    assert resolve_path(state, "rivals.0.staging_area.labels") == ["Ship"]  # stages apart again: back in its area
    orcs = replay(QP="9", SCENARIO="Race Across Harad", STOP="{step: '3.5'}")
    # at the end of the quest phase (the Orcs): 2 threat of the card plus 3 in their area
    progress = next(s for s in orcs.steps if s.event == "rival-progress")
    assert progress.step == "3.5" and (progress.data.threat, progress.data.area_threat, progress.data.amount) == (2, 3, 5)
    assert resolve_path(orcs.to_dict()["final_state"], "rivals.0.quest.label") == "Three"
