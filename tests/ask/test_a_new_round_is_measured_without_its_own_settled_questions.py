"""Measuring the players' vote as a new collection round meets it: with --without-own-round the re-ordering's dump
and pipeline (bench/train_reordering.py) ask each question with its whole round's settled questions left out, and
bench/eval_settled_votes.py casts each vote without the question's own round (by default) and thread."""

from __future__ import annotations

from bench_scripts import load


def test_the_reordering_dump_leaves_the_own_round_out_when_asked_to(monkeypatch):
    trainer = load("train_reordering")
    import eval_players as ev

    seen = []
    monkeypatch.setattr(ev, "ask_in_process", lambda questions, with_game, own_thread=False, own_round=False:
                        seen.append(own_round) or [])
    monkeypatch.setattr(ev, "kb_spans_now", lambda: {})
    for flag in (False, True):
        monkeypatch.setattr(trainer, "OWN_ROUND", flag)
        trainer.dump(4, rounds=(0,))
    assert seen == [False, True]


def test_the_flag_reaches_the_dump_from_the_command_line(monkeypatch, tmp_path):
    trainer = load("train_reordering")
    captured = []
    monkeypatch.setattr(trainer, "dump", lambda depth: captured.append(trainer.OWN_ROUND) or [])
    trainer.main(["dump", "--out", str(tmp_path / "P.json"), "--without-own-round"])
    trainer.main(["dump", "--out", str(tmp_path / "P.json")])
    assert captured == [True, False]


def test_a_vote_is_cast_without_the_questions_own_round_and_thread(monkeypatch):
    bench = load("eval_settled_votes")
    import eval_players as ev

    from adjudicator.ask import settled_questions as sq

    questions = [{"id": "q-a", "q": "Can an invented hero ready twice?", "game": "lotr", "round": 9,
                  "source": "https://example.org/topic/1", "answerable": True, "deciding": [{"id": "r:x"}]},
                 {"id": "q-b", "q": "Does an invented token stay?", "game": "lotr", "round": 12,
                  "source": "https://example.org/topic/2", "answerable": True, "deciding": [{"id": "r:y"}]}]
    monkeypatch.setattr(ev, "load", lambda half: questions)
    monkeypatch.setattr(ev, "_settled_ids_by_round", lambda: {9: ["e-9a", "e-9b"], 12: ["e-12"]})
    left_out = []
    monkeypatch.setattr(sq, "votes", lambda question, game: left_out.append(sq._LEFT_OUT) or [])
    monkeypatch.setattr(sq, "nearest", lambda question, game: [])
    parts = bench.counts(own_round=True)
    assert parts["rounds 0-10"]["questions"] == 1 and parts["rounds 11-16"]["questions"] == 1
    threads, ids = left_out[0]
    assert ids == frozenset({"q-a", "e-9a", "e-9b"}) and threads == frozenset({sq.thread_key(questions[0]["source"])})
    assert left_out[1][1] == frozenset({"q-b", "e-12"})
    left_out.clear()
    bench.counts(own_round=False)
    assert left_out[0][1] == frozenset({"q-a"})
