"""`bench/eval_players.py --without-own-round` leaves out, besides the question's own thread, every
players' settled question of the question's collection round: the figure of a round the data
does not hold at all (the unseen rounds' entries are in the data; thread by thread, the other
threads of the same round still vote)."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from adjudicator.ask import settled_questions as sq
from bench_scripts import load

ROUNDS = {8: ["lotr-invented-round-8-a", "lotr-invented-round-8-b"], 9: ["lotr-invented-round-9"]}


@pytest.fixture
def left_out(monkeypatch):
    """What ask_in_process leaves out for each question (the settled entries read are invented)."""
    calls = []

    @contextmanager
    def leaving_out(sources=(), ids=()):
        calls.append((list(sources), sorted(i for i in ids if i)))
        yield

    monkeypatch.setattr(sq, "leaving_out", leaving_out)
    return calls


def test_the_question_s_whole_round_is_left_out_only_when_asked(all_games_env, left_out):
    evaluate = load("eval_players")
    evaluate._settled_ids_by_round = lambda: ROUNDS  # invented entries of rounds 8 and 9
    question = {"id": "lotr-invented-asked", "game": "lotr", "round": 8, "q": "Can my hero quest twice in a round?",
                "source": "https://community.fantasyflightgames.com/topic/99999-invented/"}
    evaluate.ask_in_process([question], with_game=True)
    evaluate.ask_in_process([question], with_game=True, own_round=True)
    assert left_out[0] == ([question["source"]], ["lotr-invented-asked"])
    assert left_out[1] == ([question["source"]],
                           ["lotr-invented-asked", "lotr-invented-round-8-a", "lotr-invented-round-8-b"])


def test_the_settled_questions_are_grouped_by_the_round_they_were_collected_in():
    by_round = load("eval_players")._settled_ids_by_round()
    entries = [item for game in sq.GAMES for item in sq.read(game)]
    assert sum(len(ids) for ids in by_round.values()) == len(entries) > 0
    assert all(item["id"] in by_round[item["round"]] for item in entries)
