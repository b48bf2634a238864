"""`ask` on the team's evaluation questions meets its targets: top-3 >= 90 %, top-1 >= 75 %."""

import pytest

from bench_scripts import load


def load_bench():
    return load("eval_ask")


def test_evaluation_set_has_60_questions_over_the_four_topics():
    questions = load_bench().load_questions()
    assert len(questions) >= 60
    assert {q["topic"] for q in questions} == {"keyword", "timing", "card", "scenario"}
    assert all(q["ids"] for q in questions)


@pytest.fixture(scope="module")
def evaluation(sources_dir, tmp_path_factory):
    bench = load_bench()
    kb = bench.fresh_kb(sources_dir, tmp_path_factory.mktemp("eval-kb"))
    return bench.evaluate(kb, bench.load_questions())


def test_every_expected_id_exists_in_the_knowledge_base(sources_dir, tmp_path_factory):
    bench = load_bench()
    kb = bench.fresh_kb(sources_dir, tmp_path_factory.mktemp("ids-kb"))
    ids = kb.store.ids()
    missing = [(q["q"], i) for q in bench.load_questions() for i in q["ids"] if i not in ids]
    assert missing == []


def test_ask_answers_at_least_90_percent_in_its_top_3(evaluation):
    assert evaluation["top3"] >= 0.90


def test_ask_answers_at_least_75_percent_first(evaluation):
    assert evaluation["top1"] >= 0.75
