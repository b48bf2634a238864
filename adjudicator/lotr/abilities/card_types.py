"""A card whose card type changes while a constant ability applies (Sword-thain: the unique ally
it is attached to is a hero, no longer an ally).  ``{op: gain_type, type: hero, target: attached
character}``: the card counts as that type everywhere the rules or a phrase read its type -- it
stands among its controller's heroes, its printed sphere icon being a hero's printed icon (FAQ
Q81), and an effect aimed at "that ally" no longer reaches it (FAQ Q82: Sneak Attack) -- until
the ability stops applying, when it is what it was printed again."""

from __future__ import annotations

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.ability_events import TypeChanged
from adjudicator.lotr.abilities.choose import controller_of
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.state import Card

ZONES = {"hero": "heroes", "ally": "allies"}


def _move(r, card: Card, old: str, new: str) -> None:
    who = controller_of(r, card)
    if who is None or old not in ZONES or new not in ZONES:
        return
    src, dst = getattr(who, ZONES[old]), getattr(who, ZONES[new])
    if any(c is card for c in src):
        src.remove(card)
        dst.append(card)


def become(r, cause: Cause, card: Card, kind: str) -> None:
    """``card`` is of type ``kind`` from now on (its controller's heroes or allies as it becomes)."""
    old = card.type
    if old == kind:
        return
    _move(r, card, old, kind)
    card.type_as = kind
    r.emit(TypeChanged(card=card.label, was=old, now=kind, cause=cause), (C.CONSTANT, C.GAINS) + cause.rules)


def revert(r, label: str, card: Card) -> None:
    """The ability no longer applies: ``card`` is its printed type again."""
    now, printed = card.type, card.card.type
    if now == printed:
        return
    _move(r, card, now, printed)
    card.type_as = ""
    r.emit(TypeChanged(card=card.label, was=now, now=printed, cause=Cause(label)), (C.CONSTANT,))
