"""Movement and creature keying (Starter §6 and §10 Creature Cards, Standard §6 and §10).

- Starter movement: from a non-Haven site only to its nearest Haven; from a Haven to a
  site whose nearest Haven it is, or to an adjacent Haven.  Standard region movement: up
  to four regions, each adjacent to the next, from the origin's region to the destination's.
- Region types moved through: none when not moving; Haven → non-Haven: the new site's
  path; Haven → Haven: the path between them; non-Haven → Haven: the origin's path;
  with region cards, their types.  Cards may change types for the turn.
- A creature may be keyed to the site named on it, a region named on it (of the origin or
  new site), a site type matching the new site (or the current one when not moving), or a
  region type moved through (a double symbol needs two such regions).
- Draws: to a non-Haven up to the destination's number, to a Haven up to the origin's,
  at least one; none when not moving; Standard: only with a Wizard or a mind-3 character.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from adjudicator.engine import Change, Emitter, IllegalDecision

from . import citations as C
from .company import MAX_SIZE, company_size
from .effects import retyped
from .state import REGION_TYPES, Company, Game, Site

PHASE = "movement/hazard"
TYPE_WORDS = {"c": "coastal sea", "f": "free-domain", "b": "border-land", "w": "wilderness", "s": "shadow-land",
              "d": "dark-domain", "h": "Haven", "F": "free-hold", "B": "border-hold", "r": "ruins & lairs",
              "S": "shadow-hold", "D": "dark-hold"}


def _site(game: Game, name: str, cites: tuple[str, ...]) -> Site:
    site = game.sites.get(name)
    if site is None:
        raise IllegalDecision(f"site {name!r} is not described in this situation", cites)
    return site


def starter_move_legal(game: Game, origin: str, new: str) -> tuple[bool, str, str]:
    o = _site(game, origin, (C.MOVE_FROM_HAVEN,))
    n = _site(game, new, (C.MOVE_FROM_HAVEN,))
    if not o.haven:
        ok = n.haven and o.nearest_haven == n.name
        return ok, C.MOVE_FROM_NON_HAVEN, (f"{origin} is not a Haven: only its nearest Haven {o.nearest_haven or '?'}")
    if not n.haven:
        return n.nearest_haven == o.name, C.MOVE_FROM_HAVEN, f"{new}'s nearest Haven is {n.nearest_haven or '?'}"
    return (new in o.haven_paths or origin in n.haven_paths), C.MOVE_FROM_HAVEN, \
        f"{origin}'s adjacent Havens: {', '.join(o.haven_paths) or 'none given'}"


def path_between(game: Game, origin: str, new: str) -> list[str]:
    o = _site(game, origin, (C.REGIONS_MOVED_THROUGH,))
    n = _site(game, new, (C.REGIONS_MOVED_THROUGH,))
    if o.haven and not n.haven:
        return list(n.path)
    if o.haven and n.haven:
        return list(n.haven_paths.get(o.name) or o.haven_paths.get(n.name) or [])
    return list(o.path)


def region_route_legal(game: Game, origin: str, new: str, regions: list[str]) -> tuple[bool, str]:
    if not regions:
        return False, "no region cards played"
    if len(regions) > 4:
        return False, f"{len(regions)} regions: more than four"
    for name in regions:
        if name not in game.regions:
            return False, f"region {name!r} is not described"
    o, n = _site(game, origin, (C.REGION_MOVEMENT,)), _site(game, new, (C.REGION_MOVEMENT,))
    if o.region != regions[0]:
        return False, f"{origin} is in {o.region or '?'}, not in the first region {regions[0]}"
    if n.region != regions[-1]:
        return False, f"{new} is in {n.region or '?'}, not in the last region {regions[-1]}"
    for a, b in zip(regions, regions[1:]):
        if b not in game.regions[a].adjacent or a not in game.regions[b].adjacent:
            return False, f"{a} and {b} are not adjacent (each must list the other)"
    return True, "connected"


def move(game: Game, emit: Emitter, decl: dict[str, Any]) -> dict[str, Any]:
    """Reveal the new site: is the move legal, which region types are moved through, draws."""
    company = game.companies[decl["company"]]
    new = decl.get("to") or company.new_site
    origin = company.site
    regions = list(decl.get("regions", []) or company.regions)
    result: dict[str, Any] = {"company": company.name, "from": origin, "to": new or None}
    if company.player != game.turn_player:
        raise IllegalDecision(f"{company.name} is {company.player}'s company; only the player whose turn it is moves his companies",
                              (C.MOVEMENT_HAZARD_PHASE,))
    if company.origin and new == company.new_site:  # already revealed this turn: only its arrival is left
        result.update({"legal": True, "path": [], "draws": 0, "opponent_draws": 0, "revealed": "earlier"})
        if decl.get("arrive"):
            arrive(game, emit, company)
        return result
    if company.moved or company.origin:
        raise IllegalDecision(f"{company.name} already moved this turn; a company plays at most one new site a turn",
                              (C.ORGANIZATION_PHASE,))
    if not new:
        emit("not-moving", f"{company.name} stays at {origin}: no regions moved through, no cards drawn",
             [C.REGIONS_MOVED_THROUGH, C.MOVEMENT_DRAWS], step="movement.reveal", phase=PHASE)
        result.update({"legal": True, "path": [], "draws": 0, "opponent_draws": 0})
        return result
    if regions:
        if not game.options.standard:
            raise IllegalDecision("region movement is a Standard rule", (C.REGION_MOVEMENT,))
        ok, why = region_route_legal(game, origin, new, regions)
        cite = C.REGION_MOVEMENT_FOUR if "four" in why else C.REGION_MOVEMENT
        path = [game.regions[r].type for r in regions if r in game.regions]
        emit("region-movement",
             f"{company.name}: {origin} → {new} through {', '.join(regions)}: " + ("legal" if ok else f"illegal ({why})"),
             [cite, C.REGION_MOVEMENT_SAME] if len(regions) == 1 else [cite], step="movement.reveal", phase=PHASE)
        cites_path = [C.REGION_CARDS_TYPES, C.REGION_HAZARDS]
    else:
        ok, cite, why = starter_move_legal(game, origin, new)
        path = path_between(game, origin, new)
        emit("site-path-movement", f"{company.name}: {origin} → {new}: " + ("legal" if ok else f"illegal ({why})"),
             [cite], step="movement.reveal", phase=PHASE)
        cites_path = [C.REGIONS_MOVED_THROUGH, C.COMPANY_SITE_PATH]
    result["legal"] = ok
    if not ok:
        if decl.get("check_only"):
            return result
        raise IllegalDecision(f"{company.name} cannot move from {origin} to {new}: {why}", (cite,))
    result["joins"] = _companies_meeting(game, emit, company, new, by_regions=bool(regions)) or None
    company.new_site, company.regions, company.origin, company.by_site_path = new, regions, origin, not regions
    emit("site-path", f"region types moved through: {' '.join(path) or 'none'}", cites_path, step="movement.reveal",
         phase=PHASE)
    result["path"] = path
    result["draws"], result["opponent_draws"] = draws(game, emit, company, origin, new)
    if decl.get("arrive"):
        arrive(game, emit, company)
    return result


def _companies_meeting(game: Game, emit: Emitter, company: Company, new: str, *, by_regions: bool) -> str:
    """Two companies of a player moving to one site (Standard §5): which one this company
    joins at the end of the movement/hazard phase, or why it may not go there separately."""
    mine = [c for c in game.companies.values() if c.player == company.player and c.name != company.name]
    if company.split_at:  # companies that split at a non-Haven site this turn (Standard §5)
        for other in mine:
            if other.split_at != company.split_at or not (other.origin or other.moved):
                continue
            if other.new_site == new or (other.moved and other.site == new):
                raise IllegalDecision(f"{company.name} and {other.name} split at {company.split_at}; they may not move to the same "
                                      f"site {new} separately", (C.SPLITTING, C.SPLITTING_SAME_SITE))
            if other.by_site_path and not by_regions:
                raise IllegalDecision(f"{other.name} already returns to the Haven on {company.split_at}'s site path; any other "
                                      "company that split there must use region movement", (C.SPLITTING,))
    site = game.sites.get(new)
    if not game.options.standard or site is None or site.haven:
        return ""
    for other in mine:
        if other.site == new and not other.new_site and not other.moved:
            company.joins = other.name
            emit("joins", f"{company.name} moves to {new}, where {other.name} already is: they face "
                 "hazards separately and combine at the end of the movement/hazard phase", [C.JOINING], step="movement.join",
                 phase=PHASE)
            return other.name
        if other.new_site == new or (other.moved and other.site == new):
            nearest = site.nearest_haven
            one_by_path = (other.by_site_path and by_regions) or (not other.by_site_path and not by_regions
                                                                       and company.site == nearest)
            if not one_by_path:
                raise IllegalDecision(f"{company.name} and {other.name} may move to {new} together only if one comes by the site path "
                                      f"from {nearest or 'its nearest Haven'} and the other by region cards", (C.JOINING,))
            company.joins = other.name
            emit("joins", f"{company.name} and {other.name} both move to {new} (one by its site path, "
                 "one by regions): they face hazards separately and combine at the end of the movement/hazard phase", [C.JOINING],
                 step="movement.join", phase=PHASE)
            return other.name
    return ""


def arrive(game: Game, emit: Emitter, company: Company) -> None:
    """End of the company's movement/hazard phase: the origin goes, the new site is current."""
    before = company.site
    company.site, company.new_site, company.regions, company.origin = company.new_site, "", [], ""
    company.moved = True
    others = [c.name for c in game.companies.values() if c.player == company.player and c.site == before and c is not company]
    gone = f"{before} stays ({', '.join(others)} {'is' if len(others) == 1 else 'are'} there)" if others else f"{before} is removed"
    emit("arrive", f"{company.name} arrives: {gone}, {company.site} is its current site",
         [C.MOVEMENT, C.MOVE_FROM_HAVEN], [Change(company.name, "site", before, company.site)], step="movement.arrive",
         phase=PHASE)


