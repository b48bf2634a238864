"""Limits (Rules Reference: Limits; FAQ 1.10, 1.51).

"Limit X per phase / round" counts per copy of the card (each instance of the ability);
"Limit X per game" counts per player, whichever copy is used, unless the card says "for
the group".  Beyond printed limits, actions are limited only by their costs (FAQ 1.10).
A cancelled ability still spends its limit (Limits; Cancel).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.model import Ability


@dataclass
class Limits:
    """How many times each limited ability has been used, by its limit's key."""

    used: dict[tuple, int] = field(default_factory=dict)

    @staticmethod
    def key(ability: Ability, copy_label: str, player: str, phase: str, round_: int) -> tuple | None:
        if ability.limit is None:
            return None
        lim = ability.limit
        when = (round_, phase) if lim.period == "phase" else (round_,) if lim.period == "round" else ()
        scope = lim.effective_scope
        who = copy_label if scope == "copy" else player if scope == "player" else "group"
        return (ability.card, ability.index, who, lim.period, when)

    def can_use(self, ability: Ability, copy_label: str, player: str, phase: str, round_: int) -> tuple[bool, tuple[str, ...]]:
        """Whether one more use is allowed, and the rules that decide it."""
        k = self.key(ability, copy_label, player, phase, round_)
        if k is None:
            return True, (C.FAQ_LIMITS_ON_ACTIONS,)
        on_actions = (C.FAQ_LIMITS_ON_ACTIONS,) if ability.kind == "action" else ()
        return self.used.get(k, 0) < ability.limit.count, (C.LIMITS, C.FAQ_LIMITS) + on_actions

    def repeat_rules(self, ability: Ability, copy_label: str, player: str, phase: str, round_: int) -> tuple[str, ...]:
        """The rules a use cites when it repeats: an action used again is limited only by its
        cost and its own limit (FAQ 1.10); a copy whose limit is untouched while another copy
        has used its own (the limit belongs to the copy: FAQ 1.51)."""
        k = self.key(ability, copy_label, player, phase, round_)
        if k is None:
            return ()
        rules: tuple[str, ...] = ()
        if self.used.get(k, 0) and ability.kind == "action":
            rules += (C.FAQ_LIMITS_ON_ACTIONS, C.LIMITS)
        others = [n for (card, index, who, period, when), n in self.used.items()
                  if (card, index, period, when) == (k[0], k[1], k[3], k[4]) and who != k[2]]
        if ability.limit.effective_scope == "copy" and any(others):
            rules += (C.FAQ_LIMITS, C.LIMITS)
        return rules

    def use(self, ability: Ability, copy_label: str, player: str, phase: str, round_: int) -> None:
        k = self.key(ability, copy_label, player, phase, round_)
        if k is not None:
            self.used[k] = self.used.get(k, 0) + 1
