"""The framework step table (``rules_db/lotr/framework.yaml``) and how one step runs.

A step runs its handler (registered with `context.handles` by the rule module named after
its rulebook concept); a step whose handler wrote nothing still gets one trace step citing
it; at the milestone beginning a phase (or the round) the hooks answer "at the beginning
of" (`hooks.Hooks.phase_begins`); a step with an action window (``window: true``) takes the
plays declared for it (`planning.window_plays`).  An attack sub-flow (6.4b-6.4.4,
6.8b-6.8.4) runs its steps the same way (`run_subflow`); the walk of the round is in
`framework`.
"""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine import planning, quest_stages, rival_areas
from adjudicator.lotr.engine.context import HANDLERS, Replay
from adjudicator.lotr.engine.events import StepResolved
from adjudicator.lotr.engine.step_table import STARTS, STEPS, SUBFLOWS



def run_step(r: Replay, sid: str) -> str | None:
    """Run framework step ``sid``; returns the step to jump to, if its handler says so."""
    info = STEPS[sid]
    r.g.step = sid
    r.reached.setdefault(sid, set()).add(r.g.round)
    if info["phase"] != "round":
        r.g.phase = info["phase"]
    if r.g.rivals:  # a rival's cards are in the staging area while the players are at its stage (engine/rival_areas.py)
        rival_areas.sync(r)
    if r.g.stage_rules or sid == "3.1":  # a scenario's moment to flip a stage; the choice of a side quest (engine/quest_stages.py)
        quest_stages.before_step(r, sid)
    before = r.trace.count
    handler = HANDLERS.get(sid)
    jump = handler(r) if handler is not None else None
    if r.trace.count == before:
        r.emit(StepResolved(step_id=sid, name=info["name"], milestone=info["kind"] == "milestone"), (C.step(sid),))
    if r.g.stage_rules or r.g.main_quest is not None:  # the current stage among several; a side quest's phase ends
        quest_stages.after_step(r, sid)
    if r.g.rivals:  # a rival's stage takes its progress at the scenario's moment
        rival_areas.at_step(r, sid)
    if sid in STARTS:  # abilities at the beginning of the phase: after its milestone, before its window
        r.hooks.phase_begins(r, STARTS[sid])
    if sid == "2.2":  # the planning phase's special window: its handler plays the active player's cards
        r.hooks.action_window(r, sid, lambda: None)
    elif info.get("window"):
        r.hooks.action_window(r, sid, lambda: planning.window_plays(r, sid))
    else:
        refuse_plays(r, sid)
        r.hooks.no_action_window(r, sid)
    return jump


def run_attack_step(r: Replay, sid: str) -> None:
    """One step of an attack made in the middle of another (an enemy not engaged with the
    player: `unengaged_attacks`), as `run_step` runs it."""
    info = STEPS[sid]
    r.g.step = sid
    r.reached.setdefault(sid, set()).add(r.g.round)
    before = r.trace.count
    HANDLERS[sid](r)
    if r.trace.count == before:
        r.emit(StepResolved(step_id=sid, name=info["name"], milestone=info["kind"] == "milestone"), (C.step(sid),))
    if info.get("window"):
        r.hooks.action_window(r, sid, lambda: planning.window_plays(r, sid))
    else:
        refuse_plays(r, sid)
        r.hooks.no_action_window(r, sid)


def refuse_plays(r: Replay, sid: str) -> None:
    """Plays declared for a step with no action window after it are refused: players act
    only in action windows (Appendix I: Action Windows; Action), and the chart opens none
    after this step."""
    for entry in r.decisions.at((sid,), r.g.round):
        if "play" in entry.data and not entry.used:
            entry.used = True  # refused, with its reason: not reported again as unused
            cards = ", ".join(str(p.get("card")) for p in entry.get("play") or () if isinstance(p, dict))
            r.illegal(entry, f"{cards or 'a card'} cannot be played after step {sid}: no action window follows it "
                             f"(players act only in action windows)", (C.ACTION_WINDOWS, C.ACTION, C.step(sid)))


class StopHere(Exception):
    """The stop named a step inside an attack sub-flow, and it has just resolved."""


def run_subflow(r: Replay, flow: str) -> None:
    """Run the steps of an attack sub-flow (``enemy-attack``, ``player-attack``)."""
    outer = r.g.step
    stop = r.situation.stop
    for sid in SUBFLOWS[flow]:
        run_step(r, sid)
        if stop.kind == "step" and sid == stop.step and (stop.round is None or r.g.round == stop.round):
            raise StopHere()
    r.g.step = outer
