"""The LOTR engine's entry points, for the CLI and for scripts.

    from adjudicator.lotr.engine import api
    s = api.load("situation.yaml")           # InputError (exit 2) listing every problem
    trace = api.replay(s, on_step=print)      # trace.pending set when a decision is missing
    result = api.check(api.load("situation.yaml"))
"""

from __future__ import annotations

import re

from adjudicator.errors import InputError
from adjudicator.lotr.engine.framework import replay
from adjudicator.lotr.engine.legality import check
from adjudicator.lotr.engine.situation import Stop, load
from adjudicator.lotr.engine.citations import STEP_IDS

__all__ = ["load", "replay", "check", "override_stop"]


def override_stop(situation, text: str) -> None:
    """Apply a ``--stop`` value: a step id, end-of-phase, end-of-round, end-of-game, end-of-step, or ``Nr``."""
    text = text.strip()
    if text in ("end-of-step", "end-of-phase", "end-of-round", "end-of-game"):
        situation.stop = Stop(kind=text)
    elif text in STEP_IDS:
        situation.stop = Stop(kind="step", step=text)
    elif re.fullmatch(r"(\d+)\s*r(ounds?)?", text):
        situation.stop = Stop(kind="rounds", rounds=int(re.match(r"\d+", text).group()))
    else:
        import difflib

        close = difflib.get_close_matches(text, list(STEP_IDS) + ["end-of-phase", "end-of-round", "end-of-game"], n=3)
        raise InputError(
            f"--stop {text!r}: expected a step id (5.3), end-of-step, end-of-phase, end-of-round, end-of-game or N rounds (2r)",
            hint=("did you mean: " + ", ".join(close) + "?") if close else "",
        )
