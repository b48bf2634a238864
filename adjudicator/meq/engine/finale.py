"""The Finale: Mission predicates, immediate victory, marker bonus, preparation, the
Ringwraiths' adjustment, the champion's fight."""

from __future__ import annotations

from typing import Any, Callable

from adjudicator.engine import Change

from . import citations as C
from .combat import combat
from .context import Context
from .state import SAURON_MARKERS, State
from .story import advance_marker, counts, dominance

SHIRE = "The Shire"


def _stage3(marker: str) -> Callable[[State], bool]:
    return lambda s: s.track.stage_of(s.markers[marker]) == 3


MISSIONS: dict[str, tuple[str, Callable[[State], bool]]] = {
    "his-dark-throne": ("sauron", lambda s: all(p is not None for p in s.plots)),
    "in-darkness-bind-them": ("sauron", _stage3("yellow")),
    "to-rule-them-all": ("sauron", _stage3("red")),
    "where-the-shadows-lie": ("sauron", _stage3("black")),
    "to-find-them-all": ("sauron", lambda s: s.influence.get(SHIRE, 0) >= 6 or any(
        m.name == "Ringwraiths" and m.in_play and m.location == SHIRE for m in s.minions.values())),
    "noble-blood": ("heroes", lambda s: sum(h.corruption for h in s.heroes.values()) <= 1),
    "against-the-shadow": ("heroes", lambda s: len(s.tokens) <= 2),
    "isildurs-secret": ("heroes", lambda s: sum(h.favor for h in s.heroes.values()) >= 5),
    "minas-morgul-kept-at-bay": ("heroes", lambda s: sum(1 for m in s.minions.values() if m.in_play) <= 2),
    "the-spear-of-the-west": ("heroes", lambda s: all(
        {"starting", "advanced"} <= set(h.quests_done) for h in s.heroes.values())),
}


def mission_met(ctx: Context, slug: str) -> bool:
    side, test = MISSIONS[slug]
    met = bool(test(ctx.state))
    ctx.emit("mission", f"{side} Mission {slug!r} is {'met' if met else 'not met'}",
             (C.MISSIONS[slug], C.FINALE_VICTORY), step="finale")
    return met


def finale(ctx: Context, decl: dict[str, Any]) -> str | None:
    state = ctx.state
    ctx.phase = "finale"
    missions = {"sauron": decl.get("sauron_mission"), "heroes": decl.get("heroes_mission")}
    for side, slug in missions.items():
        if slug is None:
            ctx.ask(f"{side}_mission", f"Which Mission card does {side} hold?",
                    [(m, m) for m, (s, _) in MISSIONS.items() if s == side], (C.FINALE_VICTORY,))
        if slug not in MISSIONS or MISSIONS[slug][0] != side:
            raise ctx.illegal(f"{slug!r} is not a {side} Mission card", (C.FINALE_VICTORY,))
    side = dominance(ctx)
    met = {s: mission_met(ctx, slug) for s, slug in missions.items()}
    # 1. immediate victory
    if side is not None and met[side]:
        return win(ctx, side, f"the dominant side ({side}) fulfils its Mission", (C.FINALE_VICTORY,))
    if side is None and met["sauron"] != met["heroes"]:
        winner = "sauron" if met["sauron"] else "heroes"
        return win(ctx, winner, "nobody is dominant and only one side fulfils its Mission", (C.FINALE_VICTORY,))
    ctx.emit("no-victory", "no immediate victory", (C.FINALE_VICTORY,), step="finale:1")
    # 2. advance
    if met["sauron"]:
        for m in SAURON_MARKERS:
            if state.markers[m] < state.track.finale:
                advance_marker(ctx, m, 1, "Sauron's Mission fulfilled at the Finale", (C.FINALE_ADVANCE,))
    if met["heroes"] and state.markers["heroes"] < state.track.finale:
        advance_marker(ctx, "heroes", 1, "the heroes' Mission fulfilled at the Finale", (C.FINALE_ADVANCE,))
    # 3. prepare
    wraiths = state.foes.get("Ringwraiths")
    if wraiths is not None and wraiths.damage:
        ctx.emit("prepare", f"the Ringwraiths' {wraiths.damage} damage is removed", (C.FINALE_PREPARE,),
                 [Change("Ringwraiths", "damage", wraiths.damage, 0)], step="finale:3")
        wraiths.damage = 0
    for hero in state.heroes.values():
        total = hero.life + len(hero.hand) + hero.rest + hero.damage
        draw = min(hero.fortitude, total)
        hero.life, hero.rest, hero.damage = total - draw, 0, 0
        hero.hand = list(decl.get("hands", {}).get(hero.name) or [f"card {i + 1}" for i in range(draw)])
        ctx.emit("prepare", f"{hero.name} shuffles everything into his life pool and draws {draw}", (C.FINALE_PREPARE,),
                 step="finale:3")
    # 4. adjust (dominance is counted again after step 2, as the Finale example does)
    d = counts(state)
    adjust = 0
    if d.side == "sauron":
        adjust = d.heroes
        why = f"Sauron dominant: +{adjust} (the hero marker is {d.heroes} from the Finale)"
        cite = (C.FINALE_ADJUST,)
    elif d.side == "heroes":
        adjust = -d.sauron
        why = (f"heroes dominant: -{d.sauron} (lower of the closest Sauron marker's {d.closest} spaces to the Finale "
               f"and {d.cumulative} spaces to The Shadow Falls)")
        cite = (C.FINALE_ADJUST, C.FINALE_ADJUST_CLOSEST, C.FINALE_ADJUST_CUMULATIVE)
    else:
        why, cite = "nobody dominant: no adjustment", (C.FINALE_ADJUST,)
    state.finale_adjust = adjust
    ctx.emit("adjust", f"Ringwraiths' health and fortitude {adjust:+d}: {why}", cite, step="finale:4")
    if wraiths is not None:
        wraiths.health = max(0, wraiths.health + adjust)
        wraiths.fortitude = max(0, wraiths.fortitude + adjust)
    # 5-7
    champion = decl.get("champion")
    if champion is None:
        ctx.ask("champion", "The heroes choose one hero to fight the Ringwraiths: which?",
                [(h, h) for h in state.heroes], (C.FINALE_CHAMPION,), player="heroes")
    if champion not in state.heroes:
        raise ctx.illegal(f"{champion!r} is not a hero of this game", (C.FINALE_CHAMPION,))
    ctx.emit("champion", f"the heroes choose {champion}", (C.FINALE_CHAMPION,), step="finale:5")
    if wraiths is None:
        raise ctx.illegal("the Finale combat needs the Ringwraiths' attributes (minions: Ringwraiths)", (C.FINALE_COMBAT,))
    spec = dict(decl.get("combat") or {})
    spec.update({"hero": champion, "foe": "Ringwraiths", "phase": "finale"})
    with ctx.at("combat"):
        outcome = combat(ctx, spec)
    winner = "heroes" if outcome.foe_defeated else "sauron"
    return win(ctx, winner, "the Ringwraiths were " + ("defeated" if outcome.foe_defeated else "not defeated"),
               (C.FINALE_WINNER, C.FINALE_COMBAT))


def win(ctx: Context, side: str, why: str, cite: tuple[str, ...]) -> str:
    ctx.state.winner = side
    ctx.emit("winner", f"{side} win: {why}", cite, [Change("game", "winner", None, side)], step="finale")
    return side
