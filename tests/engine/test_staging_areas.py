"""Separate staging areas (the Quest Companion's rulings on creating, joining and combining staging
areas; FAQ Q37): each phase resolves at each staging area as if only its players were in the game,
the uniqueness rule counts every player's cards, a separate area's completed stage does not advance
(its players join another area, or combine with the main one, at the moment the scenario names)."""

from __future__ import annotations

import pytest

from adjudicator.engine.decisions import IllegalDecision
from adjudicator.errors import InputError
from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api, staging_areas

BASE = """
start: "START"
stop: STOP
cards:
  - {name: Stage A, type: quest, stage: 4, quest_points: 10}
  - {name: Stage B, type: quest, stage: 4, quest_points: QPB}
  - {name: Stage C, type: quest, stage: 5, quest_points: 10}
players:
  - {name: Ann, threat: 30, heroes: [Aragorn], allies: ALLIES}
  - {name: Bob, threat: 30, heroes: [{card: Éowyn, resources: 5}, Glorfindel], hand: [Gandalf], engaged: [Wargs]}
staging_area: [Hill Troll]
quest: {card: Stage A}
staging_areas:
  scenario: SCENARIO
  areas:
    - {name: Bob's area, players: [Bob], staging_area: [Forest Spider], active_location: {card: Old Forest Road, progress: LOCPROG},
       quest: {card: Stage B, progress: PROGRESS}, quest_deck: [Stage C]}
encounter_deck: [Enchanted Stream, Great Forest Web]
decisions: DECISIONS
"""


def situation(**kw) -> str:
    values = {"LOCPROG": "0", "START": "3.1", "STOP": "end-of-phase", "QPB": "10", "ALLIES": "[]", "SCENARIO": "Foundations of Stone",
              "PROGRESS": "0", "DECISIONS": "[{step: '3.2', player: Ann, commit: [Aragorn]}, {step: '3.2', player: Bob, commit: [Éowyn, Glorfindel]}]"}
    values.update(kw)
    text = BASE
    for k, v in values.items():
        text = text.replace(k, v)
    return text


def replay(text: str):
    return api.replay(api.load("areas.yaml", text=text), abilities=False)


def test_each_phase_resolves_at_each_staging_area_as_if_only_its_players_were_in_the_game():
    trace = replay(situation())
    assert trace.pending is None
    state = trace.to_dict()["final_state"]
    # Ann: 2 willpower against Hill Troll (1) and the card her area revealed, Enchanted Stream (2): only she raises her threat
    assert resolve_path(state, "players.Ann.threat") == 31 and resolve_path(state, "staging_area.labels") == ["Hill Troll", "Enchanted Stream"]
    # Bob: 7 willpower against Forest Spider (2) and Great Forest Web (2) at his own area: 3 progress, all on
    # his own active location (explored), none on Ann's quest; his threat stays
    assert resolve_path(state, "players.Bob.threat") == 30 and state["encounter_discard"] == ["Old Forest Road"]
    assert resolve_path(state, "quest.progress") == 0 and resolve_path(state, "staging_areas.Bob's area.active_location") is None
    assert resolve_path(state, "staging_areas.Bob's area.staging_area.labels") == ["Forest Spider", "Great Forest Web"]
    areas = [s.data.area for s in trace.steps if s.event == "staging-area"]
    assert areas == [staging_areas.MAIN, "Bob's area"]  # in player order: Ann is the first player
    assert all("lotr:qc:ruling:foundations-of-stone:creating-a-staging-area" in s.citations for s in trace.steps if s.event == "staging-area")


def test_the_first_player_among_an_areas_players_goes_first_there_and_the_token_still_moves_around_the_table():
    trace = replay(situation(START="7.1", STOP="end-of-round"))
    state = trace.to_dict()["final_state"]
    assert state["first_player"] == "Bob"  # the refresh phase is the whole table's: the token passes from Ann to Bob
    assert not [s for s in trace.steps if s.event == "staging-area"]  # the refresh phase does not resolve per area
    quest = replay(situation(START="5.1", DECISIONS="[{step: '5.2', player: Bob, engage: null}, {step: '5.2', player: Ann, engage: null}]"))
    notes = [s.interpretation.name for s in quest.steps if s.event == "staging-area" and s.interpretation]
    assert notes == ["the first player among an area's players acts as first player there"]  # at Bob's area, not at Ann's


