"""Quest resolution (3.4): a character committed to the quest counts as committed until the quest
phase is over, except when an ability takes it out of the quest.  The grammar's ``remove_from_quest`` does it
(Black Forest Bats: each player removes one committed character of their own, the Python hatch
it used is gone): the character no longer counts its willpower; each player picks their own."""

from __future__ import annotations

from adjudicator.lotr.abilities.load import card_abilities
from adjudicator.lotr.engine import api

BATS = """
start: '3.1'
stop: end-of-phase
players:
- name: Tom
  threat: 30
  heroes: [Aragorn, Gimli]
- name: Kris
  threat: 30
  heroes: [Glorfindel, Legolas]
quest: {card: Flies and Spiders}
encounter_deck: [Black Forest Bats, Old Forest Road, Forest Gate]
decisions:
- {step: '3.2', player: Tom, commit: [Aragorn, Gimli]}
- {step: '3.2', player: Kris, commit: [Glorfindel]}
%s
abilities: {}
"""
ANSWER = "- {step: '3.3', ability: {card: Black Forest Bats, targets: {a committed character each player chooses: [Gimli, Glorfindel]}}}"


def test_removed_characters_no_longer_count_their_willpower():
    trace = api.replay(api.load("bats.yaml", text=BATS % ANSWER), abilities=True)
    removed = [s for s in trace.steps if s.event == "removed-from-quest"]
    assert [s.text.split("] ")[-1] for s in removed] == ["Gimli is removed from the quest", "Glorfindel is removed from the quest"]
    assert all("lotr:rr:step:3.4" in s.citations for s in removed)
    resolution = next(s for s in trace.steps if s.step == "3.4")
    assert resolution.text.startswith("2 willpower against 2 threat")  # Aragorn alone; Bats 1 + Old Forest Road 1
    assert trace.final_state["quest"]["progress"] == 0


def test_each_player_picks_their_own_and_the_replay_asks_when_one_has_a_choice():
    trace = api.replay(api.load("bats.yaml", text=BATS % ""), abilities=True)
    assert trace.pending is not None
    assert {o.label for o in trace.pending.options} == {"Tom: Aragorn", "Tom: Gimli", "Kris: Glorfindel"}


def test_black_forest_bats_is_written_in_the_grammar():
    [ability] = card_abilities("Black Forest Bats").abilities
    assert [e.op for e in ability.effects] == ["remove_from_quest"]
