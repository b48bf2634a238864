"""An open question (what happens, what do I do with it) is shown the deciding sentence with the
sentence right after it that goes on from what it says has happened ("After its torch is put
out, ..."): the procedure's next step (``next_step``).  Not for a yes/no question, not for a
sentence after it that opens on something the deciding sentence does not say, nor for one
that does not go on from it at all."""

from __future__ import annotations

from adjudicator.ask.deciding_sentence import deciding_sentence
from adjudicator.ask.next_step import next_step
from invented_records import invented_record, weigh_by

CAUGHT = "When a goblin is caught by the watch, its torch is put out at once."
SENT = "After its torch is put out, the goblin is sent to the pit."
ELSEWHERE = "After its trial is over, the goblin is sent to the pit."
TROLLS = "Trolls are never caught by the watch."


def test_the_next_step_is_shown_after_the_deciding_sentence_of_a_what_happens_question():
    record = invented_record(" ".join([CAUGHT, SENT, TROLLS]))
    question = "What happens to a goblin caught by the watch?"
    shown, _ = deciding_sentence(record, weigh_by(question), question)
    assert shown == CAUGHT + " " + SENT


def test_a_yes_or_no_question_is_not_shown_the_next_step():
    record = invented_record(" ".join([CAUGHT, SENT]))
    question = "Is the torch of a goblin caught by the watch put out?"
    assert next_step(record, CAUGHT, question) is None


def test_a_sentence_opening_on_what_the_deciding_one_does_not_say_is_not_its_next_step():
    record = invented_record(" ".join([CAUGHT, ELSEWHERE]))
    assert next_step(record, CAUGHT, "What happens to a goblin caught by the watch?") is None


def test_a_sentence_that_does_not_go_on_from_it_is_not_its_next_step():
    record = invented_record(" ".join([CAUGHT, TROLLS]))
    assert next_step(record, CAUGHT, "What happens to a goblin caught by the watch?") is None
