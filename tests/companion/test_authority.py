"""Official versus fan content (A Long-extended Party)."""


def test_fifteen_fan_scenarios(qc_records):
    fan = [r for r in qc_records.values() if r.kind.value == "scenario" and r.authority.value == "fan"]
    assert len(fan) == 15
    assert qc_records["lotr:qc:scenario:the-nine-are-abroad"] in fan


def test_alep_rules_pages_are_fan(qc_records):
    assert qc_records["lotr:qc:page:alep-player-objectives"].authority.value == "fan"
    assert qc_records["lotr:qc:page:deckbuilding:a-long-extended-party"].authority.value == "fan"


def test_official_rules_and_keywords_are_official(qc_records):
    assert qc_records["lotr:qc:keyword:archery"].authority.value == "official"
    assert qc_records["lotr:qc:faq:1.24"].authority.value == "official"


def test_card_pages_discussed_only_by_fan_scenarios_are_fan(qc_records):
    assert qc_records["lotr:qc:card:faq"].authority.value == "fan"
    assert qc_records["lotr:qc:card:wargs"].authority.value == "official"


def test_a_question_copied_on_official_and_fan_pages_counts_as_official(qc_records):
    for r in qc_records.values():
        if r.kind.value == "qa" and r.data.get("official_copy"):
            assert r.authority.value == "official"