def combine(game: Game, emit: Emitter, company: Company) -> None:
    """Standard §5: companies that moved to one site combine at the end of the movement/hazard phase."""
    other = game.companies.get(company.joins)
    company.joins = ""
    if other is None or other.site != company.site or other.new_site:
        return  # the other company did not get there (it returned to its site of origin)
    for char in game.company_members(company.name):
        char.company = other.name
    del game.companies[company.name]
    if other.joins == company.name:
        other.joins = ""
    size = company_size(game, other.name)
    emit("combined", f"{company.name} joins {other.name} at {other.site}", [C.JOINING],
         [Change(company.name, "company", company.name, other.name)], step="movement.join", phase=PHASE)
    site = game.sites.get(other.site)
    if size > MAX_SIZE and not (site and site.haven):
        raise IllegalDecision(f"{other.name} would be of size {size} at {other.site}; away from a Haven a company is limited "
                              f"to {MAX_SIZE}", (C.COMPANY_SIZE_LIMIT,))


def draws(game: Game, emit: Emitter, company: Company, origin: str, new: str) -> tuple[int, int]:
    """Cards the moving player and his opponent may each draw (up to), for this move."""
    o, n = game.sites[origin], game.sites[new]
    source = o if n.haven else n
    count = max(1, source.draws)
    cites = [C.MOVEMENT_DRAWS]
    if game.options.standard:
        members = game.company_members(company.name)
        if not any(c.wizard or (c.mind or 0) >= 3 for c in members):
            emit("draws",
                 f"{company.name} has no Wizard and no character of mind 3 or more: its player draws no cards for this move; "
                 f"the opponent may draw up to {count}", [C.DRAW_LIMIT_STANDARD, C.MOVEMENT_DRAWS],
                 step="movement.draws", phase=PHASE)
            return 0, count
        cites.append(C.DRAW_LIMIT_STANDARD)
    emit("draws", f"moving to {'a Haven' if n.haven else 'a non-Haven site'}: each player may draw up to {count} "
                  f"(the number on {source.name}), at least one", cites, step="movement.draws", phase=PHASE)
    return count, count


