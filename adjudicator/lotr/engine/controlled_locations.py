"""Locations the players control (The Assault on Osgiliath, Wrath and Ruin: a stage's Forced
effect gives a location leaving play explored to the first player).  Taken into control, the
location's progress is removed and it stays in play in front of that player, its text active;
returned to the staging area (a card effect, or its player eliminated) it is no one's again and
its progress is removed (Ownership and Control; the Quest Companion's rulings on controlling and
losing control of locations)."""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.encounter_events import LocationControlled, LocationControlLost
from adjudicator.lotr.engine.state import Card, Player


def controller(r: Replay, card: Card) -> Player | None:
    """The player controlling the location ``card``, if any."""
    return next((p for p in r.g.players if any(card is c for c in p.locations)), None)


def take_control(r: Replay, player: Player, card: Card, cites: tuple[str, ...], cause=None) -> None:
    """``player`` takes control of the location ``card`` (out of the active location or the staging
    area already, as it leaves play explored): progress removed, into their play area."""
    lost, card.progress = card.progress, 0
    player.locations.append(card)
    r.emit(LocationControlled(player=player.name, card=card.label, lost=lost, cause=cause), cites + (C.OWNERSHIP,),
           [change(card.label, "zone", "explored", f"controlled by {player.name}"), change(card.label, "progress", lost, 0)])


def back_to_staging(r: Replay, card: Card, cites: tuple[str, ...], cause=None, eliminated: bool = False) -> bool:
    """A controlled location returns to the staging area: control lost, progress removed.  False
    when no player controls it."""
    p = controller(r, card)
    if p is None:
        return False
    p.locations = [c for c in p.locations if c is not card]
    lost, card.progress = card.progress, 0
    r.g.staging.append(card)
    r.emit(LocationControlLost(player=p.name, card=card.label, lost=lost, eliminated=eliminated, cause=cause),
           cites + (C.OWNERSHIP, C.STAGING_AREA),
           [change(card.label, "zone", f"controlled by {p.name}", "staging area"), change(card.label, "progress", lost, 0)])
    return True