def test_the_uniqueness_rule_counts_the_cards_at_every_staging_area():
    play = "[{step: '2.2', player: Bob, play: [{card: Gandalf, pay_from: [Éowyn]}]}]"
    with pytest.raises(IllegalDecision) as refused:
        replay(situation(START="2.1", ALLIES="[Gandalf]", DECISIONS=play))
    assert "lotr:faq:q:37" in refused.value.rules and "lotr:rr:unique-cards" in refused.value.rules
    trace = replay(situation(START="2.1", DECISIONS=play))  # no copy anywhere: Bob plays his Gandalf
    assert resolve_path(trace.to_dict()["final_state"], "players.Bob.allies.labels") == ["Gandalf"]


def test_a_separate_areas_completed_stage_does_not_advance_and_its_players_join_as_the_travel_phase_begins():
    trace = replay(situation(QPB="2", LOCPROG="2", STOP="{step: '4.1'}"))
    state = trace.to_dict()["final_state"]
    held = [s for s in trace.steps if s.event == "quest-held"]
    assert held and "lotr:qc:ruling:foundations-of-stone:joining-another-player" in held[0].citations
    assert "staging_areas" not in state  # Bob has joined Ann
    assert resolve_path(state, "staging_area.labels") == ["Hill Troll", "Enchanted Stream", "Forest Spider", "Great Forest Web"]
    assert resolve_path(state, "players.Bob.engaged.labels") == ["Wargs"]  # engaged enemies stay engaged
    assert state["quest"]["label"] == "Stage A" and state["defeated_stages"] == ["Stage B"]
    kinds = [s.event for s in trace.steps]
    assert kinds.index("staging-area-joined") > kinds.index("quest-held")
    # 7 willpower against 4 threat at Bob's area: 1 progress explores Old Forest Road, 2 complete his stage
    assert state["encounter_discard"] == ["Old Forest Road"]


def test_with_no_other_staging_area_to_join_the_players_go_on_to_the_next_stage():
    alone = situation(PROGRESS="10", START="4.1", STOP="{step: '4.1'}").replace(
        "  - {name: Ann, threat: 30, heroes: [Aragorn], allies: []}\n", "  - {name: Ann, threat: 30, heroes: [Aragorn], allies: [], eliminated: true}\n")
    trace = replay(alone)
    state = trace.to_dict()["final_state"]
    assert [s.event for s in trace.steps][:2] == ["staging-area-joined", "quest-advance"]
    assert state["quest"]["label"] == "Stage C" and "staging_areas" not in state


def test_combining_staging_areas_waits_for_the_end_of_the_quest_phase():
    trace = replay(situation(SCENARIO="Flies and Spiders", QPB="2", LOCPROG="2"))
    kinds = [s.event for s in trace.steps]
    # Bob's stage completes at his area's quest resolution; Ann's area resolved first, then the areas combine at 3.5
    joined = kinds.index("staging-area-joined")
    assert kinds.index("quest-held") < joined and all(s.step == "3.5" for s in trace.steps[joined:])
    state = trace.to_dict()["final_state"]
    assert state["quest"]["label"] == "Stage C"
    # combining moves the enemies and locations (Forest Spider, Great Forest Web); the engaged Wargs stay with Bob
    assert resolve_path(state, "staging_area.labels")[-2:] == ["Forest Spider", "Great Forest Web"]


def test_every_ruling_a_staging_area_row_cites_exists(sources_dir):
    from adjudicator.kb.build import parse_sources

    cited = staging_areas.cited_rulings()
    assert len(cited) >= 6
    assert sorted(cited - {r.id for r in parse_sources(sources_dir)}) == []


def test_a_staging_area_naming_an_unknown_scenario_or_a_player_twice_is_refused():
    with pytest.raises(InputError) as bad:
        api.load("areas.yaml", text=situation(SCENARIO="Foundations of Ston"))
    assert "did you mean" in str(bad.value) and "Foundations of Stone" in str(bad.value)
    twice = situation().replace("players: [Bob], staging_area", "players: [Bob, Bob], staging_area")
    with pytest.raises(InputError) as bad:
        api.load("areas.yaml", text=twice)
    assert "each player at one staging area" in str(bad.value)


