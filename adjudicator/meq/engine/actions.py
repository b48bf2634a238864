"""Sauron's Action step: the action tracks, and the three actions (Place Influence, Draw
Shadow and Plot Cards, Command Monsters and Minions).

Where the rules leave a choice to Sauron, a missing declaration stops the replay with the
key path of the decision: which actions he takes (``actions``), which track an action
uses (``type``), where the influence he gains goes (``locations``; the rules put all but
the Shadow Pool's share in extension of his Shadow Strongholds), his commands
(``commands``) and how much damage a heal removes (``amount``).
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Change

from . import citations as C
from .context import Context
from .influence import connected_strongholds, legal_spots, placement_problem, trim_influence
from .state import ACTIONS, Token
from .story import current_stage, shadow_pool_cap


def actions_allowed(players: int) -> int:
    """Two actions, three in a four-player game."""
    return 3 if players >= 4 else 2


def free_tracks(ctx: Context) -> list[str]:
    state = ctx.state
    return [a for a in ACTIONS if len(state.action_tokens.get(a, [])) < len(state.action_values[a])]


def action_step(ctx: Context, decl: dict[str, Any]) -> None:
    """Sauron turn step 5: the defeated Ringwraiths come back, then Sauron's actions."""
    state = ctx.state
    ctx.phase = "action"
    allowed = actions_allowed(state.players)
    ringwraiths = state.foes.get("Ringwraiths")
    if ringwraiths is not None and ringwraiths.in_play is False and ringwraiths.location == "defeated":
        ringwraiths.location, ringwraiths.in_play = "Minas Morgul", True
        ctx.emit("minion-return", "the defeated Ringwraiths are back on Minas Morgul as Sauron's "
                 "Action step begins", (C.MINIONS,), [Change("Ringwraiths", "location", None, "Minas Morgul")], step="sauron-turn:5")
    if decl.get("actions") is None:
        tracks = free_tracks(ctx)
        ctx.ask("actions", f"Which actions does Sauron take (up to {allowed}; each covers the first free space of "
                "its track; [] for none)?", [([{"type": t}], f"one {t} action") for t in tracks] + [([], "no action")],
                (C.ACTION_COUNT, C.ACTION_STEP), player="Sauron",
                example={"actions": [{"type": t} for t in tracks[:allowed]]})
    actions = list(decl.get("actions") or [])
    if len(actions) > allowed:
        raise ctx.illegal(f"Sauron takes up to {allowed} actions in a {state.players}-player game, "
                          f"the situation lists {len(actions)}", (C.ACTION_COUNT, C.ACTION_STEP))
    for index, action in enumerate(actions):
        with ctx.at("actions", index):
            take_action(ctx, action or {})


def take_action(ctx: Context, action: dict[str, Any]) -> int:
    """One action: a token covering the first free space of its track gives X; the fourth
    token on the Action Track area clears the three before it."""
    state = ctx.state
    ctx.phase = "action"
    kind = action.get("type")
    if kind is None:
        ctx.ask("type", "Which action does Sauron take?", [(t, t) for t in free_tracks(ctx)],
                (C.ACTION_STEP, C.ACTION_TRACKS), player="Sauron")
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
    ctx.emit("action", f"action token on the leftmost empty {kind} space ({x}): X = {x}",
             (C.ACTION_STEP, C.ACTION_TRACKS), [Change(f"{kind} track", "tokens", len(covered) - 1, len(covered))],
             step="sauron-turn:5")
    if on_board == 4:
        for track in state.action_tokens:
            state.action_tokens[track] = [space] if track == kind else []
        ctx.emit("action-reset", "fourth action token placed: the three earlier ones are removed", (C.ACTION_STEP,),
                 step="sauron-turn:5")
    if kind == "place_influence":
        place_influence(ctx, x, action)
    elif kind == "draw_shadow_and_plot":
        draw_shadow_and_plot(ctx, x, action)
    else:
        command(ctx, x, action)
    return x


# ---------------------------------------------------------------- influence


