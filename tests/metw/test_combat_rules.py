"""Starter §7 and Standard §7 Combat: strike assignment, strike modifications, resolving
strikes, body checks, defeating an attack, items after an elimination, support."""

from __future__ import annotations

from adjudicator.metw.engine import citations as C

from .conftest import result

TWO = """
- {name: Arn, prowess: 5, body: 8}
- {name: Bea, prowess: 4, body: 7, state: tapped}
"""


def test_attacks_and_strikes_defender_may_not_assign_a_tapped_character(run):
    r = run(TWO, "- attack: {company: Fellows, creature: {name: Wolf, strikes: 1, prowess: 6}, assign: {defender: [Bea]}}")
    assert r.illegal and "untapped" in r.illegal["reason"]
    assert C.ATTACKS_AND_STRIKES in r.illegal["rules"]


def test_attacks_and_strikes_attacker_takes_the_rest(run):
    r = run(TWO, """
    - attack:
        company: Fellows
        creature: {name: Wolves, strikes: 2, prowess: 6}
        assign: {defender: [Arn]}
        strikes: [{target: Arn, roll: 7}, {target: Bea, roll: 12}]
    """)
    res = result(r)
    assert res["assigned"] == ["Arn", "Bea"]
    bea = res["strikes"][1]
    assert bea["prowess"] == 3  # tapped, unwounded: -1


def test_excess_strikes_become_minus_one_each(run):
    r = run(TWO, """
    - attack:
        company: Fellows
        creature: {name: Orcs, strikes: 4, prowess: 6}
        assign: {defender: [Arn], excess: {Arn: 2}}
        strikes: [{target: Arn, roll: 7}, {target: Bea, roll: 12}]
    """)
    res = result(r)
    assert res["excess"] == {"Arn": 2}
    assert res["strikes"][0]["prowess"] == 3


def test_excess_strikes_counted_against_size_names_the_reading(run):
    hobbits = """
    - {name: Arn, prowess: 5, body: 8}
    - {name: Hob, race: Hobbit, prowess: 1, body: 9}
    - {name: Hab, race: Hobbit, prowess: 1, body: 9}
    """
    text_actions = """
    - attack:
        company: Fellows
        creature: {name: Orcs, strikes: 3, prowess: 2}
        assign: {defender: [Arn, Hob, Hab]}
        strikes: [{target: Arn, roll: 7}, {target: Hob, roll: 12}, {target: Hab, roll: 12}]
    """
    by_chars = run(hobbits, text_actions)
    assert result(by_chars)["excess"] == {}
    from adjudicator.metw.engine import replay

    from .conftest import situation

    by_size = replay("s.yaml", text=situation(hobbits, text_actions) + "options: {excess_strikes_basis: size}\n")
    entry = by_size.results[-1]
    # size 2 (two Hobbits count one): the third strike is "excess" and must be allocated
    assert "pending" in entry and entry["pending"]["key"] == "assign.excess"


def test_strike_modifications_minus_three_to_stay_untapped(run):
    r = run("- {name: Arn, prowess: 5, body: 8}", """
    - attack:
        company: Fellows
        creature: {name: Wolf, strikes: 1, prowess: 6}
        assign: {defender: [Arn]}
        strikes: [{target: Arn, roll: 6, no_tap: true}]
    """)
    res = result(r)
    assert res["strikes"][0]["prowess"] == 2 and res["strikes"][0]["outcome"] == "defeated"
    assert r.trace.final_state["characters"]["Arn"]["state"] == "untapped"


def test_resolving_strikes_tie_is_ineffectual_and_attack_not_defeated(run):
    r = run("- {name: Arn, prowess: 5, body: 8}", """
    - attack: {company: Fellows, creature: {name: Wolf, strikes: 1, prowess: 10, mp: 1}, assign: {defender: [Arn]}, strikes: [{target: Arn, roll: 5}]}
    """)
    res = result(r)
    assert res["strikes"][0]["outcome"] == "ineffectual" and not res["defeated"] and res["kill_points"] == 0


def test_body_checks_already_wounded_adds_one(run):
    r = run("- {name: Arn, prowess: 5, body: 8, state: wounded}", """
    - attack: {company: Fellows, creature: {name: Troll, strikes: 1, prowess: 12}, assign: {defender: []}, strikes: [{target: Arn, roll: 2, body_roll: 8}]}
    """)
    res = result(r)
    assert res["strikes"][0]["prowess"] == 3  # wounded -2
    assert res["strikes"][0]["outcome"] == "eliminated"  # 8 + 1 > 8
    assert any(C.WOUNDED_AGAIN in s.citations for s in r.trace.steps)


def test_body_check_against_a_strike_with_body(run):
    r = run("- {name: Arn, prowess: 9, body: 8}", """
    - attack: {company: Fellows, creature: {name: Drake, strikes: 1, prowess: 10, body: 7, mp: 2}, assign: {defender: [Arn]}, strikes: [{target: Arn, roll: 5, creature_body_roll: 8}]}
    """)
    res = result(r)
    assert res["defeated"] and res["kill_points"] == 2
    assert r.trace.final_state["players"]["Ann"]["mp_pile"] == ["Drake"]


