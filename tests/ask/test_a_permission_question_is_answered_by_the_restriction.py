"""A question asking whether an action is allowed, required or repeatable ("Can I ...?", "do I
need ...?", "... again?") turns on the sentence that restricts the action (a negated modal,
"must", "only", "no further", "single"), not on the one that grants it (``asked_permission``);
other questions are not affected."""

from __future__ import annotations

from adjudicator.ask.asked_permission import asks_permission, restricts
from adjudicator.ask.deciding_sentence import deciding_sentence
from invented_records import invented_record, weigh_by

LANTERNS = invented_record("Goblins are encouraged to carry lanterns and to share their lantern oil with the other "
                           "goblins of the tunnels.",
                           "Goblins can share anything they like, but each goblin cannot pour oil into the lantern of "
                           "another goblin.")


def test_a_can_question_is_answered_by_what_the_rule_forbids():
    # the granting sentence holds more of the question's words; the forbidding one decides
    question = "can a goblin pour their lantern oil into the lanterns of other goblins?"
    shown, _ = deciding_sentence(LANTERNS, weigh_by(question), question)
    assert "cannot pour oil" in shown


def test_an_open_question_is_not_steered_to_the_restriction():
    question = "what do goblins carry and share with the other goblins of the tunnels?"
    shown, _ = deciding_sentence(LANTERNS, weigh_by(question), question)
    assert shown.startswith("Goblins are encouraged")


def test_questions_that_ask_permission():
    assert asks_permission("Can I take oil from another lantern?")
    assert asks_permission("to light a lantern do you need a flint")
    assert asks_permission("The troll woke up. May we sneak past it?")
    assert asks_permission("we lit the lantern already, can we light it again?")
    assert asks_permission("Is it allowed to share oil?")
    assert not asks_permission("What happens when the oil runs out?")
    assert not asks_permission("If I can light it, does the troll wake?")
    assert not asks_permission("Does the troll wake when the lantern is lit?")


def test_sentences_that_restrict():
    for sentence in ("A goblin cannot take oil.", "Goblins may not share.", "Each goblin must carry a lantern.",
                     "Only one lantern may be lit.", "No further oil may be poured.", "Damage goes to a single goblin."):
        assert restricts(sentence), sentence
    assert not restricts("Goblins may share oil with any goblin.")


def test_a_yes_no_question_about_doing_it_again_asks_permission_and_how_many_times_asks_a_number():
    for question in ("Can the goblin light a torch, and then light it again?", "May a troll shout twice?",
                     "Does the troll shout a second time?", "Does the goblin light a torch once more?",
                     "Does the troll shout more than once?"):
        assert asks_permission(question), question
    assert not asks_permission("How many times does the troll shout?")  # a number, not leave
