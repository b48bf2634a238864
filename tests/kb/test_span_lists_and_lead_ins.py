"""A record's span holds the whole of its text and nothing of another rule.

The faults checked here were found by readers of every record: a lead-in ending with a
colon cited without the list it introduces, a list entry cited without its sub-items or the
paragraphs that go on about it, a sentence about a whole step filed under its last sub-step,
two paragraphs the conversion glued together cited as one clarification, a board picture's
printed text opening a rule, and a page title that does not say what the page is.  Each
rule is checked on small invented inputs first (so a wrong span is known to fail), then on
every record of the real documents.
"""

from __future__ import annotations

import re

import pytest

from adjudicator.kb.records import Kind
from adjudicator.kb.spans import comparable

LIST_ITEM = re.compile(r"^\s*(?:[-•·]\s|\d{1,2}\.\s|[a-h]\.\s)")


def _rank(line: str) -> int:
    """Where a source line stands in an MEQ list: 0 numbered entry, 1 lettered, 2 labelled
    bullet, 3 bullet without a label, 4 anything else."""
    text = line.strip()
    if re.match(r"^\d{1,2}\.\s", text):
        return 0
    if re.match(r"^-\s+[a-h]\.\s", text):
        return 1
    bullet = re.match(r"^-\s+(.*)$", text)
    if not bullet:
        return 4
    rest = bullet.group(1)
    labelled = rest.startswith("**") or re.match(r"^[A-Z][^*:]{0,60}:\*\*", rest) or re.match(r"^\*[^*]+:\*", rest)
    return 2 if labelled else 3


@pytest.fixture(scope="module")
def parsed(source_docs):
    return {key: (doc, doc.type.load_parser()(doc.lines, doc)) for key, doc in source_docs.items()}


def _document(parsed, key):
    if key not in parsed:
        pytest.skip(f"needs the source document {key}, not found in ADJUDICATOR_SOURCES")
    return parsed[key]


def _next_text_line(lines: list[str], after: int) -> tuple[int, str]:
    for number in range(after + 1, len(lines) + 1):
        if lines[number - 1].strip():
            return number, lines[number - 1]
    return 0, ""


# -- a lead-in ending with a colon keeps its list --------------------------------------------


def test_a_metw_term_whose_paragraph_ends_with_a_colon_keeps_the_bullets_it_introduces():
    from adjudicator.kb.records import Block, Record, Span
    from adjudicator.metw.glossary import defined_terms

    blocks = [
        Block("Fords come in three kinds:", "para", line=10),
        Block("Shallow - wade", "bullet", line=11),
        Block("Deep - swim", "bullet", line=12),
        Block("Bridged - walk", "bullet", line=13),
        Block("Crossing a ford takes a turn.", "para", line=14),
    ]
    section = Record(id="metw:test:fords", game="metw", kind=Kind.RULE, title="Fords", span=Span("t", 9, 14),
                     blocks=blocks, data={"mode": "both", "part": "starter"})
    terms = [{"term": "Ford Kinds", "in": "test:fords", "find": "three kinds"}]
    (record,) = defined_terms([section], terms, {id(b): b.line for b in blocks})
    assert (record.span.start, record.span.end) == (10, 13)
    assert record.text.endswith("Bridged - walk") and "takes a turn" not in record.text


@pytest.mark.parametrize("key", ["lotr-rr", "lotr-faq", "lotr-qc", "metw-rules", "meq-rules"])
def test_a_record_whose_text_ends_with_a_colon_includes_the_list_it_introduces(parsed, key):
    """Where the source prints the list right after the lead-in, the record holds it; a lead-in
    followed by a heading (the list is its sub-sections, or the copy lost it) is left alone."""
    doc, records = _document(parsed, key)
    cut = []
    for record in records:
        if not record.text.rstrip().endswith(":"):
            continue
        number, line = _next_text_line(doc.lines, record.span.end)
        if LIST_ITEM.match(line):
            cut.append(f"{record.id} {record.span.label()} stops before L{number}: {line.strip()[:60]}")
    assert not cut, "\n".join(cut)


# -- a list entry keeps its sub-items and what stands before the next entry -------------------


def _items(*rows):
    from adjudicator.meq.items import Item

    out = []
    for line, style, number, letter, label, text in rows:
        out.append(Item(line, line, style, text, number=number, letter=letter, label=label, text=text))
    return out


def test_a_meq_list_entry_keeps_what_stands_between_it_and_the_next_entry():
    from adjudicator.meq.glossary import entry_followers

    items = _items(
        (1, "bullet", "", "", "Ford", "Cross a river."),
        (3, "para", "", "", "", "Only where the map shows one."),
        (5, "bullet", "", "", "Swim", "Sauron must obey these limits:"),
        (6, "bullet", "", "", "", "Not in winter."),
        (7, "bullet", "", "", "", "Not with armour."),
        (9, "bullet", "", "", "Rest", "Heal two damage."),
        (11, "para", "", "", "", "Each hero may take one option per turn."),
    )
    assert [i.line for i in entry_followers(items, 0)] == [3]
    assert [i.line for i in entry_followers(items, 2)] == [6, 7]
    assert entry_followers(items, 5) == []  # after the last entry a paragraph may speak of the whole list