EREBOR = """
start: "0.0"
stop: {step: "0.0"}
cards:
  - {name: West, type: quest, stage: 1, quest_points: 10}
  - {name: East, type: quest, stage: 1, quest_points: 10}
players:
  - {name: Ann, threat: 30, heroes: [Éowyn]}
  - {name: Bob, threat: 30, heroes: [Gimli], engaged: [Wargs]}
quest: {card: West}
staging_areas:
  scenario: The Siege of Erebor
  areas:
    - {name: the east, players: [Bob], staging_area: [Old Forest Road, Hill Troll], quest: {card: East}}
decisions: DECISIONS
"""


def test_each_player_chooses_their_stage_as_the_round_begins_and_engaged_enemies_go_with_them():
    asked = replay(EREBOR.replace("DECISIONS", "[]"))
    assert asked.pending is not None and asked.pending.key == "stage" and asked.pending.player == "Ann"  # the first player first
    moved = replay(EREBOR.replace("DECISIONS", "[{step: '0.0', player: Ann, stage: the east}, {step: '0.0', player: Bob, stage: the main staging area}]"))
    state = moved.to_dict()["final_state"]
    assert resolve_path(state, "staging_areas.the east.players") == ["Ann"]
    assert resolve_path(state, "players.Bob.engaged.labels") == ["Wargs"]
    assert [s.data.player for s in moved.steps if s.event == "staging-area-chosen"] == ["Ann", "Bob"]


def test_a_card_at_another_staging_area_cannot_be_travelled_to_or_engaged():
    where = EREBOR.replace('stop: {step: "0.0"}', 'stop: {step: "5.2"}').replace('start: "0.0"', 'start: "4.1"')
    travel = where.replace("DECISIONS", "[{step: '4.2', player: Ann, travel: Old Forest Road}]")
    with pytest.raises(IllegalDecision) as refused:
        replay(travel)
    assert "lotr:qc:qa:can-i-travel-to-locations-or-engage-enemies-at" in refused.value.rules
    engage = where.replace("DECISIONS", "[{step: '4.2', player: Ann, travel: null}, {step: '4.2', player: Bob, travel: null}, "
                                        "{step: '5.2', player: Ann, engage: Hill Troll}]")
    with pytest.raises(IllegalDecision) as refused:
        replay(engage)
    assert "lotr:qc:qa:can-i-travel-to-locations-or-engage-enemies-at" in refused.value.rules
    # at his own stage Bob travels there
    own = replay(where.replace("DECISIONS", "[{step: '4.2', player: Ann, travel: null}, {step: '4.2', player: Bob, travel: Old Forest Road}, "
                                            "{step: '5.2', player: Ann, engage: null}, {step: '5.2', player: Bob, engage: null}]"))
    assert resolve_path(own.to_dict()["final_state"], "staging_areas.the east.active_location.label") == "Old Forest Road"


MOVES = """
start: "3.1"
stop: end-of-phase
cards:
  - {name: West, type: quest, stage: 1, quest_points: 10}
  - {name: Middle, type: quest, stage: 1, quest_points: 10}
  - {name: East, type: quest, stage: 1, quest_points: 10}
  - {name: Raider, type: enemy, engagement_cost: 50, threat: 1, attack: 1, defense: 1, hit_points: 2}
players:
  - {name: Ann, threat: 30, heroes: [Aragorn]}
  - {name: Bob, threat: 30, heroes: [Gimli]}
quest: {card: West}
staging_area: [{card: Raider, label: West raider}]
staging_areas:
  scenario: The Siege of Erebor
  areas:
    - {name: the middle, players: [Bob], quest: {card: Middle}, staging_area: [{card: Raider, label: Middle raider}]}
    - {name: the east, players: [], quest: {card: East}}
decisions:
  - {step: "3.2", player: Ann, commit: []}
  - {step: "3.2", player: Bob, commit: []}
abilities:
  cards:
    - name: Raider
      source: encounter
      abilities:
        - {kind: forced, trigger: {timing: at, event: end_of_phase, subject: quest}, effects: [{op: move_stage, direction: east, target: self}], says: "moves east"}
"""


