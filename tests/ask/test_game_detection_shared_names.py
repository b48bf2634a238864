"""A name only one game names, but that another game's documents use as words, is weaker
evidence of its game (issue 11: no question answered from the wrong game): "Ranged" is a LOTR
keyword and a kind of MEQ combat card, "Nazgul" a LOTR card and METW's and MEQ's servants of
Sauron.  Game detection counts it ``SHARED_NAME`` as much as a name no other game says."""

from __future__ import annotations

import json
import sqlite3

import pytest

from adjudicator.ask.entities import shared_names
from adjudicator.ask.game_detection import NAME_WEIGHT, PRIOR, SHARED_NAME, detect, word_scores
from adjudicator.ask.question_index import load


class _Store:
    def __init__(self, records):
        self.conn = sqlite3.connect(":memory:")
        self.conn.execute("create table records (game, title, summary, blocks)")
        for game, title, text in records:
            self.conn.execute("insert into records values (?, ?, '', ?)", (game, title, json.dumps([{"text": text}])))


def test_shared_names_are_one_games_names_another_games_documents_say():
    rows = [["ranged", "Ranged", "lotr:rr:ranged", "keyword", "lotr"],
            ["sentinel", "Sentinel", "lotr:rr:sentinel", "keyword", "lotr"],
            ["plot card", "Plot Cards", "meq:glossary:plot-cards", "glossary", "meq"],
            ["unique", "Unique", "lotr:rr:unique", "glossary", "lotr"],
            ["unique", "Unique", "metw:glossary:unique", "glossary", "metw"]]
    store = _Store([("meq", "Combat Cards", "Ranged cards are played first; a Plot Card is not."),
                    ("lotr", "Sentinel", "A sentinel character may defend. Each unique card ..."),
                    ("metw", "Unique", "Only one unique card of a name")])
    # "Plot Card" is said by MEQ itself only; "unique" is two games' name already
    assert shared_names(store, rows) == ["ranged"]


def test_shared_names_fold_plurals_and_accents_as_the_linker_does():
    rows = [["nazgul", "Nazgûl", "", "card", "lotr"]]
    store = _Store([("metw", "Nazgûl", "The Nazgûl are Ringwraiths.")])
    assert shared_names(store, rows) == ["nazgul"]


def _name_part(kb, question: str, game: str) -> float:
    detection = detect(kb, question)
    words = word_scores(load(kb), question, list(detection.scores))
    said = NAME_WEIGHT if detection.said.get(game) else 0.0  # a player word of this game's vocabulary only
    return detection.scores[game] - words[game] - PRIOR.get(game, 0.0) - said


def test_game_detection_counts_a_name_another_game_says_less(kb):
    index = load(kb)
    assert "ranged" in index["shared_names"]  # a LOTR keyword; MEQ's combat cards are ranged or melee
    assert "spider" not in index["shared_names"]  # a LOTR trait no other game's documents use
    assert _name_part(kb, "how do Ranged cards work?", "lotr") == pytest.approx(NAME_WEIGHT * SHARED_NAME)
    assert _name_part(kb, "do spiders count as creatures?", "lotr") == pytest.approx(NAME_WEIGHT)
    assert "Ranged" in detect(kb, "how do Ranged cards work?").evidence["lotr"]  # still named as evidence


def test_game_detection_counts_a_vocabulary_marker_as_much_as_a_cards_name(kb):
    # "MP" is a word METW's players use (rules_db/metw/vocabulary.yaml markers) and no other game's
    from adjudicator.ask.game_detection import LONG_NAME_WEIGHT

    markers = {key for _, key in load(kb)["vocabulary"]["metw"]["markers"]}
    assert "mp" in markers and "mp" not in load(kb)["shared_names"]
    assert _name_part(kb, "does the player with the most MP win?", "metw") == pytest.approx(LONG_NAME_WEIGHT)
