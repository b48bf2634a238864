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
