"""Card effects in play and how procedures read them (cards as data; cards.py plays cards).

- ``modifications(game, stat, names, ...)``: every modification of a value in effect for
  these targets (lasting card effects, then a character's or creature's own abilities),
  each with the card or ability it comes from and its cause as data (``modifiers``: the
  (source, value) pairs);
- ``holds(when, ...)``: whether an effect's ``when`` condition is met here;
- ``retyped(game, path)``: region types moved through after the changes in play;
- ``Combat``: what a card played during an attack or a strike can read and change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from adjudicator.engine import by_card

from .state import Ally, Character, Company, Game


@dataclass
class Combat:
    """What a card played during an attack (or one of its strikes) can read and change."""

    company: Company
    creature: Any
    strikes: int
    prowess: int
    body: int | None
    keyed_to: str = ""
    automatic: bool = False
    assigned: bool = False  # strikes are assigned: strike numbers no longer change
    canceled: str = ""  # the card that canceled the attack
    target: str = ""  # the character or ally facing the strike being resolved
    strike_mod: list[tuple[str, int]] = field(default_factory=list)
    strike_canceled: str = ""


def holds(when: dict[str, Any], game: Game, *, combat: Combat | None = None, company: Company | None = None,
          target: Character | Ally | None = None, faction: str = "") -> bool:
    """Whether a ``when`` condition is met in this situation."""
    company = company or (combat.company if combat else None)
    for key, want in (when or {}).items():
        if key == "keyed_to":
            if not (combat and any(sym in combat.keyed_to for sym in want)):
                return False
        elif key == "faced":
            if not (company and set(want) & set(company.faced_races)):
                return False
        elif key == "against":
            if not (combat and getattr(combat.creature, "race", "") in want):
                return False
        elif key == "automatic":
            if not combat or combat.automatic != want:
                return False
        elif key == "site_types":
            site = game.sites.get(company.new_site or company.site) if company else None
            if site is None or site.type not in want:
                return False
        elif key == "faction":
            if faction != want:
                return False
        elif key == "race":
            if target is None or target.race not in want:
                return False
        elif key == "skill":
            if target is None or want not in target.skills:
                return False
    return True


class Modification(NamedTuple):
    """One modification of a value: who it comes from (for people), by how much, and its
    cause as data (the card's effect, adjudicator.engine.emitter.by_card)."""

    source: str
    value: int
    cause: dict[str, Any]


def modifications(game: Game, stat: str, names: list[str], *, own: tuple[str, list[dict[str, Any]]] = ("", []),
                  own_kind: str = "character", **ctx: Any) -> list[Modification]:
    """Every modification of ``stat`` in effect for these targets: lasting card effects in
    play, then ``own`` = (whose, effects): a character's or creature's (``own_kind``) own
    abilities (target ``self`` or ``attack``)."""
    out = []
    for e in game.effects:
        if e.op == "modify" and e.stat == stat and e.target in ("", *names) and holds(e.when, game, **ctx):
            out.append(Modification(e.card, e.value, e.cause or by_card(e.card, op=e.op)))
    whose, effects = own
    for index, eff in enumerate(effects):
        if eff.get("op") == "modify" and eff.get("stat") == stat and eff.get("target") in ("self", "attack") \
                and holds(eff.get("when") or {}, game, **ctx):
            out.append(Modification(f"{whose}'s own ability", int(eff.get("value", 0)),
                                    by_card(whose, index, "modify", kind=own_kind)))
    return out


def modifiers(game: Game, stat: str, names: list[str], **kw: Any) -> list[tuple[str, int]]:
    """(source, value) of each of `modifications`."""
    return [(m.source, m.value) for m in modifications(game, stat, names, **kw)]


def expire(game: Game, until: str) -> None:
    game.effects = [e for e in game.effects if e.until != until]


def retyped(game: Game, path: list[str]) -> tuple[list[str], list[str]]:
    """The path moved through after the region-type changes in play, and the cards that made them."""
    out, by = list(path), []
    for e in game.effects:
        if e.op != "retype":
            continue
        if "map" in e.data:
            out = [e.data["map"].get(t, t) for t in out]
        else:
            left = e.data.get("count") or len(out)
            for i, t in enumerate(out):
                if t == e.data["from"] and left:
                    out[i] = e.data["to"]
                    left -= 1
        by.append(e.card)
    return out, by
