"""Resource phase: 1.2 each hero gains 1 resource; 1.3 each player draws 1 card (an empty
deck draws nothing: there is no reshuffle of a player deck)."""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change, handles


@handles("1.2")
def gain_resources(r: Replay) -> None:
    for p in r.g.in_player_order():
        changes = []
        for h in p.heroes:
            changes.append(change(h.label, "resources", h.resources, h.resources + 1))
            h.resources += 1
        held = f" ({', '.join(c.label for c in p.prisoners)}, the prisoner, face down: none)" if p.prisoners else ""
        if changes:
            r.emit("gain-resources", f"{p.name}: each hero gains 1 resource{held}", (C.step("1.2"), C.RESOURCES), changes)
        elif held:
            r.emit("gain-resources", f"{p.name}: no hero gains a resource{held}", (C.step("1.2"), C.RESOURCES))


@handles("1.3")
def draw_cards(r: Replay) -> None:
    for p in r.g.in_player_order():
        if not p.deck:
            r.emit("draw", f"{p.name} has no cards left to draw", (C.step("1.3"), C.RUNNING_OUT_OF_CARDS))
            continue
        by = _cannot_draw(r, p)
        if by:
            r.emit("draw", f"{p.name} cannot draw a card ({by})", (C.step("1.3"), C.CANNOT))
            continue
        instead = getattr(r, "draw_instead", None)  # a card replacing the draw (Iron Shackles)
        if instead is not None and instead(p):
            continue
        card = p.deck.pop(0)
        p.hand.append(card)
        r.emit("draw", f"{p.name} draws {card.label}", (C.step("1.3"), C.DRAWING), [change(p.name, "hand", len(p.hand) - 1, len(p.hand))])


def _cannot_draw(r: Replay, p) -> str | None:
    """A card effect that forbids drawing (Enchanted Stream while active): the abilities
    package keeps the restriction."""
    if getattr(r, "abilities_state", None) is None:
        return None
    from adjudicator.lotr.abilities.effects import forbidden

    return forbidden(r, "draw cards", p.name)
