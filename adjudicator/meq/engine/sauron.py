"""Sauron's procedures: event selection, plots, the action tracks, influence placement and
trimming, monster-token and minion commands, the Hero Draw step."""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Change

from . import citations as C
from .context import Context
from .influence import connected_strongholds, limit, placement_problem, strongholds, trim_influence  # noqa: F401  (re-exported)
from .state import ACTIONS, Plot, State, Token
from .story import current_stage, dominance, shadow_pool_cap

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
        ctx.step("sauron-turn:4", "event", f"{why}: Sauron draws one card from the stage {stage} deck and "
                 f"resolves {chosen['name']!r}", cite)
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
        ctx.step("sauron-turn:4", "event", f"{side} dominant: Sauron resolves the {word} priority card "
                 f"{chosen['name']!r} ({chosen['priority']}); discards {', '.join(others)}", cite,
                 interpretation=reading)
    for place in chosen.get("places") or []:
        place_from_event(ctx, place)
    if chosen.get("flag"):
        previous = decl.get("current") or None
        ctx.step("sauron-turn:4", "event-keep", f"{chosen['name']!r} shows the event marker icon: it goes to the "
                 "Current Event Card space" + (f", replacing {previous!r}" if previous else ""), (C.EVENT_KEEP,),
                 [Change("Current Event Card", "card", previous, chosen["name"])])
    else:
        ctx.step("sauron-turn:4", "event-discard", f"{chosen['name']!r} has no event marker icon: discarded",
                 (C.EVENT_KEEP,))
    return chosen["name"]


def place_from_event(ctx: Context, place: dict[str, Any]) -> None:
    """Event step 2: favor tokens onto a location; a character onto its location unless already on the board."""
    state = ctx.state
    where = place.get("location", "")
    if place.get("favor"):
        amount = int(place["favor"])
        before = state.favor_on.get(where, 0)
        state.favor_on[where] = before + amount
        ctx.step("sauron-turn:4", "event-place", f"{amount} favor placed on {where}", (C.EVENT_PLACE,),
                 [Change(where, "favor", before, before + amount)])
    if place.get("character"):
        name = place["character"]
        current = state.characters.get(name)
        if current:
            ctx.step("sauron-turn:4", "event-place", f"{name} is already on {current}: it stays there", (C.EVENT_PLACE,))
        else:
            state.characters[name] = where
            ctx.step("sauron-turn:4", "event-place", f"{name} placed on {where}", (C.EVENT_PLACE,),
                     [Change(name, "location", None, where)])


# ---------------------------------------------------------------- plots


def plot_step(ctx: Context, decl: dict[str, Any]) -> None:
    state = ctx.state
    ctx.phase = "plot"
    if state.first_turn:
        ctx.step("sauron-turn:3", "skip", "first turn of the game: no Plot step", (C.PLOT_STEP,))
        return
    if decl.get("discard"):
        name = decl["discard"]
        index = next((i for i, p in enumerate(state.plots) if p and p.name == name), None)
        if index is None:
            raise ctx.illegal(f"{name!r} is not an active Plot card", (C.PLOT_STEP,))
        state.plots[index] = None
        ctx.step("sauron-turn:3", "plot-discard", f"Sauron discards his active plot {name!r}", (C.PLOT_STEP,),
                 [Change(f"plot space {index + 1}", "plot", name, None)])
        return
    name = decl.get("play")
    if not name:
        ctx.step("sauron-turn:3", "plot-nothing", "Sauron neither plays nor discards a plot", (C.PLOT_STEP,))
        return
    plot = state.plot_cards.get(name)
    problems = plot_problems(state, plot, decl)
    if plot is None or problems:
        raise ctx.illegal(f"Sauron may not play {name!r}: " + "; ".join(problems or ["unknown Plot card"]),
                          (C.PLOT_STEP, C.PLAYING_PLOTS, C.PLOT_REQUIREMENT))
    index = state.plots.index(None)
    state.plots[index] = plot
    ctx.step("sauron-turn:3", "plot-play",
             f"Sauron plays {name!r} (needs {plot.influence} in the Shadow Pool, has {state.shadow_pool}) into plot "
             f"space {index + 1}; its marker goes to {plot.location or 'its affected location'}",
             (C.PLAYING_PLOTS, C.PLOT_REQUIREMENT, C.AFFECTED_PLOT),
             [Change(f"plot space {index + 1}", "plot", None, name)])


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


