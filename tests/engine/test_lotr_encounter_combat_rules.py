"""Encounter, combat, refresh and elimination rules, one behaviour per test (state and
cited ids asserted)."""

from __future__ import annotations

import pytest

from adjudicator.engine.decisions import IllegalDecision
from lotr_engine_helpers import cited, resolve


def final(trace):
    return trace.to_dict()["final_state"]


ENCOUNTER = """
start: "5.1"
stop: end-of-phase
players:
  - {name: P1, threat: %d, heroes: [Gimli]}
  - {name: P2, threat: %d, heroes: [Legolas]}
staging_area: [%s]
decisions:
  - {step: "5.2", player: P1, engage: %s}
  - {step: "5.2", player: P2, engage: null}
%s
"""


def test_engagement_check_takes_highest_cost_at_or_below_threat(play):
    t = play(ENCOUNTER % (30, 10, "King Spider, Hill Troll, Marsh Adder", "null", ""))
    f = final(t)
    assert resolve(f, "players.P1.engaged.labels") == ["Hill Troll", "King Spider"]
    assert resolve(f, "staging_area.labels") == ["Marsh Adder"]
    assert {"lotr:rr:step:5.3", "lotr:rr:engagement-check"} <= cited(t, "5.3")


def test_engagement_checks_go_in_player_order_one_enemy_per_check(play):
    t = play(ENCOUNTER % (30, 30, "King Spider, Hill Troll, Wolf Rider", "null", ""))
    f = final(t)
    # check 1: P1 takes Hill Troll (30), P2 takes King Spider (20); check 2: P1 takes Wolf Rider
    assert resolve(f, "players.P1.engaged.labels") == ["Hill Troll", "Wolf Rider"]
    assert resolve(f, "players.P2.engaged.labels") == ["King Spider"]


def test_engagement_tie_without_a_decision_asks_the_first_player(play):
    t = play(ENCOUNTER % (25, 10, "Wargs, King Spider", "null", ""))
    assert t.pending.key == "engage" and t.pending.player == "P1"
    assert {o.value for o in t.pending.options} == {"Wargs", "King Spider"}
    assert "lotr:rr:first-player-first-player-token" in t.pending.citations


def test_engagement_tie_is_decided_by_the_first_player_as_an_interpretation(play):
    t = play(ENCOUNTER % (25, 10, "Wargs, King Spider", "null", '  - {step: "5.3", player: P1, engage: Wargs}'))
    steps = [s for s in t.steps if s.interpretation]
    assert steps and steps[0].interpretation.rule == "lotr:rr:first-player-first-player-token"
    assert resolve(final(t), "players.P1.engaged.labels") == ["Wargs", "King Spider"]


def test_optional_engagement_ignores_engagement_cost(play):
    t = play(ENCOUNTER % (10, 10, "Hummerhorns", "Hummerhorns", ""))
    assert resolve(final(t), "players.P1.engaged.labels") == ["Hummerhorns"]
    assert "lotr:rr:optional-engagement" in cited(t, "5.2")


def test_optional_engagement_is_one_enemy_per_player(play):
    with pytest.raises(IllegalDecision) as info:
        play(ENCOUNTER % (10, 10, "Hummerhorns, Hill Troll", "Hummerhorns", '  - {step: "5.2", player: P1, engage: Hill Troll}'))
    assert "lotr:rr:optional-engagement" in info.value.rules


COMBAT = """
start: "6.1"
stop: %s
players:
  - name: P1
    heroes: [Gimli, Legolas, {card: Thalin, exhausted: %s}]
    engaged: [%s]
  - name: P2
    heroes: [Aragorn, Denethor]
    engaged: [%s]
encounter_deck: [%s]
encounter_discard: [Eyes of the Forest]
decisions:
%s
"""


def test_shadow_cards_go_in_player_order_highest_engagement_cost_first(play):
    t = play(COMBAT % ('{step: "6.2"}', "false", "Wolf Rider, Hill Troll", "King Spider", "Despair, Evil Storm, Treacherous Fog", "  []"))
    f = final(t)
    assert resolve(f, "players.P1.engaged.Hill Troll.shadows") == ["Despair"]
    assert resolve(f, "players.P1.engaged.Wolf Rider.shadows") == ["Evil Storm"]
    assert resolve(f, "players.P2.engaged.King Spider.shadows") == ["Treacherous Fog"]
    assert "lotr:rr:step:6.2" in cited(t, "6.2")


