"""A rule's sentence that rules several cases alike ("No matter whether the horn, a card or the
goblin itself wakes it, a woken goblin is treated alike") answers a question that sets its own
case apart ("if I wake it before ...", "only when ...", "once it is ..."): the player asks whether
their case differs.  It is shown over a sentence sharing as many of the question's words about one
of the cases (issue 11, diag13: the opening of an engagement step shown for "if I engage it
before the checks, does it lose its effect?")."""

from __future__ import annotations

from adjudicator.ask.deciding_sentence import _rules_cases_alike, deciding_sentence
from invented_records import invented_record as record, weigh_by

RULES = record("The goblins make a series of waking checks to see if any sleeping goblin in the cave wakes. "
               "No matter whether waking checks, a card or the goblin itself wakes it, "
               "a woken goblin is treated alike.")


def test_a_question_setting_its_case_apart_is_shown_the_sentence_ruling_the_cases_alike():
    question = "If I wake the goblin before the waking checks, does the goblin lose its waking effect?"
    shown, _ = deciding_sentence(RULES, weigh_by(question), question)
    assert shown.startswith("No matter whether waking checks")


def test_a_question_setting_no_case_apart_is_shown_the_sentence_holding_its_words():
    question = "Do the goblins make a series of waking checks in the cave?"
    shown, _ = deciding_sentence(RULES, weigh_by(question), question)
    assert shown.startswith("The goblins make a series of waking checks")


def test_only_a_sentence_that_says_the_cases_end_alike_rules_them_alike():
    question = "Does the goblin wake only on a waking check?"
    assert _rules_cases_alike("Whether the goblin wakes by a card or by a check, the result is the same.", question)
    assert _rules_cases_alike("Regardless of how it wakes, it wakes alike.", question)
    assert not _rules_cases_alike("Whether the goblin wakes depends on the check.", question)
    assert not _rules_cases_alike("Whether the goblin wakes by a card or by a check, the result is the same.",
                                  "Does the goblin wake on a waking check?")