# ---------------------------------------------------------------- action tracks


def action_step(ctx: Context, decl: dict[str, Any]) -> None:
    state = ctx.state
    ctx.phase = "action"
    actions = decl.get("actions") or []
    allowed = 3 if state.players >= 4 else 2
    if len(actions) > allowed:
        raise ctx.illegal(f"Sauron takes {allowed} actions in a {state.players}-player game, "
                          f"the situation lists {len(actions)}", (C.ACTION_COUNT, C.ACTION_STEP))
    ringwraiths = state.foes.get("Ringwraiths")
    if ringwraiths is not None and ringwraiths.in_play is False and ringwraiths.location == "defeated":
        ringwraiths.location, ringwraiths.in_play = "Minas Morgul", True
        ctx.step("sauron-turn:5", "minion-return", "the defeated Ringwraiths return to Minas Morgul", (C.MINIONS,),
                 [Change("Ringwraiths", "location", None, "Minas Morgul")])
    for action in actions:
        take_action(ctx, action)


def take_action(ctx: Context, action: dict[str, Any]) -> int:
    state = ctx.state
    kind = action.get("type")
    if kind not in ACTIONS:
        raise ctx.illegal(f"unknown action {kind!r}; expected one of {', '.join(ACTIONS)}", (C.ACTION_STEP,))
    covered = state.action_tokens.setdefault(kind, [])
    values = state.action_values[kind]
    free = [i for i in range(len(values)) if i not in covered]
    if not free:
        raise ctx.illegal(f"every space of the {kind} track is covered: that action cannot be taken",
                          (C.ACTION_TRACKS, C.ACTION_STEP))
    space = free[0]
    x = values[space]
    covered.append(space)
    on_board = sum(len(v) for v in state.action_tokens.values())
    ctx.step("sauron-turn:5", "action", f"action token on the leftmost empty {kind} space ({x}): X = {x}",
             (C.ACTION_STEP, C.ACTION_TRACKS), [Change(f"{kind} track", "tokens", len(covered) - 1, len(covered))])
    if on_board == 4:
        for track in state.action_tokens:
            state.action_tokens[track] = [space] if track == kind else []
        ctx.step("sauron-turn:5", "action-reset", "fourth action token placed: the three earlier ones are removed",
                 (C.ACTION_STEP,))
    if kind == "place_influence":
        place_influence(ctx, x, action)
    elif kind == "draw_shadow_and_plot":
        ctx.step("sauron-turn:5", "draw", f"Sauron draws {x} Shadow cards and {x} Plot cards, keeping one plot"
                 + (f" ({action['keep']!r})" if action.get("keep") else ""), (C.DRAW_ACTION,))
    else:
        command(ctx, x, action.get("commands") or [])
    return x


# ---------------------------------------------------------------- influence


