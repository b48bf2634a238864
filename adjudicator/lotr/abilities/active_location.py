"""Making a location the active location by a card effect (``{op: make_active, target: card
titled NAME}``: The Redhorn Gate's stages and Caradhras).  The card is looked for in the
staging area, the victory display and the set-aside cards: a card in the victory display is
out of play but not removed from the game, so an effect may still name it and bring it back
(FAQ Q32).  A location that "cannot be travelled to except by quest card effects" becomes
active only by a quest card's effect (Cannot; the Quest Companion's ruling on Caradhras)."""

from __future__ import annotations

from adjudicator.engine.situation import fold
from adjudicator.engine.trace import Change
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.ability_events import MadeActive
from adjudicator.lotr.abilities.choose import Play, targets
from adjudicator.lotr.abilities.effects import _emit, forbidding, refused
from adjudicator.lotr.abilities.grammar.targets import parse_target
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.state import Card, Player


def _found(r, phrase: str, source: Card, controller: Player, play: Play) -> tuple[Card, str, list[Card]] | None:
    """The location named and the zone it is in (staging area, victory display, set aside)."""
    t = parse_target(phrase)
    zones = (("the staging area", r.g.staging), ("the victory display", r.g.victory_display), ("the set-aside cards", r.g.set_aside))
    if t.ref == "titled":
        for where, zone in zones:
            hit = next((c for c in zone if fold(c.name) == fold(t.title) and c.type == "location"), None)
            if hit is not None:
                return hit, where, zone
        return None
    for c in targets(r, phrase, source, controller, play):
        for where, zone in zones:
            if c in zone and c.type == "location":
                return c, where, zone
    return None


def make_active(r, cause: Cause, phrase: str, source: Card, controller: Player, play: Play) -> bool:
    """The location the phrase names becomes the active location, from wherever it is."""
    hit = _found(r, phrase, source, controller, play)
    if hit is None:
        return refused(r, cause, f"there is no location {phrase!r} in the staging area, the victory display or set aside",
                       (C.ACTIVE_LOCATION,))
    card, where, zone = hit
    if r.g.active_location is not None:
        return refused(r, cause, f"{r.g.active_location.label} is the active location: {card.label} cannot become active too",
                       (C.ACTIVE_LOCATION,))
    held = forbidding(r, "be travelled to", card.label)
    point = (C.CANNOT,) + r.hooks.restriction_rulings(r, held[0].by) if held else ()  # "except by quest card effects"
    if held and cause.source != "quest":
        return refused(r, cause, f"{card.label} becomes active only by a quest card's effect ({held[0].by})",
                       (C.ACTIVE_LOCATION,) + point)
    zone.remove(card)
    card.progress = 0
    r.g.active_location = card
    from_display = (C.FAQ_Q_VICTORY_DISPLAY_REFERENCED,) if where == "the victory display" else ()
    _emit(r, MadeActive(card=card.label, where=where, cause=cause), (C.ACTIVE_LOCATION,) + from_display + point,
          [Change(card.label, "zone", where, "active location")])
    return True
