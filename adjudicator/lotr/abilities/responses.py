"""Responses (Rules Reference: Response): the players' declared uses, and the candidates a
moment offers (each with how to run it and why it may not be used)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from adjudicator.lotr.abilities.model import Ability
from adjudicator.lotr.engine.state import Card


@dataclass
class Declared:
    card: str
    player: str
    with_: str = ""
    used: bool = False
    pay_from: object = ""  # the heroes paying an event's resource cost: a name or a list


@dataclass
class Candidate:
    ability: Ability
    card: Card
    controller: str
    run: Callable[[], bool]
    declared: Declared | None = None
    skip: str = ""  # why it is not used
    cancels: str = ""  # the label of the effect it cancels
