"""A rule stated over two sentences is shown whole (``rule_passage``): the sentence chosen is shown
with the one before it when it goes on from it ("... such a goblin ...", "... are instead ...",
"Example: ..."), and with the one after it when that one goes on from it ("Additionally, ...",
"If that bridge ...", "There is no difference between ..."), by the later sentence's own words,
never by the question's.  Two unrelated sentences are not joined; the passage stays within the
length shown; the record cited holds both sentences, so its lines cover them.  The records are
ordered by the sentence chosen (``deciding_sentence``); the passage is what is shown of it
(``whole_passage``)."""

from __future__ import annotations

from adjudicator.ask.deciding_sentence import MAX_SHOWN, deciding_sentence, whole_passage
from adjudicator.ask.rule_passage import goes_on, neighbours, passage
from adjudicator.ask.sentences import sentences
from adjudicator.kb.records import Block
from invented_records import invented_qa, invented_record, weigh_by


def shown_of(record, question: str, weigh=None) -> str:
    """What `ask` shows of the record's deciding sentence: its rule's whole passage."""
    sentence, _ = deciding_sentence(record, weigh or weigh_by(question), question)
    return whole_passage(record.id, question, sentence)


def test_a_sentence_continued_by_the_next_is_shown_with_it():
    record = invented_record("A goblin on the bridge counts as guarding it.",
                             "Additionally, a goblin in the tower above the bridge also guards it.",
                             "Trolls never guard.")
    question = "does a goblin on the bridge count as guarding?"
    shown = shown_of(record, question)
    assert shown == ("A goblin on the bridge counts as guarding it. "
                     "Additionally, a goblin in the tower above the bridge also guards it.")


def test_a_detail_leaning_on_the_rule_before_it_is_shown_with_that_rule():
    record = invented_record("Cave limits are goblin specific.",
                             "Each goblin with such a limit may enter the cave twice per night.")
    question = "how often may a goblin enter the cave per night?"
    shown = shown_of(record, question)
    assert shown.startswith("Cave limits are goblin specific. Each goblin with such a limit")


def test_a_summing_up_of_the_cases_after_the_rule_is_shown_with_it():
    record = invented_record("When a troll wakes a goblin, the goblin has also woken the troll.",
                             "There is no difference between waking a troll and being woken by one.")
    question = "if a troll wakes my goblin, has my goblin woken the troll?"
    shown = shown_of(record, question)
    assert shown.endswith("There is no difference between waking a troll and being woken by one.")


def test_an_answers_next_sentence_leaning_on_it_is_shown_with_it():
    record = invented_qa("Does a torch thrown on the bridge burn it?",
                         "No. A torch thrown on the bridge lands in the river instead. "
                         "If that river is frozen, the torch stays lit on the ice. Trolls like ice.")
    shown = shown_of(record, "torch thrown on the bridge burn?", weigh_by("torch thrown on the bridge"))
    assert shown.endswith("If that river is frozen, the torch stays lit on the ice.")
    assert "Trolls like ice" not in shown


def test_the_sentence_chosen_is_the_one_ask_orders_by_and_the_passage_what_it_shows():
    record = invented_record("A goblin on the bridge counts as guarding it.",
                             "Additionally, a goblin in the tower above the bridge also guards it.")
    question = "does a goblin on the bridge count as guarding?"
    sentence, _ = deciding_sentence(record, weigh_by(question), question)
    assert sentence == "A goblin on the bridge counts as guarding it."
    assert whole_passage(record.id, question, sentence).startswith(sentence + " Additionally,")
    assert whole_passage(record.id, "another question", sentence) == sentence


def test_two_unrelated_sentences_are_not_joined():
    record = invented_record("A goblin on the bridge counts as guarding it.",
                             "Trolls sleep through the dusk phase.")
    question = "does a goblin on the bridge count as guarding?"
    shown = shown_of(record, question)
    assert shown == "A goblin on the bridge counts as guarding it."
    assert not goes_on("Trolls sleep through the dusk phase.")


def test_a_sentence_stating_its_own_cases_alike_sums_up_nothing_before_it():
    assert not goes_on("Whether a troll wakes it or it wakes itself, the result is the same.")
    assert goes_on("In either case, the goblin is awake.")
    assert not goes_on("If the damage is the same as its hit points, the goblin is banished.")


def test_the_passage_stays_within_the_length_shown():
    long_detail = "Additionally, " + " ".join(["the goblin carries a torch"] * 20) + "."
    assert passage("A goblin guards.", "", long_detail, MAX_SHOWN) == "A goblin guards."
    record = invented_record("A goblin on the bridge counts as guarding it.", long_detail)
    question = "does a goblin on the bridge count as guarding?"
    shown = shown_of(record, question)
    assert shown == "A goblin on the bridge counts as guarding it."
    assert len(shown) <= MAX_SHOWN


def test_a_title_or_a_heading_is_not_joined():
    assert passage("Goblin Sphere", "", "It also guards.", MAX_SHOWN) == "Goblin Sphere"
    record = invented_record("A goblin guards the bridge.", Block("Trolls", style="heading"),
                             "Also, trolls may cross it.")
    assert neighbours(record, 0, 0, sentences) == ("", "")


def test_a_rule_is_not_continued_into_a_worked_example_but_an_example_takes_its_rule():
    record = invented_record("Goblins may swim across the moat.",
                             Block("Example: Snaga also swims the moat at dusk.", example=True))
    assert neighbours(record, 0, 0, sentences) == ("", "")
    assert neighbours(record, 1, 0, sentences) == ("Goblins may swim across the moat.", "")


def test_the_record_cited_holds_both_sentences_so_its_lines_cover_them():
    record = invented_record("A goblin on the bridge counts as guarding it.",
                             "Additionally, a goblin in the tower above the bridge also guards it.")
    question = "does a goblin on the bridge count as guarding?"
    shown = shown_of(record, question)
    said = " ".join(b.text for b in record.blocks)
    assert all(part in said for part in sentences(shown))
    assert len(sentences(shown)) == 2
