"""Player attacks against an enemy in the staging area: only a card ability allows one
(Golden Rules over 6.8b; Staging Area).  Dúnhere, alone, may attack there with +1 attack for
that attack; no other attacker and no other player's Ranged character may join (FAQ Q83);
the one-attack-per-enemy limit still holds (FAQ 1.11); an enemy immune to player card
effects cannot be attacked this way (FAQ Q89)."""

from __future__ import annotations

import pytest

from adjudicator.engine.decisions import IllegalDecision
from adjudicator.lotr.engine import api
from adjudicator.lotr.engine.events import Event

DUNHERE = """
start: "6.7"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [Dúnhere, Gimli], engaged: [Dol Guldur Orcs]}
  - {name: Kris, threat: 20, heroes: [Legolas]}
staging_area: [King Spider, Wolf Rider]
decisions:
%s
"""


def replay(text: str, **kw):
    return api.replay(api.load("staging.yaml", text=text), **kw)


def test_dunhere_alone_attacks_an_enemy_in_the_staging_area_with_one_more_attack():
    trace = replay(DUNHERE % '\n'.join([
        '  - {step: "6.8b", player: Tom, target: King Spider, attackers: [Dúnhere]}',
        '  - {step: "6.8b", player: Tom, target: null}',
        '  - {step: "6.8b", player: Kris, target: null}']), abilities=True)
    spider = trace.final_state["staging_area"][0]
    assert spider["label"] == "King Spider" and spider["damage"] == (2 + 1) - 1
    attack = [s for s in trace.steps if s.event == "player-attack"][0]
    assert "in the staging area" in attack.text
    assert {"lotr:rr:step:6.8b", "lotr:rr:staging-area", "lotr:rr:golden-rules"} <= set(attack.citations)
    bonus = [s for s in trace.steps if s.event == "modifier"][0]
    assert bonus.text.startswith("[from Dúnhere (constant)]") and bonus.changes[0].after == 3


def test_dunhere_s_bonus_lasts_only_for_that_attack():
    trace = replay(DUNHERE % '\n'.join([
        '  - {step: "6.8b", player: Tom, target: King Spider, attackers: [Dúnhere]}',
        '  - {step: "6.8b", player: Tom, target: null}',
        '  - {step: "6.8b", player: Kris, target: null}']), abilities=True)
    ends = [s for s in trace.steps if s.event == "modifier-ends"]
    assert ends and ends[0].step == "6.8.4" and ends[0].changes[0].after == 2
    dunhere = trace.final_state["players"][0]["heroes"][0]
    assert dunhere["label"] == "Dúnhere" and dunhere["exhausted"]


def test_an_enemy_destroyed_in_the_staging_area_leaves_play():
    trace = replay(DUNHERE % '\n'.join([
        '  - {step: "6.8b", player: Tom, target: Wolf Rider, attackers: [Dúnhere]}',
        '  - {step: "6.8b", player: Tom, target: null}',
        '  - {step: "6.8b", player: Kris, target: null}']), abilities=True)
    assert [c["label"] for c in trace.final_state["staging_area"]] == ["King Spider"]
    assert trace.final_state["encounter_discard"] == ["Wolf Rider"]


def test_dunhere_may_not_attack_the_staging_area_with_another_attacker():
    with pytest.raises(IllegalDecision) as err:
        replay(DUNHERE % '  - {step: "6.8b", player: Tom, target: King Spider, attackers: [Dúnhere, Gimli]}', abilities=True)
    assert "alone" in str(err.value) and "lotr:rr:staging-area" in err.value.rules


def test_a_character_without_such_an_ability_cannot_attack_the_staging_area():
    with pytest.raises(IllegalDecision) as err:
        replay(DUNHERE % '  - {step: "6.8b", player: Tom, target: King Spider, attackers: [Gimli]}', abilities=True)
    assert "lotr:faq:q:83" in err.value.rules


def test_without_card_abilities_dunhere_attacks_engaged_enemies_only():
    with pytest.raises(IllegalDecision) as err:
        replay(DUNHERE % '  - {step: "6.8b", player: Tom, target: King Spider, attackers: [Dúnhere]}', abilities=False)
    assert "lotr:rr:step:6.8b" in err.value.rules


def test_no_ranged_character_joins_an_attack_on_the_staging_area():
    with pytest.raises(IllegalDecision) as err:
        replay(DUNHERE % '  - {step: "6.8b", player: Tom, target: King Spider, attackers: [Dúnhere], ranged: [Legolas]}', abilities=True)
    assert {"lotr:faq:q:83", "lotr:rr:step:6.8.1"} <= set(err.value.rules)


def test_the_attack_question_offers_the_staging_area_enemies_to_dunhere():
    trace = replay(DUNHERE % "  []", abilities=True)
    options = {o.value: o for o in trace.pending.options}
    assert {"Dol Guldur Orcs", "King Spider", "Wolf Rider", None} == set(options)
    assert "lotr:rr:staging-area" in options["King Spider"].citations
    plain = replay(DUNHERE % "  []", abilities=False)
    assert {o.value for o in plain.pending.options} == {"Dol Guldur Orcs", None}


SCOUTS = """
start: "6.7"
stop: end-of-phase
cards:
  - {name: Eagle Scout, type: hero, sphere: tactics, threat_cost: 9, willpower: 1, attack: 1, defense: 1, hit_points: 3}
players:
  - {name: Tom, threat: 20, heroes: [Eagle Scout, Dúnhere]}
staging_area: [Hill Troll]
abilities:
  cards:
    - name: Eagle Scout
      abilities:
        - {kind: constant, effects: [{op: python, name: may_attack_staging_area}], says: "it may attack enemies in the staging area"}
decisions:
%s
"""


def test_a_generic_permission_allows_several_attackers_but_one_attack_per_enemy():
    trace = replay(SCOUTS % '\n'.join([
        '  - {step: "6.8b", player: Tom, target: Hill Troll, attackers: [Eagle Scout]}',
        '  - {step: "6.8b", player: Tom, target: null}']))
    assert trace.final_state["staging_area"][0]["damage"] == 0  # attack 1 against defense 3
    with pytest.raises(IllegalDecision) as err:
        replay(SCOUTS % '\n'.join([
            '  - {step: "6.8b", player: Tom, target: Hill Troll, attackers: [Eagle Scout]}',
            '  - {step: "6.8b", player: Tom, target: Hill Troll, attackers: [Dúnhere]}']))
    assert "lotr:faq:1.11" in err.value.rules


def test_an_enemy_immune_to_player_card_effects_cannot_be_attacked_in_the_staging_area():
    def immune_troll(r, event):
        from adjudicator.lotr.abilities.effects import state_of

        state_of(r).immune.add("Hill Troll")

    with pytest.raises(IllegalDecision) as err:
        replay(SCOUTS % '  - {step: "6.8b", player: Tom, target: Hill Troll, attackers: [Dúnhere]}', subscribers=((Event, immune_troll),))
    assert {"lotr:faq:q:89", "lotr:rr:immune"} <= set(err.value.rules)
