"""Resource phase: 1.2 each hero gains 1 resource; 1.3 each player draws 1 card (an empty
deck draws nothing: there is no reshuffle of a player deck)."""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine import lost_heroes
from adjudicator.lotr.engine.context import Replay, change, handles
from adjudicator.lotr.engine.events import CardDrawn, NoDraw, ResourcesGained


@handles("1.2")
def gain_resources(r: Replay) -> None:
    for p in r.g.in_player_order():
        changes, stopped = [], []
        for h in p.heroes:
            by = r.hooks.cannot(r, "collect resources", h.label)  # a card forbids it (FAQ 1.25: no collecting, no adding)
            if by:
                stopped.append((h.label, by))
                continue
            changes.append(change(h.label, "resources", h.resources, h.resources + 1))
            h.resources += 1
        if changes or p.prisoners or stopped:
            held = (C.CANNOT, C.FAQ_RESOURCES) if stopped else ()
            r.emit(ResourcesGained(player=p.name, heroes=tuple(h.label for h in p.heroes if all(h.label != s for s, _ in stopped)),
                                   prisoners=tuple(c.label for c in p.prisoners), stopped=tuple(stopped)),
                   (C.step("1.2"), C.RESOURCES) + held, changes)


@handles("1.3")
def draw_cards(r: Replay) -> None:
    for p in r.g.in_player_order():
        if not p.deck:
            r.emit(NoDraw(player=p.name), (C.step("1.3"), C.RUNNING_OUT_OF_CARDS))
            continue
        by = r.hooks.cannot(r, "draw cards", p.name)  # a card forbids it (Enchanted Stream while active)
        if by:
            r.emit(NoDraw(player=p.name, by=by), (C.step("1.3"), C.CANNOT))
            continue
        if r.hooks.draw_instead(r, p):  # a card replacing the draw (Iron Shackles)
            continue
        card = p.deck.pop(0)
        p.hand.append(card)
        r.emit(CardDrawn(player=p.name, card=card.label), (C.step("1.3"), C.DRAWING), [change(p.name, "hand", len(p.hand) - 1, len(p.hand))])
        lost_heroes.drawn(r, p, [card])  # a hero shuffled into the deck goes back into play (FAQ Q38)
