"""Game detection asks for more evidence to leave LOTR than to stay (issue 11: no question
answered from the wrong game; players' questions are LOTR's far more often than METW's or MEQ's).

- A name or players' word of another game whose words LOTR's texts say at least ``LOTR_SAYS``
  as often counts for no game ("moving" is an MEQ players' word, and LOTR's texts say it too).
- A long question whose words alone lead away from LOTR, no name nor players' word of the
  leading game in it, stays LOTR's within ``LEAVE_LOTR`` times the square root of its words and
  pairs counted; the other game still fits it and its answer is shown after LOTR's.
- `ask` does not put another game's record first over LOTR's on a long question because it
  holds more of the question's common words.
(The questions here are invented.)"""

from __future__ import annotations

import math

from adjudicator.ask import game_detection
from adjudicator.ask.game_detection import LEAVE_LOTR, LONG, Detection, _lotr_says, _stays_lotr, detect
from adjudicator.ask.question_index import load


def test_game_detection_another_games_players_word_lotr_says_as_often_counts_for_no_game(kb, monkeypatch):
    index = load(kb)
    assert _lotr_says(index, "moving", "meq")
    question = "Does moving cost a card from my hand?"
    detection = detect(kb, question)
    assert detection.said == {} and detection.game == "lotr" and detection.assumed
    # counted as MEQ's players' word, it took the question to MEQ
    monkeypatch.setattr(game_detection, "_lotr_says", lambda *args: False)
    assert detect(kb, question).said == {"meq": ["moving"]}


def test_game_detection_another_games_word_lotr_seldom_says_still_leaves_lotr(kb):
    index = load(kb)
    assert not _lotr_says(index, "hazard", "metw") and not _lotr_says(index, "company", "metw")
    assert not _lotr_says(index, "moving", "lotr")  # LOTR's own words are never discounted
    detection = detect(kb, "how much DI does my guy need to take that ally?")
    assert detection.said == {"metw": ["DI"]} and detection.game == "metw"


def test_game_detection_another_games_name_lotr_says_as_often_points_to_no_game(kb, monkeypatch):
    # "Card Title" is MEQ's glossary entry; LOTR's texts speak of a card's title as much
    question = "Is the limit of three copies per deck counted by card title?"
    assert _lotr_says(load(kb), "Card Title", "meq")
    assert detect(kb, question).evidence.get("meq") == []
    monkeypatch.setattr(game_detection, "_lotr_says", lambda *args: False)
    assert detect(kb, question).evidence.get("meq") == ["Card Title"]


def test_game_detection_a_long_question_only_its_words_take_from_lotr_stays_lotr_within_the_margin():
    features = LONG + 1
    margin = LEAVE_LOTR * math.sqrt(features)
    near = {"lotr": 0.0, "metw": margin - 0.5, "meq": -20.0}
    assert _stays_lotr("metw", near, {"metw": []}, {}, features)
    assert not _stays_lotr("metw", {**near, "metw": margin + 0.5}, {"metw": []}, {}, features)  # far ahead
    assert not _stays_lotr("metw", near, {"metw": ["Hazard Limit"]}, {}, features)  # a name of its own
    assert not _stays_lotr("metw", near, {"metw": []}, {"metw": ["DI"]}, features)  # a players' word of its own
    assert not _stays_lotr("metw", near, {"metw": []}, {}, LONG - 1)  # a short question
    # kept LOTR's, the question still fits the game its words led to
    detection = Detection("lotr", near, {g: [] for g in near})
    assert detection.fitting == ["metw"] and detection.runner_up == "metw" and detection.assumed


def test_game_detection_a_long_players_question_in_common_words_stays_lotr_and_fits_the_other(kb, monkeypatch):
    question = ("If I have two characters and one of them leaves play during a turn, can the other character "
                "still use the cards that were played on the character that left play?")
    detection = detect(kb, question)
    assert detection.features >= LONG and detection.game == "lotr" and "metw" in detection.fitting
    monkeypatch.setattr(game_detection, "_stays_lotr", lambda *args: False)
    monkeypatch.setattr(game_detection, "FORUM_MIX", 0.0)  # the rules texts' shares alone, not LOTR's players'
    assert detect(kb, question).game == "metw"  # its words alone: METW's rules say "turn" and "character"


def test_ask_puts_no_other_games_record_first_over_a_long_question_taken_for_lotr():
    scores = {"lotr": 0.0, "meq": -1.0, "metw": -9.0}
    evidence = {g: [] for g in scores}
    assert not Detection("lotr", scores, evidence, common=("lotr", "meq"), features=LONG).yields_to_records
    assert Detection("lotr", scores, evidence, common=("lotr", "meq"), features=LONG - 1).yields_to_records
    assert Detection("meq", scores, evidence, common=("lotr", "meq"), features=LONG).yields_to_records


def test_game_detection_a_two_word_name_lotr_says_as_words_but_not_as_a_pair_still_counts(kb):
    # METW's "Play Deck": LOTR's texts say "play" and "deck" often, and "player deck"
    index = load(kb)
    assert _lotr_says(index, "play", "metw") and _lotr_says(index, "deck", "metw")
    assert not _lotr_says(index, "Play Deck", "metw")
    assert detect(kb, "When does my play deck run out?").evidence.get("metw") == ["Play Deck"]
