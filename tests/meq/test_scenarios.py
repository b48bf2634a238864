"""The worked examples of the Middle-earth Quest rules as situation files (scenarios/meq):
each names the example it encodes, states the values the document gives (checked by the
shared checker against what the replay reaches: tests/engine/test_golden_situations.py),
and describes a legal position."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.engine import game

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios" / "meq").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_worked_example_replays_to_the_values_the_document_gives(path):
    result = game.verify(path)
    stated = [c for c in result.expectations if c.expectation.kind in ("value", "subset")
              and c.expectation.path.startswith(("state.", "results."))]
    assert stated, "a scenario states the outcome the document gives, as values"
    assert not result.missed, [c.describe() for c in result.missed]
    stops = any(c.expectation.path == "pending" and c.expectation.expected for c in result.expectations)
    assert result.exit_code == (3 if stops else 0)  # an example that ends at a decision states it (pending:)


def test_every_scenario_names_the_example_it_encodes():
    import yaml

    for path in SCENARIOS:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data.get("source", "").startswith("meq:"), path.name


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_worked_example_positions_are_legal(path):
    report = game.check(game.open_situation(path))
    assert report.violations == []