def place_influence(ctx: Context, x: int, decl: dict[str, Any], *, pool_allowed: bool = True,
                    cause: str = "", cite: tuple[str, ...] = (C.PLACE_INFLUENCE,), step: str | None = "sauron-turn:5",
                    extension: bool = True) -> list[str]:
    """Sauron gains ``x`` influence: up to two into the Shadow Pool (``pool``, when
    ``pool_allowed``), all the others in extension of his Strongholds (``locations``).

    Influence left over while a legal place for it remains is a decision not made: the
    replay stops and asks for ``locations``.  Only influence that has no legal place left
    follows the ``unplaceable_influence`` reading.  ``extension=False``: a card names the
    locations itself (only the Haven rule and the maxima apply)."""
    state = ctx.state
    who = f"{cause}: " if cause else ""
    pool = int(decl.get("pool") or 0) if pool_allowed else 0
    places = list(decl.get("locations") or [])
    if pool_allowed and pool > 2:
        raise ctx.illegal(f"at most 2 of the influence may go to the Shadow Pool, not {pool}", cite)
    if pool + len(places) > x:
        raise ctx.illegal(f"{who}{x} influence to place, the situation places {pool + len(places)}", cite)
    cap = shadow_pool_cap(state)
    if state.shadow_pool + pool > cap:
        raise ctx.illegal(f"the Shadow Pool may hold {cap} in stage {current_stage(state)} "
                          f"(4 × stage); {state.shadow_pool} + {pool} exceeds it", (C.SHADOW_POOL,))
    if pool:
        before = state.shadow_pool
        state.shadow_pool += pool
        ctx.emit("shadow-pool", f"{who}{pool} influence into the Shadow Pool (cap {cap})", cite + (C.SHADOW_POOL,),
                 [Change("Shadow Pool", "influence", before, state.shadow_pool)], step=step)
    for index, name in enumerate(places):
        with ctx.at("locations", index):
            problem = placement_problem(state, name, extension)
            if problem:
                raise ctx.illegal(problem, (C.PLACING_INFLUENCE, C.MAX_INFLUENCE, C.EXTENSION))
        before = state.influence.get(name, 0)
        state.influence[name] = before + 1
        roots = connected_strongholds(state, name)
        where = ("on the Shadow Stronghold itself" if state.board.locations[name].stronghold else
                 f"in extension of {', '.join(roots)}" if roots else "named by the card")
        ctx.emit("influence", f"{who}1 influence on {name} ({before} → {before + 1}), {where}",
                 (C.PLACING_INFLUENCE, C.MAX_INFLUENCE) + cite[:1], [Change(name, "influence", before, before + 1)],
                 step=step)
    unplaced = x - pool - len(places)
    if unplaced:
        spots = legal_spots(state, extension)
        room = min(2 - pool, cap - state.shadow_pool) if pool_allowed and decl.get("pool") is None else 0
        if spots:
            also = f", or up to {room} of it into the Shadow Pool (pool)" if room > 0 else ""
            ctx.ask("locations", f"{who}{unplaced} of the {x} influence is still to place: the rules put it in "
                    f"extension of the Shadow Strongholds{also}. List {unplaced} more location(s)",
                    [(s, f"1 influence on {s}") for s in spots], cite + (C.PLACING_INFLUENCE,), player="Sauron",
                    example={"locations": places + (spots * unplaced)[:unplaced]})
        if room > 0:
            ctx.ask("pool", f"{who}{unplaced} of the {x} influence has no legal place on the board; how much goes "
                    f"into the Shadow Pool (up to {min(room, unplaced)})?",
                    [(n, str(n)) for n in range(min(room, unplaced), -1, -1)], cite + (C.SHADOW_POOL,),
                    player="Sauron")
        if state.options.unplaceable_influence == "illegal":
            raise ctx.illegal(f"{who}{unplaced} gained influence left unplaced", cite)
        ctx.emit("influence-unplaced", f"{who}{unplaced} gained influence has no legal place left "
                 "(no location in or next to an extension can take more): not placed", cite + (C.PLACING_INFLUENCE,),
                 step=step, interpretation=ctx.reading("unplaceable_influence"))
    trim_influence(ctx, "after placing influence")
    return places


# ---------------------------------------------------------------- draw


def draw_shadow_and_plot(ctx: Context, x: int, decl: dict[str, Any]) -> None:
    """X Shadow cards and X Plot cards; Sauron keeps one of the Plot cards.  Which one is his
    choice when the drawn Plot cards are named (``plots``)."""
    plots = list(decl.get("plots") or [])
    keep = decl.get("keep")
    if plots:
        if len(plots) != x:
            raise ctx.illegal(f"the action draws {x} Plot cards, the situation names {len(plots)}", (C.DRAW_ACTION,))
        if keep is None:
            ctx.ask("keep", "Which of the drawn Plot cards does Sauron keep?", [(p, p) for p in plots],
                    (C.DRAW_ACTION,), player="Sauron")
        if keep not in plots:
            raise ctx.illegal(f"{keep!r} is not one of the drawn Plot cards", (C.DRAW_ACTION,))
    ctx.emit("draw", f"Sauron draws {x} Shadow cards and {x} Plot cards, keeping one plot"
             + (f" ({keep!r}); the others go to the bottom of the Plot deck" if keep else ""), (C.DRAW_ACTION,),
             step="sauron-turn:5")


# ---------------------------------------------------------------- commands


