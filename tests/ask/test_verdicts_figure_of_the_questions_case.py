"""A how-many figure counts what the question counts, in the case the question states
(``figure_choice``; review11 1a: the sentence's first figure was shown whatever the question's
condition).  The sentences here are invented, in the shapes the rules documents use."""

from __future__ import annotations

from adjudicator.ask.figure_choice import choose, counted, counted_figures, fit, settings
from adjudicator.ask.figure_answers import _figure_of_its_case, _number
from adjudicator.ask.verdicts import verdict
from tests.invented_records import invented_record, weigh_by

PER_PLAYERS = "Warden Step: the warden may take two turns (or three turns if playing a five player game)."
PER_STAGE = ("For example, the vault may hold a maximum of three gems during stage I, six in stage II, "
             "and up to nine during stage III.")
ONE_CASE_ONLY = "Put differently, in a five player game, the warden may cast up to five spells per round."
EXCEPTION = "EXCEPTION: If neither side is ahead, the warden instead takes one token."
TWO_COUNTS = ("Example: the warden covers the 3 space. He draws three rune cards and three lore cards. "
              "He keeps the rune cards and picks one lore card to keep, returning the other lore cards.")


def test_the_counted_noun_is_the_head_of_how_many_a_b():
    assert counted("how many minor items can I start with?").head == "item"
    assert counted("how many minor items can I start with?").modifiers == ("minor",)
    assert counted("how many lore cards can the warden keep?").verb == "keep"
    # "how many" counts a plural: its first plural ends the phrase, whatever verb follows
    assert counted("In a 2-deck game, how many victory points let me call it?").head == "point"
    assert counted("how much gold can be in the vault?").head == "gold"
    assert counted("how much does each player pay?").head == ""


def test_a_figure_counts_the_noun_its_phrase_ends_on_not_an_adjective_before_it():
    question = "how many minor items can I start with?"
    assert _number("You may give up to two non-unique minor items to your first characters.", question,
                   named=True) == (2, "minor items")
    # "one additional character": a character is counted, not the items the question asks about
    assert _number("One additional character may tap to play a minor item.", question, named=True) is None


def test_the_figure_whose_case_the_question_states_is_the_answer():
    assert _number(PER_PLAYERS, "how many turns does the warden take with 5 players?", named=True) == (3, "turns")
    assert _number(PER_PLAYERS, "how many turns does the warden get in a five player game?", named=True) == (3, "turns")
    # another player count: the figure stated under no case is the rule's default
    assert _number(PER_PLAYERS, "how many turns does the warden take in a three player game?", named=True) == (2, "turns")
    assert _number(PER_PLAYERS, "how many turns does the warden take?", named=True) == (2, "turns")


def test_a_bare_figure_continuing_a_list_counts_the_noun_before_it():
    assert _number(PER_STAGE, "how many gems can the vault hold in stage II?", named=True) == (6, "gems")
    assert _number(PER_STAGE, "how many gems can the vault hold during stage III?", named=True) == (9, "gems")
    assert _number(PER_STAGE, "how many gems can the vault hold during stage I?", named=True) == (3, "gems")
    assert settings("in stage II") == {"stage": 2} and settings("with 4 players") == {"player": 4}


def test_a_figure_counts_the_noun_after_its_measure_and_is_shown_with_the_questions_words():
    # "20 points of general influence" counts influence; the unit shown keeps the asked words
    assert _number("Each player has 20 points of general influence.", "how much general influence does each player have?",
                   named=True) == (20, "general influence")
    assert _number("You win with at least 20 victory points.", "how many victory points do I need?",
                   named=True) == (20, "victory points")


def test_figures_each_stated_for_another_case_give_no_figure():
    # the sentence speaks of five players only: for three players none of its figures is the answer
    assert choose(ONE_CASE_ONLY, "how many spells can the warden cast per round in a three player game?") is False
    assert _number(ONE_CASE_ONLY, "how many spells can the warden cast per round in a three player game?",
                   named=True) is None
    assert _number(ONE_CASE_ONLY, "how many spells can the warden cast per round with five players?",
                   named=True) == (5, "spells")
    # nor for a question leaving the player count open: the figure is one setting's only
    assert _number(ONE_CASE_ONLY, "how many spells can the warden cast per round?", named=True) is None


def test_a_figure_stated_for_the_opposite_case_is_not_the_answer():
    assert fit("If neither side is ahead", "how many tokens does the warden take when he is ahead?") == -1
    assert _number(EXCEPTION, "how many tokens does the warden take when he is ahead?", named=True) is None
    assert _number(EXCEPTION, "how many tokens does the warden take when neither side is ahead?",
                   named=True) == (1, "token")


def test_several_figures_of_one_case_are_told_apart_by_the_questions_verb():
    question = "how many lore cards can the warden keep from a draw?"
    assert [f.value for f in counted_figures(TWO_COUNTS, counted(question))][:2] == [3, 3]
    assert _number(TWO_COUNTS, question, named=True) == (1, "lore card")
    # nothing tells "draws three" from "picks one" for a question about spending them: no figure
    assert _number(TWO_COUNTS, "how many lore cards does the warden spend?", named=True) is None


def test_one_as_a_pronoun_is_no_figure():
    sentence = "If his command is at least another one of your characters' will, he may lead that character."
    assert _number(sentence, "how many characters can a squire lead?", named=True) is None