def test_a_meq_numbered_entry_ending_with_a_colon_keeps_its_lettered_sub_items_even_when_last():
    from adjudicator.meq.glossary import entry_followers

    items = _items(
        (1, "step", "1", "", "Name", "The card's name."),
        (2, "step", "2", "", "Text", "This text lists:"),
        (3, "step", "", "a", "", "Its cost."),
        (4, "step", "", "b", "", "Its target."),
        (6, "para", "", "", "", "Cards are kept face down."),
    )
    for item in items:
        item.callout = item.style == "step"
    assert entry_followers(items, 0) == []
    assert [i.line for i in entry_followers(items, 1)] == [3, 4]


def test_every_meq_glossary_entry_ends_before_the_next_entry_not_before_its_own_sub_items(parsed):
    doc, records = _document(parsed, "meq-rules")
    cut = []
    for record in records:
        if record.kind is not Kind.GLOSSARY or not record.id.startswith("meq:glossary:"):
            continue
        number, line = _next_text_line(doc.lines, record.span.end)
        if _rank(doc.lines[record.span.start - 1]) < _rank(line) < 4:
            cut.append(f"{record.id} {record.span.label()} stops before its sub-item L{number}: {line.strip()[:60]}")
    assert not cut, "\n".join(cut)


# -- a paragraph about the whole step belongs to the step --------------------------------------


def test_a_paragraph_that_speaks_of_the_whole_step_is_not_in_its_last_sub_step(parsed):
    from adjudicator.meq.rules import load_kb_data

    _, records = _document(parsed, "meq-rules")
    lines = load_kb_data().get("whole_step_paragraphs") or []
    assert lines
    steps = [r for r in records if r.kind is Kind.STEP and not r.data.get("quickref")]
    for line in lines:
        holding = [r for r in steps if any(b.line == line for b in r.blocks)]
        assert holding, f"L{line} is in no step"
        assert all(not r.data.get("parent") for r in holding), [r.id for r in holding]
    one = next(r for r in records if r.id == "meq:step:the-event-step:1")
    sub = next(r for r in records if r.id == "meq:step:the-event-step:1.c")
    assert sub.span.end < 624 <= one.span.end


def test_text_printed_on_a_picture_opens_no_rule(parsed):
    from adjudicator.meq.rules import load_kb_data

    doc, records = _document(parsed, "meq-rules")
    lines = load_kb_data().get("picture_text") or []
    assert lines
    for line in lines:
        printed = comparable(doc.lines[line - 1])
        assert printed and not any(printed in comparable(r.text) for r in records if r.span.start <= line <= r.span.end)
    tracks = next(r for r in records if r.id == "meq:rules:sauron-game-rules:action-tracks")
    assert tracks.text.startswith("Each of the three action types")


# -- METW paragraphs the conversion glued or split ---------------------------------------------


def test_a_paragraph_glued_onto_a_line_is_cut_where_its_words_start():
    from adjudicator.metw.paragraphs import Piece, paragraphs, regions, split_midline_breaks

    pieces = [
        Piece(1, "Clarification: A ford may be crossed twice in one turn by"),
        Piece(2, "the same company. During your"),
        Piece(3, "turn, each company draws one card."),
    ]
    paras = paragraphs(split_midline_breaks(pieces, {2: ["During your"]}))
    (region,) = regions(paras)
    assert region.paras[-1].text.endswith("same company.")
    assert paras[-1].text == "During your turn, each company draws one card." and paras[-1].start == 2
    assert len(regions(paragraphs(pieces))[0].paras[0].text) > len(region.paras[-1].text)  # uncut, one paragraph


def test_a_line_named_as_continuing_its_paragraph_is_not_split_off():
    from adjudicator.metw.paragraphs import Piece, paragraphs

    pieces = [Piece(1, "Site Phase - a company may enter its site."), Piece(2, "A character taps to do so.")]
    assert len(paragraphs(pieces)) == 2  # a short line ending a sentence ends the paragraph ...
    assert len(paragraphs(pieces, joins=frozenset({2}))) == 1  # ... unless the line is known to go on


def test_the_metw_paragraph_repairs_hold_on_the_real_document(parsed):
    from adjudicator.metw.data import load

    doc, records = _document(parsed, "metw-rules")
    by_id = {r.id: r for r in records}
    annotations = load("annotations") or {}
    for cut in annotations.get("midline_breaks", []):
        line, words = int(cut["line"]), comparable(cut["at"])
        labelled = [r for r in records if r.data.get("label") and r.span.start <= line <= r.span.end]
        for record in labelled:
            assert record.span.end == line and not comparable(record.text).endswith(words), record.id
    clarification = by_id["metw:starter:10:clarification:1"]
    assert "draw" not in clarification.text.lower() and clarification.span.end == 1303
    for line in annotations.get("paragraph_joins", []):
        assert any(
            b.line < line and comparable(doc.lines[line - 1]) in comparable(b.text)
            for r in records for b in r.blocks if r.span.start <= line <= r.span.end
        ), f"L{line} is not joined to the paragraph before it"
    assert by_id["metw:glossary:information-card"].span.end == 77  # the Site Phase's tapping sentence


