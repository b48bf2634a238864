"""Is this position legal, and are the declared decisions?  Every violation with its rule.

`check(situation)` looks at the position (static checks), then replays the declared
decisions without stopping at an illegal one (each is recorded, the rest carries on), up
to the situation's stop or the first missing decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Violation
from adjudicator.lotr.engine.elimination import FAQ_Q_PRISONER_ELIMINATION
from adjudicator.lotr.engine.framework import replay
from adjudicator.lotr.engine.hooks import Hooks
from adjudicator.lotr.engine.planning import RESTRICTED_LIMIT
from adjudicator.lotr.engine.situation import Situation
from adjudicator.lotr.engine.state import Card


@dataclass
class CheckResult:
    """The violations a check found, how far the decisions were replayed, and those never used."""

    violations: list[Violation] = field(default_factory=list)
    checked_to: str | None = None  # the step reached by the replay of the decisions
    pending: Any = None  # a missing decision that stopped the replay of the decisions
    unused: list[dict] = field(default_factory=list)  # declared decisions never reached or never needed

    @property
    def legal(self) -> bool:
        return not self.violations

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "violations": [v.to_dict() for v in self.violations],
            "checked_to": self.checked_to,
            "pending": self.pending.to_dict() if self.pending is not None else None,
            "unused_decisions": self.unused,
        }


def position_violations(s: Situation, hooks: Hooks | None = None) -> list[Violation]:
    """What is illegal in the position itself; ``hooks`` add the rulings of the cards a rule
    meets (a unique card's own ruling: `Hooks.rulings_of`)."""
    g = s.game
    hooks = hooks if hooks is not None else Hooks()
    out: list[Violation] = []
    seen: dict[str, Card] = {}
    for c in g.cards_in_play():
        if c.card.unique and c.is_character or (c.card.unique and c.type == "attachment"):
            if c.name in seen:
                rules = (C.UNIQUE_CARDS,)
                rules += tuple(x for card in (seen[c.name], c) for x in hooks.rulings_of(card, rules) if x not in rules)
                out.append(Violation(f"two copies of the unique card {c.name} are in play ({seen[c.name].label} and {c.label})", rules))
            else:
                seen[c.name] = c
    for p in g.players:
        if p.eliminated:
            continue
        if p.threat >= p.elimination_level:
            out.append(Violation(f"{p.name} has threat {p.threat} and is still in the game: a player is eliminated at {p.elimination_level}", (C.THREAT_ELIMINATION, C.PLAYER_ELIMINATION)))
        if not p.heroes and p.prisoners:  # Escape from Dol Guldur: the face-down prisoner does not count
            held = ", ".join(c.label for c in p.prisoners)
            out.append(Violation(f"{p.name} has no hero but the prisoner {held}, face down, and is still in the game",
                                 (C.PLAYER_ELIMINATION, FAQ_Q_PRISONER_ELIMINATION)))
        elif not p.heroes:
            out.append(Violation(f"{p.name} has no heroes and is still in the game", (C.PLAYER_ELIMINATION,)))
        if len(p.heroes) + len(p.prisoners) > 3:
            counted = ", the prisoner counted" if p.prisoners else ""
            out.append(Violation(f"{p.name} has {len(p.heroes) + len(p.prisoners)} heroes{counted}; a player starts with 1 to 3", (C.HERO_CARDS,)))
        for c in p.characters:
            hp = c.stat("hit_points")
            if c.damage >= hp:
                out.append(Violation(f"{c.label} ({p.name}) has {c.damage} damage and {hp} hit points but is still in play", (C.DAMAGE, C.HIT_POINTS, C.DESTROY)))
            restricted = [a.label for a in c.attachments if a.keyword("restricted")]
            if len(restricted) > RESTRICTED_LIMIT:
                out.append(Violation(f"{c.label} holds {len(restricted)} restricted attachments ({', '.join(restricted)}); at most {RESTRICTED_LIMIT}", (C.RESTRICTED,)))
        for e in p.engaged:
            if e.damage >= e.stat("hit_points") and not e.keyword("indestructible"):
                out.append(Violation(f"{e.label} has {e.damage} damage and {e.stat('hit_points')} hit points but is still in play", (C.DAMAGE, C.HIT_POINTS, C.DESTROY)))
    for c in g.staging:
        if c.type == "enemy" and c.damage >= c.stat("hit_points") and not c.keyword("indestructible"):
            out.append(Violation(f"{c.label} has {c.damage} damage and {c.stat('hit_points')} hit points but is still in play", (C.DAMAGE, C.HIT_POINTS, C.DESTROY)))
    loc = g.active_location
    if loc is not None and loc.progress >= loc.stat("quest_points") > 0:
        out.append(Violation(f"the active location {loc.label} has {loc.progress} progress for {loc.stat('quest_points')} quest points and is not explored", (C.EXPLORED,)))
    return out


def check(s: Situation, hooks: Hooks | None = None) -> CheckResult:
    """The position's violations, then those of its declared decisions replayed without
    stopping at an illegal one.  ``hooks``: the card abilities (and the rules printed on
    cards, such as a quest stage's limit on allies), as for `framework.replay`;
    `api.check` attaches them as `api.replay` does."""
    result = CheckResult(violations=position_violations(s, hooks))
    trace = replay(s, strict=False, keep=False, hooks=hooks)
    result.violations += trace.violations
    result.pending = trace.pending
    result.checked_to = s.game.step
    result.unused = (trace.final_state or {}).get("unused_decisions", [])
    return result
