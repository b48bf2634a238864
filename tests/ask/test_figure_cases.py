"""Which case of a rule a question's figure falls in (``figure_cases``), and when a figure is
offered as a how-many answer (review 10, 1g and 1f'): "What happens when a character fails a
corruption check by 3?" is the case "by two or more" (eliminated), not "equal to ... or one less
than" (discarded); "a creature with 3 strikes ... how many strikes?" is not answered "1 strike"
from a sentence that mentions "a strike" in passing."""

from __future__ import annotations

from adjudicator.ask.figure_answers import _number
from adjudicator.ask.figure_cases import case_of, given_figures, ranges

DISCARDED = ("If the modified result is equal to the total or one less than the total, the character fails "
             "the check and is discarded.")
ELIMINATED = "If the modified result is less than the total by two or more, the character is eliminated."


def test_figure_cases_ranges_a_sentence_states():
    assert ranges("by two or more") == [(2, 10 ** 6)]
    assert ranges("a hero with 3 or less cards") == [(0, 3)]
    assert ranges("at least 2 characters; at most 5") == [(2, 10 ** 6), (0, 5)]
    assert ranges("more than 1 enemy") == [(2, 10 ** 6)] and ranges("fewer than 4 cards") == [(0, 3)]
    assert sorted(ranges(DISCARDED)) == [(0, 0), (1, 1)]  # an offset of one, and equal beside it
    assert ranges("the character is discarded") == []


def test_figure_cases_a_figure_setting_the_questions_case_falls_in_the_range_that_holds_it():
    question = "What happens when a character fails a corruption check by 3?"
    assert given_figures(question) == {3}
    assert case_of(question, ELIMINATED) == 1 and case_of(question, DISCARDED) == -1
    by_one = "If my wizard fails a corruption check by exactly one, is he just discarded?"
    assert case_of(by_one, DISCARDED) == 1 and case_of(by_one, ELIMINATED) == -1


def test_figure_cases_a_figure_a_yes_no_question_puts_to_a_limit_sets_no_case():
    # the rule's limit decides it ("no more than 2 restricted"): its sentence is not another case
    assert given_figures("Can a character have three restricted attachments?") == set()
    assert case_of("Can a character have three restricted attachments?", "no more than 2 restricted attachments") == 0
    assert given_figures("How many strikes does a creature with 3 strikes get?") == set()


def test_a_figure_is_not_read_from_an_article_when_the_question_gives_its_own_count():
    question = "How many strikes does a creature with 3 strikes get against a company of 2?"
    sentence = "For example, if a character faces a strike from a creature keyed to wilderness, he can cancel it."
    assert _number(sentence, question, named=True) is None
    # without a count of its own, the rule's "take an action" still answers "how many actions?"
    assert _number("During this step the hero may take an action.", "How many actions does a hero take?",
                   named=True) == (1, "action")


def test_ask_a_corruption_check_failed_by_3_opens_with_the_eliminated_case(ask_cli):
    _, answer = ask_cli("What happens when a character fails a corruption check by 3?", "--game", "metw")
    opening = answer["verdict"]["text"] if answer["verdict"] else answer["best"]["sentence"]
    assert "eliminated" in opening.lower() and "two or more" in opening.lower()
    assert "Discarded -" not in opening


def test_ask_shows_no_one_strike_for_a_creature_with_3_strikes(ask_cli):
    _, answer = ask_cli("How many strikes does a creature with 3 strikes get against a company of 2?", "--game", "metw")
    verdict = answer["verdict"] or {}
    assert not (verdict.get("kind") == "number" and verdict.get("value") == 1)


def test_a_sentence_opening_on_the_questions_own_case_decides():
    # our own words: the record's general sentence shares more of the question's words, but the
    # question's when-clause is the case the other sentence opens on
    from adjudicator.ask.deciding_sentence import deciding_sentence
    from tests.invented_records import invented_record, weigh_by

    question = "What happens to tokens when the wagon they ride leaves play?"
    record = invented_record("Players place tokens on a wagon when they ride into play.",
                             "If the wagon leaves play, return its tokens to the supply.")
    sentence, _ = deciding_sentence(record, weigh_by(question), question)
    assert sentence.startswith("If the wagon leaves play")
    # a question with no case of its own keeps the sentence sharing most of its words
    plain = "Where do players place tokens on a wagon?"
    assert deciding_sentence(record, weigh_by(plain), plain)[0].startswith("Players place tokens")


def test_figure_cases_a_margin_the_question_states_is_its_case_without_an_if_clause():
    # review 11: "failed ... by exactly one, what happens?" states the case in a main clause:
    # a margin of 1 is the discarded case, not the eliminated one
    by_one = "My character failed his corruption check by exactly one, what happens to him?"
    assert given_figures(by_one) == {1}
    assert case_of(by_one, DISCARDED) == 1 and case_of(by_one, ELIMINATED) == -1
