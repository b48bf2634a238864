"""Which of adjudicator's own yes/no readings a player is shown (``shown_readings``): a reading
of a rule's sentence that is mostly the question's words, of no kind where a close reading was
still found wrong; and the "still" reading (a thing said to still hold, nothing denied)."""

from __future__ import annotations

from adjudicator.ask import shown_readings
from adjudicator.ask.shown_readings import CLOSE, closeness
from adjudicator.ask.question_form import asking_sentence, question_form
from invented_records import weigh_by


def guard(question: str, sentence: str, said: str = "") -> str:
    return shown_readings.guard(asking_sentence(question), question_form(question), sentence, said)


def close(question: str, sentence: str, weigh) -> bool:
    return shown_readings.close(asking_sentence(question), question_form(question), sentence, weigh)


def still(question: str, sentence: str, weigh):
    return shown_readings.still(asking_sentence(question), question_form(question), sentence, weigh)


def governs_what_is_asked(question: str, sentence: str) -> bool:
    return shown_readings.governs_what_is_asked(question_form(question), sentence)


def test_a_sentence_mostly_made_of_the_question_s_words_is_close():
    question = "Can my goblin carry the lantern across the bridge?"
    sentence = "A goblin cannot carry the lantern across the bridge."
    assert closeness(question, sentence, weigh_by(question)) >= CLOSE
    assert close(question, sentence, weigh_by(question))


def test_a_sentence_about_much_else_beside_the_question_is_not_close():
    question = "Can my goblin carry the lantern across the bridge?"
    sentence = ("During the night phase each player reveals the topmost troll card, counts the stones in the "
                "river and, when a goblin is beside the bridge, discards two omens from the tower deck.")
    assert closeness(question, sentence, weigh_by(question)) < CLOSE
    assert not close(question, sentence, weigh_by(question))


def test_a_question_on_whether_a_thing_stops_or_lasts_is_not_read_from_a_rule_on_doing_it():
    # the rule says how goblins attack, not whether they stay on the table after
    assert guard("Do goblin raiders stay on the table after they attack the caravan?",
                 "Goblin raiders may attack the caravan after it moves.") == "sides"
    assert guard("Do goblin raiders stay on the table after they attack the caravan?",
                 "Goblin raiders stay on the table after they attack the caravan.") == ""


def test_a_question_giving_a_figure_is_left_to_the_number_reading():
    assert guard("Do trolls count as half a goblin for the raft?",
                 "Each troll only counts as half of a goblin on the raft.") == "figures"
    assert guard("Can the lantern raise the fog above 10?", "The lantern must raise the fog by its value.") == "figures"


def test_a_question_asking_of_any_or_every_case_is_not_read_from_a_rule_on_one():
    # "any of your gems that are at a tower": the rule's "any" is of gems, not of places
    assert guard("Can I hide a gem at any cave?", "You may hide any of your gems that are at a tower cave.") == \
        "quantified"


def test_a_claim_narrowed_by_only_is_not_confirmed_by_a_rule_for_each_one():
    claim = "The curse only falls on the goblin who opened the chest, right?"
    assert guard(claim, "When the chest is opened, each goblin in the cave is cursed.", "yes") == "only asked"
    # a rule saying no "each", "every", "all" or "any" leaves the reading to the other guards
    assert guard("Does a goblin only move to the next cave?", "A goblin may move to the next cave.", "yes") != "only asked"


def test_a_case_the_asking_clause_narrows_by_is_said_by_the_rule_or_no_reading_is_shown():
    assert guard("Can goblins search a cave with a troll in it?", "A goblin may search his current cave.") == \
        "case unsaid"
    assert guard("Can goblins search a cave with a troll in it?",
                 "A goblin may not search a cave with a troll in it.") == ""


def test_a_rule_opening_on_another_case_than_the_question_s_rules_on_that_case():
    assert guard("Can sleeping goblins be dealt omens?",
                 "If the omen deck runs out of cards, goblins that have not been dealt omens are not dealt omens.") == \
        "another case"
    # of either case it opens on ("if X, or if Y"), the one the question holds is its own
    assert guard("Goblins in the tower can't sleep, right?",
                 "If there is a troll at the goblin's cave, or if he is in the tower, he may not sleep.") == ""


def test_what_may_be_done_is_not_what_happens():
    assert guard("Does a goblin sleep when he hides?", "The goblin may hide (or in some cases, sleep).", "yes") == \
        "may is not does"


def test_an_only_inside_a_noun_phrase_is_no_restriction():
    assert guard("Can my opponent bribe my trolls?", "Gold is the only way your trolls can be bribed.") == "the only"


def test_a_denial_of_only_the_question_s_subject_is_its_case():
    assert guard("Can a cave in the valley be flooded?",
                 "While a cave is in the valley, the goblins are not at that cave.") == "subject denied"


