"""Fuzzed Middle-earth Quest situation files never produce a traceback: every file either
replays (done, pending, illegal, failed expectation) or is refused with an InputError."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.errors import AdjudicatorError
from adjudicator.meq.engine import replay

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios" / "meq").glob("*.yaml"))
BASES = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in SCENARIOS]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 40), st.text(max_size=12),
                    st.sampled_from(["Orc", "Argalad", "exhausted", "life", "melee", "Barad-dur", "yellow", "heroes"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=12)


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from paths(value, prefix + (index,))


def mutate(base, where, value, delete):
    import copy

    doc = copy.deepcopy(base)
    if not where:
        return value if not delete else doc
    parent = doc
    for part in where[:-1]:
        parent = parent[part]
    if delete and isinstance(parent, dict):
        parent.pop(where[-1], None)
    else:
        parent[where[-1]] = value
    return doc


def run_text(text: str) -> None:
    from adjudicator.meq.engine import check

    try:
        result = replay("fuzz.yaml", text=text)
    except AdjudicatorError:
        return
    assert result.exit_code in (0, 1, 3)
    result.to_dict()
    assert isinstance(check("fuzz.yaml", text=text)["legal"], bool)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_scenarios_never_raise_a_traceback(data):
    base = data.draw(st.sampled_from(BASES))
    all_paths = list(paths(base))
    where = data.draw(st.sampled_from(all_paths))
    value = data.draw(values)
    delete = data.draw(st.booleans())
    doc = mutate(base, where, value, delete)
    run_text(yaml.safe_dump(doc, allow_unicode=True))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_never_raises_a_traceback(text):
    run_text(text)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["game", "markers", "play", "heroes", "board", "track", "influence", "expect",
                                        "tokens", "cards", "plots", "options", "minions", "monsters"]), values, max_size=6))
def test_random_top_level_mappings_never_raise_a_traceback(doc):
    doc = dict(doc, game="meq")
    run_text(yaml.safe_dump(doc, allow_unicode=True))