def place_influence(ctx: Context, x: int, action: dict[str, Any]) -> None:
    state = ctx.state
    pool = int(action.get("pool", 0))
    places = list(action.get("locations") or [])
    if pool > 2:
        raise ctx.illegal(f"at most 2 of the influence may go to the Shadow Pool, not {pool}", (C.PLACE_INFLUENCE,))
    if pool + len(places) > x:
        raise ctx.illegal(f"the action gives {x} influence, the situation places {pool + len(places)}",
                          (C.PLACE_INFLUENCE,))
    cap = shadow_pool_cap(state)
    if state.shadow_pool + pool > cap:
        raise ctx.illegal(f"the Shadow Pool may hold {cap} in stage {current_stage(state)} "
                          f"(4 × stage); {state.shadow_pool} + {pool} exceeds it", (C.SHADOW_POOL,))
    if pool:
        before = state.shadow_pool
        state.shadow_pool += pool
        ctx.step("sauron-turn:5", "shadow-pool", f"{pool} influence into the Shadow Pool (cap {cap})",
                 (C.PLACE_INFLUENCE, C.SHADOW_POOL), [Change("Shadow Pool", "influence", before, state.shadow_pool)])
    for name in places:
        problem = placement_problem(state, name)
        if problem:
            raise ctx.illegal(problem, (C.PLACING_INFLUENCE, C.MAX_INFLUENCE, C.EXTENSION))
        before = state.influence.get(name, 0)
        state.influence[name] = before + 1
        roots = connected_strongholds(state, name)
        ctx.step("sauron-turn:5", "influence", f"1 influence on {name} ({before} → {before + 1}), in extension of "
                 f"{', '.join(roots)}", (C.PLACING_INFLUENCE, C.MAX_INFLUENCE),
                 [Change(name, "influence", before, before + 1)])
    unplaced = x - pool - len(places)
    if unplaced:
        if state.options.unplaceable_influence == "illegal":
            raise ctx.illegal(f"{unplaced} gained influence left unplaced", (C.PLACE_INFLUENCE,))
        ctx.step("sauron-turn:5", "influence-unplaced", f"{unplaced} gained influence not placed",
                 (C.PLACE_INFLUENCE,), interpretation=ctx.reading("unplaceable_influence"))
    trim_influence(ctx, "after placing influence")


# ---------------------------------------------------------------- commands


def command(ctx: Context, x: int, commands: list[dict[str, Any]]) -> None:
    state = ctx.state
    if len(commands) > x:
        raise ctx.illegal(f"the action gives {x} commands, the situation lists {len(commands)}", (C.COMMAND,))
    commanded: set[str] = set()
    placed = False
    hero_locations = {h.location for h in state.heroes.values()}
    for order in commands:
        if "place" in order:
            spec = order["place"]
            where = spec.get("location")
            if placed:
                raise ctx.illegal("only one monster token may be placed per Command action", (C.PLACE_TOKEN, C.COMMAND))
            if state.influence.get(where, 0) < 1:
                raise ctx.illegal(f"{where} holds no influence: no monster token may be placed there", (C.PLACE_TOKEN,))
            if where in hero_locations:
                raise ctx.illegal(f"a hero stands on {where}: tokens may be moved there, never placed", (C.PLACE_TOKEN,))
            location = state.board.locations.get(where)
            colour = spec.get("colour")
            if colour and location is not None and location.colour and colour != location.colour:
                raise ctx.illegal(f"a {colour} token cannot go to {where} ({location.colour})", (C.PLACE_TOKEN,))
            token = Token(where, spec.get("monster"), spec.get("id") or f"token-{len(state.tokens) + 1}")
            state.tokens.append(token)
            placed = True
            commanded.add(token.id)
            ctx.step("sauron-turn:5", "command-place", f"monster token placed face down on {where}", (C.PLACE_TOKEN,),
                     [Change(token.id, "location", None, where)])
        elif "move" in order:
            spec = order["move"]
            ident, to = spec.get("token") or spec.get("minion"), spec.get("to")
            if ident in commanded:
                raise ctx.illegal(f"{ident} already had a command this action", (C.COMMAND,))
            if spec.get("minion"):
                minion = state.foes.get(ident)
                if minion is None or not minion.in_play:
                    raise ctx.illegal(f"{ident!r} is not a minion in play", (C.MOVE_COMMAND,))
                here = minion.location
            else:
                token = next((t for t in state.tokens if t.id == ident), None)
                if token is None:
                    raise ctx.illegal(f"no monster token {ident!r} on the board", (C.MOVE_COMMAND,))
                here = token.location
                if state.influence.get(to, 0) < 1:
                    raise ctx.illegal(f"{to} holds no influence: monster tokens may not move there", (C.MOVE_COMMAND,))
            if to not in state.board.neighbours(here):
                raise ctx.illegal(f"{to} is not adjacent to {here}", (C.MOVE_COMMAND,))
            if spec.get("minion"):
                minion.location = to
            else:
                token.location = to
            commanded.add(ident)
            ctx.step("sauron-turn:5", "command-move", f"{ident} moves {here} → {to}", (C.MOVE_COMMAND,),
                     [Change(ident, "location", here, to)])
        elif "heal" in order:
            spec = order["heal"]
            name = spec.get("minion")
            minion = state.foes.get(name)
            if minion is None or not minion.in_play:
                raise ctx.illegal(f"{name!r} is not a minion in play", (C.HEAL_MINION,))
            if name in commanded:
                raise ctx.illegal(f"{name} already had a command this action", (C.COMMAND,))
            if minion.location in hero_locations:
                raise ctx.illegal(f"{name} shares {minion.location} with a hero: it may not be healed", (C.HEAL_MINION,))
            amount = min(4, int(spec.get("amount", 4)), minion.damage)
            before = minion.damage
            minion.damage -= amount
            commanded.add(name)
            ctx.step("sauron-turn:5", "command-heal", f"{name} heals {amount} damage", (C.HEAL_MINION,),
                     [Change(name, "damage", before, minion.damage)])
        else:
            raise ctx.illegal(f"unknown command {sorted(order)}; expected place, move or heal", (C.COMMAND,))


