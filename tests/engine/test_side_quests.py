"""Side quests (Quest Companion: Encounter Side Quest, Player Side Quest, Side Quests in Play; FAQ Q84): a side
quest in the staging area may be made the current quest by the first player as the quest phase begins, until
the end of the phase; progress goes on it (after the active location), the main quest's text stays active; a
defeated side quest goes to the victory display and the players do not advance; a player side quest is played
in the planning phase into the staging area."""

from __future__ import annotations

import pytest

from adjudicator.engine.decisions import IllegalDecision
from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

SIDE = """
start: "3.1"
stop: STOP
cards:
  - {name: Main Quest, type: quest, stage: 1, quest_points: 10}
  - {name: Next Quest, type: quest, stage: 2, quest_points: 10}
  - {name: Side Trip, type: side-quest, quest_points: QP, victory: 1}
  - {name: My Errand, type: side-quest, sphere: neutral, cost: 1, quest_points: 4}
players:
  - {name: Tom, threat: 30, heroes: [{card: Éowyn, resources: 1}, Aragorn], hand: [My Errand]}
staging_area: [Hill Troll, Side Trip]
quest: {card: Main Quest}
quest_deck: [Next Quest]
encounter_deck: [Old Forest Road]
decisions: DECISIONS
"""
CHOOSE = "[{step: '3.1', player: Tom, current_quest: Side Trip}, {step: '3.2', player: Tom, commit: [Éowyn, Aragorn]}]"


def replay(text: str):
    return api.replay(api.load("side.yaml", text=text), abilities=False)


def situation(**kw) -> str:
    values = {"STOP": "end-of-phase", "QP": "8", "DECISIONS": CHOOSE}
    values.update(kw)
    text = SIDE
    for k, v in values.items():
        text = text.replace(k, v)
    return text


def test_the_first_player_is_asked_whether_a_side_quest_is_the_current_quest_as_the_quest_phase_begins():
    asked = replay(situation(DECISIONS="[]"))
    assert asked.pending is not None and asked.pending.key == "current_quest" and asked.pending.step == "3.1"
    assert [o.value for o in asked.pending.options] == ["Main Quest", "Side Trip"]
    kept = replay(situation(DECISIONS="[{step: '3.1', player: Tom, current_quest: Main Quest}, {step: '3.2', player: Tom, commit: [Éowyn, Aragorn]}]"))
    assert resolve_path(kept.to_dict()["final_state"], "quest.progress") == 4  # 6 willpower against Hill Troll and Old Forest Road


def test_a_side_quest_made_current_takes_the_phases_progress_and_goes_back_to_the_staging_area():
    trace = replay(situation(STOP="{step: '3.4'}"))
    state = trace.to_dict()["final_state"]
    assert state["quest"]["label"] == "Side Trip" and resolve_path(state, "quest.progress") == 4
    assert resolve_path(state, "other_stages.labels") == ["Main Quest"]  # still in play
    end = replay(situation()).to_dict()["final_state"]
    assert end["quest"]["label"] == "Main Quest" and resolve_path(end, "quest.progress") == 0
    assert resolve_path(end, "staging_area.Side Trip.progress") == 4 and "other_stages" not in end


def test_a_defeated_side_quest_goes_to_the_victory_display_and_the_players_do_not_advance():
    trace = replay(situation(QP="3"))
    state = trace.to_dict()["final_state"]
    assert state["victory_display"] == ["Side Trip"] and state["quest"]["label"] == "Main Quest"
    assert resolve_path(state, "quest.progress") == 0 and state["quest_deck"] == ["Next Quest"]  # extra progress discarded
    done = next(s for s in trace.steps if s.event == "side-quest-defeated")
    assert "lotr:qc:page:side-quests-in-play" in done.citations and "1 extra progress" in done.text


def test_a_player_side_quest_is_played_in_the_planning_phase_into_the_staging_area():
    play = "[{step: '2.2', player: Tom, play: [{card: My Errand, pay_from: [Éowyn]}]}]"
    trace = replay(situation(DECISIONS=play).replace('start: "3.1"', 'start: "2.1"'))
    state = trace.to_dict()["final_state"]
    assert resolve_path(state, "staging_area.labels") == ["Hill Troll", "Side Trip", "My Errand"]
    assert resolve_path(state, "players.Tom.hand") == []
    late = "[{step: '1.3', player: Tom, play: [{card: My Errand, pay_from: [Éowyn]}]}]"
    with pytest.raises(IllegalDecision):
        replay(situation(DECISIONS=late, STOP="{step: '1.4'}").replace('start: "3.1"', 'start: "1.1"'))


TWO_SIDED = """
start: "3.1"
stop: end-of-phase
cards:
  - {name: Main Quest, type: quest, stage: 1, quest_points: 10}
  - {name: Front, type: side-quest, quest_points: 3, back: BACK, flips: WHEN}
  - {name: Clue, type: objective}
  - {name: Reverse, type: side-quest, quest_points: 9}
players:
  - {name: Tom, threat: 30, heroes: [Éowyn, Aragorn]}
staging_area: [{card: Front, under: [Hill Troll]}]
quest: {card: Main Quest}
encounter_deck: [Old Forest Road]
decisions:
  - {step: "3.1", player: Tom, current_quest: Front}
  - {step: "3.2", player: Tom, commit: [Éowyn, Aragorn]}
"""


def test_a_double_sided_side_quest_is_turned_over_when_defeated_or_when_chosen_as_its_card_says():
    defeated = replay(TWO_SIDED.replace("BACK", "Clue").replace("WHEN", "defeated")).to_dict()["final_state"]
    # defeated (5 progress for 3): turned over, the Clue objective stays in the staging area; not in the victory display
    assert resolve_path(defeated, "staging_area.names") == ["Old Forest Road", "Clue"] and defeated["victory_display"] == []
    assert resolve_path(defeated, "staging_area.Front.under") == ["Hill Troll"]  # a card under it is revealed only when chosen: not this one's rule
    trace = replay(TWO_SIDED.replace("BACK", "Reverse").replace("WHEN", "chosen"))
    chosen = trace.to_dict()["final_state"]
    # chosen: the card under it is revealed and staged first, then it is turned over and the reverse takes the progress
    assert resolve_path(chosen, "staging_area.names") == ["Hill Troll", "Old Forest Road", "Reverse"]
    assert resolve_path(chosen, "staging_area.Front.progress") == 4  # 6 willpower against Hill Troll and Old Forest Road
    kinds = [s.event for s in trace.steps]
    assert kinds.index("staged") < kinds.index("side-quest-flipped")