def test_no_shadow_card_when_the_encounter_deck_runs_out_and_no_reshuffle_outside_the_quest_phase(play):
    t = play(COMBAT % ('{step: "6.2"}', "false", "Wolf Rider, Hill Troll", "", "Despair", "  []"))
    f = final(t)
    assert resolve(f, "players.P1.engaged.Hill Troll.shadows") == ["Despair"]
    assert "shadows" not in resolve(f, "players.P1.engaged.Wolf Rider")
    assert f["encounter_discard"] == ["Eyes of the Forest"]  # not shuffled back in
    assert "lotr:rr:running-out-of-cards" in cited(t, "6.2")


ATTACK = '{step: "6.4.3"}'


def test_defended_attack_deals_attack_minus_defense(play):
    t = play(COMBAT % (ATTACK, "false", "Hill Troll", "", "", '  - {step: "6.4.1", player: P1, enemy: Hill Troll, defender: Gimli}'))
    assert resolve(final(t), "players.P1.heroes.Gimli.damage") == 4  # 6 - 2
    assert {"lotr:rr:step:6.4.3", "lotr:rr:step:6.4.1"} <= cited(t)


def test_one_defender_must_be_ready(play):
    with pytest.raises(IllegalDecision) as info:
        play(COMBAT % (ATTACK, "true", "Hill Troll", "", "", '  - {step: "6.4.1", player: P1, enemy: Hill Troll, defender: Thalin}'))
    assert "lotr:rr:exhausted" in info.value.rules


def test_undefended_attack_goes_to_one_hero_ignoring_defense(play):
    t = play(COMBAT % (ATTACK, "false", "Wolf Rider", "", "", '  - {step: "6.4.1", player: P1, enemy: Wolf Rider, defender: null, undefended_hero: Gimli}'))
    assert resolve(final(t), "players.P1.heroes.Gimli.damage") == 2  # all of Wolf Rider's 2, defense 2 ignored
    assert "lotr:rr:step:6.4.3" in cited(t, "6.4.3")


def test_undefended_damage_without_a_hero_choice_stops_for_a_decision(play):
    t = play(COMBAT % (ATTACK, "false", "Wolf Rider", "", "", '  - {step: "6.4.1", player: P1, enemy: Wolf Rider, defender: null}'))
    assert t.pending.key == "undefended_hero"
    assert {o.value for o in t.pending.options} == {"Gimli", "Legolas", "Thalin"}
    assert t.pending.citations == ("lotr:rr:step:6.4.3",)


def test_excess_damage_beyond_destruction_is_lost(play):
    t = play(COMBAT % (ATTACK, "false", "Hill Troll", "", "", '  - {step: "6.4.1", player: P1, enemy: Hill Troll, defender: null, undefended_hero: Legolas}'))
    f = final(t)
    assert resolve(f, "players.P1.discard") == ["Legolas"]
    assert resolve(f, "players.P1.heroes.Gimli.damage") == 0
    assert {"lotr:rr:destroy", "lotr:rr:hit-points"} <= cited(t)


def test_only_a_sentinel_character_defends_for_another_player(play):
    with pytest.raises(IllegalDecision) as info:  # Gimli has no Sentinel
        play(COMBAT % (ATTACK, "false", "", "Hill Troll", "", '  - {step: "6.4.1", player: P2, defender: null, sentinel: Gimli}'))
    assert "lotr:rr:sentinel" in info.value.rules


def test_sentinel_character_defends_and_the_attacked_player_stays_defending(play):
    text = """
start: "6.1"
stop: {step: "6.4.3"}
players:
  - {name: P1, heroes: [Gimli], engaged: [Hill Troll]}
  - {name: P2, heroes: [Aragorn]}
decisions:
  - {step: "6.4.1", player: P1, defender: null, sentinel: Aragorn}
"""
    t = play(text)
    f = final(t)
    assert resolve(f, "players.P2.heroes.Aragorn.damage") == 4  # 6 - 2
    assert resolve(f, "players.P2.heroes.Aragorn.exhausted") is True
    assert {"lotr:rr:sentinel", "lotr:rr:defending-player"} <= cited(t, "6.4.1")


