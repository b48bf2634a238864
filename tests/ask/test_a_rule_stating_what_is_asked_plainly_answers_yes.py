"""A sentence that states plainly, in the question's case, that the question's subject is or does
what the question asks answers it yes (``plain_statements``, reading "plain-statement"); a
sentence that only permits, denies, restricts, offers an alternative, rules another case or says
it of another subject gives no such reading.  The sentences and questions are invented."""

from __future__ import annotations

from adjudicator.ask.plain_statements import READING, reading
from adjudicator.ask.question_form import asking_sentence, question_form
from adjudicator.ask.verdicts import SHOWN_READINGS, settled, verdict
from invented_records import weigh_by

CAVE = "Goblins in the cave or on the bridge are considered \"underground\"."
LAMP = "If the lamp holds as much oil as its wick is long, that lamp is considered lit and is set on the table."
HOARD = "A dragon guards its hoard."


def read(question: str, sentence: str):
    return reading(asking_sentence(question), question_form(question), sentence)


def test_a_status_the_rule_states_of_the_questions_subject_is_a_yes():
    assert read("Are goblins in the cave considered to be \"underground\"?", CAVE) == "yes"
    assert read("Is a goblin in the cave considered underground?", CAVE) == "yes"
    assert read("Is a goblin on the bridge considered underground?", "Goblins in the cave or goblins on the bridge "
                "are considered underground.") == "yes"  # either of two subjects the rule names


def test_an_act_the_rule_states_its_subject_does_is_a_yes():
    assert read("Does a dragon guard its hoard?", HOARD) == "yes"


def test_the_subject_and_what_is_said_of_it_keep_their_places():
    # the hoard does not guard the dragon; the rule's subject is not what the question predicates
    assert read("Does the hoard guard a dragon?", HOARD) is None
    assert read("If my goblin sleeps, is that underground?", "Underground is a place where goblins sleep.") is None


def test_the_rules_case_must_be_the_questions():
    assert read("If the lamp holds as much oil as its wick is long, is it considered lit?", LAMP) == "yes"
    assert read("Is the lamp considered lit?", LAMP) is None  # the rule's case is not said by the question
    assert read("If the lamp is dropped, is it considered lit?", LAMP) is None


def test_a_subject_the_rule_does_not_name_is_not_read():
    assert read("Are trolls in the cave considered underground?", CAVE) is None
    assert read("Are goblins in the tower considered underground?", CAVE) is None


def test_a_rule_that_permits_denies_restricts_or_offers_two_outcomes_is_not_read():
    assert read("Is a goblin in the cave considered underground?",
                "Goblins in the cave may be considered underground.") is None
    assert read("Is a goblin in the cave considered underground?",
                "Goblins in the cave are not considered underground.") is None
    assert read("Is a goblin in the cave considered underground?",
                "Only goblins in the cave are considered underground.") is None
    assert read("Is the goblin discarded?", "The goblin is discarded or returned to its cave.") is None


def test_a_question_probing_past_the_plain_case_is_not_read():
    assert read("Is a goblin in the cave still considered underground?", CAVE) is None
    assert read("Are all goblins in the cave considered underground?", CAVE) is None
    assert read("Isn't a goblin in the cave considered underground?", CAVE) is None
    assert read("Is a goblin in the cave considered underground or asleep?", CAVE) is None
    assert read("Can a goblin in the cave be considered underground?", CAVE) is None  # a modal asks leave


def test_the_reading_is_shown_labelled_as_adjudicators():
    question = "Does a dragon guard its hoard?"
    found = verdict(question, None, HOARD, weigh_by(question))
    assert (found.kind, found.basis, found.reading) == ("yes", "inferred", READING)
    assert READING in SHOWN_READINGS
    shown = settled(question, None, HOARD, weigh_by(question))
    assert shown.kind == "yes" and "adjudicator's reading of the cited rule" in shown.text


def test_a_case_the_question_closes_with_is_the_rules_opening_case():
    rule = "In addition, if the dragon wakes, the players have lost the game."
    assert read("Do the players lose the game if the dragon wakes?", rule) == "yes"  # "lost" is "lose"
    assert read("Do the players lose the game if the knight sleeps?", rule) is None


