"""A question that fits several games shows another game's answer only where that game's
record decides the question there (issue 11: `ask` "asks (or shows both) when the question
fits two"; review 11: second-game answers that add nothing): the record holds the question's
own terms, not only words every rules text uses ("card", "player", "play", "turn")."""

from __future__ import annotations

import pytest


def test_key_terms_are_the_questions_own_words_not_every_rules_texts(kb):
    from adjudicator.ask.game_decides import key_terms

    assert key_terms(kb, "Must I declare a defender?") == (["declar", "defender"], [])
    # what a how-many question counts is its own term, however common the word
    key, counts = key_terms(kb, "in a 2 player game how many turns does the hero get?")
    assert counts == ["turn"] and key == ["turn"]
    key, _ = key_terms(kb, "how many players can play?")
    assert "play" not in key  # "play" is every rules text's word


@pytest.mark.parametrize("question, game", [
    ("Must I declare a defender?", "metw"),  # METW's "... in order for the defender to receive the marshalling points"
    ("can an exhausted character defend?", "metw"),  # "attacker chooses defending characters": no exhausted
    ("how many players can play?", "metw"),  # "Each player plays one of the five Wizards": no count of players
    ("in a 2 player game how many turns does the hero get?", "lotr"),  # "Each player chooses 1-3 hero cards"
    ("who goes first?", "metw"),  # a site phase's company order, said only in an "(i.e., ...)" gloss
    ("can an eliminated character come back later?", "lotr"),  # a player's elimination
])
def test_another_games_record_holding_only_common_or_some_of_the_questions_words_is_not_shown(ask_cli, question, game):
    _, answer = ask_cli(question)
    assert game not in [o["game"] for o in answer["others"]] or answer["game"] == game


@pytest.mark.parametrize("question, game, says", [
    ("what happens if an encounter deck runs out?", "meq", "runs out"),
    ("is there a hand limit?", "meq", "no limit"),
    ("is there a hand limit?", "metw", "eight cards"),  # the game's vocabulary: a hand limit is its hand size
    ("Is there a hand size limit?", "lotr", "no maximum hand size"),  # its own terms "hand" and "size", not "limit"
    ("can I heal at a haven?", "meq", "heal"),
    # questions of the team's asked set whose first game is another: their game's answer follows
    ("What does support mean in combat?", "metw", "supporting character"),  # no "combat": most of its own terms
    ("We ran out of damage tokens, can we just use coins?", "lotr", "coins"),
])
def test_another_games_record_deciding_the_question_is_shown(ask_cli, question, game, says):
    _, answer = ask_cli(question)
    shown = {o["game"]: o for o in answer["others"]}
    assert answer["game"] != game and game in shown and says in shown[game]["best"]["sentence"]
