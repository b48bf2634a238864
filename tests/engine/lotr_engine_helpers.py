"""Helpers for the engine tests: replay a situation written inline, read final-state
paths, collect cited ids."""

from __future__ import annotations

from pathlib import Path

import pytest

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "lotr"


def resolve(state, path: str):
    """Follow a dotted path into a final_state: list items are picked by name or label;
    ``labels`` lists the labels of a list of cards."""
    value = state
    for part in path.split("."):
        if part == "labels" and isinstance(value, list):
            value = [v["label"] if isinstance(v, dict) else v for v in value]
            continue
        if isinstance(value, list):
            match = [v for v in value if isinstance(v, dict) and part in (v.get("name"), v.get("label"))]
            if not match:
                raise KeyError(f"{part!r} not found at {path!r}")
            value = match[0]
        elif isinstance(value, dict):
            value = value.get(part)
        else:
            raise KeyError(f"cannot follow {part!r} in {path!r}")
    return value


@pytest.fixture
def play():
    """play(yaml_text) -> trace."""

    def _play(text: str, **kwargs):
        from adjudicator.lotr.engine import api

        return api.replay(api.load("inline.yaml", text=text), **kwargs)

    return _play


def cited(trace, step: str | None = None) -> set[str]:
    return {c for s in trace.steps if step is None or s.step == step for c in s.citations}
