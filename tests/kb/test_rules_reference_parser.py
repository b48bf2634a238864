"""The Rules Reference parser on a small document written by the team in the same layout."""

from pathlib import Path

import pytest

from adjudicator.lotr.rules_reference import ParseError, parse

FIXTURE = Path(__file__).parent / "fixtures" / "mini_rr.txt"


@pytest.fixture(scope="module")
def records():
    return {r.id: r for r in parse(FIXTURE.read_text(encoding="utf-8").splitlines(), None)}


def test_glossary_titles_are_found_by_their_shape(records):
    glossary = sorted(r.title for r in records.values() if r.kind.value == "glossary")
    assert glossary == ['"Fog, Thick"', "Banner Bearer", "Camp"]


def test_a_see_only_entry_becomes_an_alias_of_its_target(records):
    assert "lotr:rr:encampment" not in records
    assert "Encampment" in records["lotr:rr:camp"].aliases


def test_see_also_keeps_a_quoted_title_with_a_comma_whole(records):
    targets = [l.target for l in records["lotr:rr:banner-bearer"].links if l.rel == "see-also"]
    assert targets == ["lotr:rr:camp", "lotr:rr:fog-thick", "lotr:rr:flow:timing-and-gameplay"]


def test_bullet_markers_are_normalised(records):
    blocks = records["lotr:rr:banner-bearer"].blocks
    assert [b.style for b in blocks] == ["para", "bullet", "bullet"]
    assert blocks[1].text.startswith("A bearer holds")


def test_worked_examples_are_tagged_not_rules(records):
    camp = records["lotr:rr:camp"]
    examples = [b for b in camp.blocks if b.example]
    assert len(examples) == 1 and examples[0].text.startswith("For example")
    assert "For example" not in camp.rules_text


def test_numbered_sub_steps_and_a_line_that_continues_a_sentence(records):
    camp = records["lotr:rr:camp"]
    steps = [b.text for b in camp.blocks if b.style == "step"]
    assert steps == ["1. Pitch the tents.", "2. Light the fire and keep it burning all night."]


def test_golden_and_grim_rules_are_records_of_their_own(records):
    assert records["lotr:rr:golden-rules"].kind.value == "rule"
    assert records["lotr:rr:grim-rule"].span.start == 10


def test_framework_steps_carry_the_chart_action_windows(records):
    steps = {r.data["step"]: r for r in records.values() if r.kind.value == "step"}
    assert set(steps) == {"0.0", "1.1", "1.2", "1.3", "6.4b", "6.4.1", "6.8b"}
    assert steps["1.2"].data["window_after"] is True
    assert steps["6.4b"].data["window_after"] is True
    assert steps["1.1"].data["window_after"] is False
    assert steps["6.4.1"].data["section"] == "Enemy Attack Resolution"


def test_attack_flows_link_their_steps(records):
    flow = records["lotr:rr:flow:enemy-attack-resolution"]
    assert [l.target for l in flow.links] == ["lotr:rr:step:6.4b", "lotr:rr:step:6.4.1"]


def test_a_damaged_icon_is_restored_only_where_the_analysis_places_it(records):
    # the fixture's star is not on the line the real document's repair names: it stays
    assert "★" in records["lotr:rr:banner-bearer"].text


def test_typo_notes_only_where_the_typo_stands(records):
    assert not any(r.notes for r in records.values())


def test_appendix_sections_and_redirect_to_a_section(records):
    assert records["lotr:rr:anatomy:player-cards"].title == "Player Deck Anatomy Key"
    assert records["lotr:rr:campaign:campaign-pool"].path[-1] == "Appendix III: Campaign Mode"


def test_a_document_without_its_headings_is_refused():
    with pytest.raises(ParseError, match="Glossary"):
        parse(["Using this Document", "", "The Golden Rules", "", "The Grim Rule"], None)


def test_a_line_of_punctuation_standing_alone_is_not_a_glossary_title():
    lines = FIXTURE.read_text(encoding="utf-8").splitlines()
    at = lines.index("Camp")
    damaged = lines[:at] + ["***", ""] + lines[at:]
    ids = [r.id for r in parse(damaged, None)]
    assert "lotr:rr:camp" in ids and len(ids) == len(set(ids))
