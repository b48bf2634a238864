"""Travel phase (4.2): the players may travel to one location in the staging area, the
first player having the final say; no travel while a location is active (Travel;
Active Location; First Player)."""

from __future__ import annotations

from adjudicator.engine.decisions import Option
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine import staging_areas
from adjudicator.lotr.engine.context import Replay, change, handles
from adjudicator.lotr.engine.elimination import raise_threat
from adjudicator.lotr.engine.events import NoTravel, Traveled, TravelCost


@handles("4.2")
def travel_opportunity(r: Replay) -> None:
    g = r.g
    # at one of several staging areas, a travel decision naming a player is that area's (engine/staging_areas.py)
    entry = r.take(("4.2",), "travel", g.first_player.name if g.everyone is not None else None)
    if g.active_location is not None:
        if entry is not None and entry.get("travel"):
            r.illegal(entry, f"the players cannot travel to {entry.get('travel')}: {g.active_location.label} is still the active location", (C.step("4.2"), C.ACTIVE_LOCATION, C.TRAVEL))
        r.emit(NoTravel(why="active", location=g.active_location.label), (C.step("4.2"), C.ACTIVE_LOCATION))
        return
    locations = [c for c in g.staging if c.type == "location"]
    open_to_travel = [c for c in locations if r.hooks.cannot(r, "be travelled to", c.label) is None]
    if not locations:
        if entry is not None and entry.get("travel"):
            apart = staging_areas.apart_rulings(g, str(entry.get("travel")))  # at another staging area: not theirs
            r.illegal(entry, f"there is no location {entry.get('travel')!r} in the staging area to travel to"
                      + (" (it is at another staging area)" if apart else ""), (C.step("4.2"), C.TRAVEL) + apart)
        r.emit(NoTravel(why="none"), (C.step("4.2"),))
        return
    if entry is None:
        r.ask(
            "travel",
            f"Do the players travel, and where? ({g.first_player.name}, the first player, has the final say)",
            [Option(c.label, c.label, (C.step("4.2"), C.TRAVEL)) for c in open_to_travel] + [Option(None, "do not travel", (C.step("4.2"),))],
            (C.step("4.2"), C.FIRST_PLAYER),
            g.first_player.name,
            {"step": "4.2", "travel": open_to_travel[0].label if open_to_travel else None},
        )
    target = entry.get("travel")
    if target is None:
        r.emit(NoTravel(why="declined"), (C.step("4.2"),))
        return
    loc = r.find(locations, target)
    if loc is None:
        apart = staging_areas.apart_rulings(g, str(target))  # at another staging area: not theirs to travel to
        r.illegal(entry, f"there is no location {target!r} in the staging area to travel to" + (" (it is at another staging area)" if apart else ""),
                  (C.step("4.2"), C.TRAVEL) + apart)
        return
    by = r.hooks.cannot(r, "be travelled to", loc.label)
    if by is not None:  # only a quest card effect may make it the active location (Caradhras)
        r.illegal(entry, f"the players cannot travel to {loc.label}: {by} lets only a quest card effect make it the active location",
                  (C.step("4.2"), C.TRAVEL, C.CANNOT) + r.hooks.restriction_rulings(r, by))
        r.emit(NoTravel(why="declined"), (C.step("4.2"),))
        return
    if not r.hooks.pay_travel_cost(r, loc):  # a location's own Travel cost (a card ability)
        r.emit(NoTravel(why="unpaid", location=loc.label), (C.step("4.2"), C.TRAVEL))
        return
    cost = loc.stat("travel_threat")
    if cost:
        r.emit(TravelCost(location=loc.label, threat=cost), (C.step("4.2"), C.TRAVEL))
        for p in g.in_player_order():
            raise_threat(r, p, cost, (C.TRAVEL,), f"travel cost of {loc.label}")
    g.staging.remove(loc)
    g.active_location = loc
    r.emit(
        Traveled(location=loc.label, first=g.first_player.name),
        (C.step("4.2"), C.TRAVEL, C.ACTIVE_LOCATION, C.FIRST_PLAYER),
        [change(loc.label, "zone", "staging area", "active location")],
    )
