"""A long question fits a second game at a wider margin than a short one (issue 11: `ask`
"asks (or shows both) when the question fits two"): the word model adds each word's log share
as if the words were independent, so the margin between two games grows with the number of
words and pairs counted faster than the evidence does; the runner-up fits the question up to
``FEATURE_CLOSE`` times the square root of that number, when it is wider than ``CLOSE``."""

from __future__ import annotations

import math

from adjudicator.ask.game_detection import CLOSE, FEATURE_CLOSE, GENERIC_CLOSE, Detection, detect, word_scores

from .test_game_detection_words import _index


def test_game_detection_a_long_question_fits_the_runner_up_at_a_wider_margin_than_a_short_one():
    margin = CLOSE + 1.0
    scores = {"metw": 0.0, "lotr": -margin}
    short = Detection("metw", scores, {"metw": [], "lotr": []}, features=4)
    long = Detection("metw", scores, {"metw": [], "lotr": []}, features=int((margin / FEATURE_CLOSE) ** 2) + 1)
    assert short.runner_up is None and long.runner_up == "lotr"


def test_game_detection_the_margin_for_a_long_question_never_narrows_the_others():
    assert Detection("meq", {"meq": 0.0}, features=0).close == CLOSE
    assert Detection("meq", {"meq": 0.0}, generic=True, features=1).close == GENERIC_CLOSE
    assert Detection("meq", {"meq": 0.0}, features=49).close == max(CLOSE, FEATURE_CLOSE * math.sqrt(49))


def test_game_detection_word_scores_list_each_word_and_pair_counted():
    records = [("lotr:rr:1", "lotr", "rule", "Draw Cards", "draw cards draw cards"),
               ("meq:rules:1", "meq", "rule", "Draw Cards and Rest", "draw cards then rest")]
    counted: list[str] = []
    word_scores(_index(records), "can I draw cards and rest?", ["lotr", "meq"], None, counted)
    assert "draw" in counted and "rest" in counted and "draw_card" in counted
    assert len(counted) == len(set(counted))


def test_game_detection_counts_the_features_of_a_real_question(kb):
    short = detect(kb, "how do I heal?")
    long = detect(kb, "when my company moves to a haven and my wounded character rests there, "
                      "does he heal at the end of the turn, and can he still take part in a fight if he was wounded?")
    assert long.features > short.features > 0
