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


def test_a_time_of_day_term_reads_which_objective_is_in_play():
    """The Wastes of Eriador's Day and Night, The Stone of Erech's Dusk and Midnight: a scenario term
    meaning 'NAME is in play'; an encounter card's effect for that time applies only while it is."""
    from adjudicator.lotr.abilities.grammar.conditions import parse_condition as parse
    from adjudicator.lotr.abilities.rulings import resolve_path
    from adjudicator.lotr.engine import api

    assert parse("it is night").predicate == "card in play" and parse("it is night").arg == "Nightfall"
    path = SITUATIONS / "qc-wastes-of-eriador-night-changes-an-encounter-effect.yaml"
    text = path.read_text(encoding="utf-8")
    night = api.replay(api.load("n.yaml", text=text), abilities=True).to_dict()["final_state"]
    day = api.replay(api.load("d.yaml", text=text.replace("staging_area: [Nightfall]", "staging_area: [Daybreak]")),
                     abilities=True).to_dict()["final_state"]
    assert resolve_path(night, "players.Tom.threat") == 33 and resolve_path(day, "players.Tom.threat") == 31
    erech = (SITUATIONS / "qc-stone-of-erech-only-the-current-night-objective-is-active.yaml").read_text(encoding="utf-8")
    midnight = api.replay(api.load("m.yaml", text=erech.replace("staging_area: [Dusk]", "staging_area: [Midnight]")),
                          abilities=True).to_dict()["final_state"]
    assert resolve_path(midnight, "players.Tom.threat") == 34
