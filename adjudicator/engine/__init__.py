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

Nothing here imports Typer, Rich or Whoosh.  See README.md in this folder.
"""

from adjudicator.engine.decisions import EXIT_DECISION, DecisionNeeded, IllegalDecision, Option, PendingDecision
from adjudicator.engine.emitter import Emitter, by_card, by_rule
from adjudicator.engine.trace import Change, Interpretation, Step, Trace

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
