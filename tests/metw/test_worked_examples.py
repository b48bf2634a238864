"""The rulebook's 25 worked examples as situation files (scenarios/metw): each must replay
with every expected outcome met, cite the example it reproduces, and cite only ids the
engine knows."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.metw.engine import replay

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios" / "metw").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_worked_example_replays_with_the_documents_outcome(path):
    run = replay(path)
    failures = [(r["line"], r.get("illegal"), [e for e in r.get("expectations", []) if not e["ok"]], r.get("pending"))
                for r in run.results if not r.get("ok", True)]
    assert not failures, failures
    assert run.trace.pending is None
    assert run.results, "a scenario must run at least one procedure"
    unchecked = [r["line"] for r in run.results if r["procedure"] != "set_state" and not r.get("expectations") and "illegal" not in r
                 and "pending" not in r]
    assert not unchecked, f"actions without an expected outcome at lines {unchecked}"


def test_all_twenty_five_examples_have_a_scenario():
    sources = set()
    import yaml

    for path in SCENARIOS:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        sources.add(data.get("source"))
    examples = {s for s in sources if s and (":example" in s)}
    assert len(examples) == 25, sorted(examples)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_worked_example_positions_are_legal(path):
    from adjudicator.metw.engine import check

    report = check(path)
    assert report["legal"], report["findings"]