def test_a_passive_rule_answers_what_the_question_asks_be_done():
    rule = "When a dragon wakes, its hoard is counted."
    assert read("When the dragon wakes, does it do so counting its hoard?", rule) == "yes"
    assert read("When the dragon wakes, does it count the hoard?", rule) == "yes"
    # a passive names no doer: a doer the question names is not read
    assert read("When the dragon wakes, does the knight count the hoard?", rule) is None
    assert read("When the dragon wakes, does it count the gold?", rule) is None


def test_the_questions_case_must_be_the_case_the_rule_rules_in():
    # the case's words said elsewhere than in the rule's case, to say the opposite
    rule = "A saddle wears out independently of the horse it is strapped to."
    assert read("Does a saddle wear out when the horse it is strapped to wears out?", rule) is None
    rule = "A saddle wears out on the horse it is strapped to."
    assert read("Does a saddle wear out when the horse it is strapped to wears out?", rule) is None
    rule = "When the horse it is strapped to wears out, a saddle wears out."
    assert read("Does a saddle wear out when the horse it is strapped to wears out?", rule) == "yes"


def test_a_rules_cards_stand_for_the_questions_card_type_not_for_a_word_beside_its_own_cards():
    rule = "Goblin cards are Torch attachments, and trolls with any goblin attached are considered \"lit.\""
    assert read("Are goblin cards Torch attachments?", rule) == "yes"
    # "Item" is asked of the goblin cards; the rule names another kind of attachment
    assert read("Are goblin cards Item attachments?", rule) is None
    # a card type the question names where the rule says "cards" (no "card" of the question's own)
    assert read("Are allies in the cave considered underground?", "Cards in the cave are considered underground.") \
        == "yes"


def test_a_second_clause_of_the_rule_says_its_predicate_of_its_own_subject():
    rule = "Goblin cards are Torch attachments, and trolls with any goblin attached are considered \"lit.\""
    assert read("Are goblin cards considered lit?", rule) is None  # the trolls are lit, not the cards
    rule = "When the dragon wakes, the hoard is considered counted, and the knights are considered asleep."
    assert read("When the dragon wakes, is the hoard considered asleep?", rule) is None
    assert read("When the dragon wakes, is the hoard considered counted?", rule) == "yes"


def test_a_short_case_naming_the_rules_thing_but_not_what_befalls_it_is_another_case():
    rule = "When the dragon wakes, the hoard is lost."
    assert read("Is the hoard lost when the dragon wakes?", rule) == "yes"
    assert read("Is the hoard lost when the dragon sleeps?", rule) is None  # the dragon, but asleep
    assert read("When the dragon sleeps, is the hoard lost?", rule) is None


def test_a_word_restricting_the_rules_subject_that_the_question_lacks_blocks_the_reading():
    rule = "Sleeping goblins in the cave are considered underground."
    assert read("Are goblins in the cave considered underground?", rule) is None  # not every goblin sleeps
    assert read("Are sleeping goblins in the cave considered underground?", rule) == "yes"
    assert read("Does a dragon guard its hoard?", "A hungry dragon guards its hoard.") is None
    assert read("Does a hungry dragon guard its hoard?", "A hungry dragon guards its hoard.") == "yes"
    assert read("When the dragon wakes, does it count the hoard?", "When a dragon wakes, its golden hoard is "
                "counted.") is None


def test_the_rules_subject_may_name_the_thing_the_questions_pronoun_stands_for_in_its_case():
    rule = "If a goblin sleeps in the cave, that goblin is considered underground."
    assert read("If a goblin sleeps in the cave, is it considered underground?", rule) == "yes"
    assert read("If a troll sleeps in the cave, is it considered underground?", rule) is None


def test_the_players_asking_of_themselves_are_the_rules_players():
    rule = "If the dragon wakes, the players lose the game."
    assert read("Do we lose the game if the dragon wakes?", rule) == "yes"
    assert read("Do I lose the game if the dragon wakes?", "If the dragon wakes, a player loses the game.") == "yes"
    assert read("Do we lose the game if the dragon wakes?", "If the dragon wakes, the knights lose the game.") is None
    assert read("Does the knight lose the game if the dragon wakes?", rule) is None


def test_a_case_the_question_says_half_in_its_own_words_is_the_rules_case():
    rule = "If the dragon's hoard reaches zero coins, the players lose the game."
    assert read("Do we lose the game when the hoard of the dragon hits zero?", rule) == "yes"  # 3 of 5 words
    assert read("Do we lose the game when the knight's purse hits zero?", rule) is None  # 1 of 4