def command(ctx: Context, x: int, decl: dict[str, Any]) -> None:
    """X commands: move a monster token or minion, place one monster token, heal a minion;
    each token or minion takes one command per action."""
    state = ctx.state
    if decl.get("commands") is None:
        ctx.ask("commands", f"Which {x} commands does Sauron give (move, place, heal; [] for none)?",
                [([], "no command")], (C.COMMAND,), player="Sauron",
                example={"commands": [{"move": {"minion": "?", "to": "?"}}]})
    commands = list(decl.get("commands") or [])
    if len(commands) > x:
        raise ctx.illegal(f"the action gives {x} commands, the situation lists {len(commands)}", (C.COMMAND,))
    commanded: set[str] = set()
    placed = False
    hero_locations = {h.location for h in state.heroes.values()}
    for index, order in enumerate(commands):
        with ctx.at("commands", index):
            if "place" in order:
                with ctx.at("place"):
                    place_token(ctx, order["place"] or {}, placed, hero_locations, commanded)
                placed = True
            elif "move" in order:
                with ctx.at("move"):
                    move_enemy(ctx, order["move"] or {}, commanded)
            elif "heal" in order:
                with ctx.at("heal"):
                    heal_minion(ctx, order["heal"] or {}, hero_locations, commanded)
            else:
                raise ctx.illegal(f"unknown command {sorted(order)}; expected place, move or heal", (C.COMMAND,))


def place_token(ctx: Context, spec: dict[str, Any], placed: bool, hero_locations: set[str], commanded: set[str]) -> None:
    state = ctx.state
    where = spec.get("location")
    if where is None:
        spots = [n for n, v in state.influence.items() if v and n not in hero_locations]
        ctx.ask("location", "On which location does Sauron place the monster token (one holding influence, no hero)?",
                [(n, n) for n in spots], (C.PLACE_TOKEN,), player="Sauron")
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
    commanded.add(token.id)
    ctx.emit("command-place", f"monster token {token.id} placed face down on {where}", (C.PLACE_TOKEN,),
             [Change(token.id, "location", None, where)], step="sauron-turn:5")


def move_enemy(ctx: Context, spec: dict[str, Any], commanded: set[str]) -> None:
    state = ctx.state
    ident, to = spec.get("token") or spec.get("minion"), spec.get("to")
    if ident in commanded:
        raise ctx.illegal(f"{ident} already had a command this action", (C.COMMAND,))
    if spec.get("minion"):
        minion = state.foes.get(ident)
        if minion is None or not minion.minion or not minion.in_play:
            raise ctx.illegal(f"{ident!r} is not a minion in play", (C.MOVE_COMMAND,))
        here = minion.location
    else:
        token = next((t for t in state.tokens if t.id == ident), None)
        if token is None:
            raise ctx.illegal(f"no monster token {ident!r} on the board", (C.MOVE_COMMAND,))
        here = token.location
    if to is None:
        ctx.ask("to", f"Where does Sauron move {ident} (an adjacent location)?",
                [(n, n) for n in state.board.neighbours(here)], (C.MOVE_COMMAND,), player="Sauron")
    if not spec.get("minion") and state.influence.get(to, 0) < 1:
        raise ctx.illegal(f"{to} holds no influence: monster tokens may not move there", (C.MOVE_COMMAND,))
    if to not in state.board.neighbours(here):
        raise ctx.illegal(f"{to} is not adjacent to {here}", (C.MOVE_COMMAND,))
    if spec.get("minion"):
        minion.location = to
    else:
        token.location = to
    commanded.add(ident)
    ctx.emit("command-move", f"{ident} moves {here} → {to}", (C.MOVE_COMMAND,), [Change(ident, "location", here, to)],
             step="sauron-turn:5")


def heal_minion(ctx: Context, spec: dict[str, Any], hero_locations: set[str], commanded: set[str]) -> None:
    state = ctx.state
    name = spec.get("minion")
    minion = state.foes.get(name)
    if minion is None or not minion.minion or not minion.in_play:
        raise ctx.illegal(f"{name!r} is not a minion in play", (C.HEAL_MINION,))
    if name in commanded:
        raise ctx.illegal(f"{name} already had a command this action", (C.COMMAND,))
    if minion.location in hero_locations:
        raise ctx.illegal(f"{name} shares {minion.location} with a hero: it may not be healed", (C.HEAL_MINION,))
    most = min(4, minion.damage)
    amount = spec.get("amount")
    if amount is None:
        if most > 1:
            ctx.ask("amount", f"How much of {name}'s {minion.damage} damage does Sauron remove (up to {most})?",
                    [(n, str(n)) for n in range(most, 0, -1)], (C.HEAL_MINION,), player="Sauron")
        amount = most
    amount = int(amount)
    if not 0 <= amount <= most:
        raise ctx.illegal(f"a heal removes up to four damage, and {name} has {minion.damage}: not {amount}",
                          (C.HEAL_MINION,))
    before = minion.damage
    minion.damage -= amount
    commanded.add(name)
    ctx.emit("command-heal", f"{name} heals {amount} damage", (C.HEAL_MINION,),
             [Change(name, "damage", before, minion.damage)], step="sauron-turn:5")
