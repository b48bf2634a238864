"""Golden situations of whole METW turns (scenarios/metw/turn_*.yaml): a company moving,
facing hazards and playing a site, replayed to the values written by hand in each file's
``expect:`` blocks (with the rule lines each value comes from in the file's header)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.engine import game
from adjudicator.metw.engine import replay

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "metw"
TURNS = sorted(SCENARIOS.glob("turn_*.yaml")) + [SCENARIOS / "cards_example_of_combat.yaml"]


@pytest.mark.parametrize("path", TURNS, ids=[p.stem for p in TURNS])
def test_golden_turn_replays_to_the_values_worked_out_by_hand(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data.get("expect", {}).get("state"), "a golden turn states its final position"
    result = game.replay(game.open_situation(path))  # the shared checker compares it with the file's values
    assert result.expectations and not result.missed, [c.describe() for c in result.missed]
    assert result.exit_code == 0


@pytest.mark.parametrize("path", TURNS, ids=[p.stem for p in TURNS])
def test_golden_turn_is_legal(path):
    report = game.check(game.open_situation(path))
    assert report.legal, [v.to_dict() for v in report.violations]


def test_golden_turns_cover_every_phase_of_the_turn():
    phases = set()
    for path in TURNS:
        run = replay(path)
        phases |= {s.phase for s in run.trace.steps if s.event in ("phase-begins", "turn-begins")}
    assert phases == {"untap", "organization", "long-event", "movement/hazard", "site", "end-of-turn"}
