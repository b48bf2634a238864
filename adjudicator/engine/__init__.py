"""The game-agnostic engine core shared by the LOTR LCG, METW and Middle-earth Quest engines.

- `trace`: the trace step value and the trace sink (the stable JSON contract of a replay);
- `emitter`: the one way every engine writes a step (its citations, changes, cause and
  interpretation; a step with no citation is refused);
- `situation`: YAML loading with line/column marks, schema checking that reports every
  problem at once, "did you mean" for names;
- `decisions`: a pending decision that stops a replay (exit code 3);
- `game`: the one interface every game's engine implements, and the registry of games;
- `outcome`: what a replay and a check return (`ReplayResult`, `CheckReport`, `Violation`);
- `expect`: the one checker of the ``expect:`` blocks of situation files.

Nothing here imports Typer, Rich or Whoosh.  The package's own names (`Step`, `Emitter`,
...) are imported from their modules on first use.  See README.md in this folder.
"""

from importlib import import_module

_FROM = {  # the names this package gives, and the module each comes from (imported on first use)
    "EXIT_DECISION": "decisions", "DecisionNeeded": "decisions", "IllegalDecision": "decisions",
    "Option": "decisions", "PendingDecision": "decisions",
    "Emitter": "emitter", "by_card": "emitter", "by_rule": "emitter",
    "Change": "trace", "Interpretation": "trace", "Step": "trace", "Trace": "trace",
}

__all__ = [
    "EXIT_DECISION",
    "Change",
    "DecisionNeeded",
    "Emitter",
    "IllegalDecision",
    "Interpretation",
    "Option",
    "PendingDecision",
    "Step",
    "Trace",
    "by_card",
    "by_rule",
]


def __getattr__(name: str):
    """``from adjudicator.engine import Step`` imports `trace` then, not when any module of
    the package is imported: a card lookup reads `situation` and needs none of the three
    (about 3 ms of its start-up)."""
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_FROM[name]}"), name)
    globals()[name] = value
    return value
