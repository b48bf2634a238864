"""Lasting effects (Rules Reference: Lasting Effects; FAQ 1.55, Q44).

Two classes, handled differently:

- from a **player card**: the set of cards it affects is fixed when it is established, and
  its value is calculated then, once; cards that arrive later are not affected, and a
  change of the game state does not recalculate it;
- from an **encounter or quest card**: it reaches every card that meets its criteria,
  later arrivals included, and is recalculated whenever the game state changes --
  unless the card's own text limits it to what is there "currently" (Driven by Shadow),
  which freezes the set (FAQ Q44).

A lasting effect lasts its duration even if its source leaves play, and expires as its
timing point is reached, just before any "at the end of ..." ability (so the timing
module sorts expiries first).

Here an effect is applied as engine modifiers on the cards it reaches (so the engine's
``Card.stat`` counts it); ``refresh`` re-applies the encounter ones after each change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from adjudicator.engine.trace import Change
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.ability_events import LastingApplied, LastingEnds, LastingEstablished
from adjudicator.lotr.abilities.effects import Cause, state_of, unset_threat
from adjudicator.lotr.engine.modifiers import Modifier
from adjudicator.lotr.engine.state import Card


@dataclass
class Lasting:
    """A lasting modifier of a statistic, and until when it lasts."""

    cause: Cause
    stat: str
    how: str
    value: Callable[[object], int]          # game -> value (called once for player cards)
    selector: Callable[[object], list[Card]]  # game -> the cards meeting the criteria
    until: str                              # end_of_phase, end_of_round, ...
    dynamic: bool = False                   # reaches later arrivals and is recalculated
    members: dict[str, tuple[Card, int]] = field(default_factory=dict)  # label -> (card, value applied)
    frozen_value: int | None = None
    attack: object | None = None            # "until the end of the attack": the attack it belongs to (initiate.of_attack)

    def rules(self) -> tuple[str, ...]:
        return (C.LASTING, C.FAQ_LASTING) + self.cause.rules


class LastingEffects:
    def __init__(self) -> None:
        self.items: list[Lasting] = []


def _registry(r) -> LastingEffects:
    st = state_of(r)
    if st.lasting is None:
        st.lasting = LastingEffects()
    return st.lasting


def establish(r, cause: Cause, stat: str, how: str, value: Callable[[object], int] | int,
              selector: Callable[[object], list[Card]], until: str = "end_of_phase", set_mode: str = "") -> Lasting:
    """Establish a lasting modifier.  ``set_mode`` "current" freezes the set even for an
    encounter card ("currently in the staging area"); "" takes the class's default."""
    value_fn = value if callable(value) else (lambda g, v=value: v)
    dynamic = (not cause.from_player_card) and set_mode != "current"
    item = Lasting(cause, stat, how, value_fn, selector, until, dynamic)
    if not dynamic:
        item.frozen_value = value_fn(r.g)
    _registry(r).items.append(item)
    # an encounter card's "currently" freezes the cards it reaches (FAQ Q44)
    frozen = (C.FAQ_Q_LATER_ARRIVALS,) if not cause.from_player_card and not dynamic else ()
    r.emit(LastingEstablished(until=until, stat=stat, how=how, dynamic=dynamic, player_card=cause.from_player_card, cause=cause),
           item.rules() + frozen)
    _apply(r, item, {c.label: c for c in selector(r.g)})
    return item


def _apply(r, item: Lasting, wanted: dict[str, Card] | None = None) -> None:
    """Bring the item's modifiers on the table up to date: a frozen item only at its
    establishment (``wanted`` given), a dynamic one with its selector and value now."""
    g = r.g
    value = item.value(g) if item.dynamic else item.frozen_value
    later = False  # a recalculation: cards that arrived since it was established are reached too (FAQ Q44)
    if wanted is None:
        if not item.dynamic:
            return
        wanted = {c.label: c for c in item.selector(g)}
        later = any(label not in item.members for label in wanted)
    touched = {label: card for label, (card, _) in item.members.items()} | wanted
    before = {label: card.stat(item.stat) for label, card in touched.items()}
    for label, (card, applied) in list(item.members.items()):
        if label not in wanted or applied != value:
            card.modifiers = [m for m in card.modifiers if not (m.source == item.cause.label and m.stat == item.stat)]
            del item.members[label]
    floored = []
    for label, card in wanted.items():
        if label not in item.members:
            card.modifiers.append(Modifier(item.stat, item.how, value, item.cause.label))
            item.members[label] = (card, value)
            if item.how == "subtract" and before[label] - value < card.stat(item.stat):
                floored.append(label)  # a value stops at 0 (Modifiers; FAQ 1.43)
    changes = [Change(label, item.stat, before[label], card.stat(item.stat))
               for label, card in touched.items() if card.stat(item.stat) != before[label] or label in floored]
    if changes:
        rules = item.rules() + ((C.FAQ_Q_LATER_ARRIVALS,) if later else ()) + ((C.MODIFIERS, C.FAQ_NOT_BELOW_ZERO) if floored else ())
        r.emit(LastingApplied(values=tuple((c.target, c.before, c.after) for c in changes), floored=tuple(floored), cause=item.cause),
               rules, tuple(changes))


def refresh(r) -> None:
    """Recalculate every encounter-card lasting effect after a change of the game state."""
    for item in _registry(r).items:
        if item.dynamic:
            _apply(r, item)


def expire(r, point: str) -> list[Lasting]:
    """End the lasting effects whose duration ends at ``point`` (before any ability there)."""
    reg = _registry(r)
    gone = [i for i in reg.items if i.until == point]
    for item in gone:
        changes = []
        for label, (card, _) in item.members.items():
            before = card.stat(item.stat)
            card.modifiers = [m for m in card.modifiers if not (m.source == item.cause.label and m.stat == item.stat)]
            changes.append(Change(label, item.stat, before, card.stat(item.stat)))
        item.members.clear()
        r.emit(LastingEnds(until=point, cause=item.cause), (C.LASTING,) + item.cause.rules, tuple(changes))
    reg.items = [i for i in reg.items if i.until != point]
    st = state_of(r)
    for name, label, until in [t for t in st.threat_sets if t[2] == point]:  # "treat your threat as X" this phase ...
        st.threat_sets.remove((name, label, until))
        player = r.g.player(name)
        if player is not None:
            unset_threat(r, label, player)
    return gone


def active(r) -> list[Lasting]:
    return list(_registry(r).items)
