"""Poison and unconscious characters (The Hobbit's Flies and Spiders; the Quest Companion's
rulings on it).  ``{op: poison, target: ..., amount: N}`` gives a character N poison (tokens
standing for the poison cards attached to it).  As soon as its poison equals its printed hit
points it is made unconscious: its poison goes to its owner's discard pile (the tokens are
removed), and while unconscious it is kept from questing, attacking, defending, collecting
resources, triggering its abilities and readying -- but an effect that targets an unconscious character may ready it, which
ends its unconsciousness (``ready`` with a target phrase naming ``unconscious``).  The rule the
stages print is applied here as the scenario's rule; "trigger abilities" is not enforced yet."""

from __future__ import annotations

from adjudicator.engine.trace import Change
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities.ability_events import MadeUnconscious, Poisoned
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.state import Card

UNCONSCIOUS = "unconscious"
# what an unconscious character cannot do, as the grammar's restrictions (grammar/restrictions.py)
CANNOT = ("commit to the quest", "attack or defend", "collect resources", "ready in the refresh phase")


def is_unconscious(card: Card) -> bool:
    return bool(card.tokens.get(UNCONSCIOUS))


def _label(card: Card) -> str:
    return f"unconscious: {card.label}"


def poison(r, cause: Cause, card: Card, amount: int) -> bool:
    """Give ``card`` ``amount`` poison; at its printed hit points it is made unconscious."""
    if not card.is_character:
        return E.refused(r, cause, f"{card.label} is not a character: it cannot be poisoned", (C.EFFECTS,))
    if is_unconscious(card):
        return E.refused(r, cause, f"{card.label} is unconscious: it cannot be poisoned", (C.QC_UNCONSCIOUS,))
    before = card.tokens.get("poison", 0)
    card.tokens["poison"] = before + amount
    r.emit(Poisoned(card=card.label, amount=amount, total=before + amount, cause=cause), (C.EFFECTS,) + cause.rules,
           [Change(card.label, "poison", before, before + amount)])
    hp = card.card.stat("hit_points") or 0
    if hp and card.tokens["poison"] >= hp:
        held = card.tokens.pop("poison")
        card.tokens[UNCONSCIOUS] = 1
        r.emit(MadeUnconscious(card=card.label, poison=held, hit_points=hp, cause=cause), (C.QC_UNCONSCIOUS,),
               [Change(card.label, "poison", held, 0), Change(card.label, "unconscious", "no", "yes")])
        label = _label(card)
        for what in CANNOT:
            E.forbid(r, Cause(label, (C.QC_UNCONSCIOUS,), "quest", card=card.label), what, card.label, quiet=True)
    return True


def readiable(r, cause: Cause, phrase: str, found: list[Card]) -> list[Card]:
    """The cards a ``ready`` effect readies: an unconscious one only if its phrase names an
    unconscious character (then it is woken), else it is left out with a step saying so."""
    from adjudicator.lotr.abilities.grammar.targets import parse_target

    t = parse_target(phrase)
    aimed = not t.ref and UNCONSCIOUS in t.qualifiers
    out = []
    for c in found:
        if is_unconscious(c) and not aimed:
            E.refused(r, cause, f"{c.label} is unconscious: only an effect aimed at an unconscious character readies it",
                      (C.QC_UNCONSCIOUS,))
            continue
        if is_unconscious(c):
            wake(r, cause, c)
        out.append(c)
    return out


def wake(r, cause: Cause, card: Card) -> None:
    """Readied by an effect that targets an unconscious character: no longer unconscious."""
    card.tokens.pop(UNCONSCIOUS, None)
    E.lift(r, _label(card))
    r.emit(MadeUnconscious(card=card.label, poison=0, hit_points=0, woken=True, cause=cause), (C.QC_READY_UNCONSCIOUS,) + cause.rules,
           [Change(card.label, "unconscious", "yes", "no")])
