"""Player cards engaged face down as enemies (the Orc Guards of Escape from Dol Guldur) and
where they go instead of the staging area (the erratum of Core 125, Out of the Dungeons: a
face-down Orc Guard that would return to the staging area goes to its owner's discard pile
instead).  Written in the card data as a Forced replacement (``returns_to_staging``); the
hooks' `return_to_staging_instead` finds it and calls `to_owners_discard`."""

from __future__ import annotations

from adjudicator.engine.trace import Change
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.ability_events import FacedownToOwner
from adjudicator.lotr.engine import citations as EC
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.state import Card


def to_owners_discard(r, cause: Cause, enemy: Card) -> bool:
    """The face-down ``enemy`` leaves play to its owner's discard pile (its shadow cards to the
    encounter discard pile); False when it is not a face-down player card of a player here."""
    card = getattr(enemy, "facedown", None)
    owner = r.g.player(card.owner) if card is not None else None
    if card is None or owner is None:
        return False
    held_by = next((p for p in r.g.players if any(e is enemy for e in p.engaged)), None)
    if held_by is not None:
        held_by.engaged.remove(enemy)
    elif enemy in r.g.staging:
        r.g.staging.remove(enemy)
    else:
        return False
    for s in enemy.shadows:
        r.g.encounter_discard.insert(0, s)
    enemy.shadows = []
    card.exhausted = card.committed = False
    owner.discard.insert(0, card)
    where = f"engaged with {held_by.name}" if held_by is not None else "staging area"
    r.emit(FacedownToOwner(enemy=enemy.label, card=card.label, player=owner.name, cause=cause),
           (C.REPLACEMENT, C.FORCED, EC.OWNERSHIP, EC.ERRATA_FACEDOWN_ORC_GUARD) + cause.rules,
           [Change(enemy.label, "zone", where, f"{owner.name}'s discard pile")])
    return True
