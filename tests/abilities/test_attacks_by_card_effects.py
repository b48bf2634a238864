"""An attack a card effect makes at once (Quick Strike): the exhausted character is the only
attacker against an eligible enemy and the attack resolves as a player attack (6.8.2-6.8.4);
it is an extra attack outside the one-per-enemy declarations (FAQ 1.11), no other character
joins it (FAQ Q18), an immune enemy may be its target (FAQ Q60, 1.47), the staging area only
with the attacker's own permission (Dúnhere; FAQ Q83), and an enemy it destroys triggers the
attacker's responses (Legolas)."""

from __future__ import annotations

import pytest

from adjudicator.engine.decisions import DecisionNeeded
from adjudicator.lotr.abilities.effects import state_of
from adjudicator.lotr.abilities.initiate import Play, initiate
from adjudicator.lotr.abilities.load import card_abilities
from adjudicator.lotr.engine import api

from .core_set_table import BASE, go, hand, put, texts
from .tables import card, steps, table


def quick_strike(r, character: str, enemy: str | None = None, pay_from: str = "Gimli"):
    targets = {"a character you control": character}
    if enemy is not None:
        targets["an eligible enemy"] = enemy
    return go(r, put(r, "Quick Strike", "hand"), pay_from=pay_from, targets=targets)


def test_the_attack_deals_attack_strength_minus_defense_and_is_an_extra_attack():
    r = table(BASE)
    r.g.player("Tom").attacked_enemies.append("Forest Spider")  # already attacked this phase (FAQ 1.11)
    assert quick_strike(r, "Gimli", "Forest Spider")
    assert card(r, "Forest Spider").damage == 2 - 1 and card(r, "Gimli").exhausted
    attack = steps(r, "player-attack")[0]
    assert "alone" in attack.text and {"lotr:faq:1.11", "lotr:faq:q:18", "lotr:rr:step:6.8b"} <= set(attack.citations)
    assert steps(r, "combat-damage")[0].citations[0] == "lotr:rr:step:6.8.3"
    assert r.g.player("Tom").attacked_enemies == ["Forest Spider"]


def test_an_enemy_destroyed_by_the_attack_leaves_play():
    r = table(BASE)
    card(r, "Dol Guldur Orcs").damage = 2
    quick_strike(r, "Gimli", "Dol Guldur Orcs")
    assert "Dol Guldur Orcs" in [c.label for c in r.g.encounter_discard]
    assert "Dol Guldur Orcs" not in [c.label for c in r.g.player("Tom").engaged]


def test_an_enemy_engaged_with_another_player_needs_a_ranged_attacker():
    r = table(BASE)
    assert quick_strike(r, "Gimli", "Hill Troll") is False
    assert "not an eligible target" in texts(r) and "cannot be initiated" in texts(r)
    assert not card(r, "Gimli").exhausted and card(r, "Gimli").resources == 1 and "Quick Strike" in hand(r, "Tom")
    assert "lotr:rr:ranged" in steps(r, "not-resolved")[0].citations


def test_a_ranged_character_may_attack_an_enemy_engaged_with_another_player():
    r = table(BASE)
    wargs = card(r, "Wargs")
    r.g.staging.remove(wargs)
    r.g.player("Kris").engaged.append(wargs)
    put(r, "Legolas", "hero")
    assert quick_strike(r, "Legolas", "Wargs")
    assert wargs.damage == 3 - 1 and "lotr:rr:ranged" in steps(r, "player-attack")[0].citations


def test_an_enemy_in_the_staging_area_is_not_a_target_without_a_permission():
    r = table(BASE)
    assert quick_strike(r, "Gimli", "Wargs") is False
    assert card(r, "Wargs").damage == 0 and "lotr:faq:q:83" in steps(r, "not-resolved")[0].citations


def test_an_enemy_immune_to_player_card_effects_may_be_attacked():
    r = table(BASE)
    state_of(r).immune.add("Forest Spider")
    assert quick_strike(r, "Gimli", "Forest Spider")
    assert card(r, "Forest Spider").damage == 1
    assert {"lotr:faq:q:60", "lotr:faq:1.47"} <= set(steps(r, "player-attack")[0].citations)


