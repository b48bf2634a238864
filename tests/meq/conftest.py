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


def situation(**parts):
    """A situation file's text from keyword parts (YAML), ``game: meq`` added."""
    import yaml

    return yaml.safe_dump({"game": "meq", **parts}, sort_keys=False, allow_unicode=True)


def run(**parts):
    from adjudicator.meq.engine import replay

    return replay("test.yaml", text=situation(**parts))


def events(result) -> list[str]:
    return [s.event for s in result.trace.steps]


def cited(result) -> set[str]:
    return result.trace.cited_ids()


BOARD = {
    "locations": [
        {"name": "Barad-dur", "region": "Mordor", "stronghold_max": 4, "perilous": True},
        {"name": "Udun", "region": "Mordor"},
        {"name": "Marshes", "region": "Mordor"},
        {"name": "Ithilien", "region": "Gondor"},
        {"name": "Minas Tirith", "region": "Gondor", "haven": True},
        {"name": "Rivendell", "region": "Eriador", "haven": True},
        {"name": "Bree", "region": "Eriador"},
    ],
    "paths": [
        {"a": "Barad-dur", "b": "Udun", "icon": "swamp", "cost": 2},
        {"a": "Udun", "b": "Marshes", "icon": "swamp", "cost": 2},
        {"a": "Marshes", "b": "Ithilien", "icon": "forest", "cost": 2},
        {"a": "Ithilien", "b": "Minas Tirith", "icon": "any", "cost": 1},
        {"a": "Ithilien", "b": "Bree", "icon": "hill", "cost": 3, "water": True},
        {"a": "Bree", "b": "Rivendell", "icon": "plains", "cost": 2},
    ],
}


def hero(name="Beravor", **extra):
    base = {"name": name, "fortitude": 4, "strength": 5, "agility": 2, "wisdom": 2, "location": "Bree",
            "life": 10, "hand": ["c1", "c2", "c3"]}
    base.update(extra)
    return base
