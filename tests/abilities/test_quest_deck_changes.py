"""The quest deck changed by card effects (Quest Cards / Quest Deck), and staging changed by a
quest stage, in the replay:

- advancing to a different stage of the same number at random (The Nîn-in-Eilph): the new stage
  is revealed (its When Revealed, its Time X counters), the old one goes back into the quest
  deck without its progress; the draw follows the seed unless the situation names it;
- a stage removed from the quest deck is skipped: the players advance to the next stage still in
  it (The Siege of Cair Andros);
- a location explored by a card effect (a response placing progress) has its own "after it is
  explored" responses offered once that effect is over;
- a stage that reveals 1 more encounter card in each staging step (Reinforcing the Banks).
"""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api


def replay(text: str):
    trace = api.replay(api.load("quest-deck.yaml", text=text), abilities=True)
    assert trace.pending is None
    return trace


PARALLEL = """
start: "7.1"
stop: end-of-round
seed: SEED
players:
  - {name: Tom, threat: 30, heroes: [Aragorn]}
quest: {card: No End in Sight, progress: 6, tokens: {time: 1}}
quest_deck: [A Weary Passage, A Forgotten Land]
abilities:
  plays: PLAYS
"""


def test_advancing_to_a_different_stage_at_random_returns_the_old_one_without_its_progress():
    named = replay(PARALLEL.replace("SEED", "0").replace("PLAYS", "[{card: No End in Sight, targets: {the stage drawn: A Weary Passage}}]"))
    state = named.to_dict()["final_state"]
    assert state["quest"]["label"] == "A Weary Passage" and state["quest"]["progress"] == 0
    assert state["quest_deck"] == ["A Forgotten Land", "No End in Sight"]
    assert state["quest"]["tokens"] == {"time": 3} and resolve_path(state, "players.Tom.threat") == 32
    drawn = set()
    for seed in range(6):  # unnamed, the draw follows the seed: always one of the other stage 2 cards, never the same one
        trace = replay(PARALLEL.replace("SEED", str(seed)).replace("PLAYS", "[]"))
        stage = trace.to_dict()["final_state"]["quest"]["label"]
        drawn.add(stage)
        assert any(s.interpretation and "random" in s.interpretation.name for s in trace.steps)
        assert stage == replay(PARALLEL.replace("SEED", str(seed)).replace("PLAYS", "[]")).to_dict()["final_state"]["quest"]["label"]
    assert drawn <= {"A Weary Passage", "A Forgotten Land"} and drawn


REMOVED = """
cards:
  - {name: Third Stage, type: quest, stage: 3, quest_points: 7}
  - {name: Fourth Stage, type: quest, stage: 4, quest_points: 5}
start: "3.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 25, heroes: [Éowyn], allies: [Lórien Guide]}
active_location: {card: The Approach, progress: 6}
quest: {card: Reinforcing the Banks, progress: 6}
quest_deck: [Third Stage, Fourth Stage]
encounter_deck: [Old Forest Road, Old Forest Road]
decisions:
  - {step: "3.2", player: Tom, commit: [Éowyn, Lórien Guide]}
abilities:
  responses: RESPONSES
"""


def test_a_removed_stage_is_skipped_when_the_players_advance():
    state = replay(REMOVED.replace("RESPONSES", "[{card: Lórien Guide, player: Tom}, {card: The Approach, player: Tom}]")).to_dict()["final_state"]
    assert state["quest"]["label"] == "Fourth Stage" and state["set_aside"] == ["Third Stage"]
    kept = replay(REMOVED.replace("RESPONSES", "[{card: Lórien Guide, player: Tom}]")).to_dict()["final_state"]
    assert kept["quest"]["label"] == "Third Stage" and kept["quest_deck"] == ["Fourth Stage"]


