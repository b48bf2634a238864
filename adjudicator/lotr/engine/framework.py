"""The round as data: the framework step table (``rules_db/lotr/framework.yaml``, in
`steps`) walked step by step, each step id handled by one function in a module named
after its rulebook concept, the attack sub-flows walked from 6.4a and 6.8a.

    trace = replay(load("situation.yaml"), on_step=print)

Where a step's handler does nothing visible, the walker still writes one trace line for
it, citing the step.  Action windows (``window: true`` in the table, and 2.2) are where
declared plays apply.  Card abilities come in through the replay's hooks (`hooks.Hooks`,
implemented by the abilities package) and the events they subscribe to (`events`); this
module knows neither: `api.replay` puts them together.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Callable, Iterable

from adjudicator.engine.decisions import DecisionNeeded
from adjudicator.engine.trace import Step, Trace
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine import staging_areas
from adjudicator.lotr.engine.context import GameOver, Replay
from adjudicator.lotr.engine.elimination import score
from adjudicator.lotr.engine.events import ReplayStopped
from adjudicator.lotr.engine.hooks import Hooks
from adjudicator.lotr.engine.schema import SETUP
from adjudicator.lotr.engine.setup_steps import run_setup
from adjudicator.lotr.engine.step_table import MAIN, MAIN_INDEX, PHASE_END, PHASE_NAMES, PHASE_START, STARTS, STEPS, SUBFLOWS
from adjudicator.lotr.engine.steps import StopHere, run_step

# The rule modules, imported so that their handlers register (setup: the end of Setup, the
# quest card flipped as a replay starts at 0.0).
from adjudicator.lotr.engine import combat, encounter, planning, questing, refresh, resource, setup, time_counters, travel  # noqa: F401
from adjudicator.lotr.engine import scenario_state

__all__ = ["replay", "STEPS", "MAIN", "SUBFLOWS", "PHASE_NAMES", "PHASE_START", "PHASE_END", "STARTS"]
MAX_ROUNDS = 1000


def replay(
    situation,
    on_step: Callable[[Step], None] | None = None,
    *,
    strict: bool = True,
    board: bool = False,
    keep: bool = True,
    hooks: Hooks | None = None,
    subscribers: Iterable[tuple[type, Callable]] = (),
) -> Trace:
    """Play the situation forward to its stop; returns the trace (``pending`` set when a
    decision is missing).  ``strict=False`` records illegal decisions as violations
    (``trace.violations``) instead of raising `IllegalDecision`.  ``hooks``: where card
    abilities change the framework and the events they subscribe to (the rules alone when
    None; `api.replay` attaches the card abilities).  ``subscribers``: more (event type,
    ``fn(replay, event)``) subscriptions, after the hooks' own."""
    trace = Trace("lotr", on_step, keep=keep)
    r = Replay(situation, trace, strict=strict, board=board, hooks=hooks)
    scenario_state.attach(r)  # a scenario's trackers, tokens and condition of winning (rules_db/lotr/scenario_state.yaml)
    for event_type, fn in subscribers:
        r.bus.subscribe(event_type, fn)
    try:
        if situation.start == SETUP:  # the game's setup steps, then round 1 from 0.0
            run_setup(r)
            if r.board:  # the table as setup leaves it, before the flip
                r.trace.snapshot(r.g.picture())
        _walk(r)
    except DecisionNeeded as exc:
        trace.pending = exc.pending
    except (GameOver, StopHere):
        pass
    final = r.g.picture()
    unused = [{"line": e.line, **e.data, "reason": why_unused(r, e)} for e in situation.decisions.unused()] + r.hooks.unused(r)
    if unused:
        final["unused_decisions"] = sorted(unused, key=lambda u: u["line"])
    final["score"] = score(r.g)
    trace.final_state = final
    trace.violations = r.violations  # type: ignore[attr-defined]
    return trace


