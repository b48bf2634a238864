"""A rule setting no limit to how many of a thing there may be answers yes to a question whether
more than one may be had or done, and no to a question whether there is a limit (``no_limits``,
reading "no-limit", shown as adjudicator's reading); a question about another bound, another
thing counted, or asked with a denial, an alternative or another figure is not read.  The
sentences and questions are invented."""

from __future__ import annotations

from adjudicator.ask.no_limits import READING, reading
from adjudicator.ask.question_form import asking_sentence, question_form
from adjudicator.ask.verdicts import OURS, SHOWN_READINGS, settled
from invented_records import weigh_by

TOKENS = "There is no limit to the number of tokens that can be placed on a tile or board space."
DRAWS = "There is no limit to the number of scrolls a wizard may read each turn."
SATCHEL = "There is no maximum satchel size."
QUALIFIED = "There is no limit to the number of tokens on a tile, although some tiles crumble under more than three."


def read(question: str, sentence: str):
    return reading(asking_sentence(question), question_form(question), sentence)


def test_more_than_one_of_the_thing_counted_is_a_yes():
    assert read("Can I place more than one token on a tile?", TOKENS) == "yes"
    assert read("Can a wizard read multiple scrolls each turn?", DRAWS) == "yes"
    assert read("Can two or more tokens be placed on one tile?", TOKENS) == "yes"


def test_the_same_thing_twice_on_one_place_is_a_yes():
    assert read("The silver token: can it be placed twice on the same tile?", TOKENS) == "yes"
    # twice in one turn is how often, which the rule does not count
    assert read("Can the scroll be read twice on the same turn?", DRAWS) is None


def test_asking_whether_there_is_a_limit_is_a_no():
    assert read("Is there a limit to the number of tokens on a tile?", TOKENS) == "no"
    assert read("Is there a maximum satchel size?", SATCHEL) == "no"


def test_a_card_type_stands_in_the_rules_board_space_only_where_the_rule_says_card():
    # "tile" is the rule's own word; "hero" is not, and the rule names no card
    assert read("Can I place more than one token on a hero?", TOKENS) is None
    # a character stands in a rule's "card"; an enemy takes what its own text allows
    assert read("Can I place more than one token on a hero?", "There is no limit to the number of tokens that can "
                "be placed on a card.") == "yes"
    assert read("Can I place more than one token on an enemy?", "There is no limit to the number of tokens that "
                "can be placed on a card.") is None


def test_another_bound_or_another_thing_counted_is_not_read():
    assert read("Can I place more than one token on a tile per turn?", TOKENS) is None
    assert read("Can I place more than one golden token on a tile?", TOKENS) is None
    assert read("Can one token be placed on more than one tile?", TOKENS) is None  # the many are the tiles
    assert read("Can a wizard read multiple scrolls at once?", DRAWS) is None
    assert read("Can I keep more than 8 scrolls in my satchel?", SATCHEL) is None


def test_a_denial_an_alternative_or_another_figure_in_the_question_is_not_read():
    assert read("Can't I place more than one token on a tile?", TOKENS) is None
    assert read("Can I only place one token on a tile?", TOKENS) is None
    assert read("Can I place two tokens or three on a tile?", TOKENS) is None
    assert read("Can I place more than one token on a tile, or is there a limit?", TOKENS) is None
    assert read("Can I place more than one token on two tiles?", TOKENS) is None


def test_a_rule_that_qualifies_its_own_permission_is_not_read():
    assert read("Can I place more than one token on a tile?", QUALIFIED) is None
    assert read("Can I place more than one token on a tile?", "There is no limit to the number of tokens that "
                "can be placed on a tile unless it is cracked.") is None


def test_only_yes_no_questions_are_read():
    assert read("How many tokens can be placed on a tile?", TOKENS) is None
    assert read("Do I have to place more than one token on a tile?", TOKENS) is None


def test_the_reading_is_shown_as_adjudicators_own():
    assert READING in SHOWN_READINGS
    question = "Can I place more than one token on a tile?"
    found = settled(question, None, TOKENS, weigh_by(question))
    assert found.kind == "yes" and found.basis == "inferred" and found.reading == READING
    assert OURS in found.text and found.text.endswith(TOKENS)
