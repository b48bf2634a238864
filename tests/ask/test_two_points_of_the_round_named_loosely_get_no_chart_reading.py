"""The round sequence chart's reading (``ask/timing_verdicts.py``) is given only for two points
it can place: not for two named against play order when the stretch from the first past the
round's end to the second says otherwise than the stretch between them ("between the round
ending and the next round beginning" has no window; 0.0 to 0.1 has many), nor for a point a
step's verb names only as much as another step's word does, unless the other point tells them
apart ("dealing damage": "Deal shadow cards" or "Determine combat damage").  And the action
ability rule's no for a phase-labelled action is given only to a question asking leave to
initiate it.  The questions are our own, written to probe the readings; the documents are the
real ones."""

from __future__ import annotations

import pytest

from adjudicator.ask.timing_verdicts import timing_verdict

pytestmark = pytest.mark.usefixtures("all_games_env")


def read(kb, question: str):
    from adjudicator.ask.game_detection import linker_for

    return timing_verdict(kb, question, linker_for(kb).link(question, "lotr"))


def test_two_points_named_across_the_rounds_end_get_no_reading(kb):
    assert read(kb, "Is there an action window between the round ending and the next round beginning?") is None


def test_two_points_named_against_play_order_inside_the_round_are_still_read(kb):
    found = read(kb, "Is there an action window between quest resolution and staging?")
    assert found is not None and found.kind == "yes"


def test_a_steps_verb_tied_with_another_steps_word_names_it_only_beside_the_other_point(kb):
    # "dealing damage": "Deal shadow cards" (its verb) and "Determine combat damage" share a word
    # each; after determining attack strength, several steps tie: no reading (the window after
    # 6.2 was cited)
    assert read(kb, "Can I play an action between determining attack strength and dealing damage in my attack?") \
        is None
    # "revealing encounter cards" before quest resolution: no tied step in its phase or the one before
    assert read(kb, "Can I play an action between revealing encounter cards and quest resolution?") is None
    # "revealing the shadow card" after declaring a defender: the tied step beside it is 6.4.2
    found = read(kb, "Can I use an action between declaring a defender and revealing the shadow card?")
    assert found is not None and found.kind == "yes" and "(lotr:rr:window:6.4.1, " in found.text
    # "characters ready" after the end of combat: the tied step in the next phase is 7.2
    found = read(kb, "Could I use an action between the end of the combat phase and characters ready?")
    assert found is not None and found.kind == "no" and "7.2" in found.text


def test_a_phase_labelled_action_gets_its_no_only_when_the_question_asks_leave_to_initiate_it(kb):
    from adjudicator.ask.timing_verdicts import phase_action_verdict
    from adjudicator.ask.game_detection import linker_for

    def phase_read(question: str):
        return phase_action_verdict(kb, question, linker_for(kb).link(question, "lotr"))

    # the rule says when such an action is initiated; these ask something else of it
    assert phase_read("Do Combat Actions count as actions during the encounter phase?") is None
    assert phase_read("Does the Combat Action restriction apply during the encounter phase?") is None
    assert phase_read("Is a Combat Action still an action ability in the planning phase?") is None
    assert phase_read("Can a Combat Action be cancelled during the encounter phase?") is None
    assert phase_read("Can I use a Combat Action during the quest phase?").kind == "no"
    assert phase_read("Is a Combat Action allowed in the refresh phase action window?").kind == "no"