# -- summaries claim only what the span holds ---------------------------------------------------

# record id -> words of its summary's claim that its text must hold (reported wrong before).
SUMMARY_CLAIMS = {
    "meq:glossary:move-monster-or-minion": ["influence"],
    "meq:glossary:place-monster-token": ["influence", "heroes"],
    "meq:glossary:peril-cards:affected-location": ["any location"],
    "meq:glossary:plot-card:game-text": ["requirements", "affected location", "special rules"],
    "meq:glossary:monster-reference-card:attributes": ["fortitude", "strength", "wisdom"],
    "metw:glossary:marshalling-point-types": ["character points", "miscellaneous points"],
    "metw:glossary:information-card": ["information", "site phase", "playable"],
    "metw:glossary:region-card": ["labeled map"],
    "metw:glossary:kill-points": ["circle"],
    "metw:glossary:1-deck-game": ["starter game", "20-60 minutes"],
    "metw:glossary:discarded-character": ["one less", "non-follower", "lose the game"],
    "metw:glossary:discard-pile": ["face down", "location cards", "new play deck"],
    "metw:glossary:optional-rules": ["agree"],
    "metw:glossary:on-guard-card": ["face down", "movement/hazard phase", "hazard limit"],
    "meq:glossary:corruption-cards": ["rests", "favor", "another card"],
    "meq:glossary:shadow-cards": ["ambushing", "tempting"],
}


@pytest.mark.parametrize("record_id", sorted(SUMMARY_CLAIMS))
def test_a_summary_claims_only_what_its_records_span_holds(parsed, record_id):
    key = "meq-rules" if record_id.startswith("meq") else "metw-rules"
    _, records = _document(parsed, key)
    record = next(r for r in records if r.id == record_id)
    assert record.summary
    missing = [w for w in SUMMARY_CLAIMS[record_id] if w not in record.text.lower()]
    assert not missing, f"{record_id} {record.span.label()}: summary {record.summary!r}; text lacks {missing}"


# -- Quest Companion pages ------------------------------------------------------------------------


def test_a_companion_page_with_only_questions_and_answers_is_a_section_holding_them(parsed):
    _, records = _document(parsed, "lotr-qc")
    empty_rules = [r.id for r in records if r.kind is Kind.RULE and not r.text.strip()]
    assert not empty_rules
    threat = next(r for r in records if r.id == "lotr:qc:page:threat")
    assert threat.kind is Kind.SECTION and threat.data.get("holds") == "qa"
    assert any(link.rel == "qa" for link in threat.links)


def test_a_companion_page_whose_title_other_pages_share_names_its_parent(parsed):
    _, records = _document(parsed, "lotr-qc")
    by_id = {r.id: r for r in records}
    page = by_id["lotr:qc:page:resources-card-payment:fellowship-sphere"]
    assert page.title == "Resources Card Payment (Fellowship Sphere)" and "Resources Card Payment" in page.aliases
    assert by_id["lotr:qc:page:aragorn:the-fellowship-of-heroes"].title == "Aragorn (The Fellowship of Heroes)"


def test_the_quick_reference_sheet_is_titled_by_its_content_not_its_toggle_labels(parsed):
    doc, records = _document(parsed, "lotr-qc")
    sheet = next(r for r in records if r.id == "lotr:qc:sheet:number-of-players")
    assert sheet.title == "Quick Reference Sheet"
    assert "Number of Players" not in doc.lines[sheet.span.start - 1]  # the span starts on its text


def test_a_companion_lead_in_whose_list_the_copy_lost_says_so(parsed):
    from adjudicator.lotr.companion_registry import LOST_LIST_NOTE

    doc, records = _document(parsed, "lotr-qc")
    lead_ins = [r for r in records if r.text.rstrip().endswith(":")]
    assert lead_ins  # the website dump dropped some lists (ship-objective exceptions, ...)
    for record in lead_ins:
        assert LOST_LIST_NOTE in record.notes, record.id
        assert not LIST_ITEM.match(_next_text_line(doc.lines, record.span.end)[1])
    assert not any(LOST_LIST_NOTE in r.notes for r in records if not r.text.rstrip().endswith(":"))


def test_a_board_diagram_labels_summary_says_it_is_a_label_and_claims_nothing_beyond_it(parsed):
    """The board callouts' lines hold only a name; what the part does is in the rules they point to."""
    _, records = _document(parsed, "meq-rules")
    labels = [r for r in records if r.id.startswith("meq:glossary:game-board:")]
    assert len(labels) == 20
    for record in labels:
        assert record.summary.startswith("Board diagram label: "), record.id
        named = record.summary.split(": ", 1)[1].split(" (see ")[0].lower()
        words = {w.rstrip("s") for w in re.findall(r"[a-z]{4,}", named)} - {"space", "printed", "board", "ordinary", "that"}
        assert all(w in record.text.lower() for w in words), (record.id, record.summary)
