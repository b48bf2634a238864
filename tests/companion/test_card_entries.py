"""Card entries: errata prefixes, Q:/Q./unprefixed questions, the Ruling section."""

from adjudicator.lotr.companion_cards import card_refs, parse_card_page, parse_faq_block
from adjudicator.lotr.companion_pages import Line


def mk(*texts, start=1):
    return [Line(start + i, t, t) for i, t in enumerate(texts)]


def test_faq_block_splits_on_bare_card_titles():
    entries = parse_faq_block(mk(
        "Bog Troll", "Q: Does it sink?", "A: Sometimes.",
        "Marsh Light", 'Should read: "Travel: Each player loses 1 resource."', "The loss happens once.",
        "Reed Bed", "If a reed would be discarded, shuffle it back instead.",
    ))
    assert [e.card for e in entries] == ["Bog Troll", "Marsh Light", "Reed Bed"]
    assert entries[0].qas[0].question_text == "Does it sink?"
    assert entries[0].qas[0].answer_text == "Sometimes."
    assert len(entries[1].errata) == 2  # the erratum and its explanation
    assert entries[2].errata[0].text.startswith("If a reed")  # an erratum without a prefix


def test_question_with_a_full_stop_prefix_is_a_question():
    entries = parse_faq_block(mk("Bog Troll", "Q. Does it sink?", "A: Yes."))
    assert len(entries[0].qas) == 1


def test_card_page_reads_unprefixed_pairs_in_its_q_and_a_section():
    entry = parse_card_page("Bog Troll", 1, mk(
        "Q & A", "Q: Does it sink?", "A: Yes.", "What is a bog?", "A wet place.", start=2
    ))
    assert [qa.question_text for qa in entry.qas] == ["Does it sink?", "What is a bog?"]
    assert entry.qas[1].answer_text == "A wet place."


def test_card_page_ruling_section_is_a_ruling_not_an_erratum():
    entry = parse_card_page("Frog", 1, mk("Errata", 'Should read: "Croak."', "Ruling", "It croaks once.", start=2))
    assert [ln.text for ln in entry.errata] == ['Should read: "Croak."']
    assert [ln.text for ln in entry.rulings] == ["It croaks once."]


def test_set_codes_are_spelt_one_way():
    assert card_refs("Quick Strike (CS 35), Nameless Thing (DD 125), (SoM62), Beorn (OHaUH 1)") == [
        "CORE 35", "D 125", "SoM 62", "OHUH 1"
    ]
