"""Starter §10 Actions and Card Play, Standard §10 Timing Rules and on-guard cards."""

from __future__ import annotations

from adjudicator.metw.engine import replay

from .conftest import result, situation


def test_chain_resolves_last_declared_first(run):
    r = run("- {name: Arn}", """
    - chain: {actions: [{id: a, action: first}, {id: b, action: second}, {id: c, action: third}]}
    """)
    assert result(r)["order"] == ["c", "b", "a"]


def test_action_negated_when_its_condition_is_gone(run):
    r = run("- {name: Arn}", """
    - chain: {actions: [{id: a, action: help, requires: [x]}, {id: b, action: remove, removes: [x]}]}
    """)
    assert [x["status"] for x in result(r)["results"]] == ["resolved", "negated"]


def test_on_guard_revised_rule_forbids_cards_that_tap_the_site(run):
    r = run("- {name: Arn}", """
    - on_guard: {moment: site-card, card: {name: Lock, type: event, affects_company: true, taps_site: true}}
    """)
    assert result(r)["allowed"] is False


def test_on_guard_no_automatic_attack_no_reveal(run):
    r = run("- {name: Arn}", """
    - on_guard: {moment: automatic-attack, site_has_automatic_attack: false, card: {name: Beast, type: creature, keyed_to_site: true}}
    """)
    assert result(r)["allowed"] is False


def test_on_guard_old_rule_option_is_named_in_the_trace():
    text = situation("- {name: Arn}", """
    - on_guard: {moment: site-card, card: {name: Test, type: event, affects_company: true, targets_existed: false}}
    """) + "options: {on_guard_rule: old}\n"
    run = replay("s.yaml", text=text)
    assert result(run)["allowed"] is True  # the old rule did not require the target to exist earlier
    assert run.trace.steps[-1].interpretation.name == "on_guard_rule=old"