def test_the_only_eligible_enemy_is_taken_and_none_means_it_cannot_be_initiated():
    r = table(BASE)
    r.g.player("Tom").engaged.remove(card(r, "Forest Spider"))
    assert quick_strike(r, "Gimli")
    assert card(r, "Dol Guldur Orcs").damage == 2
    r = table(BASE)
    r.g.player("Tom").engaged.clear()
    assert quick_strike(r, "Gimli") is False and "no enemy is an eligible target" in texts(r)


def test_several_eligible_enemies_the_replay_asks_with_only_those():
    r = table(BASE)
    qs = put(r, "Quick Strike", "hand")
    ability = card_abilities("Quick Strike").abilities[0]
    with pytest.raises(DecisionNeeded) as asked:
        initiate(r, qs, ability, r.g.player("Tom"), Play(pay_from="Gimli", targets={"a character you control": "Gimli"}), ask=True)
    pending = asked.value.pending
    assert pending.player == "Tom" and [o.label for o in pending.options] == ["Dol Guldur Orcs", "Forest Spider"]
    assert pending.example["ability"] == {"card": "Quick Strike", "targets": {"an eligible enemy": "Dol Guldur Orcs"}}
    assert not card(r, "Gimli").exhausted  # asked before anything is paid


REPLAY = """
start: "6.2"
stop: {step: "6.3"}
players:
  - {name: Tom, threat: 20, heroes: [{card: Legolas, resources: 1}, Gimli, Dúnhere], hand: [Quick Strike],
     engaged: [{card: Dol Guldur Orcs, damage: 1}, Forest Spider]}
quest: {card: Flies and Spiders}
staging_area: [King Spider]
decisions:
  - {step: "6.2", player: Tom, play: [{card: Quick Strike, pay_from: [Legolas]}]}
%s
abilities:
  responses: [{card: Legolas, player: Tom}]
"""


def replay(answer: str):
    return api.replay(api.load("quick-strike.yaml", text=REPLAY % answer), abilities=True)


def test_in_a_replay_an_enemy_destroyed_by_the_attack_triggers_the_attackers_response():
    trace = replay('  - {step: "6.2", ability: {card: Quick Strike, targets: {a character you control: Legolas, an eligible enemy: Dol Guldur Orcs}}}')
    assert trace.final_state["encounter_discard"] == ["Dol Guldur Orcs"]
    legolas = [s for s in trace.steps if s.event == "progress" and "Legolas" in s.text]
    assert legolas and "2 progress" in legolas[0].text
    assert trace.final_state["quest"]["progress"] == 2


def test_an_enemy_destroyed_by_an_attack_made_at_once_is_answered_through_the_listeners_public_hook(monkeypatch):
    """Outside step 6.8.3's own handling the engine asks the ability listener's public hook
    (not a private method) for the attackers' responses to the destroyed enemy."""
    from adjudicator.lotr.abilities.triggers import AbilityListener

    asked = []
    hook = AbilityListener.enemy_destroyed_by_attack

    def recording(self, r, enemy):
        asked.append((r.attack["attackers"][0].label, enemy.label))
        hook(self, r, enemy)

    monkeypatch.setattr(AbilityListener, "enemy_destroyed_by_attack", recording)
    trace = replay('  - {step: "6.2", ability: {card: Quick Strike, targets: {a character you control: Legolas, an eligible enemy: Dol Guldur Orcs}}}')
    assert asked == [("Legolas", "Dol Guldur Orcs")]
    assert trace.final_state["quest"]["progress"] == 2


def test_in_a_replay_a_missing_target_stops_with_the_eligible_enemies():
    trace = replay('  - {step: "6.2", ability: {card: Quick Strike, targets: {a character you control: Gimli}}}')
    assert trace.pending is not None and [o.label for o in trace.pending.options] == ["Dol Guldur Orcs", "Forest Spider"]


def test_in_a_replay_dunhere_may_attack_the_staging_area_with_his_bonus():
    trace = replay('  - {step: "6.2", ability: {card: Quick Strike, targets: {a character you control: Dúnhere, an eligible enemy: King Spider}}}')
    spider = trace.final_state["staging_area"][0]
    assert spider["label"] == "King Spider" and spider["damage"] == (2 + 1) - 1
    assert any(s.event == "modifier-ends" and "Dúnhere" in s.text for s in trace.steps)
