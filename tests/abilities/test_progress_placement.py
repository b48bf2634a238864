"""Where progress goes when a card's text changes the rule that the active location takes it first
(Rules Reference: Active Location; Golden Rules; Replacement Effects): a replacement effect moving the
progress meant for a location onto the current quest card (Doors of Durin), and a card in the staging
area that takes the players' progress before the active location does (Mines of Moria, FAQ Q79)."""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

DOORS = """
start: "3.2"
stop: {step: "3.4"}
cards:
  - {name: Test Stage, type: quest, stage: 1, quest_points: QP}
  - {name: Next Stage, type: quest, stage: 2, quest_points: 9}
players:
  - {name: Tom, threat: 30, heroes: [Éowyn, Aragorn]}
active_location: Doors of Durin
quest: {card: Test Stage}
quest_deck: [Next Stage]
encounter_deck: [Great Forest Web]
decisions:
  - {step: "3.2", player: Tom, commit: [Éowyn, Aragorn]}
abilities: {}
"""


def replay(text: str, abilities: bool = True):
    trace = api.replay(api.load("progress.yaml", text=text), abilities=abilities)
    assert trace.pending is None
    return trace


def test_progress_that_would_go_on_a_location_goes_on_the_current_quest_instead():
    trace = replay(DOORS.replace("QP", "12"))
    state = trace.to_dict()["final_state"]
    assert resolve_path(state, "active_location.progress") == 0 and resolve_path(state, "quest.progress") == 4
    replaced = [s for s in trace.steps if s.event == "instead"]
    assert replaced and "lotr:rr:replacement-effects" in replaced[0].citations
    # the progress it sends to the quest completes the stage: the players advance at once
    done = replay(DOORS.replace("QP", "3")).to_dict()["final_state"]
    assert done["quest"]["label"] == "Next Stage" and resolve_path(done, "active_location.label") == "Doors of Durin"
    # without its text (the rules alone) the active location takes the progress first
    plain = replay(DOORS.replace("QP", "12").replace("abilities: {}\n", ""), abilities=False).to_dict()["final_state"]
    assert resolve_path(plain, "active_location.progress") == 4


MINES = """
start: "3.2"
stop: {step: "3.4"}
cards:
  - {name: Deep Mine, type: location, threat: 0, quest_points: 2}
  - {name: Test Stage, type: quest, stage: 1, quest_points: 12}
players:
  - {name: Tom, threat: 30, heroes: [Éowyn, Aragorn]}
staging_area: [Deep Mine]
active_location: WHERE
quest: {card: Test Stage}
encounter_deck: [Great Forest Web]
decisions:
  - {step: "3.2", player: Tom, commit: [Éowyn, Aragorn]}
abilities:
  cards:
    - name: Deep Mine
      source: encounter
      abilities:
        - {kind: constant, condition: it is in the staging area, effects: [{op: progress_first, target: self}], says: "progress goes here first"}
"""


def test_a_card_that_takes_progress_first_is_filled_before_the_active_location():
    trace = replay(MINES.replace("WHERE", "Old Forest Road"))
    state = trace.to_dict()["final_state"]
    # 6 willpower against 2: 4 progress; 2 explore Deep Mine in the staging area, the other 2 go on the active location
    assert "Deep Mine" in state["encounter_discard"] and resolve_path(state, "active_location.progress") == 2
    assert resolve_path(state, "quest.progress") == 0
    first = next(s for s in trace.steps if s.event == "progress")
    assert "Deep Mine" in first.text and "lotr:rr:golden-rules" in first.citations
    # with no active location, what it cannot hold goes on the quest
    alone = replay(MINES.replace("WHERE", "null")).to_dict()["final_state"]
    assert resolve_path(alone, "quest.progress") == 2
