"""Spending resources on another sphere's cards (A Good Harvest): ``{op: spend_on_sphere}``
with a ``duration`` lets the ability's controller pay for cards of a sphere they choose (the
play's ``option``: leadership, tactics, spirit or lore) from any of their heroes' pools.  It
changes which resources may be spent, not the need for a match: a card of that sphere with no
resource cost still needs a hero with its icon (Resource Match; FAQ Q62), so the permission
is asked only for a card that costs something (`planning.payment`)."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.ability_events import SpendingAllowed
from adjudicator.lotr.abilities.choose import Play, Undecided
from adjudicator.lotr.abilities.effects import _emit, state_of
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.state import Card, Player

SPHERES = ("leadership", "tactics", "spirit", "lore")


@dataclass(frozen=True)
class Permission:
    """``player`` may pay for ``sphere`` cards from any hero this phase (``by``: the ability)."""

    player: str
    sphere: str
    by: str          # the ability's label
    phase: str       # lasting to the end of this phase of this round
    round: int
    rules: tuple[str, ...] = ()


def allow(r, cause: Cause, source: Card, player: Player, play: Play) -> bool:
    """``player`` may spend any hero's resources on cards of the chosen sphere this phase."""
    sphere = play.option if play.option in SPHERES else ""
    if not sphere:
        raise Undecided(f"the sphere {player.name} chooses for {source.label}", source, player,
                        [(s, s) for s in SPHERES], "option", (C.RESOURCES,))
    state_of(r).spending.append(Permission(player.name, sphere, cause.label, r.g.phase, r.g.round, cause.rules))
    _emit(r, SpendingAllowed(player=player.name, sphere=sphere, cause=cause), (C.RESOURCES, C.LASTING))
    return True


def permission(r, player: Player, card: Card) -> Permission | None:
    """The permission in force letting ``player`` pay for ``card`` from any hero, if any."""
    for p in state_of(r).spending:
        if p.player == player.name and p.sphere == card.card.sphere and p.phase == r.g.phase and p.round == r.g.round:
            return p
    return None