def why_unused(r: Replay, entry) -> str:
    """Why a declared decision was not used: its step never came (the replay ended first:
    how), or it came and no rule there asked for it."""
    step, round_ = str(entry.step), entry.get("round")
    if entry.why:
        return entry.why
    keys = ", ".join(k for k in entry.data if k not in ("step", "round", "player"))
    rounds = r.reached.get(step, set())
    if rounds and (round_ is None or round_ in rounds):
        when = f"step {step}" + (f" of round {round_}" if round_ is not None else "")
        return f"{when} came, and nothing there asked for {keys}: a decision is used only where the rules leave that choice to a player"
    if r.trace.pending is not None:
        ended = f"the replay stopped for a decision at step {r.trace.pending.step}"
    elif r.g.outcome is not None:
        ended = f"the game ended (the players {r.g.outcome})"
    else:
        ended = "the replay reached the situation's stop"
    return f"{ended} before step {step}" + (f" of round {round_}" if round_ is not None else "") + " came"


def _walk(r: Replay) -> None:
    g = r.g
    stop = r.situation.stop
    start = "0.0" if r.situation.start == SETUP else r.situation.start
    start_phase = STEPS[start]["phase"]
    rounds_done = 0
    i = MAIN_INDEX[start]
    while True:
        sid = MAIN[i]
        info = STEPS[sid]
        if g.areas and sid == PHASE_START[info["phase"]] and info["phase"] in staging_areas.PER_AREA:
            # separate staging areas: the phase resolves at each one in turn (engine/staging_areas.py)
            i, stopped = _phase_per_area(r, i)
            if stopped:
                return
            sid, jump = MAIN[i], None
        else:
            jump = run_step(r, sid)
            if g.areas:  # a scenario's join at a step of the whole table (engine/staging_areas.py)
                staging_areas.at_step(r, sid)
        if r.board and (sid == PHASE_END.get(info["phase"]) or sid == "0.1"):
            r.trace.snapshot(g.picture())
        if sid == "0.1":
            rounds_done += 1
        if stop.kind == "end-of-step":
            return
        if stop.kind == "step" and sid == stop.step and (stop.round is None or g.round == stop.round or (sid == "0.1" and g.round - 1 == stop.round)):
            return
        if stop.kind == "end-of-phase" and sid == PHASE_END[start_phase]:
            return
        if stop.kind == "end-of-round" and sid == "0.1":
            return
        if stop.kind == "rounds" and sid == "0.1" and rounds_done >= stop.rounds:
            return
        if sid == "0.1" and rounds_done >= MAX_ROUNDS:
            r.emit(ReplayStopped(rounds=MAX_ROUNDS), (C.step("0.1"),))
            return
        i = MAIN_INDEX[jump] if jump else (i + 1) % len(MAIN)


def _phase_per_area(r: Replay, i: int) -> tuple[int, bool]:
    """Run the phase beginning at ``MAIN[i]`` once per staging area, in player order; the scenario's
    joins at the beginning or end of the phase come before or after every area's pass.  Returns the
    index of the phase's last step and whether the situation's stop came (a stop at a step inside
    the phase: after that step at the last area; end-of-step: after the first step at the first area)."""
    g, stop = r.g, r.situation.stop
    phase = STEPS[MAIN[i]]["phase"]
    staging_areas.at_step(r, MAIN[i])
    areas = staging_areas.passes(g) if g.areas else [None]  # None: joined into one before the phase began
    start, end = i, MAIN_INDEX[PHASE_END[phase]]
    for k, area in enumerate(areas):
        i = start
        g.step = MAIN[start]  # the area's pass is announced at the phase's first step
        with staging_areas.viewing(r, area, PHASE_NAMES[phase].removesuffix(" phase").lower()) if area else nullcontext():
            while True:
                sid = MAIN[i]
                jump = run_step(r, sid)
                if stop.kind == "end-of-step":
                    return i, True
                if (k == len(areas) - 1 and stop.kind == "step" and sid == stop.step
                        and (stop.round is None or g.round == stop.round)):
                    return i, True
                if i == end:
                    break
                i = MAIN_INDEX[jump] if jump else i + 1
    staging_areas.at_step(r, MAIN[end])
    return end, False
