"""Multiple Defenders (Rules Reference; FAQ 1.04) with Stand Together: the chosen player may
declare any number of defenders against each attack this phase; every defender exhausts;
their defense is pooled and all the damage goes to one of them, picked by the defending
player.  Without such a card, one character defends an attack (6.4.1)."""

from __future__ import annotations

import pytest

from adjudicator.engine.decisions import IllegalDecision
from adjudicator.lotr.engine import api


def replay(text: str, **kw):
    return api.replay(api.load("defenders.yaml", text=text), abilities=True, **kw)


def hero(trace, label, player=0):
    return next(h for h in trace.final_state["players"][player]["heroes"] + trace.final_state["players"][player]["allies"] if h["label"] == label)


def cited(trace):
    return {c for s in trace.steps for c in s.citations}


TROLL = """
start: "6.2"
stop: {step: "6.4.4"}
players:
  - name: Tom
    threat: 20
    heroes: [Gimli, Legolas, Aragorn]
    allies: %s
    hand: [Stand Together]
    engaged: [{card: Hill Troll, shadow: %s}]
decisions:
  - {step: "6.2", player: Tom, play: [{card: Stand Together}]}
%s
"""


def test_stand_together_pools_the_defense_of_several_defenders_and_one_takes_all_the_damage():
    trace = replay(TROLL % ("[]", "[]", '  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defenders: [Gimli, Aragorn], damage_to: Aragorn}'))
    assert hero(trace, "Gimli")["exhausted"] and hero(trace, "Aragorn")["exhausted"] and not hero(trace, "Legolas")["exhausted"]
    assert hero(trace, "Aragorn")["damage"] == 6 - (2 + 2) and hero(trace, "Gimli")["damage"] == 0
    damage = [s for s in trace.steps if s.event == "combat-damage"][0]
    assert "pooled defense 4" in damage.text
    assert {"lotr:rr:multiple-defenders", "lotr:faq:1.04", "lotr:rr:step:6.4.3"} <= set(damage.citations)


def test_the_defending_player_must_say_which_defender_takes_the_damage():
    trace = replay(TROLL % ("[]", "[]", '  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defenders: [Gimli, Aragorn]}'))
    pending = trace.pending
    assert pending.key == "damage_to" and pending.player == "Tom"
    assert [o.value for o in pending.options] == ["Gimli", "Aragorn"]
    assert "lotr:faq:1.04" in pending.citations
    assert pending.example["damage_to"] == "Gimli"


def test_the_damage_goes_to_a_character_that_is_defending():
    with pytest.raises(IllegalDecision) as err:
        replay(TROLL % ("[]", "[]", '  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defenders: [Gimli, Aragorn], damage_to: Legolas}'))
    assert "lotr:faq:1.04" in err.value.rules


def test_without_a_card_effect_one_character_defends_an_attack():
    text = TROLL % ("[]", "[]", '  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defenders: [Gimli, Aragorn], damage_to: Gimli}')
    text = text.replace('  - {step: "6.2", player: Tom, play: [{card: Stand Together}]}\n', "")
    with pytest.raises(IllegalDecision) as err:
        replay(text)
    assert "lotr:rr:multiple-defenders" in err.value.rules and "lotr:rr:step:6.4.1" in err.value.rules


def test_stand_together_lasts_until_the_end_of_the_phase_it_is_played_in():
    text = """
start: "2.1"
stop: {step: "6.4.4"}
players:
  - {name: Tom, threat: 20, heroes: [Gimli, Legolas, Aragorn], hand: [Stand Together], engaged: [{card: Hill Troll, shadow: []}]}
quest: {card: Flies and Spiders}
decisions:
  - {step: "2.2", player: Tom, play: [{card: Stand Together}]}
  - {step: "3.2", player: Tom, commit: []}
  - {step: "4.2", travel: null}
  - {step: "5.2", player: Tom, engage: null}
  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defenders: [Gimli, Aragorn], damage_to: Gimli}
"""
    trace = api.replay(api.load("planning.yaml", text=text), abilities=True, strict=False)
    assert any("until the end of the planning phase" in s.text for s in trace.steps)
    assert any("lotr:rr:multiple-defenders" in v.rules for v in trace.violations)


def test_each_defender_is_declared_so_its_own_response_can_answer():
    text = TROLL % ("[Gondorian Spearman]", "[]", '  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defenders: [Gondorian Spearman, Gimli], damage_to: Gimli}')
    text += "abilities:\n  responses:\n    - {card: Gondorian Spearman, player: Tom}\n"
    trace = replay(text)
    assert [s.text for s in trace.steps if s.event == "defend"][0].startswith("Gondorian Spearman exhausts")
    assert trace.final_state["players"][0]["engaged"][0]["damage"] == 1  # the Spearman's response
    assert hero(trace, "Gimli")["damage"] == 6 - (1 + 2)


def test_a_defender_that_leaves_play_before_damage_no_longer_adds_its_defense():
    # Hummerhorns' shadow: 1 damage to each of Tom's characters destroys the Spearman (1 hit point)
    text = TROLL % ("[Gondorian Spearman]", "[Hummerhorns]",
                    '  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defenders: [Gondorian Spearman, Aragorn]}')
    trace = replay(text)
    assert "Gondorian Spearman" in trace.final_state["players"][0]["discard"]
    damage = [s for s in trace.steps if s.event == "combat-damage"][0]
    assert damage.text.startswith("Hill Troll attack 6 against Aragorn defense 2: 4 damage")  # not the pooled 3
    assert trace.pending is None  # one defender left: no choice to make


def test_hill_troll_excess_damage_counts_on_the_one_defender_that_takes_it():
    text = TROLL % ("[Gondorian Spearman]", "[]", '  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defenders: [Gondorian Spearman, Legolas], damage_to: Gondorian Spearman}')
    trace = replay(text)
    # 6 - (1 + 1) = 4 damage on the Spearman (1 hit point): 3 more raise Tom's threat
    assert trace.final_state["players"][0]["threat"] == 20 + 3
    assert "Gondorian Spearman" in trace.final_state["players"][0]["discard"]


def test_the_question_for_defenders_says_several_may_defend():
    trace = replay(TROLL % ("[]", "[]", ""))
    pending = trace.pending
    assert pending.key == "defender" and "Stand Together" in pending.question
    assert pending.example["defenders"] == ["Gimli", "Legolas"]
    assert "lotr:rr:multiple-defenders" in pending.citations


def test_a_sentinel_still_defends_only_when_no_defender_is_declared():
    text = """
start: "6.3"
stop: {step: "6.4.4"}
players:
  - {name: Tom, threat: 20, heroes: [Gimli, Legolas], engaged: [{card: Hill Troll, shadow: []}]}
  - {name: Kris, threat: 20, heroes: [Aragorn]}
decisions:
  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defender: null, sentinel: Aragorn}
"""
    trace = replay(text)
    assert hero(trace, "Aragorn", 1)["damage"] == 6 - 2
    assert "lotr:rr:sentinel" in cited(trace)
