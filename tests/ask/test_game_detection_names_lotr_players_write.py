"""Game detection: another game's name that LOTR's players write too (``forum_words``, counted in the
public copy of the LOTR card game's rules forum) is no reason to leave LOTR beside a name of LOTR's
own, or in a question written at length (players' style); in a short question alone, it still points
to its game.  Invented questions."""

from __future__ import annotations

import pytest

from adjudicator.ask import forum_words
from adjudicator.ask.game_detection import detect


@pytest.mark.parametrize("question, other, name", [
    ("Does defense stop it when a card tells me to deal X damage?", "meq", "Deal [X] Damage"),
    ("Is the combat deck used when my Sentinel hero defends?", "meq", "Combat Deck"),
])
def test_another_games_name_lotrs_players_write_counts_for_none_beside_a_lotr_name(kb, monkeypatch, question,
                                                                                     other, name):
    kept = detect(kb, question)
    assert kept.game == "lotr" and kept.evidence["lotr"] and name not in kept.evidence.get(other, [])
    monkeypatch.setattr(forum_words, "LOTR_PLAYERS_NAME", {})  # without the forum's counts it left LOTR
    left = detect(kb, question)
    assert left.game == other and name in left.evidence[other]


@pytest.mark.parametrize("question, other, name", [
    ("We were arguing last night about Khamul the Easterling and whether his ability can be used on the same turn "
     "he comes into play or only later on", "metw", "Khamûl the Easterling"),
    ("If an effect tells me to deal X damage and I have nothing on the table that could take it, what happens "
     "to the rest of that damage then", "meq", "Deal [X] Damage"),
])
def test_another_games_name_lotrs_players_write_counts_for_none_in_a_question_written_at_length(
        kb, monkeypatch, question, other, name):
    kept = detect(kb, question)
    assert kept.game == "lotr" and kept.written >= 20 and name not in kept.evidence.get(other, [])
    assert other in kept.fitting  # the other game's answer is still shown
    monkeypatch.setattr(forum_words, "LOTR_PLAYERS_NAME", {})
    left = detect(kb, question)
    assert left.game == other and name in left.evidence[other]


def test_another_games_name_lotrs_players_write_still_points_to_its_game_in_a_short_question_alone(kb):
    detection = detect(kb, "Do I deal X damage to the minion when my hero wins?")
    assert detection.game == "meq" and "Deal [X] Damage" in detection.evidence["meq"]
    assert not detection.evidence.get("lotr")


def test_the_names_lotrs_players_write_are_other_games_names_never_a_games_own(kb):
    from adjudicator.ask.game_detection import _called, linker_for

    linker = linker_for(kb)
    own = set().union(*(_called(g) for g in ("lotr", "metw", "meq")))
    assert forum_words.LOTR_PLAYERS_NAME and not own & set(forum_words.LOTR_PLAYERS_NAME)
    for key, threads in forum_words.LOTR_PLAYERS_NAME.items():
        games = set(linker.games_of(key)) & {"lotr", "metw", "meq"}
        assert threads >= forum_words.NAME_THREADS and len(games) == 1 and "lotr" not in games, key
