"""Pooled judging of the players' held-out half (bench/pooled_judging.py, sessions 18 and 19): a record
judged `decides` counts as deciding with `eval_players --judged`, a record judged otherwise or not
judged does not, and without --judged every question is scored by its labels alone; every record
the judgments name exists in the knowledge base.  (The tests read the judgments file for its ids
and shape only: they print no held-out question.)"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import eval_players  # noqa: E402
from eval_players import (JUDGED, judged_files, main, read_all_judged_decides, read_judged_decides,  # noqa: E402
                          score, with_judged)
from pooled_judging import (SECOND, SECOND_SAMPLE, SECOND_SEED, compare, inside, kappa, pool, sample,  # noqa: E402
                            second_sample, wilson, write_judged)

SPANS = {"lotr:rr:goblins": ("lotr-rr", 10, 12), "lotr:faq:1.99": ("lotr-faq", 50, 52),
         "lotr:rr:trolls": ("lotr-rr", 80, 84), "lotr:rr:trolls:bullet": ("lotr-rr", 82, 82)}


def _question(qid: str = "lotr-goblins-sleep") -> dict:
    return {"id": qid, "game": "lotr", "answerable": True, "verdict": "no",
            "deciding": [{"id": "lotr:rr:goblins", "doc": "lotr-rr", "lines": [10, 12], "says": ["sleep by day"]}]}


def _answer(best_id: str) -> dict:
    doc, a, b = SPANS[best_id]
    return {"game": "lotr", "best": {"id": best_id, "source": doc, "lines": [a, b]}, "supporting": [],
            "verdict": {"kind": "no", "value": "no", "text": "No: goblins sleep by day.", "basis": "stated"}}


def _judgments(tmp_path: Path, records: list[dict], qid: str = "lotr-goblins-sleep") -> Path:
    path = tmp_path / "judged.yaml"
    path.write_text(yaml.safe_dump({"seed": 1, "questions": [{"id": qid, "records": records}]}), encoding="utf-8")
    return path


def test_a_record_judged_decides_counts_as_deciding_for_its_question(tmp_path):
    path = _judgments(tmp_path, [{"record": "lotr:faq:1.99", "judgment": "decides", "reason": "says so"}])
    question = with_judged([_question()], read_judged_decides(path), SPANS)[0]
    assert not score(_question(), _answer("lotr:faq:1.99"), SPANS)["top1"]  # by the labels, a miss
    row = score(question, _answer("lotr:faq:1.99"), SPANS)
    assert row["top1"] and row["top3"]
    assert row["sentence"] is None  # a hit through a judged record has no `says` words to hold


def test_a_record_inside_a_judged_record_counts_as_the_same_place(tmp_path):
    path = _judgments(tmp_path, [{"record": "lotr:rr:trolls", "judgment": "decides", "reason": "says so"}])
    question = with_judged([_question()], read_judged_decides(path), SPANS)[0]
    assert score(question, _answer("lotr:rr:trolls:bullet"), SPANS)["top1"]


def test_a_record_judged_partial_or_no_or_not_judged_does_not_count(tmp_path):
    path = _judgments(tmp_path, [{"record": "lotr:faq:1.99", "judgment": "partial"},
                                 {"record": "lotr:rr:trolls", "judgment": "no"}])
    question = with_judged([_question()], read_judged_decides(path), SPANS)[0]
    assert question == _question()
    for record in ("lotr:faq:1.99", "lotr:rr:trolls"):
        assert not score(question, _answer(record), SPANS)["top1"]


def test_judgments_apply_only_to_the_question_they_judge(tmp_path):
    path = _judgments(tmp_path, [{"record": "lotr:faq:1.99", "judgment": "decides", "reason": "x"}],
                      qid="lotr-another-question")
    question = with_judged([_question()], read_judged_decides(path), SPANS)[0]
    assert question == _question()
    assert not score(question, _answer("lotr:faq:1.99"), SPANS)["top1"]


def test_a_labelled_top1_hit_keeps_its_sentence_figure_with_judgments_added(tmp_path):
    path = _judgments(tmp_path, [{"record": "lotr:faq:1.99", "judgment": "decides", "reason": "x"}])
    question = with_judged([_question()], read_judged_decides(path), SPANS)[0]
    assert score(question, _answer("lotr:rr:goblins"), SPANS) == score(_question(), _answer("lotr:rr:goblins"), SPANS)


def test_without_judged_eval_players_scores_by_the_labels_alone(monkeypatch):
    """The default: no judgments file is read and each question is scored as labelled."""
    seen = {}

    def no_judgments(*args, **kwargs):
        raise AssertionError("the judgments were read without --judged")

    def fake_ask(questions, *args, **kwargs):
        seen["questions"] = questions
        return [(_answer("lotr:faq:1.99"), 0.001) for _ in questions]

    def fake_score(question, answer, spans):
        seen.setdefault("scored", []).append(question)
        return score(question, answer, SPANS)

    monkeypatch.setattr(eval_players, "read_judged_decides", no_judgments)
    monkeypatch.setattr(eval_players, "load", lambda *a, **k: [_question()])
    monkeypatch.setattr(eval_players, "ask_in_process", fake_ask)
    monkeypatch.setattr(eval_players, "kb_spans_now", lambda: SPANS)
    monkeypatch.setattr(eval_players, "score", fake_score)
    assert main(["--half", "tune", "--json"]) == 0
    assert seen["scored"] == [_question()]


def test_with_judged_eval_players_reads_the_named_file(monkeypatch, tmp_path, capsys):
    path = _judgments(tmp_path, [{"record": "lotr:faq:1.99", "judgment": "decides", "reason": "x"}])
    monkeypatch.setattr(eval_players, "load", lambda *a, **k: [_question()])
    monkeypatch.setattr(eval_players, "ask_in_process",
                        lambda questions, *a, **k: [(_answer("lotr:faq:1.99"), 0.001) for _ in questions])
    monkeypatch.setattr(eval_players, "kb_spans_now", lambda: SPANS)
    import json

    assert main(["--half", "tune", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["figures"]["answerable"]["all"]["top1"] == 0
    assert main(["--half", "tune", "--json", "--judged", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["figures"]["answerable"]["all"]["top1"] == 1


def test_pooled_records_inside_another_pooled_record_are_merged_into_it():
    pooled = pool([("label", "lotr:rr:trolls", SPANS["lotr:rr:trolls"]),
                   ("ask", "lotr:rr:trolls:bullet", SPANS["lotr:rr:trolls:bullet"]),
                   ("search", "lotr:rr:goblins", SPANS["lotr:rr:goblins"]),
                   ("ask", "lotr:rr:goblins", SPANS["lotr:rr:goblins"])])
    assert set(pooled) == {"lotr:rr:trolls", "lotr:rr:goblins"}
    assert pooled["lotr:rr:trolls"]["sources"] == {"label", "ask"}
    assert pooled["lotr:rr:trolls"]["merged"] == {"lotr:rr:trolls:bullet"}
    assert pooled["lotr:rr:goblins"]["sources"] == {"search", "ask"}
    assert inside(("lotr-rr", 82, 82), ("lotr-rr", 80, 84)) and not inside(("lotr-faq", 82, 82), ("lotr-rr", 80, 84))


def test_the_sample_is_fixed_by_its_seed_and_holds_answerable_questions_only():
    questions = [{"id": f"q{i}", "answerable": i % 3 != 0} for i in range(30)]
    first, again = sample(questions, 5, seed=18), sample(list(reversed(questions)), 5, seed=18)
    assert [q["id"] for q in first] == [q["id"] for q in again]
    assert all(q["answerable"] for q in first) and len(first) == 5


def test_a_later_round_never_changes_the_draw():
    questions = [{"id": f"q{i}", "answerable": True, "round": 11} for i in range(30)]
    later = questions + [{"id": f"r{i}", "answerable": True, "round": 12} for i in range(30)]
    assert sample(questions, 5, seed=18) == sample(later, 5, seed=18)


def test_the_wilson_interval_brackets_the_share():
    low, high = wilson(40, 120)
    assert low < 40 / 120 < high and 0.25 < low < 0.27 and 0.41 < high < 0.43


@pytest.fixture(scope="module")
def records(sources_dir):
    from adjudicator.kb.build import parse_sources

    return {r.id: r for r in parse_sources(sources_dir)}


@pytest.mark.parametrize("path", judged_files(), ids=lambda p: p.name)
def test_every_record_the_judgments_name_exists_in_the_knowledge_base(records, path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["questions"], "the judgments file holds judged questions"
    heldout = {q["id"] for q in eval_players.load_half("heldout")}
    for q in data["questions"]:
        assert q["id"] in heldout, f"{q['id']}: not a held-out question"
        assert len({r["record"] for r in q["records"]}) == len(q["records"]), f"{q['id']}: a record judged twice"
        for r in q["records"]:
            assert r["record"] in records, f"{q['id']} -> {r['record']}: no such record"
            for field in ("judgment", "after_rereading"):
                assert r.get(field, "no") in ("decides", "partial", "no"), f"{q['id']} -> {r['record']}: {r[field]}"
            if "decides" in (r["judgment"], r.get("after_rereading")):
                assert r.get("reason"), f"{q['id']} -> {r['record']}: a `decides` judgment gives its reason"


def test_the_judged_files_are_the_first_judges_and_the_second_judges_and_round_12s():
    assert {p.name for p in judged_files()} >= {"judged18-heldout.yaml", "judged19-second.yaml", "judged19-round12.yaml"}


def test_the_second_judges_draw_is_fixed_by_its_seed_and_holds_the_first_judges_pools():
    first = yaml.safe_load(JUDGED.read_text(encoding="utf-8"))
    pools = {q["id"]: {r["record"] for r in q["records"]} for q in first["questions"]}
    drawn = second_sample(JUDGED, SECOND_SAMPLE, SECOND_SEED)
    assert drawn == second_sample(JUDGED, SECOND_SAMPLE, SECOND_SEED) and len(drawn) == SECOND_SAMPLE
    assert all(set(d) == {"id", "records"} for d in drawn), "the draw carries no first judgment"
    second = yaml.safe_load(SECOND.read_text(encoding="utf-8"))
    assert [q["id"] for q in second["questions"]] == [d["id"] for d in drawn]
    for q in second["questions"]:
        assert {r["record"] for r in q["records"]} == pools[q["id"]], f"{q['id']}: not the first judge's pool"


def test_round_12s_judged_questions_are_the_seeded_draw_of_its_answerable_held_out_questions():
    data = yaml.safe_load((JUDGED.parent / "judged19-round12.yaml").read_text(encoding="utf-8"))
    drawn = sample(eval_players.load_half("heldout"), len(data["questions"]), seed=data["seed"], only_round=12)
    assert [q["id"] for q in data["questions"]] == [q["id"] for q in drawn]
    assert all(q.get("round") == 12 and q["answerable"] for q in drawn)


def test_a_draw_of_one_round_holds_that_round_alone():
    questions = [{"id": f"q{i}", "answerable": True, "round": i % 3} for i in range(30)]
    drawn = sample(questions, 5, seed=19, only_round=2)
    assert len(drawn) == 5 and all(q["round"] == 2 for q in drawn)
    assert drawn == sample(list(reversed(questions)), 5, seed=19, only_round=2)


def test_kappa_is_one_for_full_agreement_and_zero_for_agreement_by_chance_alone():
    labels = ("decides", "partial", "no")
    assert kappa([("decides", "decides"), ("no", "no"), ("partial", "partial")], labels) == 1.0
    # each judge says decides half the time, independently: observed agreement equals chance
    pairs = [("decides", "decides"), ("decides", "no"), ("no", "decides"), ("no", "no")]
    assert kappa(pairs, labels) == 0.0


def test_agreement_counts_the_records_both_judges_judged_and_lists_the_disagreements():
    first = {"q1": {"a": {"judgment": "decides", "reason": "x"}, "b": {"judgment": "no", "reason": ""}}}
    second = {"q1": {"a": {"judgment": "partial", "reason": "y"}, "b": {"judgment": "no", "reason": ""},
                     "c": {"judgment": "no", "reason": ""}}}
    result = compare(first, second)
    assert result["n"] == 2 and result["raw"] == 0.5 and result["missing"] == [("q1", "c")]
    assert result["table"]["decides"]["partial"] == 1 and result["table"]["no"]["no"] == 1
    assert [(d["record"], d["first"]["judgment"], d["second"]["judgment"]) for d in result["disagreements"]] == [
        ("a", "decides", "partial")]


def _file(tmp_path: Path, name: str, records: list[dict]) -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump({"seed": 1, "questions": [{"id": "q1", "records": records}]}), encoding="utf-8")
    return path


def test_a_record_several_files_judge_counts_only_when_each_says_decides(tmp_path):
    one = _file(tmp_path, "one.yaml", [{"record": "a", "judgment": "decides"}, {"record": "b", "judgment": "decides"}])
    two = _file(tmp_path, "two.yaml", [{"record": "a", "judgment": "partial"}, {"record": "c", "judgment": "decides"}])
    assert sorted(read_all_judged_decides([one, two])["q1"]) == ["b", "c"]


def test_a_judgment_settled_by_rereading_stands_for_the_first(tmp_path):
    one = _file(tmp_path, "one.yaml", [{"record": "a", "judgment": "decides"}])
    two = _file(tmp_path, "two.yaml", [{"record": "a", "judgment": "partial", "after_rereading": "decides"}])
    assert read_all_judged_decides([one, two])["q1"] == ["a"]
    assert read_judged_decides(two)["q1"] == ["a"]


def test_a_judges_marks_become_a_judgments_file_and_a_missing_mark_is_refused(tmp_path):
    import argparse
    import json

    key = tmp_path / "key.json"
    key.write_text(json.dumps({"seed": 7, "questions": [{"n": 1, "id": "q1", "pool": [
        {"letter": "A", "id": "lotr:rr:goblins"}, {"letter": "B", "id": "lotr:faq:1.99"}]}]}), encoding="utf-8")
    header, out = tmp_path / "header.txt", tmp_path / "out.yaml"
    header.write_text("invented judgments\n", encoding="utf-8")
    marks = tmp_path / "marks.txt"
    marks.write_text("## Q1\nA no | off topic\nB decides | says so\n", encoding="utf-8")
    args = argparse.Namespace(key=str(key), marks=str(marks), header=str(header), out=str(out))
    assert write_judged(args) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# invented judgments\n")
    data = yaml.safe_load(text)
    assert data["seed"] == 7 and data["questions"][0]["records"] == [
        {"record": "lotr:faq:1.99", "judgment": "decides", "reason": "says so"},
        {"record": "lotr:rr:goblins", "judgment": "no", "reason": "off topic"}]
    marks.write_text("## Q1\nA no\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="no judgment for B"):
        write_judged(args)


def test_the_tune_judgments_name_tune_questions_and_records_that_exist_each_decides_with_its_reason(records):
    path = eval_players.PLAYERS / "tune-judged31.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    tune = {q["id"] for q in eval_players.load_half("tune")}
    assert len(data["questions"]) == 116
    for q in data["questions"]:
        assert q["id"] in tune, f"{q['id']}: not a tune question"
        for r in q["records"]:
            assert r["record"] in records and r["judgment"] in ("decides", "partial", "no")
            assert r["judgment"] != "decides" or r["reason"]
    assert path not in judged_files()  # the held-out reports never read tune judgments


def test_the_second_tune_judge_judged_the_same_records_and_a_record_counts_only_when_both_say_decides(records):
    first_path, second_path = (eval_players.PLAYERS / f"tune-judged{n}.yaml" for n in (31, 32))
    first, second = (yaml.safe_load(p.read_text(encoding="utf-8")) for p in (first_path, second_path))
    pairs = lambda data: {(q["id"], r["record"]): r["judgment"] for q in data["questions"] for r in q["records"]}
    one, two = pairs(first), pairs(second)
    assert set(one) == set(two) and len(two) == 181
    assert all(rid in records and j in ("decides", "partial", "no") for (_, rid), j in two.items())
    both = read_all_judged_decides([first_path, second_path])
    agreed = {(qid, rid) for qid, rids in both.items() for rid in rids}
    assert agreed == {k for k in one if one[k] == two[k] == "decides"}
    assert agreed < {k for k, j in one.items() if j == "decides"}  # the judges disagree on some
    assert second_path not in judged_files()


def test_a_record_judged_decides_in_the_tune_judgments_is_scored_as_deciding_by_the_pipeline(records, monkeypatch):
    from bench_scripts import load

    spans = {rid: (r.span.doc, r.span.start, r.span.end) for rid, r in records.items()}
    monkeypatch.setattr(eval_players, "kb_spans_now", lambda: spans)
    trainer = load("train_reordering")
    path = eval_players.PLAYERS / "tune-judged31.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    qid, rid = next((q["id"], r["record"]) for q in data["questions"] for r in q["records"] if r["judgment"] == "decides")
    round_ = next(q.get("round", 0) for q in eval_players.load_half("tune") if q["id"] == qid)
    plain = {q["id"]: q for q in trainer.round_questions(round_)}
    judged = {q["id"]: q for q in trainer.round_questions(round_, [path])}
    assert rid not in {d["id"] for d in plain[qid]["deciding"]}
    added = [d for d in judged[qid]["deciding"] if d["id"] == rid]
    assert added and added[0]["judged"] and len(judged) == len(plain)
