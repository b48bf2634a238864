"""Every record id the MEQ engine can cite exists in the knowledge base built from the rules."""

from __future__ import annotations

from adjudicator.meq.engine import citations
from adjudicator.meq.engine.context import READINGS


def test_every_engine_citation_is_a_record(meq_by_id):
    missing = sorted(i for i in citations.all_ids() if i not in meq_by_id)
    assert missing == []


def test_every_named_reading_leans_on_a_record(meq_by_id):
    rules = {rule for values in READINGS.values() for _, rule in values.values()}
    assert sorted(r for r in rules if r not in meq_by_id) == []


def test_every_scenario_source_is_a_record(meq_by_id):
    from pathlib import Path

    import yaml

    folder = Path(__file__).resolve().parents[2] / "scenarios" / "meq"
    sources = {p.name: yaml.safe_load(p.read_text(encoding="utf-8"))["source"] for p in folder.glob("*.yaml")}
    assert {name: s for name, s in sources.items() if s not in meq_by_id} == {}


def test_worked_example_traces_cite_only_records(meq_by_id):
    from pathlib import Path

    from adjudicator.meq.engine import replay

    folder = Path(__file__).resolve().parents[2] / "scenarios" / "meq"
    for path in folder.glob("*.yaml"):
        cited = replay(path).trace.cited_ids()
        assert sorted(c for c in cited if c not in meq_by_id) == [], path.name
