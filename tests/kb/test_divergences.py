"""Where FAQ 1.9 and the Rules Reference differ (rules_db/lotr/divergences.yaml, analysis §4.3).

Each of the 24 places names records on both sides, all of which the parsers produce, with our
assessment and the reading the engine applies; the build links the records to each other.
"""

from __future__ import annotations

import re

import pytest
import yaml

from adjudicator.kb.divergence import RELATIONS, answer_note, document_of, record_line
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
        assert set(entry) == {"topic", "relation", "records", "assessment", "applied"}, entry.get("topic")
        assert entry["relation"] in RELATIONS, (entry["topic"], entry["relation"])
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


def test_the_document_of_a_record_is_the_side_the_tests_use():
    for rid in ("lotr:rr:sentinel", "lotr:faq:q:85", "lotr:errata:core-91", "lotr:qc:page:setup"):
        assert {"the Rules Reference": "lotr-rr", "FAQ 1.9": "lotr-faq", None: "other"}[document_of(rid)] == side(rid)


def test_a_record_is_set_against_the_other_documents_records_only(entries):
    """FAQ Q85 sits with FAQ 1.33 and Q34 on the defending point: a note under Q85 names the
    Rules Reference records as the other side, never its own document's."""
    for entry in entries:
        for rid in entry["records"]:
            div = {"topic": entry["topic"], "relation": "differs", "applied": entry["applied"],
                   "with": [o for o in entry["records"] if o != rid]}
            note = answer_note(rid, div)
            against = note.split(" against ", 1)[1].split(";", 1)[0] if " against " in note else ""
            assert all(side(other) != side(rid) for other in against.split(", ") if other), (rid, note)
            theirs = {o for o in div["with"] if side(o) != side(rid)}
            heading = record_line(rid, div).split(": ", 1)[0].split(" (with ", 1)[0]
            if theirs:  # `show` names the other document's records first, its own document's apart
                assert set(re.findall(r"lotr:[a-z0-9:.\-]+[a-z0-9]", heading)) == theirs, (rid, heading)


def test_the_relation_decides_whether_and_how_an_answer_mentions_a_divergence():
    div = {"topic": "Ten points a round", "with": ["lotr:faq:scoring"], "applied": "count them at 7.4"}
    assert answer_note("lotr:rr:scoring", dict(div, relation="same")) is None
    assert answer_note("lotr:rr:scoring", dict(div, relation="differs")).startswith(
        "sources differ on ten points a round: lotr:rr:scoring against lotr:faq:scoring; applied: count them at 7.4")
    assert "complement" in answer_note("lotr:rr:scoring", dict(div, relation="adds"))
    assert "adjudicator's reading: count them at 7.4" in answer_note("lotr:rr:scoring", dict(div, relation="gap"))
