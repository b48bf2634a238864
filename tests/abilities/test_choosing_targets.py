"""The word "Choose" and Event Cards: a chosen target must be one the ability's phrase names
(Stand and Fight's erratum: no neutral ally), and an event whose ability cannot be initiated
(no valid target) is not played: refused before its cost is paid, it stays in hand."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.lotr.engine import api

STAND = """
start: '1.1'
stop: {step: '1.3'}
players:
- name: Tom
  threat: 20
  heroes: [{card: Éowyn, resources: 5}]
  hand: [Stand and Fight]
  deck: [Feint]
  discard: [ALLY]
quest: {card: Flies and Spiders}
decisions:
- {step: '1.3', player: Tom, play: [{card: Stand and Fight, pay_from: [Éowyn], x: X}]}
abilities:
  plays:
  - {card: Stand and Fight, chosen: [ALLY], x: X}
"""


def tom(trace) -> dict:
    return trace.final_state["players"][0]


def test_choose_a_target_its_phrase_does_not_name_is_refused_stand_and_fight_and_neutral_gandalf():
    """Gandalf (neutral, cost 5): 'not neutral' leaves him out; the event is refused, citing
    Choose and the erratum, nothing is paid (Éowyn 5 + 1 = 6), Gandalf stays in the discard pile."""
    trace = api.replay(api.load("stand.yaml", text=STAND.replace("ALLY", "Gandalf").replace("X", "5")), abilities=True, strict=False)
    assert [v.rules for v in trace.violations] == [("lotr:rr:initiating-abilities-playing-cards", "lotr:rr:the-word-choose", "lotr:errata:core-51")]
    assert "Gandalf is not an ally with printed cost X in a discard pile, not neutral" in trace.violations[0].message
    assert tom(trace)["discard"] == ["Gandalf"] and "Stand and Fight" in tom(trace)["hand"]
    assert tom(trace)["heroes"][0]["resources"] == 6


def test_choose_stand_and_fight_brings_back_an_ally_of_a_sphere_with_the_cost_x():
    """Snowbourn Scout (leadership, cost 1) with X = 1: put into play."""
    trace = api.replay(api.load("stand.yaml", text=STAND.replace("ALLY", "Snowbourn Scout").replace("X", "1")), abilities=True)
    assert [a["name"] for a in tom(trace)["allies"]] == ["Snowbourn Scout"]


def test_choose_the_x_the_play_fixes_is_part_of_the_phrase():
    """Snowbourn Scout costs 1, not 3: with X = 3 he is no valid target."""
    trace = api.replay(api.load("stand.yaml", text=STAND.replace("ALLY", "Snowbourn Scout").replace("X", "3")), abilities=True, strict=False)
    assert trace.violations and "lotr:rr:the-word-choose" in trace.violations[0].rules


def test_event_cards_an_event_with_no_valid_target_is_not_played_nor_paid():
    """Secret Paths with no location in the staging area: refused, Denethor keeps his resource."""
    trace = api.replay(api.load("paths.yaml", text="""
start: "3.1"
stop: {step: "3.1"}
players:
  - {name: Tom, threat: 30, heroes: [{card: Denethor, resources: 1}], hand: [Secret Paths]}
staging_area: [Forest Spider]
quest: {card: Flies and Spiders}
decisions:
  - {step: "3.1", player: Tom, play: [{card: Secret Paths, pay_from: [Denethor]}]}
"""), abilities=True, strict=False)
    assert "no valid target (a location in the staging area)" in trace.violations[0].message
    assert tom(trace)["hand"] == ["Secret Paths"] and tom(trace)["heroes"][0]["resources"] == 1


def test_choose_entry_with_an_unknown_key_is_an_input_error():
    """A phrase with a comma left unquoted in a flow mapping splits into a second key: refused."""
    text = """
players:
  - {name: Tom, heroes: [Gimli]}
abilities:
  cards:
    - name: Gimli
      abilities:
        - {kind: action, choose: [{what: an ally in a discard pile, not neutral}], effects: [{op: ready, target: chosen}], says: "x"}
"""
    with pytest.raises(InputError) as err:
        api.load("comma.yaml", text=text)
    assert "not neutral" in str(err.value)


TOOK = """
start: "2.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [Éowyn], allies: [Wandering Took]}
  - {name: Ann, threat: 30, heroes: [Gimli]}
  - {name: Kris, threat: 30, heroes: [Aragorn]}
quest: {card: Flies and Spiders}
abilities:
  plays: [{step: "2.2", player: Tom, card: Wandering Took}]
"""


def test_choose_another_player_left_unanswered_is_asked_with_the_other_players():
    """Wandering Took with three players and no answer: the replay stops (no traceback) and asks
    Tom which other player takes it: Ann or Kris."""
    trace = api.replay(api.load("took.yaml", text=TOOK), abilities=True)
    assert trace.pending is not None and [o.label for o in trace.pending.options] == ["Ann", "Kris"]


def test_choose_another_player_answered_takes_control_and_that_players_threat_rises():
    text = TOOK + 'decisions:\n  - {step: "2.2", ability: {card: Wandering Took, targets: {another player: Kris}}}\n'
    trace = api.replay(api.load("took.yaml", text=text), abilities=True)
    players = {p["name"]: p for p in trace.final_state["players"]}
    assert [a["name"] for a in players["Kris"]["allies"]] == ["Wandering Took"]
    assert players["Tom"]["threat"] == 27 and players["Kris"]["threat"] == 33 and players["Ann"]["threat"] == 30


def test_choose_another_player_with_one_other_player_is_taken():
    text = TOOK.replace("  - {name: Kris, threat: 30, heroes: [Aragorn]}\n", "")
    trace = api.replay(api.load("took.yaml", text=text), abilities=True)
    players = {p["name"]: p for p in trace.final_state["players"]}
    assert [a["name"] for a in players["Ann"]["allies"]] == ["Wandering Took"] and players["Ann"]["threat"] == 33
