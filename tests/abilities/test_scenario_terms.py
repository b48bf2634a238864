"""A scenario's own term, defined by a ruling (rules_db/lotr/scenario_terms.yaml): a card's
condition may use the term; the grammar reads it as the ruling's definition and the engine
cites the ruling where it checks the condition (The Massing at Osgiliath: the players have
crossed the Anduin once they reach stage 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.lotr.abilities.grammar.conditions import parse_condition, rulings_of
from adjudicator.lotr.abilities.grammar.targets import PhraseError
from adjudicator.lotr.abilities.grammar.terms import terms
from adjudicator.lotr.abilities.rulings import run

RULING = "lotr:qc:ruling:the-massing-at-osgiliath:crossing-the-anduin"
SITUATIONS = Path(__file__).resolve().parents[2] / "scenarios" / "lotr" / "rulings"


def test_a_scenario_term_reads_as_the_condition_its_ruling_defines():
    term = parse_condition("if the players have crossed the Anduin")
    meaning = parse_condition("the current quest is stage 4 or later")
    assert (term.subject, term.predicate, term.number) == (meaning.subject, meaning.predicate, meaning.number) == ("quest", "is stage or later", 4)
    assert rulings_of("if the players have crossed the Anduin") == (RULING,)
    assert rulings_of("the current quest is stage 4 or later") == ()


def test_a_phrase_that_is_no_term_and_no_condition_is_still_refused():
    with pytest.raises(PhraseError):
        parse_condition("if the players have crossed the Brandywine")


def test_every_term_means_a_condition_of_the_grammar_and_names_an_existing_ruling(kb_ids):
    """A condition term means a condition; a term of kind cards means a target phrase (what an amount counts)."""
    from adjudicator.lotr.abilities.grammar.targets import parse_target

    assert terms()
    for t in terms().values():
        assert t.kind in ("condition", "cards", "players"), t.kind
        if t.kind == "players":
            assert t.means == "started", t.means
        else:
            parse_condition(t.means) if t.kind == "condition" else parse_target("each " + t.means)
        assert t.ruling in kb_ids, t.ruling


@pytest.mark.parametrize("stage,threat", [(3, 30), (4, 32)])
def test_the_engine_cites_the_term_s_ruling_where_it_checks_the_condition(stage, threat):
    name = {3: "not-crossed", 4: "crossed"}[stage]
    trace, _ = run(SITUATIONS / f"qc-massing-at-osgiliath-at-stage-{stage}-the-anduin-is-{name}.yaml")
    assert any(RULING in s.citations for s in trace.steps), "the ruling is cited where the condition is checked"
    raised = [c for s in trace.steps for c in s.changes if (c.target, c.field) == ("Tom", "threat")]
    assert [c.after for c in raised] == ([threat] if threat != 30 else [])