def test_responses_to_a_location_explored_by_a_card_effect_are_offered_once_that_effect_is_over():
    trace = replay(REMOVED.replace("RESPONSES", "[{card: Lórien Guide, player: Tom}, {card: The Approach, player: Tom}]"))
    steps = [(s.step, s.event, s.text) for s in trace.steps]
    explored = next(i for i, s in enumerate(steps) if s[1] == "explored" and "The Approach" in s[2])
    removed = next(i for i, s in enumerate(steps) if s[1] == "stage-removed")
    assert explored < removed and steps[removed][0] == "3.2"  # in the commit step, before staging


def test_a_stage_that_reveals_one_more_card_adds_it_to_each_staging_step():
    state = replay(REMOVED.replace("RESPONSES", "[]")).to_dict()["final_state"]
    assert resolve_path(state, "staging_area.labels") == ["Old Forest Road", "Old Forest Road#2"]


BYPASS = """
cards:
  - {name: First Tunnel, type: quest, stage: 2, quest_points: 10}
  - {name: Second Tunnel, type: quest, stage: 2, quest_points: 8}
  - {name: Third Tunnel, type: quest, stage: 2, quest_points: 12}
start: "6.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [Aragorn]}
quest: {card: First Tunnel, progress: 4}
quest_deck: [Second Tunnel, Third Tunnel]
abilities:
  responses: RESPONSES
  cards:
    - name: First Tunnel
      source: quest
      abilities:
        - {kind: response, trigger: {timing: at, event: end_of_phase, subject: combat}, effects: [{op: bypass_stage}], says: "bypass it at the end of combat"}
    - name: Second Tunnel
      source: quest
      abilities:
        - {kind: when_revealed, effects: [{op: threat, player: each player, amount: 2}], says: "each player raises their threat by 2"}
"""


def test_bypassing_a_quest_card_removes_its_progress_and_puts_it_at_the_bottom_of_the_quest_deck():
    bypassed = replay(BYPASS.replace("RESPONSES", "[{card: First Tunnel, player: Tom}]"))
    state = bypassed.to_dict()["final_state"]
    assert state["quest"]["label"] == "Second Tunnel" and state["quest"]["progress"] == 0
    assert state["quest_deck"] == ["Third Tunnel", "First Tunnel"]
    assert resolve_path(state, "players.Tom.threat") == 32  # the next stage is revealed: its When Revealed resolves
    step = next(s for s in bypassed.steps if s.event == "quest-bypass")
    assert any(c.field == "progress" and c.before == 4 and c.after == 0 for c in step.changes)
    stayed = replay(BYPASS.replace("RESPONSES", "[]")).to_dict()["final_state"]  # optional: not declared, the players stay
    assert stayed["quest"]["label"] == "First Tunnel" and stayed["quest"]["progress"] == 4
    assert stayed["quest_deck"] == ["Second Tunnel", "Third Tunnel"] and resolve_path(stayed, "players.Tom.threat") == 30


RESET = """
cards:
  - {name: First Leg, type: quest, stage: 1, quest_points: 6}
  - {name: Second Leg, type: quest, stage: 2, quest_points: 8}
  - {name: Third Leg, type: quest, stage: 3, quest_points: 10}
  - {name: Turned Back, type: treachery}
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: Tom, threat: 30, heroes: [Aragorn]}
staging_area: [Forest Spider]
active_location: {card: Old Forest Road, progress: 2}
quest: {card: Third Leg, progress: 5}
quest_deck: [Fourth Leg]
defeated_stages: [First Leg, Second Leg]
encounter_deck: [Turned Back, Wargs]
abilities:
  cards:
    - name: Turned Back
      source: encounter
      abilities:
        - {kind: when_revealed, effects: [{op: reset_quest_deck, stage: STAGE}], says: "reset the quest deck"}
"""


