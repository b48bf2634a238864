"""A generic question fits every game (issue 11: `ask` "asks (or shows both) when the question
fits two"): when no name points to one game and every word counted is one each game's terms
use ("how many cards do I draw at the start of the game?"), the word shares differ only by how
each rulebook writes, so the runner-up fits the question up to ``GENERIC_CLOSE``, not ``CLOSE``,
and the answer says which two games it fits."""

from __future__ import annotations

from adjudicator.ask.game_detection import CLOSE, GENERIC_CLOSE, Detection, detect, word_scores

from .test_game_detection_words import _index


def test_game_detection_a_generic_question_fits_the_runner_up_at_a_wider_margin_than_a_named_one():
    between = (CLOSE + GENERIC_CLOSE) / 2
    scores = {"meq": 0.0, "lotr": -between}
    assert Detection("meq", scores, {"meq": [], "lotr": []}, generic=True).runner_up == "lotr"
    assert Detection("meq", scores, {"meq": ["Agility"], "lotr": []}, generic=False).runner_up is None
    assert Detection("meq", {"meq": 0.0, "lotr": -GENERIC_CLOSE - 0.1}, generic=True).runner_up is None


def test_game_detection_word_scores_flag_whether_every_game_uses_each_word():
    records = [("lotr:rr:1", "lotr", "rule", "Draw Cards", "draw cards"),
               ("meq:rules:1", "meq", "rule", "Draw Cards and Rest", "draw cards then rest")]
    index = _index(records)
    shared: list[bool] = []
    word_scores(index, "can I draw cards?", ["lotr", "meq"], shared)
    assert shared == [True, True]  # "draw" and "card": both games' terms
    shared = []
    word_scores(index, "can I rest and draw?", ["lotr", "meq"], shared)
    assert sorted(shared) == [False, True]  # "rest" is MEQ's only


def test_game_detection_a_setup_question_in_no_games_words_shows_lotr_too(kb):
    # the MEQ rules say "draw", "start" and "game" more often than the LOTR documents do, so
    # MEQ may come first; a LOTR player must still see LOTR's answer
    detection = detect(kb, "how many cards do I draw at the start of the game?")
    assert detection.generic and not any(detection.evidence.values())
    assert "lotr" in {detection.game, detection.runner_up}


def test_game_detection_a_question_naming_a_games_term_is_not_generic(kb):
    detection = detect(kb, "does my company have to be at a haven to heal a wounded character?")
    assert detection.game == "metw" and not detection.generic and detection.runner_up is None
    detection = detect(kb, "can the Sauron player put influence on a Shadow Stronghold beyond the red number?")
    assert not detection.generic


def test_ask_names_both_games_on_its_game_line_when_the_question_fits_two(cli):
    code, out, _ = cli("ask", "how many cards do I draw at the start of the game?")
    assert code == 0
    game_line = out.splitlines()[0]
    assert game_line.startswith("Game: ")
    assert "LOTR: The Card Game" in game_line and "Middle-earth Quest" in game_line
    # since session 25 LOTR's first record here is the mulligan entry, which does not decide the question, so the
    # line says LOTR fits too with no record of its own deciding it (before: "name no one game" and "Also fits")
    assert "--game " in out


def test_lotr_vocabulary_the_start_of_the_game_is_setup(ask_cli):
    # players say "at the start of the game" and "starting hand" for setup: the LOTR answer is
    # the setup hand, not the draw of each round (step 1.3)
    _, answer = ask_cli("how many cards do I draw at the start of the game?", "--game", "lotr")
    assert answer["best"]["id"] != "lotr:rr:step:1.3"
    assert any(v["rules"] == "setup" for v in answer["vocabulary"])
    # since session 25 the re-ordering puts the mulligan entry (a setup rule) first and the setup hand second
    cited = [answer["best"]] + answer["supporting"][:1]
    assert any("setup" in c["id"] or "setup" in c["title"].lower() for c in cited)
