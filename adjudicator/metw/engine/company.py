"""Company size and the hazard limit (Starter §5 Companies, §10 The Hazard Limit).

Size counts every character, Wizards and followers included, with Hobbits as halves,
rounded up; allies do not count.  The hazard limit is the larger of two and the size, and
both are fixed when the company's movement/hazard phase begins.
"""

from __future__ import annotations

from adjudicator.engine import Emitter, IllegalDecision

from . import citations as C
from .state import Company, Game, half_up

MAX_SIZE = 7


def company_size(game: Game, company: str) -> int:
    members = game.company_members(company)
    halves = sum(1 for c in members if c.hobbit)
    return half_up(len(members) - halves + halves / 2)


def hazard_limit(size: int, modifier: int = 0) -> int:
    return max(2, size) + modifier


def effect_modifier(game: Game, company: Company) -> int:
    """Hazard-limit modifications from cards in play (cards as data)."""
    return sum(e.value for e in game.effects if e.stat == "hazard_limit" and e.target in ("", company.name))


def fix_size(game: Game, emit: Emitter, company: Company, limit_modifier: int = 0) -> dict:
    """Fix the company's size and hazard limit for this movement/hazard phase."""
    members = game.company_members(company.name)
    hobbits = [c.name for c in members if c.hobbit]
    if company.size_at_start is not None and game.turn.phase == "movement/hazard":
        size = company.size_at_start
        limit = hazard_limit(size, limit_modifier) + effect_modifier(game, company)
        emit("size",
             f"{company.name}: size {size} and hazard limit {limit}, fixed at the start of this movement/hazard phase "
             f"(now {len(members)} character{'s' if len(members) != 1 else ''})",
             [C.HAZARD_LIMIT_FIXED, C.HAZARD_LIMIT, C.COMPANIES_SIZE_FIXED], step="company.size",
             phase="movement/hazard")
        return {"size": size, "hazard_limit": limit, "members": len(members), "hobbits": len(hobbits)}
    size = company_size(game, company.name)
    company.size_at_start = size
    limit = hazard_limit(size, limit_modifier) + effect_modifier(game, company)
    emit("size", f"{company.name}: {len(members)} character{'s' if len(members) != 1 else ''}"
                 + (f" ({len(hobbits)} Hobbit{'s' if len(hobbits) != 1 else ''} counting half)" if hobbits else "")
                 + f" → size {size}; hazard limit max(2, {size})"
                 + (f" {limit_modifier:+d}" if limit_modifier else "") + f" = {limit}, fixed for the phase",
         [C.SIZE, C.HAZARD_LIMIT, C.HAZARD_LIMIT_FIXED], step="company.size", phase="movement/hazard")
    return {"size": size, "hazard_limit": limit, "members": len(members), "hobbits": len(hobbits)}


def play_hazard(game: Game, emit: Emitter, company: Company, card: str, *, counts: bool = True,
                limit_modifier: int = 0, why: str = "") -> dict:
    """Count one hazard against the company's limit; refuse one beyond it."""
    if company.player != game.turn_player:
        raise IllegalDecision(f"{card}: hazards are played on the companies of the player whose movement/hazard phase it is "
                              f"({game.turn_player}); {company.name} is {company.player}'s", (C.HAZARD_CARDS, C.PLAYING_CARDS))
    if company.returned:
        raise IllegalDecision(f"{card}: {company.name} was made to return to its site of origin; no more hazards may be played on it",
                              (C.MOVEMENT_HAZARD_PHASE,))
    if company.size_at_start is None:
        fix_size(game, emit, company, limit_modifier)
    limit = hazard_limit(company.size_at_start or 0, limit_modifier) + effect_modifier(game, company)
    if not counts:
        emit("hazard", f"{card} played on {company.name}; it does not count against the hazard limit", [C.TWILIGHT],
             step="company.hazard", phase="movement/hazard")
        return {"hazards_played": company.hazards_played, "hazard_limit": limit}
    if company.hazards_played >= limit:
        raise IllegalDecision(
            f"{card}: {company.name} has already received {company.hazards_played} hazards, its hazard limit is {limit}",
            (C.HAZARD_LIMIT,),
        )
    before = company.hazards_played
    company.hazards_played += 1
    from adjudicator.engine import Change

    emit("hazard",
         f"{card} played on {company.name}{' (' + why + ')' if why else ''}: hazard {company.hazards_played} of {limit}",
         [C.HAZARD_LIMIT] + ([C.STRIKE_SEQUENCE] if why == "during a strike" else []),
         [Change(company.name, "hazards", before, company.hazards_played)], step="company.hazard",
         phase="movement/hazard")
    return {"hazards_played": company.hazards_played, "hazard_limit": limit, "remaining": limit - company.hazards_played}
