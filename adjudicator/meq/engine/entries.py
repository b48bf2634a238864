"""The entries of a situation's ``play`` list: each names one procedure of the rules and
carries its declarations.  `ENTRIES` maps an entry's name to the function that runs it;
what each returns is the entry's result (``results.<name>`` in expectations, the second
entry of a name is ``<name>#2``).  Their shapes are in `schema` and docs/meq.md."""

from __future__ import annotations

from typing import Any, Callable

from . import citations as C
from .actions import action_step, take_action
from .cards import KIND_RULES, resolve
from .combat import combat
from .context import Context
from .explore import explore_declared
from .finale import finale
from .hero import deal_damage, defeat, gain_item, gain_level, hero_named, is_out_of_cards, rest, training
from .sauron import event_step, hero_draw, plot_step, shadow_card
from .story import current_stage, dominance, finale_check, hero_rally, roman, story_step
from .travel import ambush, encounter, perilous, travel_step
from .turns import hero_turn, sauron_turn


def _story(ctx: Context, body: dict[str, Any]) -> Any:
    story_step(ctx, body)
    return dict(ctx.state.markers)


def _dominance(ctx: Context, body: dict[str, Any]) -> Any:
    ctx.phase = "event"
    return dominance(ctx) or "none"


def _stage(ctx: Context, body: dict[str, Any]) -> Any:
    stage = current_stage(ctx.state)
    ctx.emit("stage", f"current stage {roman(stage)}; Shadow Pool cap {4 * stage}",
             (C.STAGES, C.CURRENT_STAGE, C.SHADOW_POOL))
    return {"stage": stage, "shadow_pool_cap": 4 * stage}


def _action(ctx: Context, body: dict[str, Any]) -> Any:
    return take_action(ctx, body)


def _hero(ctx: Context, body: dict[str, Any]):
    hero = hero_named(ctx, body.get("hero"))
    ctx.hero = hero
    return hero


def _rest(ctx: Context, body: dict[str, Any]) -> Any:
    ctx.turn_over = False
    return rest(ctx, _hero(ctx, body), body)


def _ambush(ctx: Context, body: dict[str, Any]) -> Any:
    ctx.turn_over = False
    _hero(ctx, body)
    return ambush(ctx, body)


def _travel(ctx: Context, body: dict[str, Any]) -> Any:
    hero = _hero(ctx, body)
    travel_step(ctx, body)
    return {"location": hero.location, "turn_over": ctx.turn_over}


def _perilous(ctx: Context, body: dict[str, Any]) -> Any:
    hero = hero_named(ctx, body.get("hero"))
    answer, why = perilous(ctx, hero, body.get("location"))
    ctx.emit("perilous", why, (C.PERILOUS, C.WISDOM), step="hero-turn:3.b")
    return answer


def _encounter(ctx: Context, body: dict[str, Any]) -> Any:
    _hero(ctx, body)
    return encounter(ctx, body) or "none"


def _combat(ctx: Context, body: dict[str, Any]) -> Any:
    outcome = combat(ctx, body)
    return {"foe_defeated": outcome.foe_defeated, "hero_defeated": outcome.hero_defeated,
            "rounds": outcome.rounds, "foe_damage": outcome.foe_damage, "turn_over": ctx.turn_over}


def _damage(ctx: Context, body: dict[str, Any]) -> Any:
    hero = hero_named(ctx, body.get("hero"))
    ctx.phase = "damage"
    deal_damage(ctx, hero, int(body.get("amount", 0)), body.get("from"), body.get("why", "declared damage"))
    if is_out_of_cards(hero):
        with ctx.at("defeat"):
            defeat(ctx, hero, body.get("defeat") or {})
    return {"life": hero.life, "hand": len(hero.hand), "damage": hero.damage}


def _defeat(ctx: Context, body: dict[str, Any]) -> Any:
    ctx.phase = "defeat"
    defeat(ctx, hero_named(ctx, body.get("hero")), body)
    return None


def _level(ctx: Context, body: dict[str, Any]) -> Any:
    ctx.phase = "level"
    return gain_level(ctx, hero_named(ctx, body.get("hero")), body.get("attribute", ""))


def _explore(ctx: Context, body: dict[str, Any]) -> Any:
    ctx.phase = "travel"
    hero = _hero(ctx, body)
    explore_declared(ctx, hero, {k: v for k, v in body.items() if k != "hero"})
    return {"favor": hero.favor, "corruption": hero.corruption}


def _shadow_card(ctx: Context, body: dict[str, Any]) -> Any:
    ctx.phase = "shadow"
    return shadow_card(ctx, body)


def _training(ctx: Context, body: dict[str, Any]) -> Any:
    ctx.phase = "training"
    return training(ctx, hero_named(ctx, body.get("hero")), body)


def _item(ctx: Context, body: dict[str, Any]) -> Any:
    ctx.phase = "item"
    return gain_item(ctx, hero_named(ctx, body.get("hero")), str(body.get("title", "")))


def _finale(ctx: Context, body: dict[str, Any]) -> Any:
    return finale(ctx, body) or "undecided"


def _card(ctx: Context, body: dict[str, Any]) -> Any:
    """A card's effect resolved where the file puts it (a Quest's reward, an Item's ability,
    an Encounter or Event card resolved on its own)."""
    kind = body.get("type", "event")
    hero = hero_named(ctx, body["hero"]) if body.get("hero") else ctx.hero
    ctx.emit("card", f"the {kind} card {body.get('name', 'a card')!r} resolves"
             + (f" for {hero.name}" if hero is not None else ""), (KIND_RULES[kind],))
    return resolve(ctx, body, kind, hero=hero, cite=(KIND_RULES[kind],))


ENTRIES: dict[str, Callable[[Context, dict[str, Any]], Any]] = {
    "hero_rally": lambda ctx, body: hero_rally(ctx),
    "story_step": _story,
    "dominance": _dominance,
    "stage": _stage,
    "finale_check": lambda ctx, body: finale_check(ctx),
    "plot_step": lambda ctx, body: plot_step(ctx, body),
    "event_step": lambda ctx, body: event_step(ctx, body),
    "action_step": lambda ctx, body: action_step(ctx, body),
    "action": _action,
    "hero_draw": lambda ctx, body: hero_draw(ctx, body),
    "rest": _rest,
    "ambush": _ambush,
    "travel": _travel,
    "perilous": _perilous,
    "encounter": _encounter,
    "combat": _combat,
    "damage": _damage,
    "defeat": _defeat,
    "level": _level,
    "explore": _explore,
    "shadow_card": _shadow_card,
    "sauron_turn": sauron_turn,
    "hero_turn": hero_turn,
    "training": _training,
    "item": _item,
    "finale": _finale,
    "card": _card,
}


def run(ctx: Context, name: str, body: dict[str, Any]) -> Any:
    return ENTRIES[name](ctx, body)
