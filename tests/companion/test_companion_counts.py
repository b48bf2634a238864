"""Counts the parser finds in the real Companion (needs ADJUDICATOR_SOURCES)."""

from collections import Counter


def by_kind(records):
    return Counter(r.kind.value for r in records.values())


def test_595_pages_split_on_back_with_5_empty_shells(qc_stats):
    assert qc_stats["pages"] == 595
    assert qc_stats["shells"] == 5


def test_page_kinds_match_the_analysis(qc_stats):
    assert qc_stats["kinds"] == {
        "rules": 166, "faq": 59, "glossary-index": 1, "glossary": 126, "scenario": 136, "sheet": 2, "card": 105,
    }


def test_twelve_pages_are_only_tables_of_contents(qc_stats, qc_records):
    assert qc_stats["navigation"] == 12
    nav = [r for r in qc_records.values() if r.data.get("navigation") and r.kind.value == "section"]
    assert len(nav) == 13  # the 12 contents pages and the glossary index


def test_136_scenarios_93_with_an_official_difficulty(qc_records):
    scenarios = [r for r in qc_records.values() if r.kind.value == "scenario"]
    assert len(scenarios) == 136
    assert sum(r.data["difficulty"] is not None for r in scenarios) == 93
    assert Counter(r.data["easy_mode"]["kind"] for r in scenarios) == {"generic": 98, "list": 35, "none": 3}


def test_105_card_ruling_pages(qc_records):
    pages = [r for r in qc_records.values() if r.kind.value == "card" and r.data["ruling_page"]]
    assert len(pages) == 105


def test_177_question_pairs_fold_into_106_distinct_questions(qc_records):
    qas = [r for r in qc_records.values() if r.kind.value == "qa"]
    assert len(qas) == 106
    assert sum(len(r.data["pages"]) for r in qas) == 177


def test_59_faq_pages_126_glossary_terms_and_48_timing_steps(qc_records):
    kinds = by_kind(qc_records)
    assert kinds["clarification"] == 59
    assert kinds["glossary"] == 126
    assert kinds["step"] == 48


def test_keywords_17_rules_pages_and_49_on_scenario_pages(qc_records):
    keywords = [r for r in qc_records.values() if r.kind.value == "keyword" and "variant_of" not in r.data]
    assert sum(r.data["defined_in_rules"] for r in keywords) == 17
    assert sum(bool(r.data["scenarios"]) for r in keywords) == 49


def test_easy_mode_removals_have_quantities(qc_records):
    sc = qc_records["lotr:qc:scenario:escape-from-dol-guldur"]
    removals = {(r["card"], r["quantity"]) for r in sc.data["easy_mode"]["removals"]}
    assert ("Dungeon Jailor", 2) in removals and ("Caught in a Web", 2) in removals
    assert ("Chieftan Ufthak", 1) in removals


def test_34_scenarios_have_76_card_faq_entries_about_48_cards(qc_records):
    scenarios = [r for r in qc_records.values() if r.kind.value == "scenario"]
    with_faq = [r for r in scenarios if r.data["faq"]]
    entries = [e for r in with_faq for e in r.data["faq"]]
    assert len(with_faq) == 34
    assert len(entries) == 76
    assert len({e["as_written"] for e in entries}) == 48


def test_errata_found_in_the_companion_and_how_many_repeat_faq_errata(qc_records):
    errata = [r for r in qc_records.values() if r.kind.value == "errata"]
    assert len(errata) == 46
    assert sum("merge_into" in r.data for r in errata) == 43
