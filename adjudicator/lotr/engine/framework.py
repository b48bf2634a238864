"""The round as data: the framework step table (``rules_db/lotr/framework.yaml``) walked
step by step, each step id handled by one function in a module named after its rulebook
concept, the attack sub-flows walked from 6.4a and 6.8a.

    trace = replay(load("situation.yaml"), on_step=print)

Where a step's handler does nothing visible, the walker still writes one trace line for
it, citing the step.  Action windows (``window: true`` in the table, and 2.2) are where
declared plays apply.  Card abilities and triggered effects (issue 5) will hook in at
the same places: after each step and in each window.
"""

from __future__ import annotations

from adjudicator.paths import RULES_DB
from pathlib import Path
from typing import Any, Callable



from adjudicator.engine.decisions import DecisionNeeded
from adjudicator.engine.trace import Step, Trace
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import HANDLERS, GameOver, Replay
from adjudicator.lotr.engine.schema import SETUP

FRAMEWORK_FILE = RULES_DB / "lotr" / "framework.yaml"


def _load_table() -> tuple[dict[str, dict[str, Any]], list[str], dict[str, list[str]], dict[str, str]]:
    from adjudicator.engine.situation import load_yaml_data

    data = load_yaml_data(FRAMEWORK_FILE.read_text(encoding="utf-8"))
    steps = {str(s["id"]): s for s in data["steps"]}
    main = [sid for sid, s in steps.items() if s["flow"] == "main"]
    subflows: dict[str, list[str]] = {}
    for sid, s in steps.items():
        if s["flow"] != "main":
            subflows.setdefault(s["flow"], []).append(sid)
    names = {p["id"]: p["name"] for p in data["phases"]}
    return steps, main, subflows, names


STEPS, MAIN, SUBFLOWS, PHASE_NAMES = _load_table()
MAIN_INDEX = {sid: i for i, sid in enumerate(MAIN)}
PHASE_END = {"round": "0.1"}
for _sid in MAIN:
    PHASE_END[STEPS[_sid]["phase"]] = _sid if STEPS[_sid]["phase"] != "round" else "0.1"
# the milestone beginning each phase (and 0.0 the round): "at the beginning of" abilities resolve there
PHASE_START = {"round": "0.0"}
for _sid in MAIN:
    PHASE_START.setdefault(STEPS[_sid]["phase"], _sid)
STARTS = {sid: phase for phase, sid in PHASE_START.items()}
MAX_ROUNDS = 1000

# Import the rule modules so that their handlers register (setup: the end of Setup, the
# quest card flipped as a replay starts at 0.0).
from adjudicator.lotr.engine import combat, encounter, planning, questing, refresh, resource, setup, travel  # noqa: E402,F401


def _run_step(r: Replay, sid: str) -> str | None:
    info = STEPS[sid]
    r.g.step = sid
    if info["phase"] != "round":
        r.g.phase = info["phase"]
    before = r.trace.count
    handler = HANDLERS.get(sid)
    jump = handler(r) if handler is not None else None
    if r.trace.count == before:
        r.emit("milestone" if info["kind"] == "milestone" else "step", info["name"], (C.step(sid),))
    begins = getattr(r, "phase_begins", None)  # abilities at the beginning of the phase: after its milestone, before its window
    if sid in STARTS and begins is not None:
        begins(STARTS[sid])
    if info.get("window") and sid != "2.2":
        planning.window_plays(r, sid)
    return jump


class _StopHere(Exception):
    """The stop named a step inside an attack sub-flow, and it has just resolved."""


def _run_subflow(r: Replay, flow: str) -> None:
    outer = r.g.step
    stop = r.situation.stop
    for sid in SUBFLOWS[flow]:
        _run_step(r, sid)
        if stop.kind == "step" and sid == stop.step and (stop.round is None or r.g.round == stop.round):
            raise _StopHere()
    r.g.step = outer


def replay(
    situation,
    on_step: Callable[[Step], None] | None = None,
    *,
    strict: bool = True,
    board: bool = False,
    keep: bool = True,
    listeners: tuple = (),
    abilities: bool | None = None,
) -> Trace:
    """Play the situation forward to its stop; returns the trace (``pending`` set when a
    decision is missing).  ``strict=False`` records illegal decisions as violations
    (``trace.violations``) instead of raising `IllegalDecision`.  ``listeners`` are called
    as ``listener(replay, step)`` with each step as it is written (the hook for card
    abilities).  ``abilities`` attaches the card abilities of the Core Set library and of
    the situation's ``abilities:`` block (adjudicator.lotr.abilities); None (the default)
    means: when the situation has such a block (the CLI turns them on unless told not to)."""
    trace = Trace("lotr", on_step, keep=keep)
    r = Replay(situation, trace, strict=strict, board=board)
    if abilities is None:
        abilities = bool(getattr(situation, "abilities", None))
    if abilities:
        from adjudicator.lotr.abilities.triggers import AbilityListener

        listener = AbilityListener.from_block(getattr(situation, "abilities", None))
        r.listeners.append(listener)
        r.abilities_on = True
        r.leave_play_instead = lambda card, how, cites: listener.leave_play_instead(r, card, how, cites)
        r.draw_instead = lambda player: listener.draw_instead(r, player)
        r.choose_next_stage = lambda stage: listener.choose_next_stage(r, stage)
        r.skip_staging = lambda: listener.skip_staging(r)
        r.after_progress = lambda: listener.flush_explored(r)
        r.pay_travel_cost = lambda location: listener.pay_travel_cost(r, location)
        from adjudicator.lotr.abilities.prisoner import after_stage_progress

        r.after_stage_progress = lambda: after_stage_progress(r)  # Through the Caverns' rescue of the prisoner
        r.phase_begins = lambda phase: listener.phase_begins(r, phase)  # Out of the Dungeons' Orc Guards
        r.setup_instructions = lambda stage: listener.setup_instructions(r, stage)  # Setup 7: the first quest card's
    r.listeners.extend(listeners)
    r.run_subflow = lambda flow: _run_subflow(r, flow)
    try:
        if situation.start == SETUP:  # the game's setup steps, then round 1 from 0.0
            from adjudicator.lotr.engine.setup_steps import run_setup

            run_setup(r)
            if r.board:  # the table as setup leaves it, before the flip
                r.trace.snapshot(r.g.picture())
        _walk(r)
    except DecisionNeeded as exc:
        trace.pending = exc.pending
    except (GameOver, _StopHere):
        pass
    final = r.g.picture()
    unused = situation.decisions.unused()
    if unused:
        final["unused_decisions"] = [{"line": e.line, **e.data} for e in unused]
    from adjudicator.lotr.engine.elimination import score

    final["score"] = score(r.g)
    trace.final_state = final
    trace.violations = r.violations  # type: ignore[attr-defined]
    return trace


def _walk(r: Replay) -> None:
    g = r.g
    stop = r.situation.stop
    start = "0.0" if r.situation.start == SETUP else r.situation.start
    start_phase = STEPS[start]["phase"]
    rounds_done = 0
    i = MAIN_INDEX[start]
    while True:
        sid = MAIN[i]
        jump = _run_step(r, sid)
        info = STEPS[sid]
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
            r.emit("stop", f"stopped after {MAX_ROUNDS} rounds without an end to the game", (C.step("0.1"),))
            return
        i = MAIN_INDEX[jump] if jump else (i + 1) % len(MAIN)
