"""Fixtures of the Middle-earth Quest tests: the invented mini rulebook and the real document."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def parse_text(text: str):
    from adjudicator.kb.documents import TYPES_BY_KEY, SourceDocument
    from adjudicator.meq.rules import parse

    lines = text.splitlines()
    doc = SourceDocument(TYPES_BY_KEY["meq-rules"], Path("fixture.txt"), "", lines)
    return parse(lines, doc)


@pytest.fixture(scope="session")
def mini_records():
    records = parse_text((FIXTURES / "mini_rules.txt").read_text(encoding="utf-8"))
    return {r.id: r for r in records}


@pytest.fixture(scope="session")
def meq_records(source_doc):
    from adjudicator.meq.rules import parse

    doc = source_doc("meq-rules")
    return parse(doc.lines, doc)


@pytest.fixture(scope="session")
def meq_by_id(meq_records):
    return {r.id: r for r in meq_records}