def test_resetting_the_quest_deck_returns_a_defeated_stage_without_the_current_stages_progress():
    text = RESET.replace("  - {name: Turned Back", "  - {name: Fourth Leg, type: quest, stage: 4, quest_points: 4}\n  - {name: Turned Back")
    one = replay(text.replace("STAGE", "1")).to_dict()["final_state"]  # two stages back: both go back into the deck, in order
    assert one["quest"]["label"] == "First Leg" and one["quest"]["progress"] == 0
    assert one["quest_deck"] == ["Second Leg", "Third Leg", "Fourth Leg"] and "defeated_stages" not in one
    assert one["active_location"]["progress"] == 2 and resolve_path(one, "staging_area.labels") == ["Forest Spider"]
    two = replay(text.replace("STAGE", "2")).to_dict()["final_state"]
    assert two["quest"]["label"] == "Second Leg" and two["quest_deck"] == ["Third Leg", "Fourth Leg"]
    assert two["defeated_stages"] == ["First Leg"]
    none = replay(text.replace("STAGE", "3")) # no stage 3 was defeated: nothing changes, a not-resolved step says so
    state = none.to_dict()["final_state"]
    assert state["quest"]["label"] == "Third Leg" and state["quest"]["progress"] == 5
    assert any(s.event == "not-resolved" and "no stage 3" in s.text for s in none.steps)


def test_a_defeated_stage_is_kept_for_a_later_reset():
    state = replay("""
start: "3.4"
stop: {step: "3.4"}
cards:
  - {name: Short Leg, type: quest, stage: 1, quest_points: 1}
  - {name: Long Leg, type: quest, stage: 2, quest_points: 20}
players:
  - {name: Tom, threat: 30, heroes: [{card: Aragorn, committed: true, exhausted: true}]}
quest: {card: Short Leg}
quest_deck: [Long Leg]
abilities: {}
""").to_dict()["final_state"]
    assert state["quest"]["label"] == "Long Leg" and state["defeated_stages"] == ["Short Leg"]


STAGED = """
cards:
  - {name: Some Stage, type: quest, stage: STAGE, quest_points: 10}
  - {name: Late Omen, type: treachery}
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: Tom, threat: 30, heroes: [Aragorn]}
quest: {card: Some Stage}
encounter_deck: [Late Omen, Old Forest Road]
abilities:
  cards:
    - name: Late Omen
      source: encounter
      abilities:
        - {kind: when_revealed, condition: if the current quest is stage 4 or later, effects: [{op: threat, player: each player, amount: 2}], says: "late"}
"""


def test_a_condition_on_the_current_quest_stage_holds_from_that_stage_on():
    threats = {}
    for stage in (1, 3, 4, 5):
        state = replay(STAGED.replace("STAGE", str(stage))).to_dict()["final_state"]
        threats[stage] = resolve_path(state, "players.Tom.threat")
    assert threats == {1: 30, 3: 30, 4: 32, 5: 32}


def test_bypassing_and_resetting_the_quest_deck_cite_the_rulings_that_are_their_only_records():
    """How a bypass and a reset work is said only by the Companion's rulings (Flight from Moria and
    Mount Gundabad; The Dead Marshes and The Hunt for Gollum), not by Quest Cards / Quest Deck: the
    steps cite both rulings of each, though these test cards' data name none, and the reset's
    interpretation (the stage is not revealed again) names the ruling that says its setup is not
    followed again."""
    bypass = next(s for s in replay(BYPASS.replace("RESPONSES", "[{card: First Tunnel, player: Tom}]")).steps
                  if s.event == "quest-bypass")
    assert {"lotr:qc:ruling:flight-from-moria:bypassing-a-quest-card",
            "lotr:qc:ruling:mount-gundabad:bypassing-a-quest-card"} <= set(bypass.citations)
    text = RESET.replace("  - {name: Turned Back", "  - {name: Fourth Leg, type: quest, stage: 4, quest_points: 4}\n  - {name: Turned Back")
    reset = next(s for s in replay(text.replace("STAGE", "1")).steps if s.event == "quest-reset")
    assert {"lotr:qc:ruling:the-dead-marshes:reset-the-quest-deck",
            "lotr:qc:ruling:the-hunt-for-gollum:reset-the-quest-deck"} <= set(reset.citations)
    assert reset.interpretation.rule == "lotr:qc:ruling:the-dead-marshes:reset-the-quest-deck"
    assert len(reset.citations) == len(set(reset.citations))
