"""An either/or question ("do his progress go on the location or the quest?") is answered by
which of the two holds, never by a bare Yes or No (review 11, 1c: FAQ Q42's "No." opened the
answer to "... on the location or the quest?"); and a Q&A whose own question names what a thing
has ("an active location with the text 'Immune to player card effects'") that the player's
question holds none of is narrower than the player's question, so its stated Yes or No is not
the player's."""

from __future__ import annotations

import pytest

from adjudicator.ask.narrowing import asks_which, holds_its_qualifiers, qualifiers
from adjudicator.ask.verdicts import verdict
from adjudicator.kb.records import Block, Record, Span
from invented_records import weigh_by


def qa(question: str, answer: str) -> Record:
    return Record(id="lotr:faq:q:999", game="lotr", kind="qa", title=question, span=Span("lotr-faq", 1, 3),
                  blocks=[Block(question, style="question"), Block(answer)])


@pytest.mark.parametrize("question", [
    "do his 2 progress go on the location or the quest?",
    "does Legolas put his progress on the quest or the active location?",
    "does a defeated enemy go to the discard pile or the victory display?",
    "is he discarded or eliminated?",
    "does it keep its damage, or does it heal?",
])
def test_a_question_offering_two_answers_asks_which(question):
    assert asks_which(question)


@pytest.mark.parametrize("question", [
    "can I play an attachment on an enemy or location that is immune to player card effects?",  # one case of two things
    "can the hero or the ally quest?",  # its subject
    "do I raise my threat or not?",
    "is this true or false: a hero can defend twice?",
    "can I attack an enemy in the staging area?",
])
def test_a_yes_or_no_question_with_or_inside_it_is_not_either_or(question):
    assert not asks_which(question)


def test_a_stated_no_to_an_either_or_question_shows_its_reason_without_the_no():
    record = qa("Does the goblin's loot go into the cave or the camp?", "No. The loot goes into the cave first.")
    question = "does the goblin's loot go into the cave or the camp?"
    v = verdict(question, record, "No. The loot goes into the cave first.", weigh_by(question))
    assert v.kind == "text" and v.text == "The loot goes into the cave first."


def test_the_same_q_and_a_keeps_its_no_for_a_yes_or_no_question():
    record = qa("Does the goblin's loot go into the camp?", "No. The loot goes into the cave first.")
    question = "does the goblin's loot go into the camp?"
    v = verdict(question, record, "No. The loot goes into the cave first.", weigh_by(question))
    assert v.kind == "no"


def test_a_phrase_naming_what_a_thing_has_is_a_qualifier_wherever_it_stands():
    asked = ("If there is a cave with the rune \u201cSealed against cold iron\u201d when a goblin throws, "
             "does the spear land in the cave?")
    assert qualifiers(asked) == ["with the rune \u201cSealed against cold iron\u201d"]


def test_a_q_and_a_naming_what_a_thing_has_that_the_player_does_not_keeps_no_yes_or_no():
    record = qa("If there is a cave with the rune \u201cSealed against cold iron\u201d when a goblin throws, "
                "does the spear land in the cave?", "No. The spear lands outside the cave.")
    question = "When a goblin throws while we have a cave, does the spear land in the cave?"
    weigh = weigh_by(question)
    assert not holds_its_qualifiers(record.blocks[0].text, question, weigh)
    v = verdict(question, record, "No. The spear lands outside the cave.", weigh)
    assert v.kind == "text" and v.text == "The spear lands outside the cave."


def test_the_qualifier_held_by_the_player_keeps_the_yes_or_no():
    record = qa("If there is a cave with the rune \u201cSealed against cold iron\u201d when a goblin throws, "
                "does the spear land in the cave?", "No. The spear lands outside the cave.")
    question = "When a goblin throws at a cave sealed against cold iron, does the spear land in the cave?"
    v = verdict(question, record, "No. The spear lands outside the cave.", weigh_by(question))
    assert v.kind == "no"


def test_legolas_progress_with_an_active_location_gets_no_bare_no_from_the_immune_location_q_and_a(ask_cli):
    for question in ("Legolas kills an orc while we have an active location, do his 2 progress go on the location "
                     "or the quest?", "does Legolas put his progress on the quest or the active location?"):
        code, answer = ask_cli(question)
        v = answer["verdict"]
        assert code == 0 and v is not None and v["kind"] not in ("yes", "no"), question
        assert not v["text"].lower().startswith(("yes", "no")), question
