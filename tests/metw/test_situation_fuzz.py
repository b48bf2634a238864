"""Fuzzing METW situation files: whatever the text, loading and replaying ends in a result,
an InputError (bad file), an IllegalDecision or a pending decision, never a traceback."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from situation_mutations import mutate

from adjudicator.engine import DecisionNeeded
from adjudicator.errors import AdjudicatorError
from adjudicator.metw.engine import check, replay

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios" / "metw").glob("*.yaml"))
SEEDS = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in SCENARIOS]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.text(max_size=12),
                    st.sampled_from(["Arn", "Fellows", "Faramir", "w", "h", "untapped", "wounded", "Huorn"]))


def _mutate(data, draw):
    return mutate(data, draw, scalars)


@st.composite
def mutated(draw):
    seed = draw(st.sampled_from(SEEDS))
    data = seed
    for _ in range(draw(st.integers(1, 3))):
        data = _mutate(data, draw)
    return yaml.safe_dump(data, allow_unicode=True)


def _run(text: str) -> None:
    try:
        replay("fuzz.yaml", text=text)
        check("fuzz.yaml", text=text)
    except (AdjudicatorError, DecisionNeeded):
        pass


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_situation_files_never_raise_a_traceback(text):
    _run(text)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_never_raises_a_traceback(text):
    _run(text)
