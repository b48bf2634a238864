"""How a yes or no is read from a rule that does not say it (issue 11, ``readings.reading``):
what the rule's "not", "may", "must" and "only" apply to, against what the question asks and
the case it asks it in; where the rule does not speak to that one way or the other, no
reading is given (the rule's sentence is the answer)."""

from __future__ import annotations

from adjudicator.ask.verdicts import verdict
from invented_records import invented_record, weigh_by


def record(text: str):
    return invented_record(text)


def read(question: str, rule: str) -> str:
    return verdict(question, record(rule), rule, weigh_by(question)).kind


def test_a_rule_that_forbids_what_the_player_asks_to_do_reads_as_no():
    assert read("Can my goblin carry the lantern across the bridge?",
                "A goblin cannot carry the lantern across the bridge.") == "no"


def test_a_denial_the_question_shares_is_its_case_not_the_rules_answer():
    # "no clue" is the case asked about in both; the rule's answer is its "cannot search"
    assert read("Can the goblins search a cave that has no clue attached?",
                "Goblins cannot search a cave for treasure if no clue lies in it.") == "no"
    assert read("Can the goblins search a cave that has no clue attached?",
                "The goblins may search a cave with no clue attached.") == "yes"


def test_a_choice_or_need_not_answers_do_i_have_to_with_a_no_and_must_with_a_yes():
    question = "Do I have to shuffle the goblin deck after searching it?"
    assert read(question, "After searching, the player may choose to shuffle the goblin deck.") == "no"
    assert read(question, "After searching, the player need not shuffle the goblin deck.") == "no"
    assert read(question, "After searching, the player must shuffle the goblin deck.") == "yes"


def test_a_permission_to_do_something_by_way_of_what_is_asked_does_not_answer_do_i_have_to():
    # "may tap to play an ally": tapping is how the ally is played, not left to the player
    assert read("Does my goblin have to tap to recruit a troll?", "A goblin may tap to recruit a troll.") == "text"


def test_an_obligation_answers_is_it_optional_with_a_no():
    assert read("Is the goblin's shriek optional when the lantern goes out?",
                "When the lantern goes out, the goblin must shriek.") == "no"


def test_having_the_option_of_doing_a_thing_is_a_permission_that_makes_it_optional():
    assert read("Is shouting at the troll optional, right?",
                "Every goblin has the option of shouting at the troll.") == "yes"
    assert read("Can my goblin shout at the troll?", "Every goblin has the option of shouting at the troll.") == "yes"


def test_an_obligation_in_the_case_a_rule_opens_on_is_not_what_the_rule_requires():
    # "if the party is required to cross ..., each goblin has the option of ...": crossing is
    # required in the case, carrying the lantern is left to the goblin (read from the case, the
    # "required ... bridge" made both answers the opposite)
    rule = "If the party is required to cross the bridge, each goblin has the option of carrying the lantern."
    assert read("Carrying the lantern across the bridge is optional, right?", rule) == "yes"
    assert read("Do I have to carry the lantern across the bridge?", rule) == "no"


def test_a_rule_that_does_not_name_the_questions_subject_gives_no_reading():
    # the rule says what the party's size may be, not whether trolls count in it
    assert read("Do trolls count toward the size of my party?",
                "A party may be of any size when it rests in the cave.") == "text"
    assert read("Can my troll carry the lantern across the bridge?",
                "A goblin may carry the lantern across the bridge.") == "text"


def test_a_subject_that_names_no_one_in_particular_is_the_rules_you():
    assert read("Can a player carry the lantern across the bridge?",
                "You may carry the lantern across the bridge.") == "yes"


def test_a_rule_allowing_one_case_and_forbidding_another_gives_no_reading():
    assert read("Can a goblin trade its lantern?",
                "A goblin may trade a lantern of brass, but a goblin cannot trade a lantern of glass.") == "text"


def test_a_question_probing_past_the_rule_with_again_or_another_gets_no_yes():
    rule = "After the night, a goblin may light the lantern in the cave."
    assert read("Can a goblin light the lantern in the cave?", rule) == "yes"
    assert read("Can a goblin light the lantern in the cave again?", rule) == "text"


def test_a_question_that_opens_negatively_gets_no_reading():
    assert read("Can't my goblin carry the lantern across the bridge?",
                "A goblin cannot carry the lantern across the bridge.") == "text"


def test_a_denial_inside_a_quoted_term_names_an_effect_and_does_not_rule():
    question = "Can my goblin keep the lantern when it gains cannot carry items?"
    assert read(question, 'A goblin that gains "cannot carry items" may keep the lantern it holds.') != "no"


def test_a_question_about_the_case_the_rule_does_not_state_gets_no_reading():
    # the question asks about the plots that do not affect the location; the rule allows those that do
    assert read("Can the goblin discard a plot that doesn't affect its cave?",
                "The goblin may discard any plot that affects its cave.") == "text"


def test_a_rule_whose_only_allows_the_questions_own_case_is_not_a_no():
    assert read("Does a company with a Wizard in it let me draw cards?",
                "You may draw cards for a company only if the company contains a Wizard.") != "no"


def test_a_rule_naming_another_case_than_the_questions_gives_no_yes():
    assert read("Does my wounded goblin heal during the night at a ruined tower in the marshes?",
                "Each goblin at a Haven may heal during the night.") == "text"


