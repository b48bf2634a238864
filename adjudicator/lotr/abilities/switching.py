"""The word "switch" (FAQ 1.26): ``{op: switch, target: PHRASE, with: PHRASE}`` exchanges the
controllers of the two cards the phrases name (an ally you control with an ally another player
controls).  A switch needs something on both sides: with one side naming nothing there is no
switch (a player card's ability that is nothing but such a switch is not initiated:
`initiate.why_not_initiated`)."""

from __future__ import annotations

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities.choose import Play, controller_of, names_nothing, targets
from adjudicator.lotr.abilities.effect_events import ControlTaken
from adjudicator.lotr.engine.state import Card, Player


def empty_side(r, e, source: Card, controller: Player, play: Play) -> str:
    """The phrase of the side of the switch that names nothing on this table, or ""."""
    for key in ("target", "with"):
        phrase = str(e.get(key, ""))
        if names_nothing(r, phrase, source, controller, play):
            return phrase
    return ""


def switch(r, cause, e, source: Card, controller: Player, play: Play) -> bool:
    empty = empty_side(r, e, source, controller, play)
    if empty:
        return E.refused(r, cause, f"nothing on one side ({empty}): there is no switch", (C.FAQ_SWITCH,))
    one = targets(r, str(e.get("target")), source, controller, play)
    other = targets(r, str(e.get("with")), source, controller, play)
    if not one or not other:
        return E.refused(r, cause, "nothing on one side: there is no switch", (C.FAQ_SWITCH,))
    a, b = one[0], other[0]
    pa, pb = controller_of(r, a), controller_of(r, b)
    if pa is None or pb is None or a not in pa.allies or b not in pb.allies:
        return E.refused(r, cause, f"{a.label} and {b.label} are not two allies in play: there is no switch", (C.FAQ_SWITCH,))
    pa.allies.remove(a)
    pb.allies.remove(b)
    pa.allies.append(b)
    pb.allies.append(a)
    for card, to in ((a, pb), (b, pa)):
        r.emit(ControlTaken(player=to.name, card=card.label, cause=cause), (C.EFFECTS, C.FAQ_SWITCH) + cause.rules)
    return True
