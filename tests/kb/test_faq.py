"""FAQ 1.9 parsed from the user's copy: errata, clarifications, Q&A (analysis §3)."""

import pytest

from adjudicator.kb.cards import find_refs, normalise
from adjudicator.kb.records import Kind
from adjudicator.lotr.faq import parse


@pytest.fixture(scope="module")
def records(source_doc):
    doc = source_doc("lotr-faq")
    return {r.id: r for r in parse(doc.lines, doc)}


def of_kind(records, kind):
    return [r for r in records.values() if r.kind == kind]


def test_48_errata_47_cards_and_the_rulebook_erratum(records):
    errata = of_kind(records, Kind.ERRATA)
    assert len(errata) == 48
    cards = [r for r in errata if r.id != "lotr:errata:rulebook-p14"]
    assert len({r.data["card"] for r in cards}) == 47
    assert sorted({r.data["product"] for r in cards}) == sorted([
        "LOTR Core Set Cards", "Shadows of Mirkwood Expansion", "Khazad-Dûm Expansion", "Dwarrowdelf Expansion",
        "Over Hill and Under Hill Saga Expansion", "On the Doorstep Saga Expansion", "Heirs of Númenor Expansion",
        "Against the Shadow Expansion", "The Ring-maker Cycle", "The Treason of Saruman", "The Land of Shadow"])


def test_both_errata_layouts_are_read(records):
    layouts = [r.data.get("layout") for r in of_kind(records, Kind.ERRATA)]
    assert layouts.count("A") == 21 and layouts.count("B") == 26


def test_errata_are_patches_or_clarifications(records):
    errata = {r.id: r for r in of_kind(records, Kind.ERRATA)}
    pure = sorted(rid for rid, r in errata.items() if not r.data["patches"])
    assert pure == ["lotr:errata:core-125", "lotr:errata:core-51", "lotr:errata:core-6", "lotr:errata:core-8"]
    assert errata["lotr:errata:core-12"].data["patches"][0]["text"].endswith("Limit once per round.")
    elbereth = errata["lotr:errata:d-132"]
    assert [p["kind"] for p in elbereth.data["patches"]] == ["title", "text"]
    assert errata["lotr:errata:rulebook-p14"].data["patches"][0]["kind"] == "sentence"


def test_errata_carry_set_code_and_number(records):
    snow_warg = records["lotr:errata:d-27"]
    assert (snow_warg.data["card"], snow_warg.data["set"], snow_warg.data["number"]) == ("Snow Warg", "D", 27)
    assert records["lotr:errata:core-91"].cards == ["CORE 91"]


def test_59_numbered_clarifications(records):
    clarifications = of_kind(records, Kind.CLARIFICATION)
    assert len(clarifications) == 59
    assert [r.data["number"] for r in clarifications] == [f"1.{n:02d}" for n in range(59)]


def test_89_question_and_answer_pairs_each_with_an_answer(records):
    qa = of_kind(records, Kind.QA)
    assert len(qa) == 89
    assert all(r.data["answer"] for r in qa)
    assert records["lotr:faq:q:14"].data["question"].startswith("Does a player with the Dungeon Torch")


def test_a_question_split_by_a_page_break_is_joined(records):
    q85 = records["lotr:faq:q:85"]
    assert q85.data["question"].endswith("?") and q85.span.end == 954


def test_an_example_split_by_a_page_break_is_one_block(records):
    lasting = records["lotr:faq:1.55"]
    assert len([b for b in lasting.blocks if b.example]) == 2
    assert lasting.blocks[-1].example


def test_expert_game_scoring_and_the_scoring_sheet(records):
    assert records["lotr:faq:expert-game"].kind == Kind.RULE
    assert records["lotr:faq:scoring"].kind == Kind.RULE
    assert records["lotr:faq:scoring-sheet"].data["copies"] == 3


def test_card_references_are_normalised_to_one_form():
    assert normalise("Core", 6) == normalise("CORE", 6) == "CORE 6"
    assert normalise("CS", 35) == "CORE 35"
    assert normalise("DD", 125) == normalise("D", 125) == "D 125"
    assert normalise("OHauH", 1) == "OHUH 1"
    assert find_refs("Beorn's (OHauH 1) and Quick Strike (CS 35)") == [("OHUH 1", "Beorn"), ("CORE 35", "Quick Strike")]


def test_quick_strike_cited_three_ways_is_one_card(records):
    with_qs = [r.id for r in records.values() if "CORE 35" in r.cards]
    assert {"lotr:faq:1.11", "lotr:faq:1.47", "lotr:faq:q:18", "lotr:faq:q:60"} <= set(with_qs)


# invented sentences of the FAQ's shapes: the card's name is the words before its reference,
# less the question's opening, a quest card's side and an ability named on the card
@pytest.mark.parametrize("text, name", [
    ("Q: Does Dungeon Jailer (CORE 101) keep it?", "Dungeon Jailer"),
    ("Q: If A Light in the Dark (CORE 52) is played", "A Light in the Dark"),
    ("Q: When Oin (OtD 4) gains a resource", "Oin"),
    ("Q: After False Lead (SF 25) resolves", "False Lead"),
    ("Q: If a Sacked! (SoM 48) card is attached", "Sacked!"),
    ("the text of Driven by Shadow (CORE 92) lasts", "Driven by Shadow"),
    ("a player plays The Door is Closed (AA 92) first", "The Door is Closed"),
    ("the effect of Return to Rhosgobel 3B (SoM 62)", "Return to Rhosgobel 3B"),
    ("side B of The Hunt Begins (SoM 11) reads", "The Hunt Begins"),
    ("the Quest Action on Nenya (RM 121) adds", "Nenya"),
    ("if it is played by Beorn (OHUH 1) then", "Beorn"),
    ("A Test of Will (CORE 50) cancels it", "A Test of Will"),
])
def test_a_card_reference_names_the_card_not_the_question_around_it(text, name):
    assert [found for _, found in find_refs(text)] == [name]


def test_no_card_name_the_faq_yields_opens_with_a_question_word(records):
    openers = ("If ", "When ", "Does ", "Is ", "After ", "B ", "A of ")
    names = {n for r in records.values() for n in (r.data.get("card_names") or {}).values()}
    assert names and not {n for n in names if n.startswith(openers) or n in {"B", "Shadow", "Closed"}}
