"""Every id the METW engine can cite, and every example a scenario reproduces, exists in the
knowledge base built from the user's copy of the rules; golden traces cite the section that
decides each point."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.kb.records import ID_PATTERN
from adjudicator.metw.engine import citations, replay

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "metw"


@pytest.fixture(scope="module")
def metw_ids(source_doc):
    doc = source_doc("metw-rules")
    return {r.id for r in doc.type.load_parser()(doc.lines, doc)}


def test_citation_table_ids_are_well_formed():
    assert all(ID_PATTERN.match(cid) for cid in citations.all_ids())


def test_every_citable_id_exists_in_the_knowledge_base(metw_ids):
    assert sorted(citations.all_ids() - metw_ids) == []


def test_every_scenario_source_is_a_worked_example_record(metw_ids):
    for path in SCENARIOS.glob("*.yaml"):
        source = yaml.safe_load(path.read_text(encoding="utf-8"))["source"]
        assert source in metw_ids, path.name


def test_every_trace_citation_of_every_scenario_exists(metw_ids):
    for path in SCENARIOS.glob("*.yaml"):
        run = replay(path)
        assert run.trace.cited_ids() <= metw_ids, (path.name, run.trace.cited_ids() - metw_ids)


def test_body_check_steps_cite_body_checks():
    run = replay(SCENARIOS / "ex09_faramir_huorn.yaml")
    body = [s for s in run.trace.steps if s.event == "body-check"]
    assert body and all(citations.BODY_CHECKS in s.citations for s in body)


def test_half_cap_step_names_the_reading_used():
    run = replay(SCENARIOS / "ex16_marshalling_point_modifications.yaml")
    cap = [s for s in run.trace.steps if s.event == "half-cap"]
    assert cap[0].interpretation.name == "mp_half_cap=example"
    assert cap[0].interpretation.rule == citations.MP_MODIFICATIONS_EXAMPLE


DECIDING_RULE = {
    "strike-failed": citations.RESOLVING_STRIKES,
    "strike-ineffectual": citations.RESOLVING_STRIKES,
    "strike-successful": citations.RESOLVING_STRIKES,
    "body-check": citations.BODY_CHECKS,
    "creature-body-check": citations.STRIKE_BODY_CHECK,
    "attack-outcome": citations.DEFEATING_AN_ATTACK,
    "assign": citations.ATTACKS_AND_STRIKES,
    "check-passed": citations.CORRUPTION_CHECKS,
    "character-discarded": citations.CORRUPTION_CHECKS,
    "character-eliminated": citations.CORRUPTION_CHECKS,
    "influence-check": citations.BRINGING_A_FACTION,
    "influence-attempt": citations.INFLUENCE_ATTEMPTS,
    "keying": citations.CREATURE_CARDS,
    "size": citations.HAZARD_LIMIT,
    "hazard": citations.HAZARD_LIMIT,
    "doubled": citations.MP_MODIFICATIONS,
    "half-cap": citations.MP_MODIFICATIONS,
    "resolved": citations.TIMING_RULES,
    "negated": citations.TIMING_RULES,
}


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_golden_traces_cite_the_deciding_rule(path):
    run = replay(path)
    for step in run.trace.steps:
        rule = DECIDING_RULE.get(step.event)
        if rule is None or (step.event == "assign" and "attacker chooses" in step.text):
            continue
        if step.event == "hazard" and "does not count" in step.text:
            continue
        assert rule in step.citations, (step.event, step.text, step.citations)
