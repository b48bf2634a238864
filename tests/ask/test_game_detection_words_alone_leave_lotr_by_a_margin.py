"""Game detection: a question whose words alone (no name nor players' word of the leading game
in it) lead away from LOTR leaves LOTR only by ``LEAVE_LOTR_WORDS`` or more, however short it is:
players' questions are LOTR's about 97 times in 100, and a lead that small on words the games
share says little.  A name or players' word of the other game is not held back by the margin;
``--game`` overrides.  (The questions here are invented.)"""

from __future__ import annotations

import pytest

from adjudicator.ask import game_detection
from adjudicator.ask.game_detection import LEAVE_LOTR_WORDS, LONG, Detection, _stays_lotr, detect

SHARED_WORDS = "Can I skip my turn?"  # MEQ's rules' words a little more than LOTR's


def test_a_short_question_in_words_the_games_share_stays_lotr_within_the_margin(kb, monkeypatch):
    kept = detect(kb, SHARED_WORDS)
    assert kept.game == "lotr" and kept.assumed and not any(kept.evidence.values()) and not kept.said
    lead = kept.scores["meq"] - kept.scores["lotr"]
    assert 0.0 < lead < LEAVE_LOTR_WORDS
    assert kept.runner_up == "meq"  # kept LOTR's, the question still fits the game its words led to
    monkeypatch.setattr(game_detection, "LEAVE_LOTR_WORDS", 0.0)
    assert detect(kb, SHARED_WORDS).game == "meq"  # without the margin its words took it to MEQ


def test_words_alone_leading_by_more_than_the_margin_still_leave_lotr():
    features = LONG - 5  # a short question: the long questions' margin does not apply
    no_names = {"lotr": [], "metw": [], "meq": []}
    within = {"lotr": 0.0, "metw": LEAVE_LOTR_WORDS - 0.1, "meq": -20.0}
    beyond = {**within, "metw": LEAVE_LOTR_WORDS + 0.1}
    assert _stays_lotr("metw", within, no_names, {}, features)
    assert not _stays_lotr("metw", beyond, no_names, {}, features)
    assert not _stays_lotr("metw", within, {**no_names, "metw": ["Site Phase"]}, {}, features)  # a name of its own
    assert not _stays_lotr("metw", within, no_names, {"metw": ["DI"]}, features)  # a players' word of its own
    assert not _stays_lotr("lotr", {**within, "lotr": 1.0}, no_names, {}, features)
    assert Detection("lotr", within, no_names, features=features).fitting == ["metw"]


@pytest.mark.parametrize("question", [
    "Can Pallando skip his turn?",  # a card METW's documents name
    "Can I skip my turn if my avatar is in play?",  # a METW players' word
])
def test_a_question_naming_a_metw_card_or_a_metw_players_word_is_metw_whatever_the_margin(kb, monkeypatch, question):
    monkeypatch.setattr(game_detection, "LEAVE_LOTR_WORDS", 100.0)
    detection = detect(kb, question)
    assert detection.game == "metw" and not detection.assumed


def test_the_game_flag_overrides_the_margin(ask_cli):
    _, answer = ask_cli(SHARED_WORDS, "--game", "meq")
    assert answer["game"] == "meq" and answer["game_detection"]["given"] is True
    assert answer["best"]["id"].startswith("meq:") and answer["also"] is None
    _, answer = ask_cli(SHARED_WORDS)
    assert answer["game_detection"]["game"] == "lotr" and answer["game_detection"]["given"] is False


WOUNDED = "What happens when heroes are wounded?"  # MEQ's rules' words by more than half a log odds


def test_words_alone_leading_lotr_by_under_one_and_a_half_log_odds_stay_lotr(kb, monkeypatch):
    assert LEAVE_LOTR_WORDS == 1.5
    kept = detect(kb, WOUNDED)
    lead = kept.scores["meq"] - kept.scores["lotr"]
    assert 0.5 < lead < LEAVE_LOTR_WORDS and kept.assumed and not kept.said
    assert kept.game == "lotr" and kept.runner_up == "meq"
    monkeypatch.setattr(game_detection, "LEAVE_LOTR_WORDS", 0.5)  # session 23's margin let it leave
    assert detect(kb, WOUNDED).game == "meq"
