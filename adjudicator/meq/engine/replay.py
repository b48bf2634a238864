"""Replaying a Middle-earth Quest situation file, and checking its position.

``replay(path)`` loads the file, runs each entry of ``play`` (a procedure and its
declarations) and returns the shared `ReplayResult`: the trace (every step citing its
section), the results of each procedure (by its name: ``combat``, the second one
``combat#2``), a pending decision if a choice or draw was missing, or the illegal
declaration that stopped it.  Whether the results are the values the file expects is for
the shared checker (adjudicator.engine.expect) to say.  ``check(path)``
(`adjudicator.meq.engine.legality`) lists what is illegal in the described position and
in its declarations.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from adjudicator.engine import DecisionNeeded, IllegalDecision, Step, Trace
from adjudicator.engine.outcome import ReplayResult, Violation
from adjudicator.errors import InputError

from . import citations as C
from .context import Context
from .loader import load


def run_entry(ctx: Context, name: str, body: dict[str, Any]) -> Any:
    from . import combat, finale, hero, sauron, story, travel

    state = ctx.state
    if name == "hero_rally":
        return story.hero_rally(ctx)
    if name == "story_step":
        story.story_step(ctx, body)
        return dict(state.markers)
    if name == "dominance":
        ctx.phase = "event"
        return story.dominance(ctx) or "none"
    if name == "stage":
        stage = story.current_stage(state)
        ctx.step(None, "stage", f"current stage {story.roman(stage)}; Shadow Pool cap {4 * stage}",
                 (C.STAGES, C.CURRENT_STAGE, C.SHADOW_POOL))
        return {"stage": stage, "shadow_pool_cap": 4 * stage}
    if name == "finale_check":
        return story.finale_check(ctx)
    if name == "plot_step":
        return sauron.plot_step(ctx, body)
    if name == "event_step":
        return sauron.event_step(ctx, body)
    if name == "action_step":
        return sauron.action_step(ctx, body)
    if name == "action":
        ctx.phase = "action"
        return sauron.take_action(ctx, body)
    if name == "hero_draw":
        return sauron.hero_draw(ctx, body)
    if name == "rest":
        ctx.turn_over = False
        return hero.rest(ctx, hero.hero_named(ctx, body.get("hero")), body)
    if name == "ambush":
        ctx.turn_over = False
        return travel.ambush(ctx, body)
    if name == "travel":
        travel.travel_step(ctx, body)
        return {"location": state.heroes[body["hero"]].location, "turn_over": ctx.turn_over}
    if name == "perilous":
        h = hero.hero_named(ctx, body.get("hero"))
        answer, why = travel.perilous(ctx, h, body.get("location"))
        ctx.step("hero-turn:3.b", "perilous", why, (C.PERILOUS, C.WISDOM))
        return answer
    if name == "encounter":
        return travel.encounter(ctx, body) or "none"
    if name == "combat":
        outcome = combat.combat(ctx, body)
        return {"foe_defeated": outcome.foe_defeated, "hero_defeated": outcome.hero_defeated,
                "rounds": outcome.rounds, "foe_damage": outcome.foe_damage, "turn_over": ctx.turn_over}
    if name == "damage":
        h = hero.hero_named(ctx, body.get("hero"))
        ctx.phase = "damage"
        hero.deal_damage(ctx, h, int(body.get("amount", 0)), body.get("from"), body.get("why", "declared damage"))
        if hero.is_out_of_cards(h):
            hero.defeat(ctx, h, body.get("defeat") or {})
        return {"life": h.life, "hand": len(h.hand), "damage": h.damage}
    if name == "defeat":
        ctx.phase = "defeat"
        hero.defeat(ctx, hero.hero_named(ctx, body.get("hero")), body)
        return None
    if name == "level":
        ctx.phase = "level"
        h = hero.hero_named(ctx, body.get("hero"))
        return hero.gain_level(ctx, h, body.get("attribute", ""))
    if name == "explore":
        ctx.phase = "travel"
        h = hero.hero_named(ctx, body.get("hero"))
        travel.explore(ctx, h, body)
        return {"favor": h.favor, "corruption": h.corruption}
    if name == "shadow_card":
        ctx.phase = "shadow"
        return sauron.shadow_card(ctx, body)
    if name == "sauron_turn":
        from .turns import sauron_turn

        return sauron_turn(ctx, body)
    if name == "hero_turn":
        from .turns import hero_turn

        return hero_turn(ctx, body)
    if name == "training":
        ctx.phase = "training"
        return hero.training(ctx, hero.hero_named(ctx, body.get("hero")), body)
    if name == "item":
        ctx.phase = "item"
        return hero.gain_item(ctx, hero.hero_named(ctx, body.get("hero")), str(body.get("title", "")))
    if name == "finale":
        return finale.finale(ctx, body) or "undecided"
    raise ValueError(name)


def replay(
    path: str | Path,
    on_step: Callable[[Step], None] | None = None,
    text: str | None = None,
    *,
    loaded: tuple | None = None,
    entries: int | None = None,
    board: bool = False,
) -> ReplayResult:
    """Replay the file's ``play`` entries (the first ``entries`` of them when given).
    ``loaded`` is what `load` returned for it (else the file is loaded); ``board`` takes a
    snapshot of the state after each entry."""
    doc, state = loaded if loaded is not None else load(path, text)
    data = doc.plain()
    trace = Trace("meq", on_step)
    ctx = Context(state, trace, str(path))
    result = ReplayResult("meq", str(path), trace, title=data.get("title", ""), results={},
                          notes=[f"assumed: {note}" for note in state.assumed],
                          extra={"assumed": list(state.assumed), "options": vars(state.options)})
    if state.track.assumed:
        track = state.track
        ctx.step(None, "assumed", f"story track assumed (not printed in the rules): Finale on space {track.finale}, "
                 f"The Shadow Falls on {track.shadow_falls}, stages II and III from "
                 f"{track.stage_starts.get(2)} and {track.stage_starts.get(3)}", (C.STORY_TRACK,))
    counts: dict[str, int] = {}
    play_nodes = list(doc.get("play") or [])
    play = list(data.get("play") or [])
    if entries is not None:
        play = play[:entries]
    try:
        for index, entry in enumerate(play):
            (name, body), = entry.items()
            try:
                value = run_entry(ctx, name, body or {})
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
                if isinstance(exc, IllegalDecision):
                    raise
                node = play_nodes[index]
                raise InputError(f"{path}:{node.line}:{node.column}: play[{index}].{name}: expected a well-formed "
                                 f"{name} declaration (see docs/meq.md), got one the engine cannot read "
                                 f"({type(exc).__name__}: {exc})") from None
            counts[name] = counts.get(name, 0) + 1
            key = name if counts[name] == 1 else f"{name}#{counts[name]}"
            result.results[key] = value
            if board:
                trace.snapshot(state.picture())
    except DecisionNeeded as stop:
        trace.pending = stop.pending
    except IllegalDecision as exc:
        line = play_nodes[index].line if index < len(play_nodes) else 0
        result.illegal = Violation(tuple(exc.rules), exc.reason, str(path), line)
    trace.final_state = state.picture()
    return result
