"""A record's line span holds exactly its text.

For every record of every document, as its parser makes it: the record's cleaned text is
found inside its stated span of the source (allowing only the repairs named in
`adjudicator.kb.spans.REPAIRS`), and the span starts and ends on lines the text needs (no
line of another entry, no website button, no second copy).  The checker itself is tested
first on small invented documents, so that a wrong span is known to fail.
"""

from __future__ import annotations

import pytest

from adjudicator.kb import spans
from adjudicator.kb.records import Block, Kind, Record, Span

DOCUMENTS = ("lotr-rr", "lotr-faq", "lotr-qc", "metw-rules", "meq-rules")


def _record(rid: str, title: str, start: int, end: int, *texts: str, lines: tuple[int, ...] = ()) -> Record:
    blocks = [Block(t, line=lines[i] if i < len(lines) else start) for i, t in enumerate(texts)]
    return Record(id=rid, game="lotr", kind=Kind.GLOSSARY, title=title, span=Span("test", start, end), blocks=blocks)


INVENTED = [
    "Ferrying",  # 1
    "",
    "A ferry carries one hero across a river, ready or ex-",  # 3
    "hausted, once per round.",
    "See also: Rivers",  # 5
    "",
    "Fording",  # 7
    "A ford lets every character cross at no cost.",
]


def _check(record: Record, lines=INVENTED) -> spans.SpanCheck:
    return spans.check(record, spans.SourceText(lines))


def test_a_record_whose_span_holds_its_text_passes_with_its_heading_and_see_also_line():
    record = _record("lotr:rr:ferrying", "Ferrying", 1, 5,
                     "A ferry carries one hero across a river, ready or exhausted, once per round.")
    assert _check(record).ok, _check(record).describe()


def test_a_word_joined_across_a_line_break_counts_as_the_same_text():
    record = _record("lotr:rr:ferrying", "Ferrying", 3, 4, "ready or exhausted, once per round.")
    assert _check(record).ok


def test_a_span_that_cites_the_wrong_line_fails():
    record = _record("lotr:rr:ferrying", "Ferrying", 7, 8,
                     "A ferry carries one hero across a river, ready or exhausted, once per round.")
    check = _check(record)
    assert not check.ok and check.missing


def test_a_span_of_one_line_of_a_longer_text_fails():
    record = _record("lotr:rr:ferrying", "Ferrying", 3, 3,
                     "A ferry carries one hero across a river, ready or exhausted, once per round.")
    assert _check(record).missing


def test_a_span_running_into_the_next_entry_fails_on_its_last_line():
    record = _record("lotr:rr:ferrying", "Ferrying", 1, 8,
                     "A ferry carries one hero across a river, ready or exhausted, once per round.")
    check = _check(record)
    assert not check.missing and check.loose_end == 8


def test_a_span_starting_on_the_previous_entry_fails_on_its_first_line():
    record = _record("lotr:rr:fording", "Fording", 5, 8, "A ford lets every character cross at no cost.")
    assert _check(record).loose_start == 5


def test_a_change_of_wording_that_no_repair_names_fails():
    record = _record("lotr:rr:fording", "Fording", 7, 8, "A ford lets every hero cross at no cost.")
    assert _check(record).missing


def test_the_repairs_are_named_once_and_their_tables_belong_to_known_documents():
    from adjudicator.kb.documents import TYPES_BY_KEY

    assert set(spans.LINE_REPAIRS) <= set(TYPES_BY_KEY)
    for key in spans.LINE_REPAIRS:
        fixed = spans.repaired_lines(key, ["plain words"])
        assert fixed == ["plain words"]  # a repair table touches only the damage it lists
    assert {"mojibake", "icons", "hyphenation", "typos", "dash-glyph"} <= set(spans.REPAIRS)


def test_the_rules_reference_icon_repairs_are_applied_to_the_source_before_comparing():
    from adjudicator.lotr.rules_reference import REPAIRS

    lines = [""] * REPAIRS[0].line
    lines[REPAIRS[0].line - 1] = f"Strength is shown by the {REPAIRS[0].damaged} icon."
    fixed = spans.repaired_lines("lotr-rr", lines)
    assert REPAIRS[0].word in fixed[REPAIRS[0].line - 1]


# -- every record of every document -------------------------------------------------------


@pytest.fixture(scope="module")
def parsed(source_docs):
    """Each document's records as its parser makes them (before the build merges any)."""
    out = {}
    for key, doc in source_docs.items():
        out[key] = (doc, doc.type.load_parser()(doc.lines, doc))
    return out


def _document(parsed, key):
    if key not in parsed:
        pytest.skip(f"needs the source document {key}, not found in ADJUDICATOR_SOURCES")
    return parsed[key]


