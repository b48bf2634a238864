"""Sauron's procedures outside the Action step: the Event step, the Plot step, the Hero Draw
step and Shadow cards.  (The Action step is `actions`; influence on the board is
`influence`.)  A card's effects, described as data, resolve through `cards`."""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Change

from . import citations as C
from .cards import condition_problems, resolve
from .context import Context
from .state import Plot, State
from .story import current_stage, dominance

# ---------------------------------------------------------------- events


def event_step(ctx: Context, decl: dict[str, Any]) -> str | None:
    """Sauron turn step 4: which drawn Event card resolves, and whether it stays in play."""
    state = ctx.state
    ctx.phase = "event"
    drawn = decl.get("drawn") or []
    side = None if state.first_turn else dominance(ctx)
    stage = current_stage(state)
    if side is None:
        why = "first Sauron turn" if state.first_turn else "neither side is dominant"
        cite = (C.EVENT_NEITHER, C.EVENT_FIRST_TURN) if state.first_turn else (C.EVENT_NEITHER,)
        if not drawn:
            ctx.ask("drawn", f"Which Event card is on top of the stage {stage} deck?", [("?", "the card drawn")], cite)
        if len(drawn) != 1:
            raise ctx.illegal(f"{why}: Sauron draws exactly one Event card, the situation lists {len(drawn)}", cite)
        chosen = drawn[0]
        ctx.emit("event", f"{why}: Sauron draws one card from the stage {stage} deck and "
                 f"resolves {chosen['name']!r}", cite, step="sauron-turn:4")
    else:
        cite = (C.EVENT_HEROES,) if side == "heroes" else (C.EVENT_SAURON,)
        if len(drawn) < 3:
            ctx.ask("drawn", f"Which three Event cards are drawn from the stage {stage} deck?",
                    [("?", "three cards with their priority numbers")], cite)
        if len(drawn) != 3:
            raise ctx.illegal(f"a dominant side means three Event cards are drawn, the situation lists {len(drawn)}",
                              cite)
        pick = min if side == "heroes" else max
        best = pick(int(c["priority"]) for c in drawn)
        tied = [c for c in drawn if int(c["priority"]) == best]
        reading = None
        if len(tied) > 1:
            reading = ctx.reading("tied_priority")
            choice = decl.get("choice")
            if choice is None and state.options.tied_priority == "first-drawn":
                choice = tied[0]["name"]
            if choice is None:
                ctx.ask("choice", f"Event cards {', '.join(c['name'] for c in tied)} tie at priority {best}: "
                        "which resolves?", [(c["name"], c["name"]) for c in tied], cite, player="Sauron")
            if choice not in [c["name"] for c in tied]:
                raise ctx.illegal(f"{choice!r} is not one of the tied Event cards", cite)
            chosen = next(c for c in tied if c["name"] == choice)
        else:
            chosen = tied[0]
        word = "lowest" if side == "heroes" else "highest"
        others = [c["name"] for c in drawn if c is not chosen]
        ctx.emit("event", f"{side} dominant: Sauron resolves the {word} priority card "
                 f"{chosen['name']!r} ({chosen['priority']}); discards {', '.join(others)}", cite, step="sauron-turn:4",
                 interpretation=reading)
    index = next(i for i, c in enumerate(drawn) if c is chosen)
    waits = bool(chosen.get("flag") and chosen.get("location"))
    if chosen.get("effects") and not waits:
        with ctx.at("drawn", index):
            resolve(ctx, chosen, "event", cite=(C.EVENT_ABILITY, C.EVENT_DRAW), step="sauron-turn:4")
    for place in chosen.get("places") or []:
        place_from_event(ctx, place)
    if chosen.get("flag"):
        previous = state.current_event.get("name") if state.current_event else decl.get("current")
        state.current_event = dict(chosen)
        with ctx.at("drawn", index):
            ctx.event_root = ctx.key_path()
        where = f"; the event marker goes to {chosen['location']}, where its ability waits for a hero exploring " \
                "there" if waits else ""
        ctx.emit("event-keep", f"{chosen['name']!r} shows the event marker icon: it goes to the "
                 "Current Event Card space" + (f", replacing {previous!r}" if previous else "") + where,
                 (C.EVENT_KEEP, C.AFFECTED_EVENT) if waits else (C.EVENT_KEEP,),
                 [Change("Current Event Card", "card", previous or None, chosen["name"])], step="sauron-turn:4")
    else:
        ctx.emit("event-discard", f"{chosen['name']!r} has no event marker icon: discarded", (C.EVENT_KEEP,),
                 step="sauron-turn:4")
    return chosen["name"]


