"""A card treated as out of play while the card whose effect it is stays in play (Saruman: a
non-unique enemy or location in the staging area): ``{op: out_of_play, target: chosen}``.  The
card leaves the staging area for that time -- it adds no threat, cannot be engaged, travelled
to or affected -- with every card attached to it: a guarded objective under it is out of play
too and cannot be claimed (In Play and Out of Play; FAQ Q76).  It comes back to the staging
area, with what is attached to it, as soon as the card whose effect it is leaves play."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.engine.trace import Change
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.ability_events import OutOfPlay
from adjudicator.lotr.abilities.effects import _emit, refused, state_of
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.state import Card


@dataclass
class Held:
    """``card`` held out of play while ``source`` is in play."""

    card: Card
    source: Card
    cause: Cause


def take(r, cause: Cause, card: Card, source: Card) -> bool:
    if card not in r.g.staging:
        return refused(r, cause, f"{card.label} is not in the staging area", (C.STAGING_AREA,))
    r.g.staging.remove(card)
    state_of(r).out_of_play.append(Held(card, source, cause))
    attached = tuple(c.label for c in (*card.guarding, *card.attachments))
    _emit(r, OutOfPlay(card=card.label, attached=attached, cause=cause),
          (C.IN_PLAY,) + ((C.FAQ_Q_ATTACHED_OUT_OF_PLAY,) if attached else ()),
          [Change(card.label, "zone", "staging area", "out of play")])
    return True


def refresh(r) -> None:
    """Each card held out of play whose source has left play comes back to the staging area."""
    st = state_of(r)
    if not st.out_of_play:
        return
    in_play = {id(c) for c in r.g.cards_in_play()}
    for held in [h for h in st.out_of_play if id(h.source) not in in_play]:
        st.out_of_play.remove(held)
        r.g.staging.append(held.card)
        attached = tuple(c.label for c in (*held.card.guarding, *held.card.attachments))
        r.emit(OutOfPlay(card=held.card.label, attached=attached, back=True, cause=held.cause), (C.IN_PLAY,) + held.cause.rules,
               [Change(held.card.label, "zone", "out of play", "staging area")])
