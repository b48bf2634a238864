"""A player asking "A, or B?" is shown, after the sentence chosen for the question's words, the
sentence of the same record that speaks to the alternative the chosen one leaves out
(``other_alternative``): the record's ruling on both readings the player offered.  Nothing is
added when the chosen sentence speaks to both, when no other sentence speaks to the one left
out, when the question offers no alternatives, or when it asks how many."""

from __future__ import annotations

from adjudicator.ask.deciding_sentence import deciding_sentence
from adjudicator.ask.other_alternative import offered, other_alternative
from invented_records import invented_record, weigh_by

KEEP = "Goblins at the bridge keep their torches lit throughout the night phase."
DROP = "At the end of the night phase, each goblin must drop its torches into the pit."
TROLLS = "Trolls never carry torches."


def test_the_sentence_on_the_alternative_left_out_is_shown_after_the_chosen_one():
    record = invented_record(" ".join([KEEP, TROLLS, DROP]))
    question = "After the night phase, do the goblins drop their torches, or do they keep them at the bridge?"
    shown, _ = deciding_sentence(record, weigh_by(question), question)
    assert shown.startswith(KEEP)
    assert shown.endswith(DROP)
    assert TROLLS not in shown


def test_a_chosen_sentence_speaking_to_both_alternatives_is_shown_alone():
    both = "Goblins at the bridge keep their torches lit, and only drop them when a troll comes."
    record = invented_record(" ".join([both, DROP]))
    question = "do the goblins drop their torches, or do they keep them at the bridge?"
    shown, _ = deciding_sentence(record, weigh_by(question), question)
    assert shown == both


def test_no_sentence_is_added_when_none_speaks_to_the_alternative_left_out():
    record = invented_record(" ".join([KEEP, TROLLS]))
    question = "After the night phase, do the goblins drop their torches, or do they keep them at the bridge?"
    shown, _ = deciding_sentence(record, weigh_by(question), question)
    assert shown == KEEP


def test_a_question_offering_no_alternatives_is_shown_one_sentence():
    record = invented_record(" ".join([KEEP, TROLLS, DROP]))
    question = "Do goblins at the bridge keep their torches during the night phase?"
    shown, _ = deciding_sentence(record, weigh_by(question), question)
    assert shown == KEEP


def test_a_how_many_question_is_not_given_a_second_sentence():
    question = "How many torches do goblins keep at the bridge, or do they drop them all?"
    assert other_alternative(question, KEEP, [(TROLLS, 1.0), (DROP, 1.0)], weigh_by(question)) is None


def test_a_plain_or_before_the_second_reading_offers_two_alternatives():
    assert offered("at the end of the night do we drop the torches or they stay lit at the bridge?") == [
        "at the end of the night do we drop the torches", "they stay lit at the bridge"]
    assert offered("can a goblin carry two torches or more?") == []
    assert offered("Goblins drop torches or keep them.") == []  # a statement asks nothing
