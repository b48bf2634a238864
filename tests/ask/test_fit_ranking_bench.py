"""bench/fit_ranking.py re-scores dumped candidates offline as `ranking.rank` scores them."""

import json

from bench_scripts import load


def load_bench():
    return load("fit_ranking")


def _record(rid, start, end, kind="rule", text="", links=()):
    return {"id": rid, "kind": kind, "doc": "lotr-rr", "start": start, "end": end, "also_in": [],
            "links": [list(l) for l in links], "text": text or f"invented text of {rid}", "notes": [],
            "words": sorted(set((text or f"invented text of {rid}").lower().split()))}


def _candidate(rid, text=0.0, asked=0.0, own=0.0, named=False, kind=None, kind_rest=1.0, about=None,
               about_rest=1.0, deciding=False):
    return {"id": rid, "text": text, "in_hits": text > 0, "own": own, "asked": asked, "named": named,
            "kind": kind or {}, "kind_rest": kind_rest, "about": about or {}, "about_rest": about_rest,
            "score": 0.0, "deciding": deciding}


def _invented_dump(tmp_path, bench):
    values = bench.current_values()
    records = {rid: _record(rid, a, b) for rid, a, b in
               (("lotr:rr:a", 10, 12), ("lotr:rr:b", 20, 22), ("lotr:rr:b:inner", 21, 21), ("lotr:rr:c", 30, 31))}
    question = {"record": "lotr:rr:b", "ask": "Invented?", "game": "lotr", "fold": 0, "asked_in": "lotr",
                "top1": False, "top3": True, "candidates": [
                    _candidate("lotr:rr:a", text=1.0, kind={"kind:rule": 1}, kind_rest=1 / values["kind:rule"]),
                    _candidate("lotr:rr:b", text=0.8, asked=0.9, kind={"kind:rule": 1},
                               kind_rest=1 / values["kind:rule"], deciding=True),
                    _candidate("lotr:rr:b:inner", text=0.5, deciding=True),
                    _candidate("lotr:rr:c", text=0.0, asked=0.2, named=False)]}
    path = tmp_path / "dump.json"
    path.write_text(json.dumps({"values": values, "records": records, "questions": [question]}))
    return bench.load_dump(path)


def test_an_asked_question_s_lift_puts_its_record_first_and_without_the_lift_the_text_decides(tmp_path):
    bench = load_bench()
    values, questions, records = _invented_dump(tmp_path, bench)
    q = questions[0]
    # the asked overlap 0.9 over the floor 0.3 lifts b by 1 + (0.9 - 0.3) / 0.7: 0.8 * 1.857 > 1.0
    p = dict(values, ASKED_MATCH=1.0, ASKED_FLOOR=0.3)
    kept = bench.rescore(q, p, records)
    assert [k.record.id for k in kept] == ["lotr:rr:b", "lotr:rr:a"]
    assert [m.id for m in kept[0].merged] == ["lotr:rr:b:inner"]  # inside b's lines: merged, not listed
    assert bench.hits_of(q, kept) == (True, True)
    # the same question with the record's own asked questions out of the lift: the text decides
    kept = bench.rescore(q, p, records, no_sibling=True)
    assert [k.record.id for k in kept] == ["lotr:rr:a", "lotr:rr:b"]
    assert bench.hits_of(q, kept) == (False, True)
    # c joins neither by text, nor a named entity, nor an overlap of 0.5: it is no candidate
    assert bench.candidate_score(q["candidates"][3], p) is None


def test_a_kind_weight_and_the_exponents_rescore_a_candidate():
    bench = load_bench()
    values = bench.current_values()
    c = _candidate("lotr:rr:a", text=0.5, kind={"kind:rule": 1, "MILESTONE": 1}, kind_rest=1.0,
                   about={"CARD_BOOST": 1}, about_rest=1.0)
    p = dict(values, **{"kind:rule": 0.9, "MILESTONE": 0.5, "CARD_BOOST": 2.0})
    assert abs(bench.candidate_score(c, p) - 0.5 * 0.9 * 0.5 * 2.0) < 1e-9
    p.update(TEXT_POWER=2.0, KIND_POWER=0.5)
    assert abs(bench.candidate_score(c, p) - 0.25 * (0.45 ** 0.5) * 2.0) < 1e-9


def test_the_dump_reproduces_every_candidate_s_score_from_its_parts(kb):
    bench = load_bench()
    data = bench.dump(kb, per_fold=1)
    assert len(data["questions"]) == 5
    values = data["values"]
    for q in data["questions"]:
        for c in q["candidates"]:
            c["own_record"] = c["id"] == q["record"]
            assert abs(bench.candidate_score(c, values) - c["score"]) <= 1e-3 * max(1.0, c["score"])  # parts rounded to 5 places
        assert all(c["deciding"] for c in q["candidates"] if c["id"] == q["record"])
