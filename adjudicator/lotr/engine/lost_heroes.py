"""Heroes shuffled into their owner's deck (Lost and Alone): a hero card drawn, in the resource
phase or by a card effect, is put back into play under its owner's control; one discarded from
the deck is an ordinary card in the discard pile.  While a player's heroes are in their deck the
player is not eliminated: a hero counts as killed only in the discard pile (FAQ Q38;
`elimination.check_heroes`).  Interpretation: the rule is applied to any hero card drawn, since
only such an effect puts a hero in a deck."""

from __future__ import annotations

from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.events import HeroDrawnIntoPlay
from adjudicator.lotr.engine.state import Card, Player

DRAWN_HERO = Interpretation(
    "a hero card drawn goes back into play under its owner's control",
    C.FAQ_Q_LOST_HERO,
    "FAQ Q38 answers it for Lost and Alone, the effect that puts a hero in its owner's deck; the replay applies it to "
    "every hero card drawn, since only such an effect puts one there",
)


def drawn(r: Replay, player: Player, cards: list[Card]) -> None:
    """The hero cards among ``cards`` just drawn into ``player``'s hand go back into play."""
    for card in cards:
        if card.type == "hero" and card in player.hand:
            player.hand.remove(card)
            player.heroes.append(card)
            r.emit(HeroDrawnIntoPlay(player=player.name, card=card.label), (C.DRAWING, C.FAQ_Q_LOST_HERO),
                   [change(card.label, "zone", f"{player.name}'s hand", f"{player.name}'s play area")], DRAWN_HERO)


def heroes_in_deck(player: Player) -> tuple[str, ...]:
    return tuple(c.label for c in player.deck if c.type == "hero")
