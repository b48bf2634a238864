"""Starter §1 The Free Council, Standard §1 Marshalling Point Modifications."""

from __future__ import annotations

from adjudicator.metw.engine.council import cap

from .conftest import result


def test_half_cap_example_reading_caps_a_type_at_the_sum_of_the_others():
    capped, _ = cap({"character": 8, "item": 4, "faction": 0, "ally": 2, "kill": 0, "misc": 0}, "example")
    assert capped["character"] == 6


def test_half_cap_literal_reading_rounds_half_up():
    capped, _ = cap({"character": 8, "item": 4, "faction": 0, "ally": 2, "kill": 0, "misc": 0}, "literal-round-up")
    assert capped["character"] == 7


def test_doubling_does_not_apply_to_kill_points():
    from adjudicator.metw.engine import replay

    text = """
game: metw
players:
  Ann:
    mp_pile: [{name: Troll, mp: 2, mp_type: kill}]
    companies: [{name: A, site: Rivendell, characters: [{name: Arn, mind: 2, mp: 2}]}]
  Bob:
    companies: [{name: B, site: Rivendell, characters: [{name: Ulf, mind: 3, mp: 2}]}]
actions:
  - marshalling_points: {}
"""
    res = replay("s.yaml", text=text).results[-1]["result"]
    assert res["doubled"]["Ann"] == 4  # Bob has no kill points, but kill points are not doubled
    assert res["final"]["Ann"] == 4


def test_half_cap_when_all_points_are_of_one_type(run):
    r = run("- {name: Arn, mind: 2, mp: 2}", "- marshalling_points: {}", bob="          - {name: Ulf, mind: 3, mp: 2}")
    assert result(r)["final"] == {"Ann": 0, "Bob": 0}


def test_starter_rules_sum_plainly(run):
    r = run("- {name: Arn, mind: 2, mp: 5}", "- marshalling_points: {}", rules="starter")
    assert result(r)["final"] == {"Ann": 5, "Bob": 0}


def test_tie_at_the_council_both_win(run):
    r = run("- {name: Arn, mind: 2, mp: 2}", "- marshalling_points: {}", rules="starter", bob="          - {name: Ulf, mind: 3, mp: 2}")
    assert result(r)["winner"] == ["Ann", "Bob"]


def test_reveal_must_match_a_unique_card_in_play(run):
    r = run("- {name: Arn, mind: 2, mp: 2}", "- marshalling_points: {reveals: {Bob: [Zed]}}")
    assert r.illegal and "does not match" in r.illegal["reason"]


def test_calling_the_council_uses_unmodified_points(run):
    r = run("- {name: Arn, mind: 2, mp: 19}", "- may_call_council: {player: Ann, exhausted: 0}")
    assert result(r)["allowed"] is False
    r = run("- {name: Arn, mind: 2, mp: 19}", "- may_call_council: {player: Ann, exhausted: 0, starter_deck_only: true}")
    assert result(r)["allowed"] is True


def test_both_wizards_failing_before_the_council_both_lose(run):
    r = run("- {name: Gandalf, items: [The One Ring]}", """
    - free_council: {last_turn: Ann, checks: [{character: Gandalf, roll: 2}, {character: Radagast, roll: 2}]}
    """, bob="          - {name: Radagast, items: [The One Ring]}")
    assert result(r)["winner"] == []


def test_council_starts_when_each_deck_is_exhausted_once(run):
    r = run("- {name: Arn, mind: 2, mp: 3}", "- may_call_council: {player: Ann, exhausted: 1, opponent_exhausted: 1}")
    assert result(r)["starts"] is True and result(r)["allowed"] is True


def test_two_deck_game_needs_twenty_five_points_after_one_exhaustion(run):
    r = run("- {name: Arn, mind: 2, mp: 24}", "- may_call_council: {player: Ann, exhausted: 1, game_length: 2}")
    assert result(r)["allowed"] is False
    r = run("- {name: Arn, mind: 2, mp: 25}", "- may_call_council: {player: Ann, exhausted: 1, game_length: 2}")
    assert result(r)["allowed"] is True