def test_a_tie_rule_reads_yes_only_when_what_it_rules_is_what_is_asked():
    rule = "If the roll is equal to the strike, the strike is ineffectual."
    assert read("My roll is 4 and the strike is 4: is my goblin wounded?", rule) == "text"
    assert read("My roll is 4 and the strike is 4: is the strike ineffectual?", rule) == "yes"


def test_two_things_compared_with_between_are_not_alternatives_to_choose_from():
    rule = "A goblin added to the cave is no different from one placed there."
    v = verdict("Is there any difference between a goblin being added to the cave or placed there?",
                record(rule), rule, weigh_by("difference goblin added cave placed"))
    assert not v.text.startswith(("The first", "The second"))


# -- how-many questions (the sentence is taken to be about what is asked: every word weighs 1) ----


def test_a_how_many_answer_is_the_figure_next_to_the_noun_asked_about():
    rule = "If a goblin has more than 1 lantern, the band lights 1 additional torch for each lantern."
    v = verdict("A goblin has two lanterns, how many extra torches does the band light?", record(rule), rule,
                lambda text, against=None: 1.0)
    assert (v.kind, v.value) == ("number", 1) and v.text.startswith("1 torch")


def test_a_figure_counting_something_the_question_does_not_name_is_not_its_answer():
    rule = "The lantern reduces the damage it is dealt from 4 to 3."
    v = verdict("How many tokens does the lantern keep?", record(rule), rule, lambda text, against=None: 1.0)
    assert v.kind == "text"


def test_a_number_word_inside_a_compound_or_a_lists_number_is_not_a_figure():
    rule = "The twenty-two card goblin decks follow these steps: 1. Shuffle the cards."
    v = verdict("How many cards are in a goblin deck?", record(rule), rule, lambda text, against=None: 1.0)
    assert v.kind == "text"


def test_an_only_that_limits_how_many_is_a_no_only_to_asking_for_more():
    rule = "A goblin may only light one lantern during each night."
    assert read("Can a goblin light a lantern during each night?", rule) == "text"
    assert read("Can a goblin light two lanterns during each night?", rule) == "no"


def test_a_rule_ruling_on_the_other_side_of_the_question_gives_no_reading():
    # "do I pass?" against a rule about failing: the words overlap, the sides do not
    assert read("My lantern is 3 and the fog is 3, do I pass the fog test?",
                "If the fog is equal to or greater than the lantern, the player fails the fog test.") == "text"


def test_a_quoted_sentence_is_card_text_that_rules():
    assert read("Can I attach a lantern to the Goblin King?",
                'The Goblin King should have the text: "No lantern can be attached to the Goblin King."') == "no"


def test_a_rule_that_says_a_thing_does_count_and_does_not_count_gives_no_reading():
    rule = ("The starting goblins do count toward the band limit. However, they do not count toward the "
            "number of goblins in the cave.")
    assert read("Do the starting goblins count toward the band limit?", rule) == "text"


def test_it_is_possible_allows_what_it_governs_so_a_rule_that_also_restricts_gives_no_reading():
    rule = ("Goblins in each cave are the only goblins of that cave. It is possible for two goblins in "
            "different caves to carry the same lantern.")
    assert read("Can two goblins in different caves carry the same lantern?", rule) != "no"


def test_a_signed_modifier_is_a_figure_read_with_its_sign():
    rule = "A goblin facing the lantern fights at -2 prowess, and a troll at +1 to its prowess."
    v = verdict("How much prowess does a goblin facing the lantern get?", record(rule), rule,
                lambda text, against=None: 1.0)
    assert (v.kind, v.value) == ("number", -2) and v.text.startswith("-2 prowess")
    rule = "A troll facing the lantern fights at (+1 to its prowess)."
    v = verdict("How much prowess does a troll facing the lantern get?", record(rule), rule,
                lambda text, against=None: 1.0)
    assert (v.kind, v.value) == ("number", 1)
    rule = "The lantern turns the fight from 4-3 to 3-3."  # a score, not a modifier
    v = verdict("How many points does the lantern take off?", record(rule), rule, lambda text, against=None: 1.0)
    assert v.kind == "text"


def test_a_figure_that_is_an_amount_does_not_allow_a_thing_only_once():
    # "deal 1 damage" says how much, not how often: asking to do it twice gets no reading from it
    assert read("Can a goblin light the lantern twice in a night?",
                "A goblin that lights the lantern may heal 1 damage.") == "text"
    # a one the rule makes a limit, or counts per something, does
    assert read("Can a goblin light the lantern twice in a night?",
                "A goblin may light the lantern only once each night.") == "no"
    assert read("Can a goblin light the lantern twice in a night?",
                "A goblin may light 1 lantern per night.") == "no"


def test_the_words_a_modal_passes_over_before_its_verb_are_passed_over_as_stems():
    # "may decide to always draw": "decide" and "always" are MODAL_FILLER, but the governed
    # words are stems ("decid", "alway"), so unstemmed filler took them for the verb
    from adjudicator.ask.readings import GOVERNED, PERMITS, _governs

    sentence = "A goblin may later decide to always draw a lamp card."
    assert GOVERNED <= 2
    assert _governs(PERMITS, sentence, {"draw"})
    assert not _governs(PERMITS, sentence, {"decid"})
