"""Starter §6 and §10 Creature Cards, Standard §6 and §10: movement, keying, draws, hazard limit."""

from __future__ import annotations

from adjudicator.metw.engine import citations as C

from .conftest import result

SITES = """
sites:
  Rivendell: {type: h, haven_paths: {Lórien: [w, w, b, w]}, draws: 2}
  Lórien: {type: h, haven_paths: {Rivendell: [w, w, b, w]}, draws: 2}
  Bree: {type: B, nearest_haven: Rivendell, path: [w, w], draws: 1}
"""


def test_company_size_counts_hobbits_half_rounded_up(run):
    r = run("""
    - {name: Arn}
    - {name: Hob, race: Hobbit}
    - {name: Hab, race: Hobbit}
    - {name: Heb, race: Hobbit}
    """, "- company_size: {company: Fellows}")
    assert result(r)["size"] == 3 and result(r)["hazard_limit"] == 3


def test_hazard_limit_is_at_least_two_and_refuses_a_third(run):
    r = run("- {name: Arn}", """
    - hazard: {company: Fellows, card: One}
    - hazard: {company: Fellows, card: Two}
    - hazard: {company: Fellows, card: Three}
    """)
    assert r.illegal and C.HAZARD_LIMIT in r.illegal["rules"]


def test_twilight_does_not_count_against_the_hazard_limit(run):
    r = run("- {name: Arn}", """
    - hazard: {company: Fellows, card: One}
    - hazard: {company: Fellows, card: Twilight, counts: false}
    - hazard: {company: Fellows, card: Two}
    """)
    assert result(r)["hazards_played"] == 2


def test_movement_draws_to_a_haven_use_the_origin_number(run):
    chars = "- {name: Arn, mind: 3}"
    r = run(chars, "- move: {company: Fellows, to: Bree}", extra=SITES)
    assert result(r)["draws"] == 1
    r2 = run(chars, "- move: {company: Fellows, to: Lórien}", extra=SITES)
    assert result(r2)["draws"] == 2


def test_standard_draw_limit_needs_wizard_or_mind_three(run):
    r = run("- {name: Arn, mind: 2}", "- move: {company: Fellows, to: Bree}", extra=SITES)
    assert result(r)["draws"] == 0 and result(r)["opponent_draws"] == 1


def test_creature_keying_site_type_when_not_moving(run):
    r = run("- {name: Arn}", """
    - keying: {company: Fellows, creature: {name: Elf-hunter, regions: [w], sites: [h]}}
    """, extra=SITES)
    res = result(r)
    assert res["conditions"] == ["h"]
    assert any(C.NOT_MOVING_KEYING in s.citations for s in r.trace.steps)


def test_creature_keyed_to_a_type_not_moved_through_is_illegal(run):
    r = run("- {name: Arn}", """
    - move: {company: Fellows, to: Bree}
    - keying: {company: Fellows, creature: {name: Shade, regions: [s]}}
    """, extra=SITES)
    assert r.illegal and C.CREATURE_CARDS in r.illegal["rules"]


def test_several_keying_conditions_ask_the_attacker(run):
    r = run("- {name: Arn}", """
    - move: {company: Fellows, to: Bree}
    - keying: {company: Fellows, creature: {name: Brigand, regions: [w], sites: [B]}}
    """, extra=SITES)
    assert r.trace.pending.key == "keyed_to"
    assert sorted(o.value for o in r.trace.pending.options) == ["B", "w"]
