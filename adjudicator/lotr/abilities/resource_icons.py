"""Resource icons and resource match (Rules Reference: Resource Match; Sphere of
Influence; Neutral Cards; Gains; FAQ Q62).

A hero's resources pay for a sphere card only when the hero has a resource icon of that
sphere: its printed one, or one a card ability gives it while the ability applies
(Celebrían's Stone on Aragorn: a spirit icon).  A neutral card needs no match; a 0-cost
sphere card still does.  The card data names a gained icon as a constant ability:

    {kind: constant, condition: the attached hero is Aragorn,
     effects: [{op: gain_icon, icon: spirit, target: attached hero}]}

The icons are read from the cards in play each time they are asked for, so an icon ends
as soon as its card leaves play or its condition stops holding.

    icons(r, hero)            -> {"leadership", "spirit"}
    can_pay_for(r, hero, card) -> True / False
"""

from __future__ import annotations

from adjudicator.lotr.abilities.card_text import abilities_of
from adjudicator.lotr.abilities.grammar.conditions import holds as condition_holds
from adjudicator.lotr.engine.state import Card


def gained(r, hero: Card) -> list[tuple[str, str]]:
    """(sphere, ability label) for each resource icon a card ability gives ``hero`` now.  A
    replay without card abilities (``--no-abilities``) does not ask: its framework checks
    the printed icon only."""
    of = abilities_of(r)
    out = []
    for card in (hero, *hero.attachments):
        for a in of(card):
            if a.kind != "constant" or a.trigger is not None:
                continue
            for e in a.effects:
                if e.op != "gain_icon":
                    continue
                on_host = str(e.get("target", "self")).startswith("attached ")
                if (card is hero) == on_host:
                    continue
                if a.condition and not condition_holds(r, card, a.condition):
                    continue
                out.append((str(e.get("icon")), a.label))
    return out


def icons(r, hero: Card) -> set[str]:
    """The spheres of ``hero``'s resource icons: printed and gained."""
    printed = {hero.card.sphere} if hero.card.sphere not in (None, "neutral") else set()
    return printed | {sphere for sphere, _ in gained(r, hero)}


def can_pay_for(r, hero: Card, card: Card) -> bool:
    """Whether ``hero``'s resources may pay for ``card`` (Resource Match; Neutral Cards)."""
    sphere = card.card.sphere
    return sphere in (None, "neutral") or sphere in icons(r, hero)


def source_of(r, hero: Card, sphere: str) -> str:
    """The ability that gives ``hero`` an icon of ``sphere`` ("" when it is printed or absent)."""
    if hero.card.sphere == sphere:
        return ""
    return next((label for s, label in gained(r, hero) if s == sphere), "")
