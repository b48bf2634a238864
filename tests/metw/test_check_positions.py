"""`check` on METW situation files: illegal positions and declarations, each with its rule."""

from __future__ import annotations

from adjudicator.metw.engine import check
from adjudicator.metw.engine import citations as C

from .conftest import situation


def rules_of(report):
    return {r for f in report["findings"] for r in f["rules"]}


def test_legal_position_has_no_findings():
    report = check("s.yaml", text=situation("- {name: Arn, mind: 5}", "- company_size: {company: Fellows}"))
    assert report["legal"] and report["findings"] == []


def test_general_influence_over_twenty():
    report = check("s.yaml", text=situation("- {name: Arn, mind: 12}\n- {name: Bea, mind: 9}", "- company_size: {company: Fellows}"))
    assert not report["legal"] and C.GENERAL_INFLUENCE in rules_of(report)


def test_follower_beyond_direct_influence():
    report = check("s.yaml", text=situation("- {name: Arn, mind: 5, di: 1}\n- {name: Bea, mind: 3, controller: Arn}",
                                            "- company_size: {company: Fellows}"))
    assert C.DIRECT_INFLUENCE in rules_of(report)


def test_strike_assigned_to_a_tapped_character_by_the_defender():
    report = check("s.yaml", text=situation("- {name: Arn, state: tapped}", """
    - attack: {company: Fellows, creature: {name: Wolf, strikes: 1, prowess: 5}, assign: {defender: [Arn]}, strikes: [{target: Arn, roll: 7}]}
    """))
    assert C.ATTACKS_AND_STRIKES in rules_of(report)
    assert report["findings"][0]["line"] > 0


def test_hazard_beyond_the_limit():
    report = check("s.yaml", text=situation("- {name: Arn}", """
    - hazard: {company: Fellows, card: One}
    - hazard: {company: Fellows, card: Two}
    - hazard: {company: Fellows, card: Three}
    """))
    assert C.HAZARD_LIMIT in rules_of(report)


def test_creature_keyed_where_it_cannot_be():
    text = situation("- {name: Arn}", "- keying: {company: Fellows, creature: {name: Shade, regions: [d]}, keyed_to: d}") + \
        "sites:\n  Rivendell: {type: h}\n"
    report = check("s.yaml", text=text)
    assert C.CREATURE_CARDS in rules_of(report)


def test_company_over_seven_away_from_a_haven():
    chars = "\n".join(f"- {{name: C{i}}}" for i in range(8))
    text = situation(chars, "- company_size: {company: Fellows}").replace("site: Rivendell", "site: Bree", 1) + \
        "sites:\n  Bree: {type: B}\n  Rivendell: {type: h}\n"
    report = check("s.yaml", text=text)
    assert C.COMPANIES in rules_of(report)
