"""`bench/train_reordering.py`: the features of ask's first candidates and the listwise trainer of a
re-ordering (measured, not landed in `ask`; its docstring gives the figures).  The candidates and
questions here are invented."""

from __future__ import annotations

import json

import pytest

from adjudicator.ask.ranking import Ranked
from adjudicator.ask.settled_questions import Alike
from adjudicator.kb.records import Block, Record, Span
from bench_scripts import load


@pytest.fixture(scope="module")
def trainer():
    return load("train_reordering")


def candidate(rid: str, score: float, kind: str = "glossary", lines=(1, 4), text: float = 0.5) -> Ranked:
    record = Record(id=rid, game="lotr", kind=kind, title=rid.rsplit(":", 1)[-1], span=Span("lotr-rr", *lines),
                    blocks=[Block("an invented entry of our own words")])
    return Ranked(score, record, parts={"text": text, "lift": 1.0, "kind": 1.0, "about": 1.0})


def invented_dump() -> list[dict]:
    """Questions of two invented rounds whose deciding candidate is the one the players' vote
    names, wherever the ranker put it (first in a third of them)."""
    out = []
    for i in range(24):
        deciding_at = i % 3
        cands = [{"f": {"ratio": -0.2 * k, "pos0": float(k == 0), "vote": 0.5 if k == deciding_at else 0.0,
                        "kind_qa": float((i + k) % 2)}, "deciding": k == deciding_at} for k in range(4)]
        out.append({"round": i % 2, "game": "lotr", "candidates": cands, "pipeline_top1": False, "pipeline_top3": False})
    return out


def test_features_are_values_of_the_candidates_not_their_ids(trainer):
    ranked = [candidate("lotr:rr:invented-whole", 1.0, lines=(1, 20)),
              candidate("lotr:rr:invented-part", 0.5, kind="step", lines=(5, 8))]
    votes = [Alike("an invented thread", "t1", 0.4, "lotr:rr:invented-part")]
    values = trainer.features("How many invented cards may I draw?", [], ranked, votes)
    assert values[0]["holds"] == 1.0 and values[1]["inside"] == 1.0
    assert values[1]["vote"] == pytest.approx(0.4) and values[0]["vote"] == 0.0 and values[1]["vote_top"] == 1.0
    assert values[1]["ratio"] == pytest.approx(-0.6931, abs=1e-3) and values[0]["pos0"] == 1.0
    assert values[1]["count_x_step"] == 1.0 and values[1]["kind_step"] == 1.0
    assert not any("invented" in name for v in values for name in v)


def test_the_trainer_gives_the_same_weights_from_the_same_dump(trainer):
    assert trainer.fit(invented_dump(), 4, 0.1, prior=2.0) == trainer.fit(invented_dump(), 4, 0.1, prior=2.0)


def test_the_trainer_learns_the_feature_that_finds_the_deciding_candidate(trainer):
    model = trainer.fit(invented_dump(), 4, 0.1, prior=2.0)
    assert model["weights"]["vote"] > 0
    assert trainer.hits(invented_dump(), 4, None)[0] == 8  # ask's own order
    assert trainer.hits(invented_dump(), 4, model["weights"])[0] == 24


def test_a_strong_penalty_gives_the_rankers_order_back(trainer):
    model = trainer.fit(invented_dump(), 4, 1000.0, prior=2.0)
    assert model["weights"]["ratio"] == pytest.approx(2.0, abs=0.05)
    assert trainer.hits(invented_dump(), 4, model["weights"])[0] == 8


def test_leave_one_round_out_scores_each_round_with_a_model_not_trained_on_it(trainer):
    rows = trainer.cv(invented_dump(), [4], [0.1], rounds=(0, 1))
    (row,) = rows
    assert set(row["per"]) == {0, 1}
    for n, before, after in row["per"].values():
        assert n == 12 and before[0] == 4 and after[0] == 12


def test_fit_writes_the_model_the_trainer_makes(trainer, tmp_path):
    dump = tmp_path / "dump.json"
    dump.write_text(json.dumps(invented_dump()), encoding="utf-8")
    out = tmp_path / "weights.json"
    trainer.main(["fit", "--dump", str(dump), "--depth", "4", "--l2", "0.1", "--prior", "2", "--out", str(out)])
    assert json.loads(out.read_text(encoding="utf-8")) == trainer.fit(invented_dump(), 4, 0.1, prior=2.0)