def test_enemy_attack_order_without_a_decision_asks_the_active_player(play):
    t = play(COMBAT % (ATTACK, "false", "Hill Troll, Wolf Rider", "", "", "  []"))
    assert t.pending.key == "enemy" and t.pending.player == "P1"


PLAYER_ATTACK = """
start: "6.7"
stop: end-of-phase
players:
  - name: P1
    heroes: [Gimli, Thalin]
    engaged: [%s]
  - name: P2
    heroes: [Legolas, Aragorn]
    engaged: [%s]
decisions:
%s
  - {step: "6.8b", player: P1, target: null}
  - {step: "6.8b", player: P2, target: null}
"""


def test_player_attack_sums_attack_strength_against_defense(play):
    t = play(PLAYER_ATTACK % ("Marsh Adder", "", '  - {step: "6.8b", player: P1, target: Marsh Adder, attackers: [Gimli, Thalin]}'))
    assert resolve(final(t), "players.P1.engaged.Marsh Adder.damage") == 3  # 2 + 2 - 1
    assert {"lotr:rr:step:6.8.2", "lotr:rr:step:6.8.3"} <= cited(t)


def test_ranged_characters_of_other_players_may_join(play):
    t = play(PLAYER_ATTACK % ("Marsh Adder", "", '  - {step: "6.8b", player: P1, target: Marsh Adder, attackers: [Gimli], ranged: [Legolas]}'))
    assert resolve(final(t), "players.P1.engaged.Marsh Adder.damage") == 4  # 2 + 3 - 1
    assert {"lotr:rr:ranged", "lotr:rr:step:6.8.1"} <= cited(t, "6.8.1")


def test_only_an_all_ranged_attack_targets_an_enemy_engaged_with_another_player(play):
    with pytest.raises(IllegalDecision) as info:
        play("""
start: "6.7"
stop: end-of-phase
players:
  - {name: P1, heroes: [Gimli]}
  - {name: P2, heroes: [Legolas], engaged: [Marsh Adder]}
decisions:
  - {step: "6.8b", player: P1, target: Marsh Adder, attackers: [Gimli]}
""")
    assert "lotr:rr:ranged" in info.value.rules
    t = play("""
start: "6.7"
stop: end-of-phase
players:
  - {name: P1, heroes: [Legolas, Gimli]}
  - {name: P2, heroes: [Aragorn], engaged: [Marsh Adder]}
decisions:
  - {step: "6.8b", player: P1, target: Marsh Adder, attackers: [Legolas]}
  - {step: "6.8b", player: P1, target: null}
  - {step: "6.8b", player: P2, target: null}
""")
    assert resolve(final(t), "players.P2.engaged.Marsh Adder.damage") == 2
    assert "lotr:rr:ranged" in cited(t, "6.8b")


def test_a_player_attacks_each_enemy_at_most_once(play):
    with pytest.raises(IllegalDecision) as info:
        play(PLAYER_ATTACK % ("Marsh Adder", "", '  - {step: "6.8b", player: P1, target: Marsh Adder, attackers: [Gimli]}\n  - {step: "6.8b", player: P1, target: Marsh Adder, attackers: [Thalin]}'))
    assert "lotr:faq:1.11" in info.value.rules


def test_destroyed_enemy_with_victory_goes_to_the_victory_display(play):
    t = play(PLAYER_ATTACK % ("{card: Marsh Adder, damage: 4}", "", '  - {step: "6.8b", player: P1, target: Marsh Adder, attackers: [Gimli, Thalin]}'))
    f = final(t)
    assert f["victory_display"] == ["Marsh Adder"]
    assert {"lotr:rr:victory", "lotr:rr:destroy"} <= cited(t, "6.8.3")


def test_destroyed_enemy_without_victory_goes_to_the_encounter_discard(play):
    t = play(PLAYER_ATTACK % ("Wolf Rider", "", '  - {step: "6.8b", player: P1, target: Wolf Rider, attackers: [Gimli]}'))
    assert final(t)["encounter_discard"] == ["Wolf Rider"]


def test_shadow_cards_are_discarded_at_the_end_of_combat(play):
    t = play("""
start: "6.9"
stop: end-of-phase
players:
  - {name: P1, heroes: [Gimli], engaged: [{card: Hill Troll, shadow: [Despair], attacked: true}]}
""")
    f = final(t)
    assert f["encounter_discard"] == ["Despair"]
    assert "lotr:rr:step:6.11" in cited(t, "6.11")


