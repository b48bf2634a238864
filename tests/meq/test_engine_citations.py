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
