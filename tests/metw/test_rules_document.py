"""Counts on the user's copy of the METW rules (skipped without ADJUDICATOR_SOURCES)."""

from __future__ import annotations

from collections import Counter

import pytest

from adjudicator.kb.records import Kind


@pytest.fixture(scope="module")
def metw_records(source_doc):
    doc = source_doc("metw-rules")
    return doc.type.load_parser()(doc.lines, doc)


def test_every_manifest_heading_is_found(metw_records):
    assert not any("headings not found" in n for r in metw_records for n in r.notes)


def test_twenty_numbered_sections_ten_per_part(metw_records):
    numbered = [r for r in metw_records if r.data.get("level") == 1 and r.data.get("section")]
    assert Counter(r.data["part"] for r in numbered) == {"starter": 10, "standard": 10}


def test_labelled_block_counts(metw_records):
    kinds = Counter(r.id.split(":")[-2] for r in metw_records if "parent" in r.data)
    assert kinds["clarification"] == 69
    assert kinds["note"] == 17
    assert kinds["suggestion"] == 1
    assert kinds["standard-only"] == 4  # three "Standard Rules Only" and one "Standard Game Only"


def test_twenty_five_worked_examples(metw_records):
    examples = [r for r in metw_records if r.kind is Kind.EXAMPLE]
    assert sorted(r.data["example_no"] for r in examples) == list(range(1, 26))
    combat = next(r for r in examples if r.id == "metw:starter:7:example-of-combat")
    assert combat.data["example_no"] == 10


def test_fifty_six_glossary_terms_and_terms_from_the_text(metw_records):
    sources = Counter(r.data.get("source") for r in metw_records if r.kind is Kind.GLOSSARY)
    assert sources["glossary"] == 56
    assert sources["text"] >= 50


def test_resolving_strikes_citation(metw_records):
    rec = next(r for r in metw_records if r.id == "metw:starter:7:resolving-strikes")
    assert rec.path == ["METW", "Starter", "7 Combat", "Resolving Strikes"]
    assert (rec.span.start, rec.span.end) == (994, 1006)


def test_glued_split_heading_body_checks_and_strike_sequence(metw_records):
    by_id = {r.id: r for r in metw_records}
    assert by_id["metw:starter:7:the-strike-sequence"].span.start == 1055
    assert by_id["metw:starter:8:corruption-points"].span.start == 1149
    assert by_id["metw:standard:4:site-phase"].span.start == 1757


def test_standard_part_is_standard_mode(metw_records):
    standard = [r for r in metw_records if r.data.get("part") == "standard"]
    assert standard and all(r.data["mode"] == "standard" for r in standard)


def test_standard_only_passage_in_part_one(metw_records):
    rec = next(r for r in metw_records if r.id == "metw:starter:10:creature-cards:standard-only:1")
    assert rec.data["mode"] == "standard" and rec.span.start == 1372


def test_ids_unique(metw_records):
    ids = [r.id for r in metw_records]
    assert len(ids) == len(set(ids))


def test_every_record_has_a_summary_of_our_own(metw_records):
    missing = [r.id for r in metw_records if not r.summary]
    assert missing == []


def test_block_summaries_name_existing_records(metw_records):
    from adjudicator.metw.data import load

    ids = {r.id.split(":", 1)[1] for r in metw_records}
    assert set(load("block_summaries")) <= ids


def test_damaged_copy_still_parses_and_reports_missing_headings(source_doc):
    import random

    doc = source_doc("metw-rules")
    rng = random.Random(6)
    lines = [line for line in doc.lines if rng.random() > 0.15]
    records = doc.type.load_parser()(lines, doc)
    assert len(records) > 100
    assert len({r.id for r in records}) == len(records)
