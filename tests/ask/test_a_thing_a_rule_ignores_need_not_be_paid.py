"""A rule saying that in its case a thing is ignored ("when a troll is put to sleep, its gold toll
is ignored") answers no to whether that thing must still be paid or met in that case, and yes to
whether the case's action may be done without it (``ignored_things``, reading "ignored", shown as
adjudicator's reading); a question outside the rule's case, about another thing, negative, with a
figure or an alternative, or a rule with an exception, gets no reading.  The sentences and
questions are invented."""

from __future__ import annotations

from adjudicator.ask.ignored_things import reading
from adjudicator.ask.question_form import asking_sentence, question_form
from adjudicator.ask.verdicts import OURS, settled
from invented_records import weigh_by

RULE = "When a troll is put to sleep, its gold toll is ignored."


def read(question: str, sentence: str = RULE):
    return reading(asking_sentence(question), question_form(question), sentence, question)


def test_a_thing_ignored_in_the_question_s_case_need_not_be_paid():
    assert read("If a troll is put to sleep by a song, do I have to pay its gold toll?") == "no"
    assert read("When a troll is put to sleep, does its gold toll still apply?") == "no"
    assert read("When a troll is put to sleep, must I pay the gold toll?") == "no"


def test_the_case_s_action_may_be_done_without_the_thing_ignored():
    assert read("Can a troll be put to sleep without paying its gold toll?") == "yes"


def test_no_reading_outside_the_rule_s_case():
    assert read("If a troll is awake, do I have to pay its gold toll?") is None
    assert read("Do I have to pay the gold toll?") is None


def test_no_reading_for_another_thing_than_the_one_ignored():
    assert read("If a troll is put to sleep, do I have to pay its silver toll?") is None
    assert read("If a troll is put to sleep, do I have to pay its gold toll and a bridge fee?") is None


def test_no_reading_for_a_question_asking_whether_the_thing_is_ignored():
    # "does it ... ignoring its toll?" asks whether it is ignored (yes), not whether it must be paid
    assert read("The song puts a troll to sleep, but does it do so ignoring its gold toll?") is None


def test_no_reading_for_a_negative_question_a_figure_or_an_alternative():
    assert read("If a troll is put to sleep, don't I have to pay its gold toll?") is None
    assert read("If a troll is put to sleep, do I have to pay 2 gold of its gold toll?") is None
    assert read("If a troll is put to sleep, do I have to pay its gold toll or is it free?") is None


def test_no_reading_from_a_rule_with_an_exception():
    assert read("If a troll is put to sleep, do I have to pay its gold toll?",
                "When a troll is put to sleep, its gold toll is ignored except at the bridge.") is None
    assert read("If a troll is put to sleep, do I have to pay its gold toll?",
                "When a troll is put to sleep, its gold toll is not ignored.") is None


def test_the_reading_is_shown_as_adjudicator_s_with_the_rule_after_it():
    question = "If a troll is put to sleep by a song, do I have to pay its gold toll?"
    found = settled(question, None, RULE, weigh_by(question))
    assert (found.kind, found.basis, found.reading) == ("no", "inferred", "ignored")
    assert found.text == f"No ({OURS}): {RULE}"