def test_a_card_moving_west_or_east_goes_to_the_nearest_staging_area_that_way():
    alone = MOVES.replace(", staging_area: [{card: Raider, label: Middle raider}]", "")
    trace = api.replay(api.load("moves.yaml", text=alone), abilities=True)
    assert trace.pending is None
    state = trace.to_dict()["final_state"]
    # Ann's pass first: her raider moves east, to the nearest staging area that way (the middle, not the east)
    moved = [s for s in trace.steps if s.event == "moves"]
    assert moved[0].data.from_area == "the main staging area" and moved[0].data.to_area == "the middle"
    assert all("lotr:qc:ruling:the-siege-of-erebor:moves-west-or-east" in s.citations for s in moved)
    assert resolve_path(state, "staging_area.labels") == []
    west = api.replay(api.load("moves.yaml", text=MOVES.replace("direction: east", "direction: west")), abilities=True)
    assert west.pending is None
    state = west.to_dict()["final_state"]
    assert resolve_path(state, "staging_area.labels") == ["West raider", "Middle raider"]  # the westmost cannot move west


# The uniqueness rule counts every staging area for every way into play, not only playing a card
# (the reviewer's finding: putting a card into play and revealing a unique encounter card saw only
# the area being resolved).
APART = """
cards:
  - {name: Stage A, type: quest, stage: 4, quest_points: 10}
  - {name: Stage B, type: quest, stage: 4, quest_points: 10}
  - {name: Flame of Udun, type: enemy, encounter_set: shadow and flame, unique: true, engagement_cost: 50, threat: 2, attack: 4, defense: 3, hit_points: 8}
start: "START"
stop: end-of-phase
players:
  - {name: Ann, threat: 30, heroes: [Gimli], allies: ANNALLIES}
  - {name: Bob, threat: 30, heroes: [{card: Aragorn, resources: 5}, Éowyn], hand: [Gandalf, Sneak Attack]}
staging_area: ANNSTAGING
quest: {card: Stage A}
staging_areas:
  scenario: Foundations of Stone
  areas:
    - {name: Bob's area, players: [Bob], quest: {card: Stage B}}
encounter_deck: [Forest Spider, Flame of Udun, Old Forest Road]
decisions: DECISIONS
"""


def apart(**kw) -> str:
    text = APART
    for key, value in kw.items():
        text = text.replace(key, value)
    return text


def test_a_unique_card_put_into_play_at_one_staging_area_is_refused_while_a_copy_is_at_another():
    sneak = "[{step: '2.2', player: Bob, play: [{card: Sneak Attack, pay_from: [Aragorn]}]}]"
    kept = api.replay(api.load("apart.yaml", text=apart(START="2.1", ANNALLIES="[Gandalf]", ANNSTAGING="[]", DECISIONS=sneak)),
                      abilities=True)
    refusal = [s for s in kept.steps if "lotr:rr:unique-cards" in s.citations and "lotr:faq:q:37" in s.citations]
    assert refusal and not [s for s in kept.steps if s.event == "enters-play" and "Gandalf#2" in s.text]
    # no copy anywhere: Sneak Attack puts Bob's Gandalf into play (and the end of the phase returns him)
    free = api.replay(api.load("apart.yaml", text=apart(START="2.1", ANNALLIES="[]", ANNSTAGING="[]", DECISIONS=sneak)),
                      abilities=True)
    assert not [s for s in free.steps if "lotr:rr:unique-cards" in s.citations]
    assert any(c.target.startswith("Gandalf") and c.after == "Bob's play area" for s in free.steps for c in s.changes)


def test_a_unique_encounter_card_revealed_at_one_staging_area_is_discarded_while_a_copy_is_at_another():
    quest = "[{step: '3.2', player: Ann, commit: [Gimli]}, {step: '3.2', player: Bob, commit: [Éowyn]}]"
    trace = replay(apart(START="3.1", ANNALLIES="[]", ANNSTAGING="[Hill Troll, Flame of Udun]", DECISIONS=quest))
    state = trace.to_dict()["final_state"]
    assert not [label for label in resolve_path(state, "staging_areas.Bob's area.staging_area.labels") if label.startswith("Flame")]
    assert "Flame of Udun#2" in state["encounter_discard"]
