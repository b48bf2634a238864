"""Random but well-formed positions replayed with card abilities on: a trace, a pending
decision, or an IllegalDecision, never another exception; every step cites; answering each
pending decision with its own example plays on."""

from __future__ import annotations

import sys
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings

from adjudicator.engine.decisions import IllegalDecision
from adjudicator.lotr.engine import api

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_random_positions import situations  # noqa: E402  (the engine tests' generator)


def _replay(data):
    situation = api.load("random.yaml", text=yaml.safe_dump(data, allow_unicode=True))
    return api.replay(situation, abilities=True)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(situations())
def test_random_positions_replay_with_abilities_without_crashing(data):
    try:
        trace = _replay(data)
    except IllegalDecision:
        return
    assert all(s.citations for s in trace.steps)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(situations())
def test_answering_each_ability_decision_with_its_example_plays_on(data):
    seen = set()
    for _ in range(12):
        try:
            trace = _replay(data)
        except IllegalDecision:
            return
        if trace.pending is None:
            return
        asked = (trace.pending.key, trace.pending.question, trace.pending.step, trace.final_state["round"])
        if trace.pending.key in ("ability", "delayed_order"):  # the engine's own questions may recur (more attacks)
            assert asked not in seen, f"the example did not answer: {asked}"
            seen.add(asked)
        example = dict(trace.pending.example)
        if trace.pending.key not in ("ability", "delayed_order"):
            if example.get("step") == "2.2":
                data["decisions"] = [d for d in data["decisions"] if d.get("step") != "2.2"]
        data["decisions"] = data["decisions"] + [example]
