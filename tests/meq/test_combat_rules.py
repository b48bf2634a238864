"""Combat rounds: strength and exhaustion, cancel, direct damage, reduce to 0, the damage
floor, minions' lasting damage, and hero defeat."""

from __future__ import annotations

from .conftest import BOARD, cited, hero, run

WARG = {"name": "Warg", "health": 20, "fortitude": 2, "strength": 3, "wisdom": 1, "deck": "Ravager"}


def card(name, attack=1, defense=0, cost=1, type="melee", **ability):
    out = {"name": name, "type": type, "attack": attack, "defense": defense, "cost": cost}
    if ability:
        out["abilities"] = [ability]
    return out


def fight(cards, rounds, hero_hand, sauron_draws, hero_extra=None, foe=None, **combat_extra):
    extra = dict(hero_extra or {})
    extra.setdefault("agility", 0)
    combat = {"hero": "Beravor", "foe": (foe or WARG)["name"], "phase": "ambush", "sauron_draws": sauron_draws,
              "agility_draw": 0, "hero_damage_from": "life", "undefeated_influence": [], "rounds": rounds}
    combat.update(combat_extra)
    return run(heroes=[hero(hand=hero_hand, **extra)], monsters=[] if foe and foe.get("minion") else [foe or WARG],
               cards=cards, play=[{"combat": combat}])


def test_a_stack_costing_exactly_the_strength_does_not_exhaust():
    cards = [card("h1", cost=5), card("s1", cost=3), card("s2", cost=1)]
    r = fight(cards, [{"hero": "h1", "sauron": "s1"}, {"hero": "exhausted", "sauron": "exhausted"}], ["h1"], ["s1", "s2"])
    assert not any(s.event == "exhausted" and "more than" in s.text for s in r.trace.steps)


def test_exceeding_strength_exhausts_and_cancels_the_card_just_played():
    cards = [card("h1", attack=0, cost=1), card("h2", attack=0, cost=1), card("s1", attack=2, cost=2),
             card("s2", attack=9, cost=2)]
    r = fight(cards, [{"hero": "h1", "sauron": "s1"}, {"hero": "h2", "sauron": "s2"}], ["h1", "h2"], ["s1", "s2"])
    # round 2: the Warg's stack costs 4 > 3: its 9-attack card is cancelled, so the hero takes 2 in all
    assert r.trace.final_state["heroes"]["Beravor"]["damage"] == 2
    assert "meq:rules:combat:exhausted-combatants" in cited(r)


def test_both_exhausted_in_calculate_strength_means_nobody_is_defeated():
    cards = [card("h1", attack=50, cost=9), card("s1", attack=50, cost=9)]
    r = fight(cards, [{"hero": "h1", "sauron": "s1"}], ["h1"], ["s1", "s1"])
    assert r.results["combat"]["foe_damage"] == 0 and r.trace.final_state["heroes"]["Beravor"]["damage"] == 0


def test_cancel_blanks_the_opponents_card():
    cards = [{"name": "h1", "type": "melee", "attack": 3, "defense": 0, "cost": 1,
              "abilities": [{"effect": {"cancel_opponent": True}}]},
             {"name": "s1", "type": "melee", "attack": 5, "defense": 2, "cost": 1,
              "abilities": [{"effect": {"attack": 3}}]}]
    r = fight(cards, [{"hero": "h1", "sauron": "s1"}, {"hero": "exhausted", "sauron": "exhausted"}], ["h1"], ["s1", "s1"])
    assert r.results["combat"]["foe_damage"] == 3 and r.trace.final_state["heroes"]["Beravor"]["damage"] == 0
    assert "meq:glossary:cancel" in cited(r)


def test_two_cards_cancelling_each_other_are_both_blank():
    cancel = [{"effect": {"cancel_opponent": True}}]
    cards = [{"name": "h1", "type": "melee", "attack": 3, "defense": 0, "cost": 1, "abilities": cancel},
             {"name": "s1", "type": "melee", "attack": 4, "defense": 0, "cost": 1, "abilities": cancel}]
    r = fight(cards, [{"hero": "h1", "sauron": "s1"}, {"hero": "exhausted", "sauron": "exhausted"}], ["h1"], ["s1", "s1"])
    assert r.results["combat"]["foe_damage"] == 0 and r.trace.final_state["heroes"]["Beravor"]["damage"] == 0


def test_deal_x_damage_ignores_defense():
    cards = [{"name": "h1", "type": "ranged", "attack": 0, "defense": 0, "cost": 1,
              "abilities": [{"effect": {"deal_damage": 2}}]}, card("s1", attack=0, defense=5)]
    r = fight(cards, [{"hero": "h1", "sauron": "s1"}, {"hero": "exhausted", "sauron": "exhausted"}], ["h1"], ["s1", "s1"])
    assert r.results["combat"]["foe_damage"] == 2
    assert "meq:glossary:deal-x-damage" in cited(r)


