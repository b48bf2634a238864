"""The site phase (Starter §4 and §10 Resource Cards, Standard §4 Site Phase): entering and
exploring a site, its automatic-attacks, and playing one item, ally, faction or
information card there.

- A company at an untapped site may enter and explore it (or do nothing).  It faces the
  site's automatic-attacks first (it need not defeat them).
- It may then attempt to play one item, ally, faction or information card playable at the
  site: an untapped character taps to do so; if the card is played, the site taps and one
  more character may tap to play a minor item.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from adjudicator.engine import Change, Emitter, IllegalDecision

from . import citations as C
from .state import TAPPED, UNTAPPED, Ally, Company, Game, Item, Site

PHASE = "site"


def _site(game: Game, company: Company):
    site = game.sites.get(company.site)
    if site is None:
        raise IllegalDecision(f"{company.site!r}, {company.name}'s site, is not described under sites:", (C.SITE_PHASE,))
    return site


def _described(game: Game, company: Company) -> Site:
    """The company's site, or an untapped one without automatic-attacks when the situation does not describe it."""
    return game.sites.get(company.site) or Site(name=company.site or "its site", type="")


def enter_site(game: Game, emit: Emitter, decl: dict[str, Any]) -> dict[str, Any]:
    company = game.companies[decl["company"]]
    enter(game, emit, company)
    site = _described(game, company)
    return {"company": company.name, "site": site.name, "automatic_attacks": [_name(a) for a in site.automatic_attacks]}


def enter(game: Game, emit: Emitter, company: Company) -> None:
    """The company decides to enter and explore its site (once a site phase)."""
    if company.entered:
        return
    if company.player != game.turn_player:
        raise IllegalDecision(f"{company.name} is {company.player}'s; only the player whose turn it is explores sites",
                              (C.SITE_PHASE,))
    site = _described(game, company)
    if site.tapped:
        raise IllegalDecision(f"{site.name} is tapped: a company may enter and explore only an untapped site",
                              (C.SITE_PHASE, C.SITE_TAPPED))
    company.entered = True
    attacks = [_name(a) for a in site.automatic_attacks]
    emit("enters-site", f"{company.name} enters and explores {site.name}"
         + (f"; its automatic-attacks come first: {', '.join(attacks)}" if attacks else "; it has no automatic-attack"),
         [C.SITE_PHASE] + ([C.AUTOMATIC_ATTACK_FIRST] if attacks else []), step="site.enter", phase=PHASE)


def automatic_attack_faced(game: Game, company: Company, creature: str) -> None:
    company.site_attacks.append(creature)


def explore(game: Game, emit: Emitter, company: Company, card: str, card_site: str = "") -> None:
    """Before an item, ally, faction or information card is played at the company's site:
    entered, automatic-attacks faced, site untapped, one such card per company."""
    enter(game, emit, company)
    site = _described(game, company)
    if card_site and company.site and card_site != company.site:
        raise IllegalDecision(f"{card} is played at {card_site}; {company.name} is at {site.name}", (C.RESOURCE_CARDS,))
    if company.resource_played:
        raise IllegalDecision(f"{company.name} already attempted {company.resource_played} this site phase; a company attempts one "
                              "item, ally, faction or information card", (C.SITE_PHASE,))
    needed = Counter(_name(a) for a in site.automatic_attacks)
    faced = Counter(company.site_attacks)
    missing = [n for n, k in needed.items() if faced[n] < k]
    if missing:
        raise IllegalDecision(f"{company.name} must face {site.name}'s automatic-attack ({', '.join(missing)}) before playing {card}",
                              (C.AUTOMATIC_ATTACK_FIRST, C.RESOURCE_NEEDS_UNTAPPED))
    company.resource_played = card


def play_resource(game: Game, emit: Emitter, decl: dict[str, Any], item: Item | None, ally: Ally | None) -> dict[str, Any]:
    """A character taps to play an item or an ally at his company's site; the site taps."""
    char = game.characters.get(decl["character"])
    if char is None or not char.in_play:
        raise IllegalDecision(f"{decl['character']!r} is not a character in play", (C.RESOURCE_CARDS,))
    company = game.companies[char.company]
    card = item or ally
    cites = [C.ITEMS if item else C.ALLIES, C.RESOURCE_NEEDS_UNTAPPED]
    if char.state != UNTAPPED:
        raise IllegalDecision(f"{char.name} is {char.state}; a character must tap to play {card.name}", tuple(cites) + (C.TAPPING,))
    site = _site(game, company)
    if item is not None:
        if site.playable is None:
            raise IllegalDecision(f"what is playable at {site.name} is not described (sites: {site.name}: {{playable: [...]}})",
                                  (C.ITEMS,))
        if item.kind not in site.playable:
            raise IllegalDecision(f"{item.name} is a {item.kind} item; {site.name} has playable: {', '.join(site.playable) or 'nothing'}",
                                  (C.ITEMS,))
    explore(game, emit, company, card.name, ally.site if ally else "")
    char.state = TAPPED
    site.tapped = True
    if item is not None:
        char.items.append(item)
    else:
        ally.controller = char.name
        char.allies.append(ally)
    emit("resource-played",
         f"{char.name} taps to play {card.name} ({'a ' + item.kind + ' item' if item else 'an ally'}) at {site.name}; "
         f"{site.name} taps", cites + [C.SITE_PHASE],
         [Change(char.name, "state", UNTAPPED, TAPPED), Change(site.name, "state", "untapped", "tapped"),
            Change(card.name, "bearer" if item else "controller", None, char.name)], step="site.resource", phase=PHASE)
    out: dict[str, Any] = {"character": char.name, "card": card.name, "site_tapped": True}
    extra = decl.get("minor_item")
    if extra:
        out["minor_item"] = minor_item(game, emit, company, extra["character"], extra["item"])
    return out


def minor_item(game: Game, emit: Emitter, company: Company, name: str, item: Item) -> str:
    """After a card that taps the site is played, one more character may tap to play a minor item."""
    char = game.characters.get(name)
    if char is None or not char.in_play or char.company != company.name:
        raise IllegalDecision(f"{name!r} is not a character in {company.name}", (C.MINOR_ITEMS,))
    if char.state != UNTAPPED:
        raise IllegalDecision(f"{name} is {char.state}; he must tap to play the extra minor item", (C.MINOR_ITEMS,))
    if item.kind != "minor":
        raise IllegalDecision(f"{item.name} is a {item.kind} item; the extra item must be minor", (C.MINOR_ITEMS,))
    char.state = TAPPED
    char.items.append(item)
    emit("minor-item", f"{name} taps to play the minor item {item.name} as well", [C.MINOR_ITEMS],
         [Change(name, "state", UNTAPPED, TAPPED), Change(item.name, "bearer", None, name)], step="site.resource",
         phase=PHASE)
    return item.name


def _name(ref: Any) -> str:
    return ref if isinstance(ref, str) else ref.get("name", "automatic-attack")
