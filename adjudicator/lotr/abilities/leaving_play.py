"""Abilities a card triggers by leaving play itself: "after X leaves play, ..." and "if X
leaves play, the players lose the game" (an objective-ally such as Wilyador or Arwen
Undómiel).  A card out of play has no active text, but an ability triggered by its own
leaving play still resolves, once it has left (In Play and Out of Play; After).

A card leaves play in many places of the engine (destroyed, discarded, returned to a hand,
with an eliminated player's other cards); rather than a hook in each, the listener keeps
the cards in play that carry such an ability (`LeavingPlay.watch`) and, after every event,
resolves the abilities of those that have reached a place out of play (`LeavingPlay.gone`): a
discard pile, the victory display, a deck, a hand, the cards set aside, or removed from the
game.  A card that moves from one place in play to another (an objective-ally taken from the
staging area into a player's control, or freed from the location it was attached to) has not
left play, even while the move is under way.
"""

from __future__ import annotations

from typing import Callable

from adjudicator.lotr.engine.state import Card


def triggered_by_leaving(abilities) -> bool:
    """Whether a card has an ability triggered after it leaves play (not a replacement of
    where it goes: Banks of the Anduin's is resolved as it leaves, `leave_play_instead`)."""
    return any(a.kind in ("forced", "response") and a.trigger is not None and a.trigger.event == "leaves_play"
               and a.trigger.about.is_self and a.trigger.timing == "after" and not a.is_replacement for a in abilities)


class LeavingPlay:
    """The cards in play that answer their own leaving play, by identity."""

    def __init__(self) -> None:
        self.watched: dict[int, Card] = {}

    def gone(self, r, abilities_of: Callable[[Card], list], respond: Callable[[Card], None]) -> None:
        """Resolve the abilities of the watched cards that have left play (each once), then
        watch the cards in play now."""
        in_play = {id(c): c for c in r.g.cards_in_play()}
        for key, card in list(self.watched.items()):
            if key not in in_play and out_of_play(r, card):
                del self.watched[key]
                respond(card)
        for key, card in in_play.items():
            if key not in self.watched and triggered_by_leaving(abilities_of(card)):
                self.watched[key] = card


def out_of_play(r, card: Card) -> bool:
    """Whether ``card`` lies in a place out of play (In Play and Out of Play)."""
    if card.removed:
        return True
    g = r.g
    zones = [g.encounter_discard, g.victory_display, g.encounter_deck, g.set_aside, g.quest_deck, g.removed_from_game]
    for p in g.players:
        zones += [p.discard, p.hand, p.deck]
    return any(c is card for zone in zones for c in zone)