def apply_type_changes(path: list[str], changes: list[dict[str, Any]], emit: Emitter) -> list[str]:
    """Cards that treat one region type as another for the turn, applied in play order."""
    out = list(path)
    for change in changes:
        if "map" in change:
            mapping = dict(change["map"])
            out = [mapping.get(t, t) for t in out]
        else:
            index = change.get("index")
            src, dst = change["from"], change["to"]
            if index is None:
                index = next((i for i, t in enumerate(out) if t == src), None)
            if index is None or not 0 <= index < len(out) or out[index] != src:
                raise IllegalDecision(f"{change.get('source', 'a card')}: no {TYPE_WORDS.get(src, src)} to change in the path {' '.join(out)}",
                                      (C.EVENTS,))
            out[index] = dst
        emit("path-changed", f"{change.get('source', 'a card')}: the site path now reads {' '.join(out)}",
             [C.EVENTS, C.LONG_EVENT], step="movement.keying", phase=PHASE)
    return out


def keyable(path: list[str], new_site: Site | None, current_site: Site | None, moving: bool) -> list[str]:
    """What creatures may be keyed to: region types (and doubles) moved through and the site type."""
    out: list[str] = []
    counts = Counter(path if moving else [])
    for t in REGION_TYPES:
        if counts[t] >= 1:
            out.append(t)
        if counts[t] >= 2:
            out.append(t + t)
    site = new_site if moving else current_site
    if site is not None:
        out.append(site.type)
    return out


