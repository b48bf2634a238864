"""Two limits on adjudicator's own readings (``inferred_readings._choice``, ``readings.reading``):
an either-or question's alternative is supported only by words of what the rule's sentence
rules, not by the case it opens on; and a claim that denies one thing is neither confirmed nor
refuted by a rule denying another.  The sentences and questions are invented."""

from __future__ import annotations

from adjudicator.ask.inferred_readings import _choice
from adjudicator.ask.question_form import question_form
from adjudicator.ask.readings import reading
from invented_records import weigh_by


def test_an_alternative_found_only_in_the_case_the_rule_opens_on_is_not_chosen():
    question = "If a goblin eats 3 coins, does it lose its pockets or is that 3 coins of weight?"
    opens_on_it = "If a goblin has as much weight on it as it has pockets, it bursts."
    assert _choice(question, None, opens_on_it, weigh_by(question)) is None
    rules_it = "A goblin that eats coins carries their weight in its pockets, 3 coins of weight at most."
    found = _choice(question, None, rules_it, weigh_by(question))
    assert found is not None and found.value == "no"  # the second alternative


def test_a_claim_denying_one_thing_is_not_answered_by_a_rule_denying_another():
    claim = "Once a troll has guarded the bridge, it cannot then throw rocks because it is tired, correct?"
    form = question_form(claim)
    assert form.claim
    # the rule denies guarding again, not throwing rocks
    assert reading(form, form.clauses[0], "A tired troll cannot guard the bridge again.", claim) is None


def test_a_claim_allowing_what_the_rule_denies_is_still_a_no():
    claim = "Swamp towers: goblins can't dig there, but can sleep."
    form = question_form(claim)
    said = reading(form, form.clauses[-1], "If a goblin is in a swamp tower, it may not sleep.", claim)
    assert said == "no"