def test_an_article_counts_one_only_in_a_sentence_giving_no_figure_of_its_own():
    assert _number("During this step the warden may take an action.", "How many actions does the warden take?",
                   named=True) == (1, "action")
    # the sentence counts something else by its figure: its "a minor item" is no count of items
    assert _number("One additional character may tap to play a minor item.", "how many minor items can I start with?",
                   named=True) is None
    # an article opening the sentence, or after a function word, names a kind: no count
    assert _number("A copy of a card is any card with the same title.", "how many copies of a card can I have?",
                   named=True) is None
    # "such a character's": a determiner and a possessive, not one character
    assert _number("If such a character's command is high enough, he may lead others.",
                   "how many characters can a squire lead?", named=True) is None


def test_one_of_a_unit_is_shown_in_the_singular():
    question = "how many blows can one knight take from a single charge?"
    # (not "one or more blows": a minimum of one says there are some, not how many: test_figure_shapes)
    record = invented_record("A knight can take only one blow from a charge.")
    found = verdict(question, record, "A knight can take only one blow from a charge.", weigh_by(question))
    assert found.kind == "number" and found.value == 1 and found.text.startswith("1 blow:")
    from adjudicator.ask.figure_answers import _counted

    assert _counted(1, "blows") == "1 blow" and _counted(2, "blows") == "2 blows"


def test_the_records_sentence_stating_the_questions_case_gives_the_figure():
    question = "how many victory points do I need with only a beginner box to end the game?"
    first = "You may end the game at the end of your turn if you have gathered at least 20 victory points."
    note = ("If one or both players only own a beginner box (60 cards), this need of 20 victory points "
            "drops to 16.")
    record = invented_record(first + " " + note)
    found = verdict(question, record, first, weigh_by(question))
    assert found.kind == "number" and found.value == 16 and "drops to 16" in found.text
    # a question stating no such case keeps the deciding sentence's figure
    plain = "how many victory points do I need to end the game?"
    found = verdict(plain, record, first, weigh_by(plain))
    assert found.kind == "number" and found.value == 20


def test_the_size_of_a_named_thing_comes_only_from_a_sentence_naming_it():
    # "how many cards is my starting hand?" asks the hand's size: a figure of cards in a sentence
    # about something else (the warden's opening schemes) is not it (review11: MEQ's starting hand)
    question = "how many cards is my starting hand?"
    assert counted(question).whole == "hand"
    assert _number("Three of these cards are opening scheme cards.", question, named=True) is None
    assert _number("Draw a hand of seven cards from your deck.", question, named=True) == (7, "cards")


def test_a_figure_the_rule_replaces_is_not_the_answer():
    # "instead of only the top 2 cards", "from 8 cards to 6": the rule's figure is the other one
    assert _number("In hard play, look at the top 9 cards of the deck instead of only the top 3 cards.",
                   "how many cards do we look at in hard play?", named=True) == (9, "cards")
    assert _number("This reduces the hand from 8 cards to 6 cards.", "how many cards is my hand?",
                   named=True) == (6, "cards")


def test_the_questions_verb_comes_after_its_subject():
    assert counted("How many cards do I draw each turn?").verb == "draw"
    assert counted("how many actions does the warden take?").verb == "take"
    assert counted("how many cards are in a deck?").verb == ""  # no subject: no verb to tell figures apart by


def test_one_other_of_a_noun_is_an_addition_not_the_total():
    # "the flagship and one other ship": two ships, so the figure is no answer to "how many ships?"
    sentence = "In a game with only one player, that player takes the flagship and one other ship of his choice."
    assert settings("playing solo") == {"player": 1} and settings(sentence) == {"player": 1}
    assert _number(sentence, "Solo, how many ships do I control?", named=True) is None


def test_a_later_sentence_ruling_the_questions_setting_apart_leaves_no_figure():
    question = "Solo, how many ships do I take?"
    first = "Each player takes one of the unique ships."
    later = "In a game with only one player, that player takes the flagship and one other ship of his choice."
    record = invented_record(first + " " + later)
    assert verdict(question, record, first, weigh_by(question)).kind == "text"
    # a setting stated before the deciding sentence sets the scene of the whole record
    scene = invented_record("In a one player game, the fleet is small. " + first)
    assert _figure_of_its_case(question, scene, first, weigh_by(question)) is None
    assert _figure_of_its_case(question, record, first, weigh_by(question)) == (0, "", "")


def test_a_how_many_can_question_asks_for_the_limit_not_the_amount_gained():
    # invented, of the shape review 11 found ("... has 3 or less Corruption cards, he may gain
    # 1 favor and 1 Corruption card" read "1" for how many a hero can have)
    sentence = "If the hero has 3 or less curse cards, he may choose to gain 1 gold and 1 curse card."
    assert choose(sentence, "how many curse cards can a hero have before the choice closes?").value == 3
    assert choose(sentence, "how many curse cards does the hero gain?").value == 1


def test_a_figure_said_of_the_kind_the_question_denies_is_no_answer():
    # "one copy of each unique card" does not answer "a non-unique card" (review 11)
    sentence = "Each player may have only one copy of each unique card in his deck."
    assert choose(sentence, "how many copies of a non-unique card can be in my deck?") is False
    assert choose(sentence, "how many copies of a unique card can be in my deck?").value == 1
    assert choose("You may include 3 copies of each non-unique card.",
                  "how many copies of a non-unique card can be in my deck?").value == 3


def test_a_denied_kind_is_read_only_in_the_figures_own_noun_phrase():
    # "a non-engaged enemy" asked: "1 defender whether the enemy is engaged or not" still answers
    sentence = "When an enemy attacks a player, that player may declare 1 defender whether the enemy is engaged with him or not."
    assert choose(sentence, "How many defenders can I declare against an attack from a non-engaged enemy?").value == 1
