"""bench/eval_asked_folds.py asks each asked question with its fold left out of the index."""

from bench_scripts import load


def load_bench():
    return load("eval_asked_folds")


def test_a_question_s_fold_is_fixed_by_its_record_and_words_and_the_folds_are_about_even():
    bench = load_bench()
    # pinned (sha256, never Python's per-process hash): rows written by two checkouts or two runs
    # (--rows) hold each question in the same fold; the record and the words both decide it
    assert bench.fold_of("lotr:rr:surge", "Does surge stack?", 5) == 4
    assert bench.fold_of("lotr:rr:surge", "Is surge optional?", 5) == 3
    assert bench.fold_of("lotr:rr:doomed", "Does surge stack?", 5) == 3
    from adjudicator.ask import asked

    counts = [0] * 5
    for item in asked.read("lotr"):
        counts[bench.fold_of(item.record, item.ask, 5)] += 1
    assert min(counts) > 0.15 * sum(counts)


def test_each_question_is_asked_while_its_fold_is_out_of_the_index_and_the_index_is_restored(kb, monkeypatch):
    bench = load_bench()
    from adjudicator.ask import answer, asked

    original = asked.by_record
    seen_left_out = []
    real_ask = answer.ask

    def spying_ask(knowledge, question, *args, **kwargs):
        index = knowledge._question_index
        seen_left_out.append(question not in index["question_texts"])
        return real_ask(knowledge, question, *args, **kwargs)

    monkeypatch.setattr(answer, "ask", spying_ask)
    _fold_adapters_of_the_identity(monkeypatch)
    rows = bench.run(kb, 5, 2)
    assert len(rows) == 10 and {r["fold"] for r in rows} == set(range(5))
    assert seen_left_out == [True] * 10
    assert all(r["top3"] or not r["top1"] for r in rows)
    assert asked.by_record is original and kb._question_index is None


def _fold_adapters_of_the_identity(monkeypatch, seen=None):
    """Stand-ins for the five adapters fitted without each fold (fitting them takes minutes): fold k's
    is the identity times k + 1, which ranks as the identity does; ``seen`` gets the adapter in use
    at each question."""
    import sys

    import numpy as np

    load("train_meaning_adapter")
    import train_meaning_adapter

    from adjudicator.ask import answer, meaning

    dim = meaning.table()[3]
    monkeypatch.setattr(train_meaning_adapter, "fold_adapters",
                        lambda folds: [np.eye(dim, dtype=np.float32) * (k + 1) for k in range(folds)])
    assert sys.modules["train_meaning_adapter"] is train_meaning_adapter
    if seen is not None:
        real_ask = answer.ask

        def noting_ask(knowledge, question, *args, **kwargs):
            seen.append(float(meaning.adapter()[0, 0]))
            return real_ask(knowledge, question, *args, **kwargs)

        monkeypatch.setattr(answer, "ask", noting_ask)


def test_each_asked_fold_meets_a_question_adapter_fitted_without_it_and_the_stored_one_is_put_back(kb, monkeypatch):
    """The question's adapter is fitted on the asked questions: a fold asked with the stored one would meet
    a map fitted on its own questions."""
    from adjudicator.ask import meaning

    monkeypatch.setattr(meaning, "USE_ADAPTER", True)  # the bench gives each fold its own adapter when it is on
    stored = meaning.adapter()
    assert stored is not None, "rules_db/meaning_adapter.* is part of the repository"
    seen = []
    _fold_adapters_of_the_identity(monkeypatch, seen)
    rows = load_bench().run(kb, 5, 1)
    assert [r["fold"] for r in rows] == [0, 1, 2, 3, 4]
    assert seen == [1.0, 2.0, 3.0, 4.0, 5.0]
    assert meaning.adapter() is stored
