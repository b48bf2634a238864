"""Quest stages beyond the one current stage (the Quest Companion's rulings on The Battle of Five Armies'
stages in play and its current quest stage; on Flight from Moria's and Mount Gundabad's shuffled stage 2
cards, flipped only at the scenario's moment): rules_db/lotr/quest_stages.yaml, engine/quest_stages.py."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api, quest_stages

STAGES = """
start: "START"
stop: STOP
cards:
  - {name: Stage Two, type: quest, stage: 2, quest_points: QP}
  - {name: Stage Three, type: quest, stage: 3, quest_points: 10}
players:
  - {name: Tom, threat: 30, heroes: [Éowyn, Aragorn], deck: [Gandalf]}
staging_area: [Hill Troll]
quest: {card: Stage Two}
quest_stages: {scenario: SCENARIO, stages: [{card: Stage Three}]}
encounter_deck: [Old Forest Road, Great Forest Web]
decisions: DECISIONS
abilities:
  cards:
    - name: Stage Three
      source: quest
      abilities:
        - {kind: constant, effects: [{op: modify, stat: threat, how: add, value: 1, target: each enemy in the staging area}], says: "+1 threat"}
"""


def situation(**kw) -> str:
    values = {"START": "3.2", "STOP": "{step: '3.4'}", "QP": "10", "SCENARIO": "The Battle of Five Armies",
              "DECISIONS": "[{step: '3.2', player: Tom, commit: [Éowyn, Aragorn]}]"}
    values.update(kw)
    text = STAGES
    for k, v in values.items():
        text = text.replace(k, v)
    return text


def replay(text: str):
    return api.replay(api.load("stages.yaml", text=text), abilities=True)


def test_a_stage_in_play_that_is_not_the_current_one_keeps_its_text_active():
    trace = replay(situation())
    state = trace.to_dict()["final_state"]
    # 6 willpower against Hill Troll (1 + 1 from Stage Three's text) and Old Forest Road (1): 3 progress on Stage Two
    assert resolve_path(state, "quest.progress") == 3 and resolve_path(state, "other_stages.0.progress") == 0
    applied = [s for s in trace.steps if s.event == "constant" or "Stage Three" in str(s.cause)]
    assert any("lotr:qc:ruling:the-battle-of-five-armies:multiple-stages-in-play" in s.citations for s in applied)


def test_the_first_player_chooses_the_current_stage_as_the_round_begins_and_progress_goes_on_it_alone():
    asked = replay(situation(START="0.0"))
    assert asked.pending is not None and asked.pending.key == "current_quest" and asked.pending.step == "0.0"
    assert sorted(o.value for o in asked.pending.options) == ["Stage Three", "Stage Two"]
    chose = "[{step: '0.0', player: Tom, current_quest: Stage Three}, {step: '3.2', player: Tom, commit: [Éowyn, Aragorn]}]"
    state = replay(situation(START="0.0", DECISIONS=chose)).to_dict()["final_state"]
    # Stage Three is current: 6 willpower against Hill Troll (1 + 1: Stage Three's text) and Old Forest Road (1)
    assert state["quest"]["label"] == "Stage Three" and resolve_path(state, "quest.progress") == 3
    assert resolve_path(state, "other_stages.labels") == ["Stage Two"] and resolve_path(state, "other_stages.0.progress") == 0


def test_a_completed_stage_among_several_leaves_play_and_the_first_player_chooses_the_next_current_one():
    trace = replay(situation(QP="2", DECISIONS="[{step: '3.2', player: Tom, commit: [Éowyn, Aragorn]}, "
                                              "{step: '3.4', player: Tom, current_quest: Stage Three}]"))
    state = trace.to_dict()["final_state"]
    assert state["quest"]["label"] == "Stage Three" and state["defeated_stages"] == ["Stage Two"]
    assert state["outcome"] is None and "other_stages" not in state  # not won: a stage is still in play
    done = next(s for s in trace.steps if s.event == "quest-advance")
    assert done.interpretation is not None and done.interpretation.name.startswith("a completed stage among several")


FLIP = """
start: "3.2"
stop: STOP
cards:
  - {name: Stage A, type: quest, stage: 2, quest_points: 2}
  - {name: Stage B, type: quest, stage: 2, quest_points: 20}
players:
  - {name: Tom, threat: 30, heroes: [Éowyn, Aragorn], deck: [Gandalf]}
quest: {card: Stage A}
quest_deck: [Stage B]
quest_stages: {scenario: Flight from Moria}
encounter_deck: [Old Forest Road, Great Forest Web]
decisions:
  - {step: "3.2", player: Tom, commit: [Éowyn, Aragorn]}
  - {step: "4.2", travel: null}
  - {step: "3.2", round: 2, player: Tom, commit: []}
abilities:
  cards:
    - name: Stage B
      source: quest
      abilities:
        - {kind: when_revealed, effects: [{op: threat, player: each player, amount: 3}], says: "+3 threat"}
"""


def test_a_stage_advanced_to_stays_on_its_a_side_until_the_scenarios_moment():
    before = replay(FLIP.replace("STOP", "{step: '3.2', round: 2}")).to_dict()["final_state"]
    assert before["quest"]["label"] == "Stage B" and before["quest_face_down"] is True
    assert resolve_path(before, "players.Tom.threat") == 31  # only the refresh phase's 1: no When Revealed yet
    trace = replay(FLIP.replace("STOP", "{step: '3.3', round: 2}"))
    after = trace.to_dict()["final_state"]
    assert resolve_path(after, "players.Tom.threat") == 34 and "quest_face_down" not in after
    flip = next(i for i, s in enumerate(trace.steps) if s.event == "quest-flip")
    assert trace.steps[flip].step == "3.3" and trace.steps[flip - 1].step == "3.2"  # as round 2's staging step begins
    assert any(s.event == "staging" for s in trace.steps[flip:])


def test_every_ruling_a_quest_stage_row_cites_exists(sources_dir):
    from adjudicator.kb.build import parse_sources

    cited = quest_stages.cited_rulings()
    assert len(cited) >= 4
    assert sorted(cited - {r.id for r in parse_sources(sources_dir)}) == []


def test_an_unknown_quest_stage_scenario_is_refused_with_did_you_mean():
    with pytest.raises(InputError) as bad:
        api.load("stages.yaml", text=situation(SCENARIO="The Battle of Five Armys"))
    assert "The Battle of Five Armies" in str(bad.value)