def test_a_value_reduced_to_zero_cannot_be_raised():
    cards = [{"name": "h1", "type": "melee", "attack": 1, "defense": 2, "cost": 1,
              "abilities": [{"effect": {"defense": 3}}]},
             {"name": "s1", "type": "melee", "attack": 4, "defense": 0, "cost": 1,
              "abilities": [{"effect": {"opponent_defense_to_zero": True}}]}]
    r = fight(cards, [{"hero": "h1", "sauron": "s1"}, {"hero": "exhausted", "sauron": "exhausted"}], ["h1"], ["s1", "s1"])
    assert r.trace.final_state["heroes"]["Beravor"]["damage"] == 4


def test_attack_below_defense_deals_no_damage_under_the_default_reading():
    cards = [card("h1", attack=1, defense=0), card("s1", attack=0, defense=4)]
    r = fight(cards, [{"hero": "h1", "sauron": "s1"}, {"hero": "exhausted", "sauron": "exhausted"}], ["h1"], ["s1", "s1"])
    assert r.results["combat"]["foe_damage"] == 0
    assert any(s.interpretation and s.interpretation.name == "damage_floor=zero" for s in r.trace.steps)


def test_a_missing_card_choice_stops_with_the_cards_in_hand():
    cards = [card("h1"), card("h2"), card("s1")]
    r = fight(cards, [], ["h1", "h2"], ["s1", "s1"])
    assert r.exit_code == 3
    assert [o.value for o in r.trace.pending.options] == ["h1", "h2", "exhausted"]


def test_minion_damage_stays_after_combat():
    minion = {"name": "Black Serpent", "health": 9, "fortitude": 1, "strength": 5, "wisdom": 0, "location": "Bree",
              "damage": 2}
    cards = [card("h1", attack=3), card("s1", attack=0)]
    r = run(board=BOARD, heroes=[hero(hand=["h1"], agility=0)], minions=[minion], cards=cards,
            play=[{"combat": {"hero": "Beravor", "foe": "Black Serpent", "phase": "ambush", "sauron_draws": ["s1"],
                              "agility_draw": 0, "hero_damage_from": "life", "undefeated_influence": [],
                              "rounds": [{"hero": "h1", "sauron": "s1"}]}}])
    assert r.trace.final_state["minions"]["Black Serpent"]["damage"] == 5


def test_a_hero_without_cards_is_defeated_and_recovers_in_the_nearest_haven():
    cards = [card("h1", attack=0, cost=1), card("s1", attack=5, cost=1)]
    r = run(board=BOARD, markers={"yellow": 2, "red": 1, "black": 3}, heroes=[hero(location="Bree", hand=["h1"], life=2,
            rest=3, favor=2, agility=0)], monsters=[WARG], cards=cards,
            play=[{"combat": {"hero": "Beravor", "foe": "Warg", "phase": "ambush", "sauron_draws": ["s1", "s1"],
                              "agility_draw": 0, "hero_damage_from": "life", "undefeated_influence": [],
                              "rounds": [{"hero": "h1", "sauron": "s1"}]}}])
    state = r.trace.final_state
    beravor = state["heroes"]["Beravor"]
    assert r.results["combat"]["hero_defeated"] is True
    assert state["markers"]["red"] == 2  # the leftmost Sauron marker
    assert beravor["favor"] == 1 and beravor["location"] == "Rivendell"
    assert beravor["life"] == 3 + 1 + 2 and beravor["rest"] == 0 and beravor["damage"] == 0
    for step in ("meq:step:defeated-heroes:1", "meq:step:defeated-heroes:3", "meq:step:defeated-heroes:4"):
        assert step in cited(r)


def test_a_hero_defeated_in_combat_is_cited_to_the_rule_for_heroes_not_the_one_for_monsters():
    """Dealing Damage to Heroes decides a hero's defeat (no cards in life pool or hand); the
    Monsters section decides a monster's.  The step saying the hero is defeated cites the
    first, and no step about the hero's defeat cites the second."""
    cards = [card("h1", attack=0, cost=1), card("s1", attack=5, cost=1)]
    r = run(board=BOARD, heroes=[hero(location="Bree", hand=["h1"], life=2, agility=0)], monsters=[WARG], cards=cards,
            play=[{"combat": {"hero": "Beravor", "foe": "Warg", "phase": "ambush", "sauron_draws": ["s1", "s1"],
                              "agility_draw": 0, "hero_damage_from": "life", "undefeated_influence": [],
                              "rounds": [{"hero": "h1", "sauron": "s1"}], "defeat": {"lose": "favor"}}}])
    defeated = [s for s in r.trace.steps if s.event in ("hero-defeated-in-combat", "hero-defeated")]
    assert len(defeated) == 2
    for step in defeated:
        assert "meq:rules:combat:dealing-damage-to-heroes" in step.citations
        assert "meq:rules:combat:monsters" not in step.citations
    assert "meq:rules:combat:defeated-heroes" in defeated[1].citations
    assert not any(s.event == "foe-defeated" for s in r.trace.steps)