def test_weapon_bonus_and_maximum_apply_first(run):
    r = run("- {name: Beorn, prowess: 7, body: 9, items: [Sword of Gondolin]}", """
    - attack: {company: Fellows, creature: {name: Wolf, strikes: 1, prowess: 16}, assign: {defender: [Beorn]}, strikes: [{target: Beorn, roll: 12, no_tap: true}]}
    """)
    assert result(r)["strikes"][0]["prowess"] == 5  # 7 +2 capped at 8, then -3


def test_items_pass_to_unwounded_companions_after_elimination(run):
    chars = """
    - {name: Arn, prowess: 1, body: 2, items: [Dagger of Westernesse, Healing Herbs, Elfstone]}
    - {name: Bea, prowess: 4, body: 7}
    - {name: Cid, prowess: 4, body: 7, state: wounded}
    """
    r = run(chars, """
    - attack:
        company: Fellows
        creature: {name: Troll, strikes: 1, prowess: 12}
        assign: {defender: [Arn]}
        strikes: [{target: Arn, roll: 2, body_roll: 9, items_to: {Dagger of Westernesse: Bea}}]
    """)
    result(r)
    chars_after = r.trace.final_state["characters"]
    assert chars_after["Bea"]["items"] == ["Dagger of Westernesse"]
    assert chars_after["Arn"]["state"] == "out"
    bad = run(chars, """
    - attack:
        company: Fellows
        creature: {name: Troll, strikes: 1, prowess: 12}
        assign: {defender: [Arn]}
        strikes: [{target: Arn, roll: 2, body_roll: 9, items_to: {Elfstone: Cid}}]
    """)
    assert bad.illegal and "unwounded" in bad.illegal["reason"]


def test_support_is_standard_only(run):
    chars = """
    - {name: Arn, prowess: 4, body: 8}
    - {name: Bea, prowess: 4, body: 7}
    """
    act = """
    - attack: {company: Fellows, creature: {name: Wolf, strikes: 1, prowess: 9}, assign: {defender: [Arn]}, strikes: [{target: Arn, roll: 5, support: [Bea]}]}
    """
    assert result(run(chars, act))["strikes"][0]["prowess"] == 5
    starter = run(chars, act, rules="starter")
    assert starter.illegal and C.SUPPORT in starter.illegal["rules"]


def test_wizard_eliminated_in_combat_loses_the_game(run):
    r = run("- {name: Gandalf, prowess: 6, body: 9}", """
    - attack: {company: Fellows, creature: {name: Balrog, strikes: 1, prowess: 20}, assign: {defender: [Gandalf]}, strikes: [{target: Gandalf, roll: 2, body_roll: 12}]}
    """)
    result(r)
    assert r.trace.final_state["winner"] == ["Bob"]


def test_missing_strike_roll_stops_with_the_rolls(run):
    r = run("- {name: Arn, prowess: 5, body: 8}", """
    - attack: {company: Fellows, creature: {name: Wolf, strikes: 1, prowess: 6}, assign: {defender: [Arn]}}
    """)
    pending = r.trace.pending
    assert pending is not None and pending.key == "strikes[Arn].roll"
    assert [o.value for o in pending.options] == list(range(2, 13))


def test_missing_defender_assignment_stops_with_untapped_characters(run):
    r = run(TWO, "- attack: {company: Fellows, creature: {name: Wolf, strikes: 1, prowess: 6}}")
    assert r.trace.pending.key == "assign.defender"
    assert [o.value for o in r.trace.pending.options] == ["Arn"]


def test_attack_defeated_only_if_every_strike_defeated(run):
    r = run(TWO, """
    - attack:
        company: Fellows
        creature: {name: Wolves, strikes: 2, prowess: 6, mp: 1}
        assign: {defender: [Arn]}
        strikes: [{target: Arn, roll: 7}, {target: Bea, canceled: true}]
    """)
    assert result(r)["defeated"] is False


def test_creature_with_several_attacks_scores_only_if_each_is_defeated(run):
    chars = "- {name: Arn, prowess: 9, body: 8}"
    both = run(chars, """
    - attack:
        company: Fellows
        creature: {name: Twin Trolls, strikes: 1, prowess: 8, mp: 3}
        attacks:
          - {assign: {defender: [Arn]}, strikes: [{target: Arn, roll: 5, no_tap: true}]}
          - {assign: {defender: [Arn]}, strikes: [{target: Arn, roll: 5, no_tap: true}]}
    """)
    res = result(both)
    assert res["defeated"] and res["kill_points"] == 3
    assert both.trace.final_state["players"]["Ann"]["mp_pile"] == ["Twin Trolls"]
    one = run(chars, """
    - attack:
        company: Fellows
        creature: {name: Twin Trolls, strikes: 1, prowess: 8, mp: 3}
        attacks:
          - {assign: {defender: [Arn]}, strikes: [{target: Arn, roll: 5, no_tap: true}]}
          - {canceled: true, by: a card}
    """)
    assert result(one)["defeated"] is False and result(one)["kill_points"] == 0


def test_an_ally_may_tap_to_support(run):
    chars = """
    - {name: Arn, prowess: 4, body: 8, allies: [{name: Hound, prowess: 2, body: 5}]}
    """
    r = run(chars, """
    - attack: {company: Fellows, creature: {name: Wolf, strikes: 1, prowess: 9}, assign: {defender: [Arn]}, strikes: [{target: Arn, roll: 5, support: [Hound]}]}
    """)
    assert result(r)["strikes"][0]["prowess"] == 5
