"""Helpers for the engine tests: replay a situation written inline, read final-state
paths, collect cited ids."""

from __future__ import annotations

from pathlib import Path

import pytest

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "lotr"


def resolve(state, path: str):
    """Follow a dotted path into a final_state (the package's one lookup,
    adjudicator.engine.expect.lookup); a trailing ``labels`` lists the labels of a list of cards."""
    from adjudicator.engine.expect import lookup

    return lookup(state, path)


@pytest.fixture
def play():
    """play(yaml_text) -> trace."""

    def _play(text: str, **kwargs):
        from adjudicator.lotr.engine import api

        return api.replay(api.load("inline.yaml", text=text), **kwargs)

    return _play


def cited(trace, step: str | None = None) -> set[str]:
    return {c for s in trace.steps if step is None or s.step == step for c in s.citations}