# -- refresh, elimination, winning ----------------------------------------------------------


def test_refresh_readies_raises_threat_and_passes_the_token(play):
    t = play("""
start: "7.1"
stop: end-of-round
players:
  - {name: P1, threat: 20, heroes: [{card: Gimli, exhausted: true}]}
  - {name: P2, threat: 30, heroes: [Legolas]}
  - {name: P3, threat: 40, heroes: [Aragorn]}
first_player: P3
""")
    f = final(t)
    assert [p["threat"] for p in f["players"]] == [21, 31, 41]
    assert resolve(f, "players.P1.heroes.Gimli.exhausted") is False
    assert f["first_player"] == "P1"  # to the left of P3, wrapping round
    assert {"lotr:rr:step:7.2", "lotr:rr:step:7.3", "lotr:rr:step:7.4"} <= cited(t)


def test_player_is_eliminated_at_threat_50(play):
    t = play("""
start: "7.1"
stop: end-of-round
players:
  - {name: P1, threat: 49, heroes: [Gimli], engaged: [{card: Hill Troll, damage: 2}]}
  - {name: P2, threat: 10, heroes: [Legolas]}
""")
    f = final(t)
    assert resolve(f, "players.P1.eliminated") is True
    assert resolve(f, "staging_area.Hill Troll.damage") == 2
    assert f["first_player"] == "P2"
    assert {"lotr:rr:threat-elimination-level", "lotr:rr:player-elimination", "lotr:faq:1.30"} <= cited(t)


def test_player_with_no_heroes_left_is_eliminated_and_the_game_lost_when_all_are(play):
    t = play("""
start: "6.1"
stop: end-of-phase
players:
  - {name: P1, heroes: [{card: Éowyn, damage: 2}], engaged: [Hill Troll]}
decisions:
  - {step: "6.4.1", player: P1, defender: null}
""")
    f = final(t)
    assert f["outcome"] == "lost"
    assert {"lotr:rr:player-elimination", "lotr:rr:winning-the-game"} <= cited(t)


def test_the_game_is_won_when_the_last_stage_is_completed(play):
    t = play("""
start: "3.1"
stop: end-of-round
players:
  - {name: P1, heroes: [Éowyn]}
quest: {card: Anduin Passage, progress: 15}
decisions:
  - {step: "3.2", commit: [Éowyn]}
""")
    assert final(t)["outcome"] == "won"
    assert "lotr:rr:winning-the-game" in cited(t)


def test_score_counts_threat_dead_heroes_damage_rounds_and_victory(play):
    t = play("""
start: "7.1"
stop: end-of-round
players:
  - {name: P1, threat: 30, heroes: [{card: Gimli, damage: 2}], discard: [Legolas]}
victory_display: [Hill Troll]
""")
    s = final(t)["score"]
    assert s == {"threat": 31, "dead_heroes": 9, "damage_on_heroes": 2, "rounds": 1, "victory_points": 4, "total": 31 + 9 + 2 + 10 - 4}


# -- keywords -------------------------------------------------------------------------------


def test_archery_damage_is_dealt_at_the_start_of_combat_and_must_total_archery(play):
    text = """
start: "6.1"
stop: {step: "6.1"}
cards:
  - {name: Archer Band, type: enemy, engagement_cost: 50, threat: 1, attack: 1, defense: 1, hit_points: 2, keywords: [Archery 2]}
players:
  - {name: P1, heroes: [Gimli, Thalin]}
staging_area: [Archer Band]
decisions:
  - {step: "6.1", archery: [{character: Gimli, amount: %d}]}
"""
    t = play(text % 2)
    assert resolve(final(t), "players.P1.heroes.Gimli.damage") == 2
    assert "lotr:qc:keyword:archery" in cited(t, "6.1")
    with pytest.raises(IllegalDecision) as info:
        play(text % 1)
    assert info.value.rules == ("lotr:qc:keyword:archery",)


def test_indestructible_enemy_is_not_destroyed_by_damage(play):
    t = play("""
start: "6.7"
stop: end-of-phase
cards:
  - {name: Balrog Shade, type: enemy, engagement_cost: 1, threat: 1, attack: 1, defense: 0, hit_points: 2, keywords: [Indestructible]}
players:
  - {name: P1, heroes: [Gimli], engaged: [Balrog Shade]}
decisions:
  - {step: "6.8b", player: P1, target: Balrog Shade, attackers: [Gimli]}
  - {step: "6.8b", player: P1, target: null}
""")
    assert resolve(final(t), "players.P1.engaged.Balrog Shade.damage") == 2
    assert "lotr:qc:keyword:indestructible" in cited(t)


