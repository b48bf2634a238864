"""An action whose label names a phase ("Combat Action") is initiated only in an action window
of that phase (the Rules Reference's action ability rule): a question whether it may be used in
another phase, or outside its own, is a no, read from two values, the phase the label names and
the phase the question places the act in (``ask/timing_verdicts.phase_action_verdict``).  The
questions are our own; the rule is the real knowledge base's."""

from __future__ import annotations

import pytest

from adjudicator.ask.timing_verdicts import ACTION_RULE, PHASE_READING, RULE_OURS, phase_action_verdict
from adjudicator.ask.verdicts import SHOWN_READINGS

pytestmark = pytest.mark.usefixtures("all_games_env")


def read(kb, question: str):
    from adjudicator.ask.game_detection import linker_for

    return phase_action_verdict(kb, question, linker_for(kb).link(question, "lotr"))


def test_an_action_labelled_with_a_phase_may_not_be_used_in_another_phase(kb):
    found = read(kb, "May I trigger a Travel Action while we are in the encounter phase?")
    assert found is not None and found.kind == "no" and found.reading == PHASE_READING
    assert found.text.startswith(f"No ({RULE_OURS}): ") and PHASE_READING in SHOWN_READINGS
    record = kb.store.get(ACTION_RULE)
    assert f"({ACTION_RULE}, lotr-rr L{record.span.start}–L{record.span.end})" in found.text


def test_an_action_labelled_with_a_phase_may_not_be_used_outside_it(kb):
    # the phase is placed by the sentence before, which a question pointing back ("such") takes it from
    question = "Some effects make an enemy attack outside the combat phase. Can I use Combat Actions in such attacks?"
    assert "outside the combat phase" in read(kb, question).text
    question = "An enemy attacks us during the quest phase. It is possible to use a Combat Action in such an attack?"
    assert "the quest phase is another phase" in read(kb, question).text
    # a sentence before that places nothing: no reading
    assert read(kb, "An enemy attacks us. Can I use a Combat Action in such an attack?") is None


def test_no_reading_for_an_action_asked_about_in_its_own_phase(kb):
    # whether it does what the player wants there is another question
    assert read(kb, "Can I use a Combat Action during the combat phase to stop the attack?") is None


def test_no_reading_for_two_phases_or_a_card_timed_otherwise(kb):
    assert read(kb, "Can I play a Quest Action during the travel or encounter phase?") is None
    assert read(kb, "Can I play Feint as a Quest Action during the combat phase?") is None  # Feint is a combat action


def test_a_question_asked_in_the_negative_is_not_read(kb):
    assert read(kb, "Can't I use a Combat Action during the planning phase?") is None
