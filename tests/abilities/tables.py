"""Small tables for the abilities tests: a replay context built from an inline situation."""

from __future__ import annotations


def table(text: str):
    """A replay context (the engine's ``Replay``) on the position ``text`` describes, whose
    hooks answer from what effects establish (restrictions, immunity: `StateRules`) but
    resolve no triggered ability: the effect primitives are called directly."""
    from adjudicator.engine.trace import Trace
    from adjudicator.lotr.abilities.framework_hooks import StateRules
    from adjudicator.lotr.engine import api
    from adjudicator.lotr.engine.context import Replay

    situation = api.load("table.yaml", text=text)
    return Replay(situation, Trace("lotr"), hooks=StateRules())


def card(r, label: str):
    for c in r.g.cards_in_play():
        if c.label == label:
            return c
    for p in r.g.players:
        for c in p.hand + p.deck + p.discard:
            if c.label == label:
                return c
    raise KeyError(label)


def steps(r, event: str | None = None):
    return [s for s in r.trace.steps if event is None or s.event == event]


def cited(r) -> set[str]:
    return {c for s in r.trace.steps for c in s.citations}
