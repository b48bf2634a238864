"""bench/eval_inferred_verdicts.py reads the full verdict (inferred readings included) for the
asked questions that carry an answer, each with its fold out of the index, and scores it."""

from bench_scripts import load


def load_bench():
    return load("eval_inferred_verdicts")


def test_only_questions_with_an_answer_are_asked_and_the_shown_verdict_is_restored(kb):
    bench = load_bench()
    from adjudicator.ask import asked, verdicts

    shown, original = verdicts.settled, asked.by_record
    rows = bench.run(kb, 5, 1)
    assert len(rows) == 5 and all(r["says"] for r in rows)
    assert all(r["right"] is False or r["basis"] in ("stated", "inferred") for r in rows)
    assert verdicts.settled is shown and asked.by_record is original and kb._question_index is None


def test_coverage_and_precision_count_stated_and_inferred_apart():
    bench = load_bench()
    rows = [{"basis": "inferred", "right": True, "own": True}, {"basis": "inferred", "right": False, "own": False},
            {"basis": "stated", "right": True, "own": True}, {"basis": "", "right": False, "own": True}]
    f = bench.figures(rows)
    assert f["all"]["inferred"] == {"given": 2, "right": 1, "coverage": 0.5, "precision": 0.5}
    assert f["own"]["inferred"]["precision"] == 1.0 and f["own"]["stated"]["given"] == 1
    assert f["all"]["stated"]["precision"] == 1.0 and f["own"]["n"] == 3


def test_an_inferred_reading_is_told_by_its_shape():
    bench = load_bench()
    assert bench.mechanism({"kind": "no", "basis": "inferred", "text": "No: x"}) == "polarity"
    assert bench.mechanism({"kind": "yes", "basis": "inferred", "text": "The first (\u201ca\u201d): x"}) == "choice"
    assert bench.mechanism({"kind": "no", "basis": "stated", "text": "No."}) == ""


def test_an_inferred_reading_that_names_its_kind_is_counted_under_that_kind():
    bench = load_bench()
    v = {"kind": "no", "basis": "inferred", "text": "The first (\u201ca\u201d): x", "reading": "choice-denied"}
    assert bench.mechanism(v) == "choice-denied"


def test_what_ask_shows_counts_only_the_inferred_kinds_it_shows(monkeypatch):
    from adjudicator.ask import verdicts

    monkeypatch.setattr(verdicts, "SHOWN_READINGS", frozenset({"polarity"}))
    SHOWN_READINGS = verdicts.SHOWN_READINGS
    bench = load_bench()
    hidden = next(k for k in ("choice", "tie", "choice-denied") if k not in SHOWN_READINGS)
    shown = next(iter(SHOWN_READINGS))
    rows = [{"basis": "inferred", "how": shown, "right": True, "own": True},
            {"basis": "inferred", "how": hidden, "right": True, "own": True},
            {"basis": "stated", "how": "", "right": False, "own": True}]
    f = bench.figures(bench.shown_rows(rows))
    assert f["all"]["inferred"]["given"] == 1 and f["all"]["stated"]["given"] == 1
