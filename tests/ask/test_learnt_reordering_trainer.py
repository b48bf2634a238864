"""`bench/train_reordering.py`: the features of ask's first candidates and the listwise trainer of
the re-ordering `ask` runs (``adjudicator/ask/reordering.py``, weights ``rules_db/reordering.json``),
fitted on the players' rounds and the team's asked questions.  The candidates and questions here are invented."""

from __future__ import annotations

import json

import pytest

from adjudicator.ask.ranking import Ranked
from adjudicator.ask.settled_questions import Alike
from adjudicator.kb.records import Block, Record, Span
from adjudicator.paths import RULES_DB
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


def invented_asked_dump() -> list[dict]:
    """Invented asked questions of two folds whose deciding candidate is ask's own first even
    where a players' vote names another (the team's questions cite what ask matched)."""
    out = []
    for i in range(20):
        voted_at = 1 + i % 3
        cands = [{"f": {"ratio": -0.2 * k, "pos0": float(k == 0), "vote": 0.5 if k == voted_at else 0.0,
                        "kind_qa": float((i + k) % 2)}, "deciding": k == 0} for k in range(4)]
        out.append({"fold": i % 2, "game": "lotr", "candidates": cands, "pipeline_top1": True, "pipeline_top3": True})
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


def test_asked_questions_weigh_in_the_fit_only_when_given_a_weight(trainer, monkeypatch):
    players = trainer.fit(invented_dump(), 4, 0.1, prior=2.0)
    assert trainer.fit(invented_dump() + invented_asked_dump(), 4, 0.1, prior=2.0) == players
    monkeypatch.setattr(trainer, "ASKED_WEIGHT", 1.0)
    joint = trainer.fit(invented_dump() + invented_asked_dump(), 4, 0.1, prior=2.0)
    assert joint["asked_weight"] == 1.0
    assert 0 < joint["weights"]["vote"] < players["weights"]["vote"]  # the asked questions hold the vote back


def test_each_asked_fold_is_scored_by_a_model_not_fitted_on_it(trainer, monkeypatch):
    monkeypatch.setattr(trainer, "ASKED_WEIGHT", 1.0)
    fitted = []
    fit = trainer.fit
    monkeypatch.setattr(trainer, "fit", lambda train, *a, **k: fitted.append({trainer.unit(q) for q in train}) or fit(train, *a, **k))
    (row,) = trainer.cv(invented_dump(), [4], [0.1], rounds=(0, 1), asked=invented_asked_dump())
    assert set(row["per"]) == {0, 1, "a0", "a1"}
    assert fitted == [{1, "a0", "a1"}, {0, "a0", "a1"}, {0, 1, "a1"}, {0, 1, "a0"}]
    for u in ("a0", "a1"):
        n, before, after = row["per"][u]
        assert n == 10 and before == (10, 10)


def test_the_gate_keeps_asks_first_when_it_is_a_question_matched_qa(trainer, monkeypatch):
    cands = invented_dump()[1]["candidates"]  # the vote names the second; ask put a non-deciding first
    model = trainer.fit(invented_dump(), 4, 0.1, prior=2.0)["weights"]
    assert trainer.order(cands, model)[0] is cands[1]
    monkeypatch.setattr(trainer, "GATE", 1.2)
    gated = [dict(c, f=dict(c["f"], kind_qa=float(k == 0), lift=0.2 * (k == 0))) for k, c in enumerate(cands)]
    assert trainer.order(gated, model)[0] is gated[0]  # a Q&A lifted 1.22 by its question stays first
    weak = [dict(c, f=dict(c["f"], lift=0.1)) for c in gated]  # lifted 1.105: below the gate
    assert trainer.order(weak, model)[0] is weak[1]


def test_fit_writes_the_model_the_trainer_makes_with_its_command(trainer, tmp_path):
    dump = tmp_path / "dump.json"
    dump.write_text(json.dumps(invented_dump()), encoding="utf-8")
    out = tmp_path / "weights.json"
    trainer.main(["fit", "--dump", str(dump), "--depth", "4", "--l2", "0.1", "--prior", "2", "--out", str(out)])
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written.pop("fitted_by") == "python bench/train_reordering.py fit --dump DUMP --depth 4 --l2 0.1 --prior 2"
    assert written == trainer.fit(invented_dump(), 4, 0.1, prior=2.0)


def test_fit_on_the_asked_questions_names_their_dump_in_its_command(trainer, tmp_path, monkeypatch):
    for name in ("PRIOR", "DROP", "MARGIN", "FIRST_ONLY", "KEPT", "ASKED_WEIGHT", "GATE", "GATE_KINDS"):
        monkeypatch.setattr(trainer, name, getattr(trainer, name))  # main sets them for the run
    dump, asked, out = tmp_path / "dump.json", tmp_path / "asked.json", tmp_path / "weights.json"
    dump.write_text(json.dumps(invented_dump()), encoding="utf-8")
    asked.write_text(json.dumps(invented_asked_dump()), encoding="utf-8")
    trainer.main(["fit", "--dump", str(dump), "--asked", str(asked), "--depth", "4", "--l2", "0.1", "--prior", "2",
                  "--asked-weight", "1", "--out", str(out)])
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written.pop("fitted_by") == ("python bench/train_reordering.py fit --dump DUMP --asked ASKED --depth 4"
                                        " --l2 0.1 --prior 2 --asked-weight 1")
    assert written == trainer.fit(invented_dump() + invented_asked_dump(), 4, 0.1, prior=2.0)
    assert written["asked_weight"] == 1.0


def test_the_weights_file_is_what_fit_writes_with_the_command_it_names(trainer, tmp_path, monkeypatch):
    """rules_db/reordering.json names the command that wrote it; that command, on an invented dump,
    writes a file of the same settings (depth, penalty, prior, first-only, dropped features) and
    the same command, with weights only for features it keeps."""
    shipped = json.loads((RULES_DB / "reordering.json").read_text(encoding="utf-8"))
    command = shipped["fitted_by"].split()
    assert command[:5] == ["python", "bench/train_reordering.py", "fit", "--dump", "DUMP"]
    dump = tmp_path / "dump.json"
    dump.write_text(json.dumps(invented_dump()), encoding="utf-8")
    asked = tmp_path / "asked.json"
    asked.write_text(json.dumps(invented_asked_dump()), encoding="utf-8")
    out = tmp_path / "weights.json"
    for name in ("PRIOR", "DROP", "MARGIN", "FIRST_ONLY", "KEPT", "ASKED_WEIGHT", "GATE", "GATE_KINDS"):
        monkeypatch.setattr(trainer, name, getattr(trainer, name))  # main sets them for the run
    trainer.main(["fit", "--dump", str(dump), "--out", str(out)] + [str(asked) if a == "ASKED" else a for a in command[5:]])
    written = json.loads(out.read_text(encoding="utf-8"))
    assert {k: v for k, v in written.items() if k != "weights"} == {k: v for k, v in shipped.items() if k != "weights"}
    dropped = tuple(shipped.get("drop", ()))
    assert written["weights"] and not any(n.startswith(dropped) or n.endswith(dropped) for n in written["weights"])
    assert not any(n.startswith(dropped) or n.endswith(dropped) for n in shipped["weights"])
