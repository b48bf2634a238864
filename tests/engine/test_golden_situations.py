"""The written examples in scenarios/lotr replay to their expected outcome: the final
state and the ids in the trace (like perft files for a chess engine)."""

from __future__ import annotations

import pytest

from adjudicator.lotr.engine import api
from lotr_engine_helpers import SCENARIOS, cited, resolve

FILES = sorted(SCENARIOS.glob("*.yaml"))


def _expect(path):
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8")).get("expect") or {}


def test_there_are_golden_situations_for_each_phase():
    names = " ".join(p.stem for p in FILES)
    for word in ("resource", "planning", "quest", "staging", "travel", "engagement", "combat", "refresh", "elimination"):
        assert word in names


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_situation(path):
    expect = _expect(path)
    trace = api.replay(api.load(path))
    data = trace.to_dict()
    final = data["final_state"]
    for key, value in (expect.get("state") or {}).items():
        assert resolve(final, key) == value, f"{path.name}: {key}"
    ids = cited(trace)
    for cid in expect.get("cites") or ():
        assert cid in ids, f"{path.name}: {cid} not cited"
    for cid in expect.get("not_cites") or ():
        assert cid not in ids, f"{path.name}: {cid} cited"
    for step, wanted in (expect.get("step_cites") or {}).items():
        at = cited(trace, step)
        for cid in wanted:
            assert cid in at, f"{path.name}: {cid} not cited at {step}"
    if "pending" in expect:
        assert (data["pending"] or {}).get("key") == expect["pending"]
    if "outcome" in expect:
        assert final["outcome"] == expect["outcome"]
    names = {s.interpretation.name for s in trace.steps if s.interpretation}
    for name in expect.get("interpretations") or ():
        assert name in names
    assert not final.get("unused_decisions"), f"{path.name}: decisions not used: {final.get('unused_decisions')}"
