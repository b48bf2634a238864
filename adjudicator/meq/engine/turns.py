"""Whole turns: a Sauron turn (six steps) and a hero turn (four steps), each step run by
its own procedure with the declarations given for it."""

from __future__ import annotations

from typing import Any

from . import citations as C
from .context import Context
from .hero import hero_named, rest
from .sauron import action_step, event_step, hero_draw, plot_step
from .story import hero_rally, story_step
from .travel import ambush, encounter, travel_step


def sauron_turn(ctx: Context, decl: dict[str, Any]) -> dict[str, Any]:
    """Hero Rally, Story, Plot, Event, Action, Hero Draw; the Finale stops the turn."""
    state = ctx.state
    ctx.step("sauron-turn", "turn", "Sauron's turn begins", (C.SAURON_TURN,))
    hero_rally(ctx)
    story_step(ctx, decl.get("story") or {})
    if state.finale:
        ctx.step("sauron-turn", "finale", "the Finale begins: no more normal turns", (C.WINNING, C.FINALE))
        return {"finale": True}
    plot_step(ctx, decl.get("plot") or {})
    event = event_step(ctx, decl.get("event") or {})
    action_step(ctx, {"actions": decl.get("actions") or []})
    hero_draw(ctx, decl.get("hero_draw") or {})
    state.first_turn = False
    return {"finale": False, "event": event}


def hero_turn(ctx: Context, decl: dict[str, Any]) -> dict[str, Any]:
    """Rest, Ambush, Travel (repeated), Encounter; an early end skips what remains."""
    name = decl.get("hero")
    hero = hero_named(ctx, name)
    ctx.turn_over = False
    ctx.dark_paths.clear()
    ctx.step("hero-turn", "turn", f"{hero.name}'s turn begins", (C.HERO_TURN,))
    resting = decl.get("rest")
    if resting:
        rest(ctx, hero, dict(resting if isinstance(resting, dict) else {}, hero=name))
    else:
        ctx.phase = "rest"
        ctx.step("hero-turn:1", "no-rest", f"{hero.name} does not rest", (C.REST,))
    ambush(ctx, dict(decl.get("ambush") or {}, hero=name))
    for leg in decl.get("travel") or []:
        if ctx.turn_over:
            break
        travel_step(ctx, dict(leg, hero=name))
    if ctx.turn_over:
        ctx.step("hero-turn", "turn-over", f"{hero.name}'s turn has ended: no Encounter step", (C.HERO_TURN,))
        return {"location": hero.location, "encounter": None, "turn_over": True}
    found = encounter(ctx, dict(decl.get("encounter") or {}, hero=name))
    return {"location": hero.location, "encounter": found, "turn_over": False}
