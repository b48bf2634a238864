"""A paragraph repeated on many pages is one record with the list of its pages."""


def test_wargs_and_chieftan_ufthak_question_is_one_record_on_13_pages(qc_records):
    hits = [r for r in qc_records.values() if r.kind.value == "qa" and "Ufthak" in r.title and "Wargs" in r.title]
    assert len(hits) == 1
    assert len(hits[0].data["pages"]) == 13
    assert set(hits[0].data["about"]) == {"Chieftan Ufthak", "Wargs"}


def test_generic_easy_mode_paragraph_is_one_record_for_98_scenarios(qc_records):
    generic = qc_records["lotr:qc:easy-mode:generic"]
    assert len(generic.data["pages"]) == 98


def test_surge_boilerplate_on_130_scenarios_is_one_keyword_variant(qc_records):
    variants = [r for r in qc_records.values() if r.data.get("variant_of") == "lotr:qc:keyword:surge"]
    assert len(variants) == 1
    assert len(qc_records["lotr:qc:keyword:surge"].data["scenarios"]) == 130


def test_rules_text_copied_into_scenario_rulings_points_to_the_rules_page(qc_records):
    last_player = qc_records["lotr:qc:page:last-player"]
    assert len(last_player.data["scenarios"]) == 3


def test_no_two_records_hold_the_same_question(qc_records):
    from adjudicator.lotr.companion_repairs import normal_key

    keys = [normal_key(r.text) for r in qc_records.values() if r.kind.value == "qa"]
    assert len(keys) == len(set(keys))
