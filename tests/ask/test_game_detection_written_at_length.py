"""Game detection: a question written at length, and the other game's record over LOTR's (issue 11:
no question answered from the wrong game; players' questions are LOTR's far more often, and long).

- A question of ``LONG_WRITTEN`` words written or more is a long question however few of its words
  the word model counts: its words alone take it from LOTR only by ``LEAVE_LOTR`` times the square
  root of the words and pairs counted; the other game still fits it.
- A players' word of the leading game that is only words the word model counts ("fight") is
  weighed there already: it is no name of that game's (an abbreviation, "DI", still is).
- `ask` puts another game's record first over LOTR's only for a game within ``GENERIC_CLOSE`` of
  LOTR, and never over a question written at length.
(The questions here are invented.)"""

from __future__ import annotations

import math

from adjudicator.ask import game_detection
from adjudicator.ask.game_detection import (GENERIC_CLOSE, LEAVE_LOTR, LONG, LONG_WRITTEN, Detection, _stays_lotr,
                                            detect)


def test_game_detection_a_question_written_at_length_stays_lotr_within_the_margin():
    features = LONG - 6
    margin = LEAVE_LOTR * math.sqrt(features)
    near = {"lotr": 0.0, "metw": margin - 0.5, "meq": -20.0}
    assert _stays_lotr("metw", near, {"metw": []}, {}, features, LONG_WRITTEN)
    assert not _stays_lotr("metw", near, {"metw": []}, {}, features, LONG_WRITTEN - 1)  # a short question
    assert not _stays_lotr("metw", {**near, "metw": margin + 0.5}, {"metw": []}, {}, features, LONG_WRITTEN)
    assert not _stays_lotr("metw", near, {"metw": ["Hazard Limit"]}, {}, features, LONG_WRITTEN)  # its name


def test_game_detection_a_plain_players_word_the_word_model_counts_is_no_name_of_the_leading_game():
    features, counted = LONG + 1, ["fight", "enemy", "hero"]
    near = {"lotr": 0.0, "meq": LEAVE_LOTR * math.sqrt(features) - 0.5, "metw": -20.0}
    assert _stays_lotr("meq", near, {"meq": []}, {"meq": ["fight"]}, features, 0, counted)
    assert not _stays_lotr("meq", near, {"meq": []}, {"meq": ["DI"]}, features, 0, counted)  # never counted
    assert not _stays_lotr("meq", near, {"meq": []}, {"meq": ["fight"]}, features, 0, [])  # not counted here


def test_game_detection_a_long_players_question_in_common_words_stays_lotr(kb, monkeypatch):
    question = ("Sorry if this was asked before, but when my character is killed what happens to the items "
                "he was carrying, do the others get them?")
    detection = detect(kb, question)
    assert detection.written >= LONG_WRITTEN > detection.features
    assert detection.game == "lotr" and "metw" in detection.fitting  # METW's answer still follows
    monkeypatch.setattr(game_detection, "LONG_WRITTEN", 10 ** 6)
    monkeypatch.setattr(game_detection, "LEAVE_LOTR_WORDS", 0.0)  # no short questions' margin either
    assert detect(kb, question).game == "metw"  # its words alone: METW's rules say "items" and "character"


def test_game_detection_a_long_question_with_another_games_plain_players_word_stays_lotr(kb, monkeypatch):
    question = ("Sorry if this was asked before, but I am confused: after the fight is over, do I keep the "
                "wounds on my hero or discard them at the end?")
    detection = detect(kb, question)
    assert detection.said == {"meq": ["fight"]} and detection.game == "lotr" and "meq" in detection.fitting
    monkeypatch.setattr(game_detection, "_only_counted", lambda *args: False)
    assert detect(kb, question).game == "meq"


def test_ask_puts_another_games_record_first_over_lotr_only_for_a_game_within_the_generic_margin():
    evidence = {g: [] for g in ("lotr", "meq", "metw")}
    near = {"lotr": 0.0, "meq": 1.0 - GENERIC_CLOSE, "metw": -30.0}
    far = {**near, "meq": -GENERIC_CLOSE - 0.5}
    common = ("lotr", "meq")
    assert Detection("lotr", near, evidence, common=common, features=4).yields_to_records
    assert "meq" in Detection("lotr", far, evidence, common=common, features=4).fitting  # it still fits
    assert not Detection("lotr", far, evidence, common=common, features=4).yields_to_records
    assert not Detection("lotr", near, evidence, common=common, features=4, written=LONG_WRITTEN).yields_to_records
    assert Detection("meq", {**far, "meq": 1.0}, evidence, common=common, features=4).yields_to_records
