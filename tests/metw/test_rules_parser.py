"""The METW rules parser: headings found by the manifest, labelled blocks, glossary, modes.

Fixture texts are invented by us in the layout of the converted rulebook (glued and split
headings, Clarification paragraphs, `p;` dashes); the count tests run on the user's copy.
"""

from __future__ import annotations

from adjudicator.kb.records import ID_PATTERN, Kind
from adjudicator.metw.headings import HeadingSpec, locate
from adjudicator.metw.rules import build_records

FIXTURE = """|
Some Game Rules
Commonly Used TermsCommonly Used Terms
- Lantern: A light that a traveller carries on the road and
that can be lit at night.
- Road: A way between two towns.
|Return to Table of Contents|
· Part I ·
The Starter Rules
1 · Travelling
Travellers walk along roads between towns in a steady manner every day of
the week.
Clarification: A traveller with a lantern may walk at night as well,
and he is never lost.
Walking at night is slow. Lanterns
Rules
A lantern holds oil for one night of walking and no more than that amount.
Example: Anna walks three roads with a lantern that has a body of "p;".
She arrives at dawn.
Note: In the Standard Rules, lanterns may be traded.
Standard Rules Only: Two lanterns may be carried.
- First bullet that is cut
- in the middle of its sentence.
|Return to Table of Contents|
""".splitlines()

SPECS = [
    HeadingSpec(id="intro:commonly-used-terms", title="Commonly Used Terms", level=1, part="intro",
                match="Commonly Used TermsCommonly Used Terms"),
    HeadingSpec(id="starter:part", title="Part I", level=0, part="starter", match="· Part I ·", cont="The Starter Rules"),
    HeadingSpec(id="starter:1", title="1 Travelling", level=1, part="starter", match="1 · Travelling"),
    HeadingSpec(id="starter:1:lanterns", title="Lanterns", level=2, part="starter", match="Lanterns", at="end",
                cont="Rules", summary="How far a lantern lasts."),
]
PARTS = {"intro": "Front Matter", "starter": "Starter", "standard": "Standard"}


def records():
    return {r.id: r for r in build_records(FIXTURE, "metw-rules", SPECS, PARTS)}


def test_split_heading_glued_to_a_paragraph_is_found_mid_line():
    located = locate(FIXTURE, SPECS)
    lanterns = [h for h in located.headings if h.spec.id == "starter:1:lanterns"][0]
    assert (lanterns.line, lanterns.body_line) == (15, 17)
    assert not located.missing


def test_section_span_and_path():
    recs = records()
    section = recs["metw:starter:1"]
    assert section.span.start == 10 and section.span.end == 15
    assert recs["metw:starter:1:lanterns"].path == ["METW", "Starter", "1 Travelling", "Lanterns"]
    assert recs["metw:starter:1:lanterns"].summary == "How far a lantern lasts."


def test_clarification_is_its_own_record_and_ends_at_the_paragraph_break():
    clar = records()["metw:starter:1:clarification:1"]
    assert clar.kind is Kind.CLARIFICATION
    assert (clar.span.start, clar.span.end) == (13, 14)
    assert clar.links[0].target == "metw:starter:1"


def test_example_is_tagged_and_numbered():
    recs = records()
    example = recs["metw:starter:1:lanterns:example:1"]
    assert example.kind is Kind.EXAMPLE and example.data["example_no"] == 1
    assert all(b.example for b in example.blocks)
    section_blocks = recs["metw:starter:1:lanterns"].blocks
    assert [b.example for b in section_blocks][:2] == [False, True]


def test_dash_glyph_is_restored():
    example = records()["metw:starter:1:lanterns:example:1"]
    assert 'body of "–"' in example.text


def test_standard_rules_passages_in_the_starter_part_have_standard_mode():
    recs = records()
    assert recs["metw:starter:1"].data["mode"] == "starter"
    assert recs["metw:starter:1:lanterns:note:1"].data["mode"] == "standard"
    assert recs["metw:starter:1:lanterns:standard-only:1"].data["mode"] == "standard"


def test_bullet_cut_mid_sentence_is_joined():
    bullets = [b for b in records()["metw:starter:1:lanterns"].blocks if b.style == "bullet"]
    assert [b.text for b in bullets] == ["First bullet that is cut in the middle of its sentence."]


def test_glossary_entries_with_continuation_lines():
    recs = records()
    lantern = recs["metw:glossary:lantern"]
    assert (lantern.span.start, lantern.span.end) == (4, 5)
    assert lantern.kind is Kind.GLOSSARY
    assert "metw:glossary:road" in recs


def test_missing_heading_is_reported_not_fatal():
    specs = SPECS + [HeadingSpec(id="starter:2", title="2 Resting", level=1, part="starter", match="2 · Resting")]
    recs = build_records(FIXTURE, "metw-rules", specs, PARTS)
    assert "2 Resting" in recs[0].notes[-1]


def test_all_ids_are_well_formed():
    assert all(ID_PATTERN.match(r) for r in records())


from hypothesis import given, settings
from hypothesis import strategies as st

LINE = st.one_of(
    st.sampled_from(FIXTURE + ["Clarification:", "Example", "- · ", "p;", "Note: In the Standard Game", "|", "- X:"]),
    st.text(max_size=40),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(LINE, max_size=40))
def test_parser_survives_damaged_copies(lines):
    records = build_records(lines, "metw-rules", SPECS, PARTS)
    assert all(ID_PATTERN.match(r.id) for r in records)
    assert len({r.id for r in records}) == len(records)
