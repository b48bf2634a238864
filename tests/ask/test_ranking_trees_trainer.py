"""`bench/train_ranking_trees.py`: the cross-validation of richer learnt rankings of ask's first
candidates (measured, not run by `ask`).  Each question is scored by a model fitted without its own
players' round or asked fold.  The dumps here are invented."""

from __future__ import annotations

import pytest

from bench_scripts import load


@pytest.fixture(scope="module")
def trees():
    return load("train_ranking_trees")


def invented_dump() -> list[dict]:
    """Invented questions of three players' rounds and two asked folds; each question's deciding
    candidate sits at a place of its own, and "_q" names the question (no model may read it)."""
    out = []
    for i in range(30):
        deciding_at = (i * 7) % 4
        cands = [{"f": {"ratio": -0.2 * k, "pos0": float(k == 0), "_q": i, "_id": f"lotr:rr:invented-{k}"},
                  "deciding": k == deciding_at} for k in range(4)]
        where = {"round": (0, 7, 8)[i % 3]} if i < 20 else {"fold": i % 2}
        out.append({**where, "qid": f"q{i}", "game": "lotr", "candidates": cands})
    return out


def test_cross_validation_never_scores_a_question_with_a_model_fitted_on_its_own_fold(trees):
    dump, fitted = invented_dump(), []

    def spy(train, depth):
        seen = {c["f"]["_q"] for q in train for c in q["candidates"]}
        units = {trees.unit(q) for q in train}
        fitted.append(units)

        def scorer(cands):
            assert cands[0]["f"]["_q"] not in seen
            scored = [q for q in dump if q["candidates"][0]["f"]["_q"] == cands[0]["f"]["_q"]][0]
            assert trees.unit(scored) not in units
            return [0.0] * len(cands)
        return scorer

    per = trees.cross_validate(dump, spy, depth=4)
    assert sorted(map(str, per)) == ["0", "7", "8", "a0", "a1"]
    assert sum(len(rows) for rows in per.values()) == len(dump)
    assert all(len(units) == 4 for units in fitted)  # every other unit, not its own


def test_a_model_that_memorises_its_training_questions_gains_nothing_out_of_fold(trees):
    dump = invented_dump()

    def memoriser(train, depth):
        known = {q["candidates"][0]["f"]["_q"]: [c["deciding"] for c in q["candidates"]] for q in train}
        return lambda cands: [float(d) for d in known.get(cands[0]["f"]["_q"], [0.0] * len(cands))]

    ask_order = [trees.hits(q, 4, None, True) for q in dump]
    in_sample = memoriser(dump, 4)
    assert all(trees.hits(q, 4, in_sample, True) == (True, True) for q in dump)  # it does memorise
    per = trees.cross_validate(dump, memoriser, depth=4)
    assert [row[2] for rows in per.values() for row in rows] == [row[1] for rows in per.values() for row in rows]
    assert sorted(row[1] for rows in per.values() for row in rows) == sorted(ask_order)


def test_the_model_chooses_the_first_and_the_rest_keep_asks_order(trees):
    cands = [{"f": {}, "deciding": False, "n": k} for k in range(4)]
    assert [c["n"] for c in trees.ranked_by(cands, [0.1, 0.3, 0.9, 0.2], first_only=True)] == [2, 0, 1, 3]
    assert [c["n"] for c in trees.ranked_by(cands, [0.1, 0.3, 0.9, 0.2], first_only=False)] == [2, 1, 3, 0]


def test_trees_dumped_as_json_add_the_leaf_each_split_sends_the_values_to(trees):
    model = {"names": ["vote", "lift"], "trees": [[0, 0.2, -1.0, [1, 0.5, 0.25, 2.0]], 0.5]}
    assert trees.tree_score(model, {"vote": 0.1}) == pytest.approx(-0.5)
    assert trees.tree_score(model, {"vote": 0.3, "lift": 0.4}) == pytest.approx(0.75)
    assert trees.tree_score(model, {"vote": 0.3, "lift": 0.9}) == pytest.approx(2.5)


def test_a_record_ids_section_is_its_document_and_part(trees):
    assert trees.section("lotr:rr:step:6.2") == "rr:step"
    assert trees.section("lotr:rr:effects") == "rr:entry"
    assert trees.section("lotr:faq:q:28") == "faq:q"
    assert trees.section("lotr:faq:1.08") == "faq:entry"
    assert trees.section("lotr:qc:page:actions") == "qc:page"
