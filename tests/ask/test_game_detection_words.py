"""Game detection's word model (issue 11: no question answered from the wrong game): each game's
share of a word or of a pair of adjacent words, counted over its rules records and the questions
players ask of them (``question_index.game_counts``, ``game_detection.word_scores``)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from adjudicator.ask.asked import Asked
from adjudicator.ask.game_detection import detect, word_scores
from adjudicator.ask.question_index import game_counts


class _Store:
    """A record store of invented records: (id, game, kind, title, text)."""

    def __init__(self, records):
        self.conn = sqlite3.connect(":memory:")
        self.conn.row_factory = sqlite3.Row
        self.conn.execute("create table records (id, game, kind, title, aliases, summary, blocks, path)")
        for rid, game, kind, title, text in records:
            self.conn.execute("insert into records values (?, ?, ?, ?, '[]', '', ?, ?)",
                              (rid, game, kind, title, json.dumps([{"text": text}]), json.dumps(["doc", title])))


def _index(records, asked=None, games=("lotr", "meq")):
    return {"present": list(games), **game_counts(_Store(records), asked or {}, list(games))}


def test_game_detection_a_word_used_as_often_favours_neither_game_however_much_text_the_game_has():
    # LOTR says "attack" and "defense" in ten records, MEQ in one: the share of each game's words
    # is the same, so the word points to neither (a count of records would point to LOTR)
    records = [(f"lotr:rr:{i}", "lotr", "rule", "Attack and Defense", "attack defense") for i in range(10)]
    records += [("meq:rules:1", "meq", "rule", "Attack and Defense", "attack defense")]
    scores = word_scores(_index(records), "what about the attack?", ["lotr", "meq"])
    assert scores["lotr"] == pytest.approx(scores["meq"])


def test_game_detection_a_pair_of_words_one_game_says_together_points_to_it():
    # LOTR uses "next" and "round" more than MEQ, but only MEQ says "next round"
    records = [(f"lotr:rr:{i}", "lotr", "rule", "Round", "the round ends; the next player acts") for i in range(3)]
    records += [(f"meq:rules:{i}", "meq", "rule", "Next Round", "a next round ability resolves") for i in range(2)]
    index = _index(records)
    assert word_scores(index, "round", ["lotr", "meq"])["lotr"] > word_scores(index, "round", ["lotr", "meq"])["meq"]
    scores = word_scores(index, "when does a next round ability resolve?", ["lotr", "meq"])
    assert scores["meq"] > scores["lotr"]


def test_game_detection_counts_the_asked_questions_it_is_given_and_no_others():
    # the evaluation leaves each fold's asked questions out of the counts: what is not given
    # must not be counted
    records = [("lotr:rr:1", "lotr", "rule", "Threat", "raise your threat"),
               ("meq:rules:1", "meq", "rule", "Rest", "rest to recover cards")]
    asked = {"meq:rules:1": [Asked("meq:rules:1", "can my hero rest twice in a turn?")]}
    without, with_asked = _index(records), _index(records, asked)
    question = "rest twice"
    assert word_scores(with_asked, question, ["lotr", "meq"])["meq"] > word_scores(without, question, ["lotr", "meq"])["meq"]
    assert with_asked["game_totals"]["words"][1] > without["game_totals"]["words"][1]
    assert with_asked["game_totals"]["words"][0] == without["game_totals"]["words"][0]


def test_game_detection_a_pair_said_once_is_not_counted():
    # one record's phrase is noise: a pair counts from two occurrences on
    records = [("lotr:rr:1", "lotr", "rule", "Threat", "raise your threat dial"),
               ("meq:rules:1", "meq", "rule", "Threat", "threat dial; threat dial")]
    from adjudicator.ask.postings import Postings

    counted = Postings(_index(records)["game_tf"])  # the words and pairs counted, packed
    assert "threat_dial" in counted
    assert "rais_threat" not in counted


@pytest.mark.parametrize("question, game", [
    ("Which encounter do I resolve when my hero ends his move in a Haven?", "meq"),
    ("How many influence can Sauron put on one location?", "meq"),
    ("Can a hazard creature attack a company that moved to a site in a free-hold?", "metw"),
    ("Can my ally defend an attack from an enemy engaged with another player?", "lotr"),
])
def test_game_detection_players_words_point_to_their_game(kb, question, game):
    assert detect(kb, question).game == game


@pytest.mark.parametrize("question, game", [
    ("In METW, when does combat happen during a turn?", "metw"),
    ("How does a game of MECCG end?", "metw"),
    ("We play MEQ with two: can my hero attack twice in one combat?", "meq"),
    ("In the LCG, do I draw a card each round?", "lotr"),
    # "LOTR" is what the card game's players call it (a METW or MEQ player names METW or MEQ):
    # the starting hand in MEQ's words (draw, start) must not take the question to MEQ
    ("How many cards do I draw at the start of the game in LOTR?", "lotr"),
    ("In the Lord of the Rings card game, how many cards do I draw at the start?", "lotr"),
])
def test_game_detection_a_question_naming_its_game_is_about_that_game(kb, question, game):
    detection = detect(kb, question)
    assert detection.game == game and detection.runner_up is None


def test_game_detection_each_name_a_game_is_called_by_is_linked_to_that_game_only(kb):
    from adjudicator.ask.game_detection import GAME_CALLED, linker_for

    linker = linker_for(kb)
    for game, names in GAME_CALLED.items():
        for name in names:
            linked = linker.link(f"a question about {name}")
            assert linked and {e.game for e in linked if e.name == name} == {game}, name
            assert linker.games_of(linked[0].key) == {game}, name
