"""Responses (Rules Reference: Response): the players' declared uses, the candidates a
moment offers (each with how to run it and why it may not be used), and the hooks that
resolve triggered abilities (`Responding`, the base of `triggers.AbilityListener`), which
the card modules reach through `listener_of` to offer a card's responses (the prisoner's
rescue, the Nazgûl of Dol Guldur)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from adjudicator.lotr.abilities.model import Ability
from adjudicator.lotr.engine.hooks import Hooks
from adjudicator.lotr.engine.state import Card


@dataclass
class Declared:
    """A response or action the situation file declares a player uses."""

    card: str
    player: str
    with_: str = ""
    used: bool = False
    pay_from: object = ""  # the heroes paying an event's resource cost: a name or a list
    line: int = 0  # where the situation declares it
    why: str = ""  # why it was offered and not used (its cost could not be paid)


@dataclass
class Candidate:
    """An ability that may be used at the moment, and why it is or is not."""

    ability: Ability
    card: Card
    controller: str
    run: Callable[[], bool]
    declared: Declared | None = None
    skip: str = ""  # why it is not used
    cancels: str = ""  # the label of the effect it cancels


class Responding(Hooks):
    """Hooks that resolve triggered abilities: a card module offers a card's abilities at a
    moment with `respond`."""

    def respond(self, r, card: Card, event: str, moment: str, *, subject: str = "self",
                kinds: tuple[str, ...] = ("response",), rules: tuple[str, ...] = (), interpretation=None) -> bool:
        raise NotImplementedError

    def engaged_at_once(self, r, label: str) -> None:
        """An enemy engaged a player in the middle of an effect: its Forced effects on engaging now."""
        raise NotImplementedError


def listener_of(r) -> Responding | None:
    """The replay's card-ability listener (None when triggered abilities are not replayed)."""
    return r.hooks if isinstance(r.hooks, Responding) else None
