"""A claim a player puts as a statement with a question mark ("the troll still guards the bridge
at night?"), as a statement followed by a bare check ("The troll guards the bridge. Is that
right?") or after a lead-in asking to confirm it ("Does this mean that ...?", "I assume ...?")
is read as the claim it states (``asked_claims``), for the verdict only: the claim readers then
read it as they read "..., right?", and a Q&A's own yes or no still answers the question as it
was put.  A claim's subject (before its modal) is not what it asks: a rule's "must"
governing a word of it is no reading (``shown_readings.governs_what_is_asked``).  The sentences
and questions are invented."""

from __future__ import annotations

from adjudicator.ask.asked_claims import claim_form
from adjudicator.ask.question_form import question_form
from adjudicator.ask.shown_readings import governs_what_is_asked
from adjudicator.ask.verdicts import OURS, settled, verdict
from invented_records import weigh_by

RULE = "At night, sleeping trolls do not guard the bridge."


def claimed(question: str):
    found = claim_form(question, question_form(question))
    return None if found is None else (found[0].claim, found[1])


def test_a_statement_with_a_question_mark_is_a_claim():
    assert claimed("the troll still guards the bridge at night?") == (True, "the troll still guards the bridge at night")
    assert claimed("When the moon is up, the troll sleeps under the bridge?")[0] is True


def test_a_label_before_the_statement_is_not_part_of_the_claim():
    assert claimed("Q: the troll sleeps under the bridge at night?")[1] == "the troll sleeps under the bridge at night"
    assert claimed("2) the troll sleeps under the bridge at night?")[1] == "the troll sleeps under the bridge at night"


def test_a_bare_check_confirms_the_sentence_before_it():
    assert claimed("The troll sleeps under the bridge at night. Is that right?")[1] == \
        "The troll sleeps under the bridge at night"
    assert claimed("The troll sleeps under the bridge at night. Yes?")[1] == "The troll sleeps under the bridge at night"


def test_a_lead_in_asking_to_confirm_is_not_part_of_the_claim():
    assert claimed("Does this mean that the troll sleeps at night?")[1] == "the troll sleeps at night"
    assert claimed("I assume the troll sleeps at night?")[1] == "the troll sleeps at night"
    assert claimed("Am I right in thinking that the troll sleeps at night?")[1] == "the troll sleeps at night"


def test_no_claim_in_a_question_asking_which_what_or_for_someone():
    assert claimed("the troll sleeps at night or in the day?") is None
    assert claimed("which troll sleeps under the bridge at night?") is None
    assert claimed("Anyone who knows the troll rules at night?") is None
    assert claimed("Does the troll sleep at night?") is None  # a yes/no question the question's own form reads


def test_no_claim_from_a_check_after_a_question_or_a_few_words():
    assert claimed("Does the troll sleep at night? Is that right?") is None
    assert claimed("Trolls sleep. Right?") is None


def test_a_statement_with_a_question_mark_gets_the_claim_readers_reading():
    question = "sleeping trolls still guard the bridge at night?"
    found = settled(question, None, RULE, weigh_by(question))
    assert (found.kind, found.basis) == ("no", "inferred")
    assert found.text == f"No ({OURS}): {RULE}"


def test_a_check_after_a_claim_gets_the_reading_of_that_claim():
    question = "Sleeping trolls do not guard the bridge at night. Correct?"
    found = verdict(question, None, RULE, weigh_by("Sleeping trolls do not guard the bridge at night"))
    assert (found.kind, found.basis) == ("yes", "inferred")


def test_a_rule_s_must_governing_the_claim_s_subject_is_no_reading():
    # "must exhaust the goblin" speaks of exhausting, the claim of what an exhausted goblin may do
    rule = "To send a goblin on a raid, a player must exhaust the goblin."
    assert not governs_what_is_asked(question_form("exhausted goblins can be sent on a raid, right?"), rule)
    assert governs_what_is_asked(question_form("goblins must be exhausted to be sent on a raid, right?"), rule)
    # a claim with no modal keeps its subject: "exhausting the goblin is required" asks about exhausting
    assert governs_what_is_asked(question_form("exhausting the goblin is required for a raid, right?"), rule)


def test_a_rule_with_an_exception_gives_no_shown_reading():
    from adjudicator.ask.shown_readings import guard

    rule = "A pony does not count as a rider for any purposes other than racing."
    question = "Does a pony count as a rider in a race?"
    assert guard(question, question_form(question), rule, "no") == "exception"
    assert guard(question, question_form(question), "A pony does not count as a rider.", "no") != "exception"
