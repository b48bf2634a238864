"""A rule's sentence opening on a case is the question's case only when it says the case the way
the question does (review 11: "what happens to the Ringwraiths when they get defeated?" opened
"If the Ringwraiths were not defeated, Sauron wins the game."): a negated case does not match the
unnegated case of a question's when/if clause, nor the other way round."""

from __future__ import annotations

import pytest

from adjudicator.ask.asked_case import negated, polarity_differs, question_cases

WINS = "If the Ringwraiths were defeated during step 6, the heroes immediately win the game."
LOSES = "If the Ringwraiths were not defeated, Sauron wins the game."


def test_negated_clauses_are_told_by_their_grammatical_negation():
    assert negated("If the Ringwraiths were not defeated")
    assert negated("unless the character is exhausted") and negated("if nobody quests") and negated("if you can't pay")
    assert not negated("when they get defeated") and not negated("if a character fails a corruption check")


def test_a_questions_cases_are_its_when_if_clauses_up_to_what_it_asks():
    assert question_cases("what happens to the Ringwraiths when they get defeated?") == ["when they get defeated"]
    assert question_cases("if none of us quest this round does the staging area threat still hit us?") == \
        ["if none of us quest this round"]
    assert question_cases("what if a character dies when defending, and then I lose?") == \
        ["if a character dies", "when defending"]
    assert question_cases("how many cards do I draw?") == []


def _shared(case: str, against: str) -> float:  # the words two texts share, unweighed
    from adjudicator.ask.question_index import words

    return float(len(set(words(case)) & set(words(against))))


@pytest.mark.parametrize("question, case, differs", [
    ("what happens to the Ringwraiths when they get defeated?", "If the Ringwraiths were not defeated", True),
    ("what happens to the Ringwraiths when they get defeated?", "If the Ringwraiths were defeated during step 6", False),
    ("what happens if the Ringwraiths are not defeated?", "If the Ringwraiths were defeated during step 6", True),
    ("what happens if the Ringwraiths are not defeated?", "If the Ringwraiths were not defeated", False),
    ("who wins the Finale?", "If the Ringwraiths were not defeated", False),  # no case of its own
    ("what happens when a hero rests?", "If the Ringwraiths were not defeated", False),  # no word shared
])
def test_a_case_said_the_other_way_differs(question, case, differs):
    def weigh(text, against=None):
        return _shared(text, against)

    assert polarity_differs(case, question, weigh) is differs


def test_the_deciding_sentence_is_not_a_negated_case_for_an_unnegated_question(kb):
    from adjudicator.ask.answer import answer_in_game

    answer = answer_in_game(kb, "what happens to the Ringwraiths when they get defeated?", "meq")
    assert all(c.sentence != LOSES for c in [answer.best, *answer.supporting])
    # and the other way round: the question's own negated case is chosen
    negative = answer_in_game(kb, "what happens if the Ringwraiths are not defeated?", "meq")
    assert LOSES in [c.sentence for c in [negative.best, *negative.supporting]]