def place_from_event(ctx: Context, place: dict[str, Any]) -> None:
    """Event step 2: favor tokens onto a location; a character onto its location unless already on the board."""
    state = ctx.state
    where = place.get("location", "")
    if place.get("favor"):
        amount = int(place["favor"])
        before = state.favor_on.get(where, 0)
        state.favor_on[where] = before + amount
        ctx.emit("event-place", f"{amount} favor placed on {where}", (C.EVENT_PLACE,),
                 [Change(where, "favor", before, before + amount)], step="sauron-turn:4")
    if place.get("character"):
        name = place["character"]
        current = state.characters.get(name)
        if current:
            ctx.emit("event-place", f"{name} is already on {current}: it stays there", (C.EVENT_PLACE,),
                     step="sauron-turn:4")
        else:
            state.characters[name] = where
            ctx.emit("event-place", f"{name} placed on {where}", (C.EVENT_PLACE,),
                     [Change(name, "location", None, where)], step="sauron-turn:4")


# ---------------------------------------------------------------- plots


def plot_step(ctx: Context, decl: dict[str, Any]) -> None:
    """Sauron turn step 3: play one Plot card, discard an active one, or do nothing (skipped
    on the first turn).  With a choice open and none declared, the replay asks."""
    state = ctx.state
    ctx.phase = "plot"
    if state.first_turn:
        ctx.emit("skip", "first turn of the game: no Plot step", (C.PLOT_STEP,), step="sauron-turn:3")
        return
    if not any(k in decl for k in ("play", "discard", "nothing")):
        playable = [n for n, p in state.plot_cards.items() if not plot_problems(state, p, {})
                    and n not in {q.name for q in state.plots if q}]
        active = [p.name for p in state.plots if p]
        if not playable and not active:
            ctx.emit("plot-nothing", "Sauron holds no playable Plot card and has no active plot "
                     "to discard: nothing happens", (C.PLOT_STEP, C.DO_NOTHING), step="sauron-turn:3")
            return
        ctx.ask("", "Sauron's Plot step: play one Plot card, discard an active one, or do nothing?",
                [({"play": n}, f"play {n!r}") for n in playable] + [({"discard": n}, f"discard {n!r}") for n in active]
                + [({"nothing": True}, "do nothing")], (C.PLOT_STEP, C.PLAY_PLOT, C.DISCARD_ACTIVE_PLOT, C.DO_NOTHING),
                player="Sauron", example={"play": playable[0]} if playable else {"nothing": True})
    if sum(1 for k in ("play", "discard", "nothing") if decl.get(k)) > 1:
        raise ctx.illegal("Sauron performs one of the Plot step's activities, not several", (C.PLOT_STEP,))
    if decl.get("discard"):
        name = decl["discard"]
        index = next((i for i, p in enumerate(state.plots) if p and p.name == name), None)
        if index is None:
            raise ctx.illegal(f"{name!r} is not an active Plot card", (C.PLOT_STEP, C.DISCARD_ACTIVE_PLOT))
        state.plots[index] = None
        ctx.emit("plot-discard", f"Sauron discards his active plot {name!r}", (C.PLOT_STEP, C.DISCARD_ACTIVE_PLOT),
                 [Change(f"plot space {index + 1}", "plot", name, None)], step="sauron-turn:3")
        return
    name = decl.get("play")
    if not name:
        ctx.emit("plot-nothing", "Sauron chooses to do nothing in his Plot step", (C.PLOT_STEP, C.DO_NOTHING),
                 step="sauron-turn:3")
        return
    plot = state.plot_cards.get(name)
    problems = plot_problems(state, plot, decl)
    unmet = [] if plot is None else unmet_requirements(ctx, plot)
    if plot is None or problems or unmet:
        raise ctx.illegal(f"Sauron may not play {name!r}: " + "; ".join(problems + unmet or ["unknown Plot card"]),
                          (C.PLOT_STEP, C.PLAYING_PLOTS, C.PLOT_REQUIREMENT))
    index = state.plots.index(None)
    state.plots[index] = plot
    ctx.emit("plot-play",
             f"Sauron plays {name!r} (needs {plot.influence} in the Shadow Pool, has {state.shadow_pool}) into plot "
             f"space {index + 1}; its marker goes to {plot.location or 'its affected location'}",
             (C.PLAY_PLOT, C.PLAYING_PLOTS, C.PLOT_REQUIREMENT, C.AFFECTED_PLOT),
             [Change(f"plot space {index + 1}", "plot", None, name)], step="sauron-turn:3")
    if plot.effects:
        root = f"plot_cards[{list(state.plot_cards).index(plot.name)}]"
        resolve(ctx, {"name": plot.name, "effects": plot.effects}, "plot", cite=(C.PLOT_GAME_TEXT,),
                step="sauron-turn:3", root=root)


