"""Repairs of the dump's damaged text; restored icons are bracketed and labelled inferred."""

from adjudicator.lotr.companion_repairs import name_key, normal_key, repair_line


def test_mojibake_quote_becomes_an_apostrophe():
    text, notes = repair_line('counts as "\u02dcmossy\' here')
    assert text == "counts as 'mossy' here"
    assert notes


def test_non_breaking_spaces_become_spaces():
    assert repair_line("At the end of\u00a0Setup\u00a0")[0] == "At the end of Setup"


def test_question_mark_for_an_apostrophe_is_repaired_but_real_questions_are_kept():
    assert repair_line("the player?s deck")[0] == "the player's deck"
    assert repair_line("Is it wet? Yes.")[0] == "Is it wet? Yes."


def test_battle_icon_is_restored_as_attack_and_flagged_as_inferred():
    raw = ("If a quest card has the battle keyword, when characters are committed to that quest, "
           "they count their total instead of their total when resolving the quest.")
    text, notes = repair_line(raw)
    assert "[attack] total instead of their [willpower] total" in text
    assert any("inferred" in n for n in notes)


def test_siege_icon_is_restored_as_defense():
    raw = ("If a quest card has the siege keyword, when characters are committed to that quest, "
           "they count their total instead of their total")
    assert "[defense] total" in repair_line(raw)[0]


def test_archery_sentence_gets_defense_back():
    assert repair_line("Remember that does not block archery damage.")[0] == (
        "Remember that [defense] does not block archery damage."
    )


def test_known_typos_and_spacing_slips_are_fixed():
    assert repair_line("a ressource for Leaf - wrapped Lembas")[0] == "a resource for Leaf-wrapped Lembas"


def test_copies_differing_only_in_quotes_spacing_and_accents_share_a_key():
    assert normal_key("Nazgûl  of “Dol” Guldur\u00a0") == normal_key('Nazgul of "Dol" Guldur')


def test_name_keys_ignore_case_accents_and_ampersands():
    assert name_key("Conflict At The Carrock") == name_key("conflict at the carrock")
    assert name_key("Timing & Gameplay") == "timing and gameplay"


def test_dropping_the_sheets_toggle_fragments_is_logged_as_a_repair_not_a_note(qc_records):
    """What the parser did to the layout is for maintainers (data["repairs"]); a note is for readers."""
    sheet = qc_records["lotr:qc:sheet:number-of-players"]
    assert any("toggle" in n for n in sheet.data.get("repairs", []))
    assert not any("toggle" in n for n in sheet.notes)
