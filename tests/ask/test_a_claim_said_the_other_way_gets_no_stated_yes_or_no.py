"""A Q&A's own "Yes"/"No" answers its question; a player who states the claim the other way
("a horn does not wake the trolls, correct?" against "does a horn wake the trolls?") would
read the documents' "Yes" as confirming the opposite of what they say.  Such a claim gets the
Q&A's sentence, not its yes or no (``stated_answers._same_question``); a claim said the same
way, and a plain question, keep the stated answer."""

from __future__ import annotations

from adjudicator.ask.verdicts import settled
from invented_records import invented_qa, weigh_by


HORN = invented_qa("Does blowing the goblin horn wake the sleeping trolls?",
          "Yes. Blowing the goblin horn wakes every sleeping troll in the cave.")


def test_a_claim_denying_what_the_q_and_a_affirms_gets_its_sentence_without_the_yes():
    question = "Blowing the goblin horn does not wake the sleeping trolls, correct?"
    v = settled(question, HORN, HORN.blocks[1].text, weigh_by(question))
    assert v.kind == "text"
    assert not v.text.lower().startswith("yes")


def test_a_claim_said_the_same_way_keeps_the_stated_yes():
    question = "Blowing the goblin horn wakes the sleeping trolls, correct?"
    v = settled(question, HORN, HORN.blocks[1].text, weigh_by(question))
    assert v.kind == "yes"


def test_a_plain_question_keeps_the_stated_yes():
    question = "Does blowing the goblin horn wake the sleeping trolls?"
    v = settled(question, HORN, HORN.blocks[1].text, weigh_by(question))
    assert v.kind == "yes"
