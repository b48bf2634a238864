"""A rule is shown with the sentence right after it that qualifies it ("However, ...", "This is
not ...", "Such a goblin ..."): that sentence has no subject of its own, and the rule without it
says less than the record, or the opposite of it.  An example is not a qualification; a rule
already shown with the sentence it leans on is not followed further.  And a sentence opening on
the case a what-question states is the question's own case only when it goes on to speak of what
is asked (``case_and_asked``)."""

from __future__ import annotations

from adjudicator.ask.case_and_asked import answers_beyond_case, asks_for_a_thing
from adjudicator.ask.deciding_sentence import deciding_sentence
from adjudicator.ask.qualification import qualifications
from invented_records import invented_record, weigh_by


def test_a_contrast_after_the_rule_is_shown_with_it():
    record = invented_record("If two bridges are lit at once, both count as the lit bridge. However, a spell "
                             "aimed at the lit bridge does not reach both bridges.", "Trolls ignore bridges.")
    question = "two bridges are lit, does a spell on the lit bridge hit both?"
    shown, _ = deciding_sentence(record, weigh_by(question), question)
    assert shown.endswith("does not reach both bridges.")
    assert shown.startswith("If two bridges are lit at once")


def test_a_demonstrative_sentence_after_the_rule_is_shown_with_it():
    record = invented_record("Each goblin at a cave may rest during the dusk phase. Such a goblin moves from a "
                             "bruised position to a sleeping position.")
    question = "resting at a cave during dusk - does the goblin wake up fresh?"
    shown, _ = deciding_sentence(record, weigh_by(question), question)
    assert "Such a goblin moves" in shown


def test_an_example_after_the_rule_is_not_its_qualification():
    assert qualifications(["Goblins may swim.", "For example, Snaga swims the moat."], 0) == []
    assert qualifications(["Goblins may swim.", "Trolls sink."], 0) == []
    assert qualifications(["Goblins may swim.", "This costs them their torches."], 0) == ["This costs them their torches."]


def test_a_sentence_ruling_the_case_but_not_what_is_asked_is_not_the_own_case():
    record = invented_record("When a goblin is banished, its spears and its torches go to the pit. Any trolls "
                             "guarding that banished goblin return to the bridge, keeping their wounds.")
    question = "when a goblin is banished what happens to the trolls guarding him"
    shown, _ = deciding_sentence(record, weigh_by(question), question)
    assert shown.startswith("Any trolls guarding that banished goblin return to the bridge")


def test_what_is_asked_beyond_the_case():
    question = "when a goblin is banished what happens to the trolls guarding him"
    sentence = "When a goblin is banished, its spears go to the pit."
    at = sentence.index(",")
    assert not answers_beyond_case(sentence, at, question, "a goblin is banished")
    other = "When a goblin is banished, the trolls guarding it return to the bridge."
    assert answers_beyond_case(other, other.index(","), question, "a goblin is banished")


def test_a_question_asks_for_a_thing_by_its_wh_word_not_by_a_relative_where():
    assert asks_for_a_thing("when a goblin is banished what happens to his trolls")
    assert asks_for_a_thing("Where does a banished goblin go?")
    assert not asks_for_a_thing("Trolls have an ability where they get +1, but if I wake them, does it apply?")
    assert not asks_for_a_thing("If a goblin is banished, do his trolls go back to the bridge?")
