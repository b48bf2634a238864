"""Whole turns: a Sauron turn (six steps) and a hero turn (four steps), each step run by
its own procedure with the declarations given for it (``story``, ``plot``, ``event``,
``actions``, ``hero_draw``; ``rest``, ``ambush``, ``travel``, ``encounter``)."""

from __future__ import annotations

from typing import Any

from . import citations as C
from .actions import action_step
from .cards import expire
from .context import Context
from .hero import hero_named, rest, rest_forbidden
from .sauron import event_step, hero_draw, plot_step
from .story import hero_rally, story_step
from .travel import ambush, encounter, travel_step


def sauron_turn(ctx: Context, decl: dict[str, Any]) -> dict[str, Any]:
    """Hero Rally, Story, Plot, Event, Action, Hero Draw; the Finale stops the turn."""
    state = ctx.state
    ctx.hero = None
    ctx.emit("turn", "Sauron's turn begins: Hero Rally, Story, Plot, Event, Action and Hero Draw "
             "steps", (C.SAURON_TURN,), step="sauron-turn")
    hero_rally(ctx)
    with ctx.at("story"):
        story_step(ctx, decl.get("story") or {})
    if state.finale:
        ctx.emit("finale", "the Finale begins: the normal turns are over", (C.WINNING, C.FINALE), step="sauron-turn")
        return {"finale": True}
    with ctx.at("plot"):
        plot_step(ctx, decl.get("plot") or {})
    with ctx.at("event"):
        event = event_step(ctx, decl.get("event") or {})
    action_step(ctx, decl)
    with ctx.at("hero_draw"):
        hero_draw(ctx, decl.get("hero_draw") or {})
    state.first_turn = False
    expire(ctx, "turn")
    ctx.shadow_turns.discard("Sauron")
    return {"finale": False, "event": event}


def hero_turn(ctx: Context, decl: dict[str, Any]) -> dict[str, Any]:
    """Rest, Ambush, Travel (as many times as the hero wishes and is able), Encounter; an
    early end (defeat, an undefeated foe in the Travel step) skips what remains.  Each step
    the hero chooses and the file leaves out stops the replay and asks."""
    name = decl.get("hero")
    hero = hero_named(ctx, name)
    ctx.turn_over = False
    ctx.travel_steps = 0
    ctx.dark_paths.clear()
    ctx.hero = hero
    ctx.emit("turn", f"{hero.name}'s turn begins: Rest, Ambush, Travel and Encounter steps", (C.HERO_TURN,),
             step="hero-turn")
    result = play_hero_turn(ctx, hero, decl)
    expire(ctx, "turn")
    ctx.shadow_turns.discard(hero.name)
    return result


def play_hero_turn(ctx: Context, hero, decl: dict[str, Any]) -> dict[str, Any]:
    name = hero.name
    resting = decl.get("rest")
    forbidden = rest_forbidden(ctx, hero)
    if resting is None and not forbidden:
        ctx.phase = "rest"
        ctx.ask("rest", f"Does {hero.name} rest on {hero.location} (rest pool into life pool, then the leftmost Sauron "
                "marker advances one space)?", [(True, "rest"), (False, "do not rest")], (C.REST,), player=hero.name)
    if forbidden and resting is None:
        ctx.phase = "rest"
        ctx.emit("no-rest", f"{hero.name} may not rest ({forbidden}): the Rest step is skipped", (C.REST,),
                 step="hero-turn:1")
    elif resting:
        with ctx.at("rest"):
            rest(ctx, hero, dict(resting if isinstance(resting, dict) else {}, hero=name))
    else:
        ctx.phase = "rest"
        ctx.emit("no-rest", f"{hero.name} does not rest", (C.REST,), step="hero-turn:1")
    with ctx.at("ambush"):
        ambush(ctx, dict(decl.get("ambush") or {}, hero=name))
    if not ctx.turn_over:
        if decl.get("travel") is None:
            ctx.phase = "travel"
            neighbours = ctx.state.board.neighbours(hero.location)
            ctx.ask("travel", f"Where does {hero.name} travel from {hero.location}? A list of Travel steps, each "
                    "{to, pay, explore} ([] for none; the first may leave out `to` to explore where he stands)",
                    [([], "no Travel step")] + [([{"to": n}], f"move to {n}") for n in neighbours], (C.TRAVEL,),
                    player=hero.name, example={"travel": [{"to": neighbours[0]}] if neighbours else []})
        for index, leg in enumerate(decl.get("travel") or []):
            if ctx.turn_over:
                with ctx.at("travel", index):
                    raise ctx.illegal(f"{hero.name}'s turn has already ended: no more Travel steps", (C.HERO_TURN,))
            with ctx.at("travel", index):
                travel_step(ctx, dict(leg or {}, hero=name))
    if ctx.turn_over:
        ctx.emit("turn-over", f"{hero.name}'s turn has ended: no Encounter step", (C.HERO_TURN,), step="hero-turn")
        return {"location": hero.location, "encounter": None, "turn_over": True}
    with ctx.at("encounter"):
        found = encounter(ctx, dict(decl.get("encounter") or {}, hero=name))
    return {"location": hero.location, "encounter": found, "turn_over": False}
