"""The MEQ rules parser on an invented mini rulebook laid out like the real one."""

from __future__ import annotations

from adjudicator.kb.records import ID_PATTERN, Kind

from .conftest import parse_text


def test_every_section_has_its_parent_path(mini_records):
    record = mini_records["meq:rules:sauron-game-rules:determining-dominance"]
    assert record.path == ["MEQ", "Sauron Game Rules", "Sauron Turn in Detail", "The Event Step", "Determining Dominance"]


def test_all_ids_match_the_record_id_pattern(mini_records):
    assert all(ID_PATTERN.match(rid) for rid in mini_records)


def test_front_matter_credits_and_index_are_left_out(mini_records):
    text = " ".join(r.text for r in mini_records.values())
    assert "garbled cover words" not in text
    assert "Made up by nobody" not in text
    assert "Combat: page 1" not in text


def test_flavour_quotes_are_left_out(mini_records):
    chapter = mini_records["meq:rules:sauron-game-rules"]
    assert chapter.text == "These are the invented rules for the dark side."
    assert chapter.data["flavour_left_out"] == 2


def test_captions_after_a_picture_are_left_out(mini_records):
    record = mini_records["meq:rules:sauron-game-rules:determining-dominance"]
    assert "A Caption Under a Picture" not in record.text


def test_event_step_3_printed_after_the_dominance_sidebar_is_reattached(mini_records):
    step = mini_records["meq:step:the-event-step:3"]
    assert step.path[-2] == "The Event Step"
    assert step.span.start == 66
    sidebar = mini_records["meq:rules:sauron-game-rules:determining-dominance"]
    assert "Keep or Throw Away" not in sidebar.text
    assert any("reattached" in n for n in mini_records["meq:rules:sauron-game-rules:the-event-step"].data["repairs"])


def test_sidebar_keeps_its_own_numbered_steps(mini_records):
    assert mini_records["meq:step:determining-dominance:2.b"].data["parent"] == "meq:step:determining-dominance:2"
    assert "meq:step:determining-dominance:3" in mini_records


def test_displaced_attribute_subhead_goes_back_to_attributes(mini_records):
    agility = mini_records["meq:rules:hero-game-rules:agility"]
    assert agility.path[-2] == "4) Attributes"
    assert agility.data["repairs"] and "The Life Pool" in agility.data["repairs"][0]


def test_steps_printed_as_bare_bullets_take_numbers_from_the_quick_reference(mini_records):
    assert mini_records["meq:step:steps-of-combat:1"].data["label"] == "Dark Setup"
    assert mini_records["meq:step:steps-of-combat:3.a"].data["label"] == "Choose"
    assert mini_records["meq:step:steps-of-combat:3.c"].data["parent"] == "meq:step:steps-of-combat:3"


def test_worked_examples_are_tagged(mini_records):
    step = mini_records["meq:step:determining-dominance:3"]
    assert [b.example for b in step.blocks] == [False, True]
    example = mini_records["meq:rules:combat:combat-example-round-1"]
    assert example.kind is Kind.EXAMPLE and all(b.example for b in example.blocks)


def test_quick_reference_links_to_the_rule_it_repeats_and_flags_may_versus_must(mini_records):
    ref = mini_records["meq:quickref:hero-turn:2"]
    link = next(l for l in ref.links if l.rel == "repeats")
    assert link.target == "meq:step:hero-turn:2"
    assert ref.data["differences"] == [{"body": "must", "quickref": "may", "modal": True}]
    assert "differs in meaning" in ref.notes[0]
    body = mini_records["meq:step:hero-turn:2"]
    assert any(l.rel == "repeated-in" and l.target == ref.id for l in body.links)


def test_quick_reference_without_differences_has_no_notes(mini_records):
    assert mini_records["meq:quickref:hero-turn:1"].notes == []


def test_glossary_terms_from_important_terms_keywords_and_anatomy(mini_records):
    assert mini_records["meq:glossary:dominant"].kind is Kind.GLOSSARY
    assert mini_records["meq:glossary:event-card:order-number"].title == "Order Number"
    cancel = mini_records["meq:glossary:cancel"]
    assert "If both cancel" in cancel.text  # the keyword's following paragraph belongs to it


def test_mission_cards_are_records_of_their_side(mini_records):
    assert mini_records["meq:mission:dark-throne"].data["side"] == "sauron"
    assert mini_records["meq:mission:clean-hands"].data["side"] == "heroes"


def test_frequently_overlooked_rules_are_rulings(mini_records):
    assert mini_records["meq:overlooked:2"].kind is Kind.RULING


def test_see_page_reference_to_a_missing_title_stays_unresolved():
    records = parse_text('INTRODUCTION\n\nRead on (see "Nowhere Land" on page 3).\n')
    assert records[0].links[0].target == "?Nowhere Land"


def test_empty_document_gives_no_records():
    assert parse_text("") == []


def test_page_references_resolve_through_the_index_only_when_the_sentence_names_the_section():
    text = "\n".join([
        "GAME OVERVIEW", "", "Heroes may rest to recover (see page 2).", "",
        "Sauron schemes in secret (see page 2).", "",
        "THE REST STEP", "", "Resting rules, invented.", "",
        "INDEX", "", "- Rest Step: page 2", "Game Overview: page 1", "",
    ])
    records = {r.id: r for r in parse_text(text)}
    links = records["meq:rules:game-overview"].links
    assert [(l.target, l.note) for l in links] == [("meq:rules:game-overview:the-rest-step", "page 2 (by the rulebook's index)")]
