"""An evaluation of `ask` on the players' set never lets the settled questions of a question's
own thread (nor the question itself) vote for it (``bench/check_settled_threads.py``, which the
lead runs on the held-out half too: it prints counts only)."""

from __future__ import annotations

from contextlib import contextmanager

from bench_scripts import load


def test_no_tune_question_through_round_ten_meets_its_own_thread_or_itself():
    checker = load("check_settled_threads")
    questions = [q for q in load("eval_players").load("tune") if q.get("round", 0) <= 10]
    counts = checker.check(questions)
    assert counts["questions"] == len(questions) > 0
    assert (counts["own thread voting"], counts["own source voting"]) == (0, 0)


def test_the_check_counts_a_thread_that_is_not_left_out(monkeypatch):
    from adjudicator.ask import settled_questions as sq

    @contextmanager
    def leaving_nothing_out(sources=(), ids=()):
        yield

    monkeypatch.setattr(sq, "leaving_out", leaving_nothing_out)
    checker = load("check_settled_threads")
    entry = sq.read("lotr")[0]  # an entry's own question: its thread is in the data
    question = {"id": entry["id"], "game": "lotr", "q": " ".join(entry["words"]), "source": entry["source"]}
    counts = checker.check([question])
    assert counts["own thread voting"] >= 1 and counts["own source voting"] >= 1


def test_an_address_naming_a_post_or_a_page_is_not_a_resolved_thread():
    checker = load("check_settled_threads")
    assert checker.resolved("ffg-forum:12345") and checker.resolved("councilofelrond:t1993")
    assert not checker.resolved("councilofelrond:p15575")
    assert not checker.resolved("community.fantasyflightgames.com/profile/1-someone/content/page/2")
