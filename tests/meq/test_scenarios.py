"""The worked examples of the rules as situation files (scenarios/meq): each replays to
the outcome the document gives, every expectation met, nothing pending or illegal."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.meq.engine import replay

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios" / "meq").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_worked_example_replays_to_the_documented_outcome(path):
    result = replay(path)
    failed = [e for e in result.expectations if not e["ok"]]
    assert result.expectations, "a scenario must assert the outcome the document gives"
    assert not failed
    assert result.illegal is None
    assert result.trace.pending is None


def test_every_scenario_names_the_example_it_encodes():
    import yaml

    for path in SCENARIOS:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data.get("source", "").startswith("meq:"), path.name


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_worked_example_positions_are_legal(path):
    from adjudicator.meq.engine import check

    report = check(path)
    assert report["findings"] == []
