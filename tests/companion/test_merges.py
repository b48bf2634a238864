"""One entry, two sources: Companion records that are official entries name them."""


def test_every_faq_page_merges_into_its_faq_clarification(qc_records):
    faqs = [r for r in qc_records.values() if r.kind.value == "clarification"]
    assert sorted(r.data["merge_into"] for r in faqs) == [f"lotr:faq:1.{n:02d}" for n in range(59)]


def test_glossary_terms_merge_into_rules_reference_entries_with_spelling_differences_mapped(qc_records):
    assert qc_records["lotr:qc:glossary:cardtypes"].data["merge_into"] == "lotr:rr:card-types"
    assert qc_records["lotr:qc:glossary:doomed"].data["merge_into"] == "lotr:rr:doomed-x"
    assert qc_records["lotr:qc:glossary:mulligan-draw"].data["merge_into"] == "lotr:rr:mulligan"
    assert qc_records["lotr:qc:glossary:engagement-check"].data["merge_into"] == "lotr:rr:engagement-check"


def test_companion_errata_of_faq_cards_merge_into_faq_errata(qc_records):
    assert qc_records["lotr:qc:errata:feint"].data["merge_into"] == "lotr:errata:core-34"
    assert qc_records["lotr:qc:errata:snow-warg"].data["merge_into"] == "lotr:errata:d-27"


def test_timing_sheet_steps_merge_into_rules_reference_steps(qc_records):
    assert qc_records["lotr:qc:step:6.4.1"].data["merge_into"] == "lotr:rr:step:6.4.1"


def test_keywords_the_engine_cites_exist_and_are_not_merged_away(qc_records):
    for rid in ("lotr:qc:keyword:archery", "lotr:qc:keyword:indestructible"):
        assert rid in qc_records
        assert "merge_into" not in qc_records[rid].data


def test_85_companion_questions_repeat_faq_questions_and_every_mapped_id_exists(qc_records):
    from adjudicator.lotr import qc_data

    mapping = qc_data.faq_questions()
    assert len(mapping) == 85 and len(set(mapping.values())) == 85
    assert all(rid in qc_records for rid in mapping)
    merged = [r for r in qc_records.values() if r.kind.value == "qa" and "merge_into" in r.data]
    assert len(merged) == 85