def keying(game: Game, emit: Emitter, decl: dict[str, Any], creature) -> dict[str, Any]:
    """Whether a creature may attack the company, and what it is keyed to."""
    company = game.companies[decl["company"]]
    moving = bool(company.new_site)
    path = list(decl.get("path")) if decl.get("path") is not None else (
        path_between(game, company.site, company.new_site) if moving and not company.regions
        else [game.regions[r].type for r in company.regions if r in game.regions])
    if moving:
        changed, by = retyped(game, path)
        if by:
            emit("path-changed",
                 f"{', '.join(dict.fromkeys(by))}: the region types moved through read {' '.join(changed)} (were {' '.join(path)})",
                 [C.EVENTS, C.LONG_EVENT], step="movement.keying", phase=PHASE)
            path = changed
    path = apply_type_changes(path, decl.get("type_changes", []) or [], emit) if decl.get("type_changes") else path
    new_site = game.sites.get(company.new_site) if moving else None
    current = game.sites.get(company.site)
    allowed = keyable(path, new_site, current, moving)
    counts = Counter(path if moving else [])
    conditions: list[str] = []
    site = new_site if moving else current
    for sym in (set(creature.regions) if creature else ()):
        need_n = creature.regions.count(sym)
        if moving and counts[sym] >= need_n:
            conditions.append(sym * need_n)
    for sym in (creature.sites if creature else ()):
        if site is not None and site.type == sym:
            conditions.append(sym)
    if creature and site is not None and site.name in creature.named_sites:
        conditions.append(site.name)
    for region in (creature.named_regions if creature and moving else ()):
        origin_region = game.sites[company.site].region if company.site in game.sites else ""
        new_region = new_site.region if new_site else ""
        if region in (origin_region, new_region) or region in company.regions:
            conditions.append(region)
    cites = [C.CREATURE_CARDS, C.REGIONS_MOVED_THROUGH]
    if any(len(c) == 2 and c[0] == c[1] for c in conditions) or any(creature.regions.count(s) > 1 for s in (creature.regions if creature else [])):
        cites.append(C.DEEP_WILDERNESS)
    if not moving:
        cites.append(C.NOT_MOVING_KEYING)
    keyed_to = decl.get("keyed_to")
    if creature is None:
        emit("keyable", f"{company.name} (path {' '.join(path) or 'none'}, {'new' if moving else 'current'} site "
                        f"{site.name if site else '?'}): creatures may be keyed to {', '.join(allowed) or 'nothing'}",
             cites, step="movement.keying", phase=PHASE)
        return {"keyable": allowed, "path": path}
    legal = bool(conditions)
    text = (f"{creature.name} against {company.name} (path {' '.join(path) or 'none'}, "
            f"{'new' if moving else 'current'} site {site.name + ' (' + TYPE_WORDS.get(site.type, site.type) + ')' if site else '?'}): "
            f"keyable to {', '.join(allowed) or 'nothing'}; this creature may be keyed to {', '.join(sorted(conditions)) or 'none of them'}")
    if keyed_to is None and len(conditions) > 1 and not decl.get("check_only"):
        emit("keying", text, cites, step="movement.keying", phase=PHASE)
        from .common import need
        need("keyed_to", f"What does the attacker key {creature.name} to?", sorted(conditions), [C.CREATURE_CARDS],
             step="movement.keying", player=game.opponent(company.player))
    if keyed_to is not None and keyed_to not in conditions:
        legal = False
        text += f"; keyed to {keyed_to}: not allowed"
    elif keyed_to is None and len(conditions) == 1:
        keyed_to = conditions[0]
    emit("keying", text + (f"; keyed to {keyed_to}" if keyed_to and legal else ""), cites, step="movement.keying",
         phase=PHASE)
    result = {"legal": legal, "conditions": sorted(conditions), "keyable": allowed, "keyed_to": keyed_to if legal else None,
              "path": path}
    if not legal and not decl.get("check_only"):
        raise IllegalDecision(f"{creature.name} cannot be keyed to {company.name}" + (f" as {keyed_to}" if keyed_to else ""),
                              (C.CREATURE_CARDS,))
    return result
