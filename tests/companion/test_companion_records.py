"""Records built from the invented miniature dump: ids, merges, examples, authority."""

import pytest

from adjudicator.lotr import companion

from .fixture_dump import lines


@pytest.fixture(scope="module")
def records():
    return {r.id: r for r in companion.parse(lines())}


def test_faq_page_is_merged_into_the_faq_clarification_and_opens_with_an_example(records):
    faq = records["lotr:qc:faq:1.77"]
    assert faq.data["merge_into"] == "lotr:faq:1.77"
    assert faq.blocks[0].example is True and faq.blocks[1].example is False


def test_glossary_term_is_merged_into_the_rules_reference_entry_and_redirects_are_kept(records):
    assert records["lotr:qc:glossary:moss"].data["merge_into"] == "lotr:rr:moss"
    assert records["lotr:qc:glossary:drizzle-phase"].data["redirect"] == "Moss"


def test_keyword_page_becomes_the_keyword_record(records):
    kw = records["lotr:qc:keyword:archery"]
    assert kw.kind.value == "keyword"
    assert "lotr:qc:scenario:the-soggy-marsh" in kw.data["scenarios"]
    assert "[defense]" in kw.text
    assert "lotr:qc:page:archery-x" not in records


def test_scenario_copy_with_an_extra_worked_example_is_a_variant_with_the_example_tagged(records):
    var = records["lotr:qc:keyword:archery:the-soggy-marsh"]
    assert var.data["variant_of"] == "lotr:qc:keyword:archery"
    assert var.blocks[0].example is True
    assert var.blocks[1].example is False


def test_questions_inside_rules_pages_become_their_own_records(records):
    qa = records["lotr:qc:qa:does-moss-grow-on-the-active-location"]
    assert qa.kind.value == "qa"
    assert "Does moss grow" not in records["lotr:qc:page:mossy-rules"].text


def test_a_question_repeated_on_a_card_page_is_one_record_with_both_pages(records):
    qa = records["lotr:qc:qa:does-the-bog-troll-sink"]
    assert [o["page"] for o in qa.data["pages"]] == ["The Soggy Marsh", "Bog Troll"]
    assert "lotr:qc:qa:does-the-bog-troll-sink-2" not in records


def test_card_name_variants_resolve_to_one_card(records):
    card = records["lotr:qc:card:chieftan-ufthak"]
    assert "Chieftain Ufthak" in card.aliases
    assert card.data["errata"] == ["lotr:qc:errata:chieftan-ufthak"]
    assert card.data["rulings"] == ["lotr:qc:ruling:card:chieftan-ufthak"]
    assert "lotr:qc:scenario:the-soggy-marsh" in card.data["removed_in_easy_mode"]
    assert "lotr:qc:card:chieftain-ufthak" not in records


def test_scenario_record_holds_its_parts(records):
    sc = records["lotr:qc:scenario:the-soggy-marsh"]
    assert sc.data["difficulty"] == 4
    assert sc.data["keywords"] == ["lotr:qc:keyword:archery"]
    assert sc.data["rulings"] == ["lotr:qc:ruling:the-soggy-marsh:wet-boots"]
    removals = sc.data["easy_mode"]["removals"]
    assert {"encounter_set": "Rain", "card": "Drizzle", "quantity": 3, "line": removals[2]["line"]} == removals[2]


def test_fan_scenario_is_flagged_fan(records):
    assert records["lotr:qc:scenario:the-dry-hills"].authority.value == "fan"
    assert records["lotr:qc:scenario:the-soggy-marsh"].authority.value == "official"


def test_generic_easy_mode_text_is_one_record(records):
    sc = records["lotr:qc:scenario:the-dry-hills"]
    assert sc.data["easy_mode"]["record"] == "lotr:qc:easy-mode:generic"


def test_timing_sheet_steps_merge_into_the_rules_reference_steps(records):
    step = records["lotr:qc:step:1.2"]
    assert step.data["merge_into"] == "lotr:rr:step:1.2"
    assert step.span.start == step.span.end - 2


def test_every_span_points_into_the_companion(records):
    for r in records.values():
        assert r.span.doc == "lotr-qc" and 1 <= r.span.start <= r.span.end <= len(lines())


def test_restored_icons_are_flagged_as_inferred_on_the_record(records):
    kw = records["lotr:qc:keyword:archery"]
    assert any("restored by inference" in n for n in kw.notes)