@pytest.mark.parametrize("key", DOCUMENTS)
def test_every_record_text_is_found_inside_its_span(parsed, key):
    doc, records = _document(parsed, key)
    source = spans.SourceText(spans.repaired_lines(key, doc.lines))
    wrong = [c.describe() for c in (spans.check(r, source) for r in records) if c.missing]
    assert not wrong, f"{len(wrong)} of {len(records)} records of {key}:\n" + "\n".join(wrong[:20])


@pytest.mark.parametrize("key", DOCUMENTS)
def test_every_span_starts_and_ends_on_lines_its_record_needs(parsed, key):
    doc, records = _document(parsed, key)
    source = spans.SourceText(spans.repaired_lines(key, doc.lines))
    loose = [c.describe() for c in (spans.check(r, source) for r in records) if c.loose_start or c.loose_end]
    assert not loose, f"{len(loose)} of {len(records)} records of {key}:\n" + "\n".join(loose[:20])


@pytest.mark.parametrize("key", DOCUMENTS)
def test_every_record_with_a_span_has_text_or_a_heading_on_its_first_line(parsed, key):
    doc, records = _document(parsed, key)
    source = spans.SourceText(spans.repaired_lines(key, doc.lines))
    bare = [r.id for r in records if not r.blocks and r.span.start not in spans.check(r, source).covered]
    assert not bare


def test_the_metw_terms_defined_in_the_text_cite_their_whole_defining_paragraph(parsed):
    _, records = _document(parsed, "metw-rules")
    by_id = {r.id: r for r in records}
    discard = by_id["metw:glossary:discard-pile"]
    assert discard.span.end > discard.span.start  # the paragraph runs over several lines
    assert discard.text.lstrip("• ").startswith("Discard Pile")  # not the Location Deck paragraph naming it
    standard = by_id["metw:glossary:standard-rules"]
    assert standard.text.startswith("The Standard Rules")


def test_quest_companion_card_records_cite_a_line_that_names_the_card(parsed):
    from adjudicator.kb.spans import comparable

    doc, records = _document(parsed, "lotr-qc")
    cards = [r for r in records if r.kind is Kind.CARD]
    assert len(cards) > 200
    for record in cards:
        line = comparable(doc.lines[record.span.start - 1])
        assert record.span.start == record.span.end
        assert any(comparable(name)[:8] in line for name in [record.title, *record.aliases]), record.id


# -- records inside another record's span -------------------------------------------------


@pytest.fixture(scope="module")
def built(sources_dir):
    from adjudicator.kb.build import parse_sources

    return parse_sources(sources_dir)


def test_no_record_repeats_the_text_of_a_record_whose_span_holds_it(built):
    same = [(inner.id, outer.id) for inner, outer in spans.nested(built)
            if spans.comparable(inner.text) == spans.comparable(outer.text)]
    assert not same


def test_a_merged_duplicate_keeps_its_id_and_title_on_the_record_it_joined(built):
    by_id = {r.id: r for r in built}
    assert "metw:glossary:strike-sequence" not in by_id
    kept = by_id["metw:starter:7:the-strike-sequence"]
    assert "metw:glossary:strike-sequence" in kept.data["merged_ids"]
    assert "Strike Sequence" in kept.aliases or kept.title == "The Strike Sequence"
    assert not kept.also_in  # the same place of the same document is not a second source


def test_a_record_inside_another_records_span_names_the_record_that_holds_it(built):
    by_id = {r.id: r for r in built}
    for inner, outer in spans.nested(built):
        assert by_id[inner.id].data["within"] == outer.id
        assert outer.span.start <= inner.span.start <= inner.span.end <= outer.span.end
    step = by_id["meq:step:steps-of-combat:3.c"]
    assert step.data["within"] == "meq:step:steps-of-combat:3"
    assert "within" not in by_id["lotr:rr:winning-the-game"].data


def test_records_of_a_document_overlap_only_on_a_line_two_entries_share(built):
    """Spans nest or follow each other; where they cross, it is on one line that holds the end
    of one entry and the start of the next (METW headings glued to the last paragraph line)."""
    by_doc: dict[str, list] = {}
    for record in built:
        by_doc.setdefault(record.span.doc, []).append(record)
    crossing = []
    for records in by_doc.values():
        records.sort(key=lambda r: (r.span.start, -r.span.end))
        for index, a in enumerate(records):
            for b in records[index + 1:]:
                if b.span.start > a.span.end:
                    break
                if b.span.start > a.span.start and b.span.end > a.span.end and b.span.start != a.span.end:
                    crossing.append(f"{a.id} {a.span.label()} / {b.id} {b.span.label()}")
    assert not crossing