def test_equally_near_havens_let_sauron_choose():
    board = {"locations": [{"name": "Mid"}, {"name": "H1", "haven": True}, {"name": "H2", "haven": True}],
             "paths": [{"a": "Mid", "b": "H1"}, {"a": "Mid", "b": "H2"}]}
    r = run(board=board, markers={"red": 0, "yellow": 1, "black": 1}, heroes=[hero(location="Mid", life=0, hand=[])],
            play=[{"defeat": {"hero": "Beravor"}}])
    assert r.exit_code == 3 and r.trace.pending.player == "Sauron"


def test_a_third_increase_of_an_attribute_has_no_effect():
    r = run(heroes=[hero(wisdom=4, levels={"wisdom": 2})], play=[{"level": {"hero": "Beravor", "attribute": "wisdom"}}])
    assert r.results["level"] is False and r.trace.final_state["heroes"]["Beravor"]["wisdom"] == 4


def _losing_fight(options):
    cards = [card("h1", attack=0, cost=1), card("s1", attack=5, cost=1)]
    return run(board=BOARD, options=options, markers={"yellow": 2, "red": 1, "black": 3},
               heroes=[hero(location="Bree", hand=["h1"], life=2, rest=3, agility=0)], monsters=[WARG], cards=cards,
               play=[{"combat": {"hero": "Beravor", "foe": "Warg", "phase": "ambush", "sauron_draws": ["s1", "s1"],
                                 "agility_draw": 0, "hero_damage_from": "life", "undefeated_influence": [],
                                 "rounds": [{"hero": "h1", "sauron": "s1"}]}}])


def test_defeat_order_reading_decides_where_the_combat_stack_ends():
    default = _losing_fight({})
    order = [s.event for s in default.trace.steps]
    assert order.index("discard") < order.index("defeat-recover")
    assert default.trace.final_state["heroes"]["Beravor"]["rest"] == 0  # the stack was shuffled back too
    first = _losing_fight({"defeat_order": "defeat-first"})
    order = [s.event for s in first.trace.steps]
    assert order.index("defeat-recover") < order.index("discard")
    assert first.trace.final_state["heroes"]["Beravor"]["rest"] == 1  # the stack lands on the fresh rest pool
    assert any(s.interpretation and s.interpretation.name == "defeat_order=defeat-first" for s in first.trace.steps)


def test_negative_damage_reading_removes_damage():
    minion = {"name": "Black Serpent", "health": 9, "fortitude": 1, "strength": 5, "wisdom": 0, "location": "Bree",
              "damage": 4}
    cards = [card("h1", attack=1, defense=0), card("s1", attack=0, defense=3)]
    r = run(board=BOARD, options={"damage_floor": "negative-heals"}, heroes=[hero(hand=["h1"], agility=0)],
            minions=[minion], cards=cards,
            play=[{"combat": {"hero": "Beravor", "foe": "Black Serpent", "phase": "ambush", "sauron_draws": ["s1"],
                              "agility_draw": 0, "hero_damage_from": "life", "undefeated_influence": [],
                              "rounds": [{"hero": "h1", "sauron": "s1"}]}}])
    assert r.trace.final_state["minions"]["Black Serpent"]["damage"] == 2


def test_a_cancelled_card_loses_its_next_round_ability():
    cards = [{"name": "h1", "type": "ranged", "attack": 1, "defense": 0, "cost": 1,
              "abilities": [{"timing": "next_round", "effect": {"attack": 5}}]},
             card("h2", attack=1, cost=1),
             {"name": "s1", "type": "melee", "attack": 0, "defense": 0, "cost": 1,
              "abilities": [{"effect": {"cancel_opponent": True}}]},
             card("s2", attack=0, defense=0, cost=1)]
    r = fight(cards, [{"hero": "h1", "sauron": "s1"}, {"hero": "h2", "sauron": "s2"},
                      {"hero": "exhausted", "sauron": "exhausted"}], ["h1", "h2"], ["s1", "s2"])
    assert r.results["combat"]["foe_damage"] == 1  # round 1 blank, round 2 only h2's 1 attack
    assert any(s.event == "ability-lost" for s in r.trace.steps)
