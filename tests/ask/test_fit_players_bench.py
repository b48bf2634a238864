"""bench/fit_players.py: the players' dump re-scored offline as `ranking.rank` scores, the fit's guards."""

import json
import math

from bench_scripts import load


def load_bench():
    return load("fit_players")


def _record(rid, start, end, kind="rule"):
    text = f"invented text of {rid}"
    return {"id": rid, "kind": kind, "doc": "lotr-rr", "start": start, "end": end, "also_in": [], "links": [],
            "text": text, "notes": [], "words": sorted(set(text.lower().split()))}


def _candidate(rid, text=0.0, own=0.0, window=None, deciding=False, **feat):
    values = {"sentence": 0.0, "whole": 0.0, "term_asked": 0, "log_length": 0.0}
    values.update(feat)
    return {"id": rid, "text": text, "in_hits": text > 0, "own": own, "asked": 0.0, "named": False,
            "window": window, "kind": {}, "kind_rest": 1.0, "about": {}, "about_rest": 1.0, "score": 0.0,
            "deciding": deciding, "feat": values}


def _dump(tmp_path, bench, questions):
    records = {rid: _record(rid, 10 * n, 10 * n + 2) for n, rid in enumerate(("lotr:rr:a", "lotr:rr:b", "lotr:rr:w"))}
    path = tmp_path / "dump.json"
    path.write_text(json.dumps({"values": bench.current_values(), "records": records, "questions": questions}))
    return bench.load_dump(path)


def test_a_q_and_a_s_own_question_lifts_it_by_qa_match_and_a_feature_weighs_nothing_until_fitted():
    bench = load_bench()
    p = bench.current_values()
    plain = _candidate("lotr:rr:a", text=0.5, sentence=0.8)
    asked = _candidate("lotr:rr:b", text=0.5, own=1.0)
    assert bench.candidate_score(plain, p) == 0.5  # feat:sentence is 0: no factor
    assert math.isclose(bench.candidate_score(asked, p), 0.5 * (1 + p["QA_MATCH"]))
    assert math.isclose(bench.candidate_score(plain, dict(p, **{"feat:sentence": 0.5})), 0.5 * math.exp(0.4))


def test_an_action_window_placed_by_the_question_scores_its_found_text_or_one_whatever_the_lift():
    bench = load_bench()
    p = bench.current_values()
    assert bench.candidate_score(_candidate("lotr:rr:w", text=0.2, own=1.0, window=[0.2, True]), p) == 1.0
    assert bench.candidate_score(_candidate("lotr:rr:w", text=0.2, window=[0.2, False]), p) == p["ATTACHED"]


def test_a_fit_refuses_a_change_that_lowers_a_kept_set(tmp_path):
    bench = load_bench()
    # question 1: b (a Q&A asked as the player asks) decides, and a stronger Q&A lift would put it
    # first; question 2, alike, is decided by a: the lift raised, it would lose a
    q1 = {"set": "players", "round": 0, "candidates": [_candidate("lotr:rr:a", text=1.0),
                                                        _candidate("lotr:rr:b", text=0.6, own=1.0, deciding=True)]}
    q2 = {"set": "team", "round": None, "candidates": [_candidate("lotr:rr:a", text=1.0, deciding=True),
                                                        _candidate("lotr:rr:b", text=0.6, own=1.0)]}
    values, questions, records = _dump(tmp_path, bench, [q1, q2])
    fit_set, kept = [questions[0]], [questions[1]]
    free = bench.fit([(fit_set, 1.0)], values, ["QA_MATCH"], records, penalty=0.0, log=lambda *_: None)
    assert bench.evaluate(fit_set, free, records)[0] == 1 and bench.evaluate(kept, free, records)[0] == 0
    guarded = bench.fit([(fit_set, 1.0)], values, ["QA_MATCH"], records, penalty=0.0, log=lambda *_: None,
                        keep=[kept])
    assert bench.evaluate(kept, guarded, records)[0] == 1


def test_the_unseen_round_s_questions_keep_neither_their_text_nor_their_id():
    bench = load_bench()
    unseen = bench.public({"set": "players", "id": "x", "round": bench.UNSEEN, "game": "lotr", "q": "Invented?"})
    seen = bench.public({"set": "players", "id": "y", "round": 7, "game": "lotr", "q": "Invented too?"})
    assert unseen["ask"] is None and unseen["id"] is None
    assert seen["ask"] == "Invented too?"
