"""The LOTR engine's entry points, for the CLI and for scripts.

    from adjudicator.lotr.engine import api
    s = api.load("situation.yaml")           # InputError (exit 2) listing every problem
    trace = api.replay(s, on_step=print)      # trace.pending set when a decision is missing
    result = api.check(api.load("situation.yaml"))

This is where the framework (`framework`, which knows only the `hooks.Hooks` interface and
the events) and the card abilities (``adjudicator.lotr.abilities``, which implement the
hooks and subscribe to the events) are put together.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from adjudicator.engine.trace import Step, Trace
from adjudicator.errors import InputError
from adjudicator.lotr.abilities import load as ability_load
from adjudicator.lotr.abilities.framework_hooks import RulesOnly
from adjudicator.lotr.abilities.triggers import AbilityListener
from adjudicator.lotr.engine import framework, legality
from adjudicator.lotr.engine.citations import STEP_IDS
from adjudicator.lotr.engine.hooks import Hooks
from adjudicator.lotr.engine import loader
from adjudicator.lotr.engine.situation import Situation, Stop

__all__ = ["load", "replay", "check", "override_stop", "hooks_for"]


def load(path, text: str | None = None) -> Situation:
    """Read a situation file, its card abilities (``abilities:``) included; InputError
    listing every problem."""
    return loader.load(path, text, ability_block=ability_load)


def hooks_for(situation: Situation, abilities: bool | None = None) -> Hooks:
    """The hooks of a replay: the card abilities of the Core Set library and of the
    situation's ``abilities:`` block (`triggers.AbilityListener`), or the rules alone.
    ``abilities`` None means: when the situation has such a block (the CLI turns them on
    unless told not to)."""
    if abilities is None:
        abilities = bool(situation.abilities)
    if abilities:
        return AbilityListener.from_block(situation.abilities)
    return RulesOnly()


def replay(situation: Situation, on_step: Callable[[Step], None] | None = None, *, strict: bool = True, board: bool = False,
           keep: bool = True, abilities: bool | None = None, subscribers: Iterable[tuple[type, Callable]] = ()) -> Trace:
    """Play the situation forward to its stop (`framework.replay`), with the card abilities
    when ``abilities`` says so (`hooks_for`); ``subscribers``: (event type, ``fn(replay,
    event)``) to watch the events as they happen."""
    return framework.replay(situation, on_step, strict=strict, board=board, keep=keep, hooks=hooks_for(situation, abilities),
                            subscribers=subscribers)


def check(situation: Situation, abilities: bool | None = None) -> legality.CheckResult:
    """Is the position legal, and are its declared decisions (`legality.check`)?"""
    return legality.check(situation, hooks_for(situation, abilities))


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
        import difflib  # only for the error message

        close = difflib.get_close_matches(text, list(STEP_IDS) + ["end-of-phase", "end-of-round", "end-of-game"], n=3)
        raise InputError(
            f"--stop {text!r}: expected a step id (5.3), end-of-step, end-of-phase, end-of-round, end-of-game or N rounds (2r)",
            hint=("did you mean: " + ", ".join(close) + "?") if close else "",
        )
