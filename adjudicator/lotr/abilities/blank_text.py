"""Text boxes treated as blank (Blank): ``{op: blank, target: ...}`` with a ``duration`` makes
every ability of the card inactive until then -- its constant abilities stop applying, so a
restriction it imposes is lifted -- and active again afterwards.  A card whose text says it
"cannot have attachments" may take attachments while blank; they are discarded the moment its
text is active again (FAQ 1.56: `constant`, the restriction ``have attachments``)."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.engine.trace import Change
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.ability_events import Blanked
from adjudicator.lotr.abilities.effects import _emit, state_of
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.state import Card


@dataclass
class Blank:
    """``card``'s text box blank until ``until``."""

    card: Card
    until: str
    cause: Cause


def blank(r, cause: Cause, card: Card, until: str) -> bool:
    card.blank = cause.label
    state_of(r).blanks.append(Blank(card, until, cause))
    _emit(r, Blanked(card=card.label, until=until, cause=cause), (C.BLANK, C.LASTING), [Change(card.label, "text box", "active", "blank")])
    return True


def expire(r, until: str) -> None:
    """The blanks lasting to ``until`` end: the cards' text is active again."""
    st = state_of(r)
    due = [b for b in st.blanks if b.until == until]
    st.blanks = [b for b in st.blanks if b.until != until]
    for b in due:
        b.card.blank = ""
        r.emit(Blanked(card=b.card.label, until="", back=True, cause=b.cause), (C.BLANK, C.LASTING),
               [Change(b.card.label, "text box", "blank", "active")])