def test_what_would_have_happened_in_an_example_is_not_the_rule():
    assert guard("Does the lantern save the goblin if lit after the roll?",
                 "Had the lantern been lit after the roll, it would not have saved the goblin.") == "counterfactual"


def test_a_case_set_apart_from_another_is_not_the_rule_s_plain_case():
    assert guard("Are omens used when we play outside the tower campaign?",
                 "Omens are cards that must be earned in the tower campaign.") == "set apart"


def test_a_rule_on_the_non_kind_of_what_is_asked_rules_on_another_kind():
    assert guard("Can I bribe my opponent's troll?",
                 "To bribe one of your opponent's non-troll creatures you must pay one gem.") == "non-"


def test_a_thing_said_to_still_hold_answers_does_it_still_hold_with_yes():
    question = "If the troll is bribed, does the troll still guard the bridge?"
    sentence = "A bribed troll still guards the bridge."
    assert still(question, sentence, weigh_by(question)) == "yes"


def test_no_still_reading_where_the_sentence_denies_something_beside_its_still():
    question = "Does a bribed troll still guard the bridge?"
    assert still(question, "A bribed troll is not paid, and still guards the bridge.", weigh_by(question)) is None


def test_no_still_reading_where_the_question_asks_of_a_negative_case():
    question = "Does a troll that can't see still guard the bridge?"
    assert still(question, "A troll still guards the bridge.", weigh_by(question)) is None


def test_no_still_reading_for_a_question_that_does_not_ask_whether_it_still_holds():
    question = "Does a bribed troll guard the bridge?"
    assert still(question, "A bribed troll still guards the bridge.", weigh_by(question)) is None


def test_a_no_from_a_rule_that_denies_nothing_is_not_shown():
    # a rule requiring one thing ("must pay a gem before ...") does not forbid another
    assert guard("Can a gem be passed between goblins in different caves?",
                 "The goblin must pay a gem before a gem can be passed.", "no") == "no denial"
    assert guard("Can a gem be passed between goblins in different caves?",
                 "A gem cannot be passed between goblins in different caves.", "no") == ""


def test_a_reading_is_shown_only_where_the_rule_s_modal_governs_what_the_question_asks_be_done():
    assert governs_what_is_asked("Can my goblin carry the lamp?", "A goblin may not carry the lamp.")
    assert governs_what_is_asked("Can I make the troll absorb the damage?", "A troll does not absorb damage.")
    # the modal governs another verb ("may choose a single omen ... to read")
    assert not governs_what_is_asked("Can the seer read an omen at the tower?",
                                     "The seer may choose a single omen from his hand to read.")
    # ... or is said of another subject than the question's
    assert not governs_what_is_asked("Can a goblin be healed by another goblin?",
                                     "Trolls may not be healed while in a goblin's cave.")


def test_having_the_option_to_do_a_thing_governs_doing_it_as_may_does():
    assert governs_what_is_asked("Can I lend my lantern to another goblin's troll?",
                                 "A goblin has the option to lend lanterns by giving them to another goblin's troll.")
    assert governs_what_is_asked("Can the goblins rest at a cave?", "The goblins have the option to rest at a cave.")
    # the option governs another verb than the one asked
    assert not governs_what_is_asked("Can a goblin steal a lantern?",
                                     "A goblin has the option to lend lanterns to another goblin.")


def test_a_rule_restricting_what_it_allows_to_a_case_is_not_read_for_the_question():
    assert guard("Can a troll be played against a caravan at its cave?",
                 "A troll may only be played against a caravan if the troll is keyed to the caravan's cave.") == "only"


def test_a_still_reading_is_shown_as_adjudicator_s_reading_with_the_rule_s_sentence_after_it():
    from adjudicator.ask.verdicts import settled
    from invented_records import invented_record

    sentence = "A bribed troll still guards the bridge."
    question = "If the troll is bribed, does the troll still guard the bridge?"
    v = settled(question, invented_record(sentence), sentence, weigh_by(question))
    assert (v.kind, v.basis, v.reading) == ("yes", "inferred", "still")
    assert v.text == "Yes (adjudicator's reading of the cited rule): " + sentence


def test_whether_a_thing_lasts_is_asked_only_in_what_the_question_asks_not_in_its_case():
    # the case the question opens on, an aside in brackets and "the end of" a phase set the scene
    sentence = "During the night phase, sleeping goblins do not count their gold for the hoard."
    assert guard("If a goblin falls asleep (it stays asleep until dawn), does its gold still count "
                 "in the night phase?", sentence) == ""
    assert guard("Does its gold still count until the end of the night phase?", sentence) == ""
    assert guard("Does a sleeping goblin stay asleep in the night phase?", sentence) == "sides"
