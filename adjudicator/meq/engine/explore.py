"""Part c of the Travel step: exploring the hero's location.

The hero may do any or all of: retrieve favor lying there, consult each character there
(favor or the character's ability), choose a Dark Path, complete Quests, discard an active
plot affecting the location, trade with the heroes there, and activate the current Event
card when its marker is there.  Which of these he does is his choice: a Travel step that
leaves ``explore`` out while something could be done stops and asks (``explore: {}``
declines everything).
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Change

from . import citations as C
from .cards import resolve
from .context import Context
from .state import Hero


def options(ctx: Context, hero: Hero) -> list[tuple[dict[str, Any], str]]:
    """What the hero could do exploring his location now, as (declaration, label)."""
    state = ctx.state
    here = hero.location
    out: list[tuple[dict[str, Any], str]] = []
    if state.favor_on.get(here):
        out.append(({"favor": state.favor_on[here]}, f"retrieve the {state.favor_on[here]} favor lying on {here}"))
    for name, where in sorted(state.characters.items()):
        if where == here:
            out.append(({"consult": [{"character": name, "take": "favor"}]}, f"consult {name}"))
    if hero.corruption <= 3 and hero.name not in ctx.dark_paths:
        out.append(({"dark_path": True}, "choose a Dark Path (+1 favor, +1 Corruption card)"))
    for quest in hero.quests:
        out.append(({"complete_quests": [quest]}, f"complete the Quest {quest!r} (if its requirements are met)"))
    for plot in state.plots:
        if plot is not None and plot.location == here and hero.favor >= plot.favor:
            out.append(({"discard_plot": plot.name}, f"discard the plot {plot.name!r} for {plot.favor} favor"))
    for other in state.heroes.values():
        if other is not hero and other.location == here:
            out.append(({"trade": [{"with": other.name, "favor": 0}]}, f"trade with {other.name}"))
    event = state.current_event
    if event and event.get("location") == here and event.get("effects"):
        out.append(({"event": True}, f"activate the current Event card {event['name']!r}"))
    return out


def explore(ctx: Context, hero: Hero, leg: dict[str, Any]) -> None:
    """Explore after moving (``leg`` is the Travel step's declaration, read at ``explore``)."""
    decl = leg.get("explore")
    if decl is None:
        possible = options(ctx, hero)
        if possible:
            ctx.ask("explore", f"{hero.name} may explore {hero.location}: what does he do ({{}} for nothing)?",
                    [({}, "nothing")] + possible, (C.EXPLORE,), player=hero.name, example={"explore": {}})
        ctx.emit("explore-nothing", f"nothing to explore on {hero.location} for {hero.name}", (C.EXPLORE,),
                 step="hero-turn:3.c")
        return
    with ctx.at("explore"):
        explore_declared(ctx, hero, decl or {})


def explore_declared(ctx: Context, hero: Hero, decl: dict[str, Any]) -> None:
    state = ctx.state
    if not decl:
        ctx.emit("explore-nothing", f"{hero.name} does not explore {hero.location}", (C.EXPLORE,), step="hero-turn:3.c")
    if decl.get("favor"):
        gained = int(decl["favor"])
        lying = state.favor_on.get(hero.location, 0)
        if gained > lying:
            raise ctx.illegal(f"only {lying} favor lies on {hero.location}", (C.RETRIEVE_FAVOR,))
        state.favor_on[hero.location] = lying - gained
        hero.favor += gained
        ctx.emit("explore-favor", f"{hero.name} retrieves {gained} favor on {hero.location}", (C.RETRIEVE_FAVOR,),
                 [Change(hero.name, "favor", hero.favor - gained, hero.favor)], step="hero-turn:3.c")
    for index, consult in enumerate(decl.get("consult") or []):
        with ctx.at("consult", index):
            consult_character(ctx, hero, consult)
    if decl.get("dark_path"):
        if hero.corruption > 3:
            raise ctx.illegal(f"{hero.name} has {hero.corruption} Corruption cards: a Dark Path needs 3 or fewer",
                              (C.DARK_PATH,))
        if hero.name in ctx.dark_paths:
            raise ctx.illegal(f"{hero.name} already chose a Dark Path this turn", (C.DARK_PATH,))
        ctx.dark_paths.add(hero.name)
        hero.favor += 1
        hero.corruption += 1
        ctx.emit("dark-path", f"{hero.name} chooses a Dark Path: +1 favor, +1 Corruption card", (C.DARK_PATH,),
                 [Change(hero.name, "corruption", hero.corruption - 1, hero.corruption)], step="hero-turn:3.c")
    for quest in decl.get("complete_quests") or []:
        if quest in hero.quests:
            hero.quests.remove(quest)
        hero.quests_done.append(str(quest))
        ctx.emit("quest", f"{hero.name} completes the quest {quest!r}; it returns to the game box",
                 (C.COMPLETING_QUESTS,), step="hero-turn:3.c")
    if decl.get("discard_plot"):
        discard_plot(ctx, hero, decl["discard_plot"])
    for index, trade in enumerate(decl.get("trade") or []):
        with ctx.at("trade", index):
            trade_favor(ctx, hero, trade)
    if decl.get("event"):
        activate_event(ctx, hero)


def consult_character(ctx: Context, hero: Hero, consult: dict[str, Any]) -> None:
    """One consultation: the character's favor or its ability (``effects``), not both; the
    character then returns to the Favor and Character area."""
    state = ctx.state
    name = consult.get("character")
    where = state.characters.get(name)
    if where != hero.location:
        raise ctx.illegal(f"the character {name!r} is not on {hero.location}", (C.CONSULT,))
    take = consult.get("take")
    if take is None:
        ctx.ask("take", f"{hero.name} consults {name}: gain its favor or use its ability (one, not both)?",
                [("favor", "gain the favor printed on it"), ("ability", "use its ability")], (C.CONSULT,),
                player=hero.name)
    if take not in ("favor", "ability"):
        raise ctx.illegal(f"a consultation takes the character's favor or its ability, not {take!r}", (C.CONSULT,))
    if take == "favor":
        if consult.get("favor") is None:
            ctx.ask("favor", f"How much favor is printed on {name}?", [(n, str(n)) for n in range(1, 5)],
                    (C.GAIN_FAVOR,), player=hero.name)
        gained = int(consult["favor"])
        hero.favor += gained
        ctx.emit("consult", f"{hero.name} consults {name} and gains {gained} favor", (C.CONSULT, C.GAIN_FAVOR),
                 [Change(hero.name, "favor", hero.favor - gained, hero.favor)], step="hero-turn:3.c")
    else:
        ctx.emit("consult", f"{hero.name} consults {name} and uses its ability", (C.CONSULT, C.USE_ABILITY),
                 step="hero-turn:3.c")
        if consult.get("effects"):
            resolve(ctx, {"name": name, "effects": consult["effects"]}, "character", hero=hero,
                    cite=(C.USE_ABILITY,), step="hero-turn:3.c")
    state.characters[name] = ""
    ctx.emit("character-returns", f"{name} returns to the Favor and Character area", (C.CONSULT,),
             [Change(name, "location", where, None)], step="hero-turn:3.c")


def discard_plot(ctx: Context, hero: Hero, name: str) -> None:
    state = ctx.state
    index = next((i for i, p in enumerate(state.plots) if p and p.name == name), None)
    if index is None:
        raise ctx.illegal(f"{name!r} is not an active Plot card", (C.DISCARD_PLOT,))
    plot = state.plots[index]
    if plot.location and plot.location != hero.location:
        raise ctx.illegal(f"{name!r} affects {plot.location}, not {hero.location}", (C.DISCARD_PLOT,))
    if hero.favor < plot.favor:
        raise ctx.illegal(f"discarding {name!r} costs {plot.favor} favor; {hero.name} has {hero.favor}",
                          (C.DISCARD_PLOT,))
    hero.favor -= plot.favor
    state.plots[index] = None
    ctx.emit("plot-discard", f"{hero.name} spends {plot.favor} favor to discard {name!r}; "
             "its plot marker leaves the board", (C.DISCARD_PLOT, C.PLOT_DISCARD_COST),
             [Change(f"plot space {index + 1}", "plot", name, None), Change(hero.name, "favor", hero.favor + plot.favor,
                                                                             hero.favor)], step="hero-turn:3.c")


def trade_favor(ctx: Context, hero: Hero, trade: dict[str, Any]) -> None:
    """Heroes on the same location trade favor freely (``favor``: what the other hero gives;
    negative: what this hero gives)."""
    state = ctx.state
    other = state.heroes.get(trade.get("with"))
    if other is None or other is hero or other.location != hero.location:
        raise ctx.illegal(f"{trade.get('with')!r} is not another hero on {hero.location}", (C.TRADE,))
    amount = int(trade.get("favor", 0))
    giver, taker = (other, hero) if amount >= 0 else (hero, other)
    amount = abs(amount)
    if giver.favor < amount:
        raise ctx.illegal(f"{giver.name} has only {giver.favor} favor", (C.TRADE,))
    giver.favor -= amount
    taker.favor += amount
    ctx.emit("trade", f"{giver.name} gives {amount} favor to {taker.name}", (C.TRADE, C.EXPLORE),
             [Change(taker.name, "favor", taker.favor - amount, taker.favor)], step="hero-turn:3.c")


def activate_event(ctx: Context, hero: Hero) -> None:
    """The current Event card whose marker lies here: its ability resolves, then the card and
    its marker are discarded."""
    state = ctx.state
    event = state.current_event
    if not event or event.get("location") != hero.location:
        where = f" (its marker is on {event.get('location')})" if event and event.get("location") else ""
        raise ctx.illegal(f"no current Event card waits on {hero.location}{where}", (C.AFFECTED_EVENT,))
    ctx.emit("event-activate", f"{hero.name} explores {hero.location} and activates the current "
             f"Event card {event['name']!r}", (C.AFFECTED_EVENT, C.EVENT_ABILITY), step="hero-turn:3.c")
    resolve(ctx, event, "event", hero=hero, cite=(C.EVENT_ABILITY, C.AFFECTED_EVENT), step="hero-turn:3.c",
            root=ctx.event_root)
    state.current_event = None
    ctx.emit("event-discard", f"{event['name']!r} and its event marker are discarded", (C.AFFECTED_EVENT,),
             [Change("Current Event Card", "card", event["name"], None)], step="hero-turn:3.c")