def hero_draw(ctx: Context, decl: dict[str, Any]) -> None:
    """Sauron turn step 6: each hero may draw up to his fortitude."""
    state = ctx.state
    ctx.phase = "hero-draw"
    for hero in state.heroes.values():
        wanted = decl.get(hero.name, decl.get("all"))
        if wanted is None:
            ctx.ask("hero_draw", f"How many cards does {hero.name} draw (up to fortitude {hero.fortitude})?",
                    [(n, str(n)) for n in range(hero.fortitude, -1, -1)], (C.HERO_DRAW,), player=hero.name,
                    example={"hero_draw": {hero.name: hero.fortitude}})
        count = hero.fortitude if wanted == "all" else int(wanted)
        if count > hero.fortitude:
            raise ctx.illegal(f"{hero.name} may draw at most {hero.fortitude}", (C.HERO_DRAW,))
        count = min(count, hero.life)
        hero.life -= count
        hero.hand.extend(f"card {len(hero.hand) + i + 1}" for i in range(count))
        ctx.step("sauron-turn:6", "draw", f"{hero.name} draws {count}", (C.HERO_DRAW,),
                 [Change(hero.name, "hand", len(hero.hand) - count, len(hero.hand))])


def shadow_card(ctx: Context, decl: dict[str, Any]) -> None:
    """Sauron plays a Shadow card: enough Shadow Pool influence (nothing is spent), one per player turn."""
    state = ctx.state
    name, need, turn = decl.get("name", "a Shadow card"), int(decl.get("requirement", 0)), str(decl.get("turn", "Sauron"))
    if state.shadow_pool < need:
        raise ctx.illegal(f"{name!r} needs {need} influence in the Shadow Pool, which holds {state.shadow_pool}",
                          (C.SHADOW_CARDS, C.SHADOW_REQUIREMENT))
    if turn in ctx.shadow_turns:
        raise ctx.illegal(f"a Shadow card was already played during {turn}'s turn", (C.SHADOW_CARDS,))
    ctx.shadow_turns.add(turn)
    ctx.step(None, "shadow-card", f"Sauron plays {name!r} during {turn}'s turn (needs {need}, the Shadow Pool "
             f"holds {state.shadow_pool}; nothing is spent)", (C.SHADOW_CARDS, C.SHADOW_REQUIREMENT, C.SHADOW_POOL))