def unmet_requirements(ctx: Context, plot: Plot) -> list[str]:
    """The plot's italic requirements (``requires``: conditions) that do not hold now."""
    if not plot.requires:
        return []
    return condition_problems(ctx, plot.requires, None)


def plot_problems(state: State, plot: Plot | None, decl: dict[str, Any]) -> list[str]:
    if plot is None:
        return ["unknown Plot card"]
    problems = []
    if state.shadow_pool < plot.influence:
        problems.append(f"the Shadow Pool holds {state.shadow_pool}, the card needs {plot.influence}")
    if None not in state.plots:
        problems.append("all three Active Plot Track spaces are full")
    if decl.get("requirements_met") is False:
        problems.append("its italic requirements are not met")
    return problems


def hero_draw(ctx: Context, decl: dict[str, Any]) -> None:
    """Sauron turn step 6: each hero may draw up to his fortitude from his life pool.  A
    hero's entry is a number, ``all``, or the names of the cards drawn."""
    state = ctx.state
    ctx.phase = "hero-draw"
    for hero in state.heroes.values():
        wanted = decl.get(hero.name, decl.get("all"))
        if wanted is None:
            ctx.ask(hero.name, f"How many cards does {hero.name} draw (up to fortitude {hero.fortitude})?",
                    [(n, str(n)) for n in range(hero.fortitude, -1, -1)], (C.HERO_DRAW,), player=hero.name,
                    example={hero.name: hero.fortitude})
        names = list(wanted) if isinstance(wanted, list) else None
        count = len(names) if names is not None else hero.fortitude if wanted in ("all", True) else int(wanted)
        if count > hero.fortitude:
            raise ctx.illegal(f"{hero.name} may draw at most {hero.fortitude} (his fortitude), not {count}",
                              (C.HERO_DRAW, C.FORTITUDE))
        if count > hero.life:
            if names is not None:
                raise ctx.illegal(f"{hero.name}'s life pool holds {hero.life} cards, not {count}", (C.LIFE_POOL,))
            count = hero.life
        hero.life -= count
        before = len(hero.hand)
        hero.hand.extend(names if names is not None else [f"drawn {before + i + 1}" for i in range(count)])
        ctx.emit("draw", f"{hero.name} draws {count} of his fortitude {hero.fortitude}", (C.HERO_DRAW,),
                 [Change(hero.name, "hand", before, len(hero.hand))], step="sauron-turn:6")


def shadow_card(ctx: Context, decl: dict[str, Any]) -> None:
    """Sauron plays a Shadow card: enough Shadow Pool influence (nothing is spent), one per
    player turn; its game effect (``effects``) resolves at once."""
    state = ctx.state
    name, need, turn = decl.get("name", "a Shadow card"), int(decl.get("requirement", 0)), str(decl.get("turn", "Sauron"))
    if state.shadow_pool < need:
        raise ctx.illegal(f"{name!r} needs {need} influence in the Shadow Pool, which holds {state.shadow_pool}",
                          (C.SHADOW_CARDS, C.SHADOW_REQUIREMENT))
    if turn in ctx.shadow_turns:
        raise ctx.illegal(f"a Shadow card was already played during {turn}'s turn", (C.SHADOW_CARDS,))
    ctx.shadow_turns.add(turn)
    ctx.emit("shadow-card", f"Sauron plays {name!r} during {turn}'s turn (needs {need}, the Shadow Pool "
             f"holds {state.shadow_pool}; nothing is spent)", (C.SHADOW_CARDS, C.SHADOW_REQUIREMENT, C.SHADOW_POOL))
    if decl.get("effects"):
        hero = state.heroes.get(decl.get("hero") or turn)
        resolve(ctx, decl, "shadow", hero=hero, cite=(C.SHADOW_EFFECT,))
