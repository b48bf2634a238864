"""Starter §5 and §9, Standard §9: general and direct influence, factions, influence attempts."""

from __future__ import annotations

from adjudicator.metw.engine import citations as C

from .conftest import result


def test_general_influence_over_twenty_is_reported(run):
    r = run("""
    - {name: Arn, mind: 9}
    - {name: Bea, mind: 8}
    - {name: Cid, mind: 6}
    """, "- influence_accounting: {player: Ann}")
    res = result(r)
    assert res["unused_general_influence"] == -3
    assert res["problems"][0]["rule"] == C.GENERAL_INFLUENCE


def test_follower_beyond_direct_influence_is_reported(run):
    r = run("""
    - {name: Arn, mind: 6, di: 2}
    - {name: Bea, mind: 3, controller: Arn}
    """, "- influence_accounting: {player: Ann}")
    res = result(r)
    assert any(p["rule"] == C.DIRECT_INFLUENCE and "exceed" in p["what"] for p in res["problems"])


def test_follower_may_not_have_followers(run):
    r = run("""
    - {name: Arn, mind: 6, di: 5}
    - {name: Bea, mind: 3, di: 2, controller: Arn}
    - {name: Cid, mind: 1, controller: Bea}
    """, "- influence_accounting: {player: Ann}")
    assert any("may not have followers" in p["what"] for p in result(r)["problems"])


def test_direct_influence_includes_item_bonus(run):
    r = run("""
    - {name: Arn, mind: 6, di: 1, items: [The One Ring]}
    - {name: Bea, mind: 6, controller: Arn}
    """, "- influence_accounting: {player: Ann}")
    res = result(r)
    assert res["unused_direct_influence"]["Arn"] == 0 and res["problems"] == []


def test_faction_influence_check_needs_more_than_the_number(run):
    chars = "- {name: Arn, mind: 6, di: 2, race: Dúnadan}"
    extra = "cards: {factions: {Guard: {value: 8, mp: 2, standard_modifications: {Dúnadan: 1}}}}\n"
    tie = run(chars, "- influence_faction: {character: Arn, faction: Guard, roll: 5}", extra=extra)
    assert result(tie)["total"] == 8 and result(tie)["success"] is False
    win = run(chars, "- influence_faction: {character: Arn, faction: Guard, roll: 6}", extra=extra)
    assert result(win)["success"] is True
    assert win.trace.final_state["players"]["Ann"]["factions"] == ["Guard"]


def test_faction_influence_needs_an_untapped_character(run):
    r = run("- {name: Arn, mind: 6, di: 2, state: tapped}", "- influence_faction: {character: Arn, faction: Knights of Dol Amroth, roll: 9}")
    assert r.illegal and C.BRINGING_A_FACTION in r.illegal["rules"]


def test_influencing_an_opponents_follower_subtracts_controllers_unused_di(run):
    bob = "          - {name: Ulf, mind: 6, di: 4}\n          - {name: Vig, mind: 2, controller: Ulf}"
    r = run("- {name: Arn, mind: 6, di: 3}", "- influence_opponent: {influencer: Arn, target: Vig, roll: 9, opponent_roll: 4}", bob=bob)
    res = result(r)
    # 9 + 3 (Arn) - 12 (Bob's unused GI: 20 - 6 - 2? no: 20 - 6) - 4 - 2 (Ulf's unused DI)
    assert res["kind"] == "follower"
    assert res["modifier"] == 3 - 14 - 2
    assert res["success"] is False


def test_influencing_an_item_requires_revealing_the_same_item(run):
    bob = "          - {name: Ulf, mind: 3, di: 1, items: [Elfstone]}"
    r = run("- {name: Arn, mind: 6, di: 3}", "- influence_opponent: {influencer: Arn, target: Elfstone, kind: item, roll: 9, opponent_roll: 4}", bob=bob)
    assert r.illegal and C.INFLUENCE_ITEM in r.illegal["rules"]


def test_influence_attempts_are_standard_only(run):
    r = run("- {name: Arn, mind: 6, di: 3}", "- influence_opponent: {influencer: Arn, target: Ulf, roll: 9, opponent_roll: 4}", rules="starter")
    assert r.illegal and C.INFLUENCE_ATTEMPTS in r.illegal["rules"]


def test_a_wizard_cannot_be_influenced(run):
    r = run("- {name: Arn, mind: 6, di: 3}", "- influence_opponent: {influencer: Arn, target: Radagast, roll: 12, opponent_roll: 2}",
            bob="          - Radagast")
    assert r.illegal and "Wizard" in r.illegal["reason"]


def test_general_influence_after_revealing_wizard_only_where_he_is(run):
    r = run("- {name: Gandalf}", "- play_character: {character: {name: Eld, mind: 2}, player: Ann, site: Lórien, options_only: true}")
    assert result(r)["options"] == []


def test_revealed_card_must_be_in_hand_when_the_hand_is_given(run):
    text_bob = "          - {name: Ulf, mind: 3, di: 1}"
    from adjudicator.metw.engine import replay

    from .conftest import situation

    text = situation("- {name: Arn, mind: 6, di: 3}", "- influence_opponent: {influencer: Arn, target: Ulf, roll: 9, opponent_roll: 4, reveal: true}",
                     bob=text_bob).replace("  Ann:\n", "  Ann:\n    hand: [Vig]\n", 1)
    r = replay("s.yaml", text=text)
    assert r.illegal and "in hand" in r.illegal["reason"]
