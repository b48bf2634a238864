"""A limit on the damage one effect heals on a card ("cannot be healed of more than 5 damage by
one effect": Wilyador).  The restriction phrase is ``be healed of more than N damage by one
effect``; each heal effect on the card heals at most N, so an effect repeated once per card
counted (``for_each``) heals N at each repetition, each its own effect (FAQ Q19)."""

from __future__ import annotations

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.ability_events import HealCapped
from adjudicator.lotr.abilities.effects import forbidding
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.state import Card


def capped(r, cause: Cause, card: Card, amount: int | None) -> int | None:
    """The damage one heal effect may remove from ``card``: ``amount`` (None: all of it), at
    most the smallest cap a restriction in force puts on it (a step says so when it bites)."""
    held = forbidding(r, "be healed beyond", card.label)
    if not held:
        return amount
    cap = min(h.restriction.price for h in held)
    wanted = card.damage if amount is None else amount
    if wanted <= cap:
        return amount
    r.emit(HealCapped(card=card.label, wanted=wanted, cap=cap, by=held[0].by, cause=cause),
           (C.CANNOT, C.HEAL) + held[0].rules + cause.rules)
    return cap
