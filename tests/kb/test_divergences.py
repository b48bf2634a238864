"""Where FAQ 1.9 and the Rules Reference differ (rules_db/lotr/divergences.yaml, analysis §4.3).

Each of the 24 places names records on both sides, all of which the parsers produce, with our
assessment and the reading the engine applies; the build links the records to each other.
"""

from __future__ import annotations

import pytest
import yaml

from adjudicator.paths import RULES_DB

DIVERGENCES = RULES_DB / "lotr" / "divergences.yaml"
DOCS = ("lotr-rr", "lotr-faq")


def side(rid: str) -> str:
    """Which document an id belongs to, by its prefix (errata live in the FAQ)."""
    if rid.startswith("lotr:rr:"):
        return "lotr-rr"
    if rid.startswith(("lotr:faq:", "lotr:errata:")):
        return "lotr-faq"
    return "other"


@pytest.fixture(scope="module")
def entries():
    data = yaml.safe_load(DIVERGENCES.read_text(encoding="utf-8"))
    return data["entries"]


@pytest.fixture(scope="module")
def records(source_doc):
    """The parsed records of both documents."""
    out = []
    for key in DOCS:
        doc = source_doc(key)
        out.extend(doc.type.load_parser()(doc.lines, doc))
    return out


@pytest.fixture(scope="module")
def parsed(records):
    """Record id -> document key."""
    return {r.id: r.span.doc for r in records}


def test_one_entry_for_each_of_the_24_places_in_the_analysis(entries):
    assert len(entries) == 24
    topics = [e["topic"] for e in entries]
    assert len(set(topics)) == 24, "topics must be distinct"


def test_every_entry_has_topic_records_assessment_and_applied_reading(entries):
    for entry in entries:
        assert set(entry) == {"topic", "records", "assessment", "applied"}, entry.get("topic")
        for field in ("topic", "assessment", "applied"):
            assert isinstance(entry[field], str) and entry[field].strip(), (entry["topic"], field)
        assert len(entry["records"]) == len(set(entry["records"])), f"{entry['topic']}: repeated id"


def test_every_divergence_names_records_from_both_documents(entries):
    for entry in entries:
        sides = {side(rid) for rid in entry["records"]}
        assert sides == set(DOCS), f"{entry['topic']}: records from {sorted(sides)}"


def test_the_defending_row_cites_step_6_4_1_and_the_faq_rulings(entries):
    first = entries[0]
    assert first["topic"] == "Defending an attack from an enemy you are not engaged with"
    assert {"lotr:rr:step:6.4.1", "lotr:faq:1.33", "lotr:faq:q:34"} <= set(first["records"])


def test_every_divergence_id_is_a_parsed_record_of_the_document_its_prefix_names(entries, parsed):
    unknown = sorted({rid for e in entries for rid in e["records"] if rid not in parsed})
    assert not unknown, f"ids no parser produces: {unknown}"
    wrong = sorted(rid for e in entries for rid in e["records"] if parsed[rid] != side(rid))
    assert not wrong, f"ids whose prefix names the wrong document: {wrong}"


def test_build_links_both_sides_of_a_divergence_and_carries_our_assessment(entries, records):
    from adjudicator.kb.enrich import enrich

    by_id = {r.id: r for r in enrich(list(records))}
    step = by_id["lotr:rr:step:6.4.1"]
    faq = by_id["lotr:faq:1.33"]
    topic = entries[0]["topic"]
    assert any(l.rel == "diverges" and l.target == "lotr:faq:1.33" for l in step.links)
    assert any(l.rel == "diverges" and l.target == "lotr:rr:step:6.4.1" for l in faq.links)
    noted = [d for d in step.data["divergences"] if d["topic"] == topic]
    assert noted and noted[0]["applied"] == entries[0]["applied"]
    assert "lotr:faq:q:34" in noted[0]["with"]
