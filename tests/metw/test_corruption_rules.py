"""Starter §8 and Standard §8 Corruption: points, checks and their three results, helpers."""

from __future__ import annotations

import pytest

from adjudicator.metw.engine import citations as C
from adjudicator.metw.engine.corruption import bands, outcome

from .conftest import result

CARRIER = """
- {name: Arn, mind: 5, items: [The Arkenstone, Healing Herbs]}
- {name: Bea, mind: 3}
- {name: Gandalf}
"""


@pytest.mark.parametrize("total,result_", [(6, "nothing"), (5, "discarded"), (4, "discarded"), (3, "eliminated")])
def test_corruption_checks_three_results(total, result_):
    assert outcome(total, 5) == result_


def test_corruption_points_sum_unsigned_values_of_cards_he_controls(run):
    r = run(CARRIER, "- corruption_bands: {character: Arn}")
    assert result(r)["points"] == 5


def test_corruption_check_discarded_character_loses_his_items(run):
    r = run(CARRIER, "- corruption_check: {character: Arn, roll: 4}")
    res = result(r)
    assert res["outcome"] == "discarded"
    assert r.trace.final_state["characters"]["Arn"]["state"] == "out"
    assert any(C.DISCARDED_RETURNS in s.citations for s in r.trace.steps)


def test_corruption_helpers_tap_in_the_same_company_for_plus_one_each(run):
    r = run(CARRIER, "- corruption_check: {character: Arn, roll: 3, helpers: [Bea, Gandalf]}")
    res = result(r)
    assert res["modifier"] == 2 and res["outcome"] == "discarded"
    assert r.trace.final_state["characters"]["Bea"]["state"] == "tapped"


def test_corruption_helpers_are_a_standard_rule(run):
    r = run(CARRIER, "- corruption_check: {character: Arn, roll: 3, helpers: [Bea]}", rules="starter")
    assert r.illegal and C.CORRUPTION_HELP in r.illegal["rules"]


def test_corruption_helper_must_be_untapped(run):
    r = run(CARRIER.replace("{name: Bea, mind: 3}", "{name: Bea, mind: 3, state: tapped}"),
            "- corruption_check: {character: Arn, roll: 3, helpers: [Bea]}")
    assert r.illegal and "tapped" in r.illegal["reason"]


def test_wizard_failing_a_corruption_check_loses(run):
    r = run("- {name: Gandalf, items: [The One Ring]}", "- corruption_check: {character: Gandalf, roll: 5}")
    assert result(r)["outcome"] == "discarded"
    assert r.trace.final_state["winner"] == ["Bob"]


def test_signed_modifiers_add_to_the_roll():
    assert bands(9, 4) == {"discarded": [4, 5], "eliminated": [2, 3], "nothing": [6, 7, 8, 9, 10, 11, 12]}


def test_missing_corruption_roll_stops(run):
    r = run(CARRIER, "- corruption_check: {character: Arn}")
    assert r.trace.pending.key == "corruption_check[Arn].roll"
