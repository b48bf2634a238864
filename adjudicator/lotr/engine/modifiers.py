"""Modifiers: a value is always recomputed from its base value and every active modifier
(Rules Reference, Modifiers; Base Value; FAQ 1.43).

Order, in one function: add and subtract, then double and halve; a set modifier overrides
all others (the most recent set wins); the result is floored at 0, and a fraction is
rounded up after everything else.
"""

from __future__ import annotations

import math
from fractions import Fraction

from msgspec import Struct

from adjudicator.lotr.engine import citations as C

OPS = ("add", "subtract", "double", "halve", "set")


class Modifier(Struct, frozen=True):
    stat: str
    op: str
    value: int = 0
    source: str = ""

    def __post_init__(self) -> None:
        if self.op not in OPS:
            raise ValueError(f"unknown modifier operation {self.op!r}")


def apply_modifiers(base: int | None, modifiers: list[Modifier] | tuple[Modifier, ...]) -> int:
    """The modified value of a quantity whose printed (base) value is ``base``."""
    sets = [m for m in modifiers if m.op == "set"]
    if sets:
        value = Fraction(sets[-1].value)
    else:
        value = Fraction(base or 0)
        for m in modifiers:
            if m.op == "add":
                value += m.value
            elif m.op == "subtract":
                value -= m.value
        for m in modifiers:
            if m.op == "double":
                value *= 2
            elif m.op == "halve":
                value /= 2
    if value < 0:
        value = Fraction(0)
    return math.ceil(value)


MODIFIERS_RULE = C.MODIFIERS  # Rules Reference: Modifiers (add and subtract, then double and halve ...)


def modifiers_rule(cards, *stats: str) -> tuple[str, ...]:
    """The Modifiers rule's id when a value computed from ``cards``' ``stats`` has modifiers
    applied (it decides the computation: add and subtract, then double and halve, a set
    value overriding, floored at 0, rounded up), else nothing."""
    for c in cards:
        if any(m.stat in stats for m in c.modifiers):
            return (MODIFIERS_RULE,)
    return ()
