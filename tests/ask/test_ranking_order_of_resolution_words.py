"""A player asking which of two effects resolves first ("which one happens first?", "in what
order?", "at the same time") asks about the order of resolution: the rules' words for it
(order, resolution, simultaneous) are added, so the rules on resolving effects together
(Priority of Simultaneous Resolution, the FAQ's timing of effect resolution) are found beside
the entries of the abilities named.  rules_db/lotr/vocabulary.yaml."""

from __future__ import annotations

import pytest

from adjudicator.ask import vocabulary


def _lotr_expander():
    return vocabulary.Expander([[p.pattern, p.means] for p in vocabulary.read("lotr")["phrases"]])


@pytest.mark.parametrize("said", [
    "which one happens first, the forced effect or my response?",
    "in what order do the two shadow effects resolve?",
    "both of them trigger at the same time",
    "which effect resolves first?",
])
def test_asking_which_effect_goes_first_reaches_the_order_of_resolution(said):
    expanded = _lotr_expander().expand(said).split()
    assert {"order", "resolution", "simultaneous"} <= set(expanded)


@pytest.mark.parametrize("said", ["who goes first next round?", "the first player chooses the order of attack"])
def test_who_goes_first_and_an_order_of_attack_are_not_the_order_of_resolution(said):
    assert "simultaneous" not in _lotr_expander().expand(said).split()


def test_two_responses_at_once_find_the_rule_on_resolving_effects_together(kb):
    from adjudicator.lotr.qc_ask import ask

    answer = ask(kb, "My ally and my hero both have a response to the same attack. In what order do they resolve?")
    assert {"lotr:rr:priority-of-simultaneous-resolution", "lotr:faq:1.37"} & set(answer.ranked_ids()[:3])
