"""Game detection reads the players' words of each game's vocabulary, and `ask` says when it
assumed the game (issue 11: `ask` "says which game it assumed, and asks (or shows both) when the
question fits two").

- A phrase of one game's vocabulary (``rules_db/<game>/vocabulary.yaml``: "DI" is what METW
  players call direct influence) counts for that game as a one-word name does, when no other
  game's vocabulary finds a phrase in the question; a phrase several games' players use
  ("dies", "heal") counts for none.
- A game chosen with no name nor players' word of its own in the question is assumed, and the
  game line says so; a game the question fits whose records do not decide it is named there.
(The questions here are invented.)"""

from __future__ import annotations

import json

import pytest

from adjudicator.ask.answer import Answer, games_line
from adjudicator.ask.game_detection import NAME_WEIGHT, PRIOR, Detection, detect, given, word_scores
from adjudicator.ask.question_index import load


def _beyond_words(kb, question: str) -> dict[str, float]:
    """Each game's score less its words' part and its prior: what names and players' words add."""
    detection = detect(kb, question)
    words = word_scores(load(kb), question, list(detection.scores))
    return {g: detection.scores[g] - words[g] - PRIOR.get(g, 0.0) for g in detection.scores}


def test_game_detection_a_players_word_only_one_games_vocabulary_knows_counts_as_a_one_word_name(kb):
    question = "how much DI does my guy need to take that ally?"
    detection = detect(kb, question)
    assert detection.said == {"metw": ["DI"]} and not any(detection.evidence.values())
    added = _beyond_words(kb, question)
    assert added["metw"] == pytest.approx(NAME_WEIGHT) and added["lotr"] == added["meq"] == 0.0
    assert detection.game == "metw" and not detection.assumed


def test_game_detection_a_players_word_several_games_vocabularies_know_counts_for_none(kb):
    # "dies" and "heal" are phrases of all three vocabularies: they tell no game
    question = "if my hero dies, can I heal him?"
    detection = detect(kb, question)
    assert detection.said == {}
    assert all(part == 0.0 for part in _beyond_words(kb, question).values())


def test_game_detection_a_game_chosen_without_a_name_or_players_word_of_its_own_is_assumed():
    scores = {"lotr": 0.0, "metw": -9.0}
    assert Detection("lotr", scores, {"lotr": [], "metw": []}).assumed
    assert not Detection("lotr", scores, {"lotr": ["Staging Area"], "metw": []}).assumed
    assert not Detection("lotr", scores, {"lotr": [], "metw": []}, said={"lotr": ["chump"]}).assumed
    assert Detection("lotr", scores, {"lotr": [], "metw": ["Hand Size"]}).assumed  # the other game's name
    assert not given("metw").assumed


def test_games_line_says_the_game_was_assumed_and_names_a_fitting_game_whose_records_do_not_decide():
    detection = Detection("lotr", {"lotr": 0.0, "meq": -1.0, "metw": -9.0}, {"lotr": [], "meq": [], "metw": []})
    assert detection.fitting == ["meq"]
    line = games_line(Answer("q", "lotr", detection))  # MEQ's best record decided nothing: not shown
    assert line.startswith("LOTR: The Card Game, assumed: no card, term or players' word in the question points "
                           "to one game alone")
    assert "Middle-earth Quest too (no record of theirs decides it)" in line and "\n" not in line
    shown = Answer("q", "lotr", detection)
    shown.others = [Answer("q", "meq", detection, best=object())]
    assert "no record of theirs" not in games_line(shown)  # its answer follows: the line says it fits as well


def test_ask_says_which_game_it_assumed_for_a_question_naming_nothing_of_one_game(cli):
    code, out, _ = cli("ask", "can I attach the same attachment twice?")
    assert code == 0 and out.splitlines()[0].startswith("Game: LOTR: The Card Game, assumed: ")
    _, out, _ = cli("ask", "can I attach the same attachment twice?", "--json")
    assert json.loads(out)["game_detection"]["assumed"] is True
    _, out, _ = cli("ask", "how much DI does my guy need to take that ally?", "--json")
    found = json.loads(out)["game_detection"]
    assert found["assumed"] is False and found["said"] == {"metw": ["DI"]}
