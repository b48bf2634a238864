"""Sauron's influence on the board: the Shadow Strongholds and their extensions, how much
influence a location may hold, where influence may be placed, and the excess removed at
once (moved out of `sauron` so that the story's Hero Rally step can trim influence
without an import cycle: `sauron` uses the story's stage, the story uses this)."""

from __future__ import annotations

from adjudicator.engine import Change

from . import citations as C
from .context import Context
from .state import State


def strongholds(state: State) -> list[str]:
    return [n for n, loc in state.board.locations.items() if loc.stronghold]


def connected_strongholds(state: State, name: str) -> list[str]:
    """Strongholds reachable from ``name`` through locations that all hold influence
    (a stronghold joins only with at least one token: its influence strength)."""
    if state.influence.get(name, 0) < 1:
        return []
    seen, frontier, found = {name}, [name], []
    while frontier:
        nxt = []
        for here in frontier:
            if state.board.locations[here].stronghold and state.influence.get(here, 0) >= 1:
                found.append(here)
            for other in state.board.neighbours(here):
                if other not in seen and state.influence.get(other, 0) >= 1:
                    seen.add(other)
                    nxt.append(other)
        frontier = nxt
    return found


def limit(state: State, name: str) -> int | None:
    """The most influence ``name`` may hold, or None when it is not in any extension."""
    location = state.board.locations[name]
    if location.stronghold:
        return location.stronghold_max
    roots = connected_strongholds(state, name)
    return max(state.influence.get(r, 0) for r in roots) if roots else None


def placement_problem(state: State, name: str, extension: bool = True) -> str | None:
    """Why one more influence may not go on ``name`` (None: it may).  ``extension=False``
    for a card that names the location itself: only the Haven rule and the maxima apply."""
    location = state.board.locations.get(name)
    if location is None:
        return f"{name!r} is not a location on the board"
    if location.haven:
        return f"{name} is a Haven: influence may never be placed there"
    have = state.influence.get(name, 0)
    if location.stronghold:
        if have + 1 > location.stronghold_max:
            return f"{name} already holds its maximum of {location.stronghold_max}"
        return None
    in_extension = have >= 1 and connected_strongholds(state, name)
    adjacent = any(connected_strongholds(state, other) for other in state.board.neighbours(name))
    if extension and not (in_extension or adjacent):
        return f"{name} is neither in nor adjacent to an extension of a Shadow Stronghold"
    state.influence[name] = have + 1
    cap = limit(state, name)
    state.influence[name] = have
    if cap is not None and have + 1 > cap:
        return f"{name} would hold {have + 1}, more than the connected Stronghold's influence strength {cap}"
    return None


def legal_spots(state: State, extension: bool = True) -> list[str]:
    """Every location that may take one more influence now, in board order."""
    return [name for name in state.board.locations if placement_problem(state, name, extension) is None]


def trim_influence(ctx: Context, when: str) -> None:
    """Remove excess influence at once (to a minimum of one) and all but one token from
    locations cut off from every Shadow Stronghold."""
    state = ctx.state
    for name in sorted(state.influence):
        have = state.influence[name]
        location = state.board.locations.get(name)
        if have <= 1 or location is None or location.stronghold:
            continue
        cap = limit(state, name)
        keep = 1 if cap is None else max(1, min(have, cap))
        if keep < have:
            state.influence[name] = keep
            why = "cut off from every Shadow Stronghold" if cap is None else f"over the influence strength {cap}"
            ctx.emit("influence-trim", f"{name} {why} {when}: {have} → {keep}", (C.MAX_INFLUENCE,),
                     [Change(name, "influence", have, keep)])
