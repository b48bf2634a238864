"""Spelling variants in the sources resolve to one card or scenario."""

from adjudicator.lotr import qc_data


def test_card_variants_resolve_to_one_name():
    names = qc_data.names()
    assert names.card("Chieftain Ufthak") == names.card("Chieftan Ufthak") == "Chieftan Ufthak"
    assert names.card("Dungeon Jailer") == "Dungeon Jailor"
    assert names.card("Nazgúl of Dol Guldur") == names.card("Nazgûl of Dol Guldur")
    assert names.card("Dol Guldur Beast Master") == "Dol Guldur Beastmaster"


def test_scenario_variants_resolve_to_one_name():
    names = qc_data.names()
    assert names.scenario("Conflict at the Carrock") == "Conflict At The Carrock"
    assert names.scenario("The Crossings of Poros") == "The Crossing of Poros"


def test_no_separate_records_for_variant_spellings(qc_records):
    assert "lotr:qc:card:chieftain-ufthak" not in qc_records
    assert "lotr:qc:card:dungeon-jailer" not in qc_records
    assert "lotr:qc:card:dol-guldur-beast-master" not in qc_records
    card = qc_records["lotr:qc:card:dungeon-jailor"]
    assert "Dungeon Jailer" in card.aliases
    assert card.data["set_ref"] == "CORE 101"


def test_every_scenario_has_a_product():
    assert len(qc_data.products()) == 136
