"""A question that fits two games says so and shows the second game's answer right after the
first's, before the first game's supporting records (issue 11: `ask` "asks (or shows both) when
the question fits two"): a player of either game sees their game's answer near the top."""

from __future__ import annotations

from adjudicator.ask.game_detection import GAME_NAMES


def test_the_second_games_answer_comes_before_the_first_games_supporting_records(cli, ask_cli):
    question = "What happens when my hero dies?"
    _, answer = ask_cli(question)
    assert answer["also"] is not None  # LOTR's heroes and MEQ's: it fits both
    code, out, _ = cli("ask", question)
    lines = out.splitlines()
    assert code == 0 and GAME_NAMES[answer["also"]["game"]] in lines[0] and "follows" in lines[0]
    also = next(i for i, line in enumerate(lines) if line.startswith("Also fits "))
    assert answer["also"]["best"]["id"] in lines[also]
    supporting = [i for i, line in enumerate(lines) if line == "Supporting"]
    assert not supporting or also < supporting[0]
    first = next(i for i, line in enumerate(lines) if line.startswith("From: "))
    assert first < also


def test_a_question_of_one_game_shows_no_second_answer(cli):
    code, out, _ = cli("ask", "does my company have to be at a haven to heal a wounded character?")
    assert code == 0 and "Also fits " not in out and "as well" not in out.splitlines()[0]