def test_doomed_raises_each_players_threat(play):
    t = play("""
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: P1, threat: 10, heroes: [Gimli]}
  - {name: P2, threat: 20, heroes: [Legolas]}
encounter_deck: [Cavern Guardian, Tower Gate]
""")
    f = final(t)
    assert [p["threat"] for p in f["players"]] == [11, 21]
    assert "lotr:rr:doomed-x" in cited(t, "3.3")


def test_surge_reveals_an_extra_card_in_addition_to_the_one_per_player(play):
    t = play("""
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: P1, threat: 10, heroes: [Gimli]}
encounter_deck: [Wolf Rider, Hill Troll, Tower Gate]
""")
    assert resolve(final(t), "staging_area.labels") == ["Wolf Rider", "Hill Troll"]
    assert "lotr:rr:surge" in cited(t, "3.3")


def test_guarded_objective_is_attached_to_the_next_card(play):
    t = play("""
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: P1, threat: 10, heroes: [Gimli]}
encounter_deck: [Shadow Key, Hill Troll, Tower Gate]
""")
    f = final(t)
    assert resolve(f, "staging_area.labels") == ["Hill Troll"]
    assert resolve(f, "staging_area.Hill Troll.guarding.labels") == ["Shadow Key"]
    assert "lotr:rr:guarded" in cited(t, "3.3")


def test_guarded_by_a_treachery_leaves_the_objective_unguarded(play):
    t = play("""
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: P1, threat: 10, heroes: [Gimli]}
encounter_deck: [Shadow Key, Despair, Tower Gate]
""")
    f = final(t)
    assert resolve(f, "staging_area.labels") == ["Shadow Key"]
    assert f["encounter_discard"] == ["Despair"]


def test_guards_threat_counts_in_the_staging_area(play):
    t = play("""
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: P1, threat: 10, heroes: [Gimli]}
encounter_deck: [Shadow Key, Hill Troll]
""")
    assert final(t)["staging_threat"] == 1


def test_the_active_player_orders_enemy_attacks(play):
    t = play("""
start: "6.3"
stop: {step: "6.6"}
players:
  - {name: P1, heroes: [Gimli, Legolas], engaged: [Hill Troll, Wolf Rider]}
decisions:
  - {step: "6.4a", player: P1, attack_order: [Wolf Rider, Hill Troll]}
  - {step: "6.4.1", player: P1, enemy: Hill Troll, defender: Gimli}
  - {step: "6.4.1", player: P1, enemy: Wolf Rider, defender: Legolas}
""")
    attacks = [s.text for s in t.steps if s.event == "enemy-attack"]
    assert attacks == ["Wolf Rider attacks P1", "Hill Troll attacks P1"]
    assert "unused_decisions" not in final(t)
    assert "lotr:rr:step:6.4b" in cited(t)


def test_replay_can_stop_inside_an_attack(play):
    t = play("""
start: "6.3"
stop: {step: "6.4.1"}
players:
  - {name: P1, heroes: [Gimli, Legolas], engaged: [Hill Troll]}
decisions:
  - {step: "6.4.1", player: P1, defender: Gimli}
""")
    assert t.steps[-1].step == "6.4.1"
    f = final(t)
    assert resolve(f, "players.P1.heroes.Gimli.exhausted") is True
    assert resolve(f, "players.P1.heroes.Gimli.damage") == 0


def test_destroyed_character_takes_its_attachments_to_the_discard_pile(play):
    t = play("""
start: "6.3"
stop: {step: "6.6"}
players:
  - name: P1
    heroes: [Gimli]
    allies: [{card: Snowbourn Scout, attachments: [Power in the Earth]}]
    engaged: [Hill Troll]
decisions:
  - {step: "6.4.1", player: P1, defender: Snowbourn Scout}
""")
    f = final(t)
    assert resolve(f, "players.P1.allies") == []
    assert set(resolve(f, "players.P1.discard")) == {"Snowbourn Scout", "Power in the Earth"}
    assert "lotr:rr:destroy" in cited(t, "6.4.3")
