"""A can/may/must question asks whether an action may be taken in a case ("can we travel if
there's already an active location?"); a rule's sentence opening on that action as its own case
("When the players travel to a location, it is removed from the staging area ...") says how the
action goes, not whether it may be taken, and does not count as the question's own case (review
11, L41): the record's sentence ruling on the action is shown ("The players cannot travel if
another location card is active.")."""

from __future__ import annotations

import pytest

from adjudicator.ask.asked_action import asked_action, opens_on


@pytest.mark.parametrize("question, action", [
    ("can we travel if there's already an active location?", "travel"),
    ("Must I declare a defender?", "declar"),
    ("So can I still attack?", "attack"),
    ("do I have to exhaust to defend?", "exhaust"),
    ("can an exhausted character defend?", None),  # no pronoun subject: no action read
    ("Can I use Gondorian Fire twice?", None),  # "use" names no action of its own
    ("what happens when my deck runs out?", None),
])
def test_the_asked_action_is_the_verb_after_the_modal_and_its_pronoun(question, action):
    assert asked_action(question) == action


def test_a_case_is_the_action_when_it_says_its_verb():
    assert opens_on("the players travel to a location", "travel")
    assert not opens_on("another location card is active", "travel")


def test_the_sentence_ruling_on_the_asked_action_is_the_records_deciding_sentence(kb):
    from adjudicator.ask.deciding_sentence import deciding_sentence
    from invented_records import weigh_by

    question = "can we travel if there's already an active location?"
    shown, _ = deciding_sentence(kb.store.get("lotr:rr:active-location"), weigh_by(question), question)
    assert shown == "The players cannot travel if another location card is active."


def test_the_answer_opens_on_a_sentence_ruling_on_the_asked_action(kb):
    from adjudicator.ask.answer import answer_in_game

    answer = answer_in_game(kb, "can we travel if there's already an active location?", "lotr")
    # the Active Location entry or the travel step: each has a sentence ruling that travel is not allowed
    assert answer.best.id in ("lotr:rr:active-location", "lotr:rr:step:4.2")
    assert "cannot travel" in answer.best.sentence and not answer.best.sentence.startswith("When the players travel")
