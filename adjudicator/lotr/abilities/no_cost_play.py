"""Playing a card at no cost (Vilya: the top card of your deck): ``{op: play_at_no_cost, from:
top of your deck}``.  The card is looked at; the player either plays it, paying nothing and
needing no resource match -- "at no cost" is not "for 0", which still needs one (FAQ Q40, Q62) --
or puts it on the bottom of the deck (the play's ``option``: ``play`` or ``bottom``, asked when
missing).  An ally enters play as played (its "after you play it" responses answer); a card of
another type is put on the bottom with a step saying that playing it this way is not replayed."""

from __future__ import annotations

from adjudicator.engine.trace import Change
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.ability_events import MovedToBottom
from adjudicator.lotr.abilities.choose import Play, Undecided
from adjudicator.lotr.abilities.effects import refused
from adjudicator.lotr.engine import citations as EC
from adjudicator.lotr.engine.events import Cause, CardPlayed
from adjudicator.lotr.engine.state import Card, Player



def play_top_card(r, cause: Cause, source: Card, player: Player, play: Play) -> bool:
    if not player.deck:
        return refused(r, cause, f"{player.name}'s deck is empty: there is no card to play", (C.EFFECTS,))
    card = player.deck[0]
    if play.option not in ("play", "bottom"):
        raise Undecided(f"whether {player.name} plays {card.label}, the top card of their deck, at no cost or puts it on the bottom",
                        source, player, [("play", f"play {card.label} at no cost"), ("bottom", f"{card.label} to the bottom of the deck")],
                        "option", (C.EFFECTS,))
    if play.option == "play" and card.type == "ally":
        copy = next((c for c in r.g.cards_in_play() if c.name == card.name), None) if card.card.unique else None
        if copy is None:
            player.deck.remove(card)
            player.allies.append(card)
            r.emit(CardPlayed(player=player.name, card=card.label, card_type="ally", cost=0, no_cost="the top of their deck"),
                   (EC.PLAYING_CARDS, EC.RESOURCE_MATCH, C.FAQ_Q_NO_COST) + cause.rules,
                   [Change(card.label, "zone", f"{player.name}'s deck", f"{player.name}'s play area")])
            return True
        refused(r, cause, f"{card.label} is unique and {copy.label} is in play: it cannot be played", (EC.UNIQUE_CARDS,))
    elif play.option == "play":
        refused(r, cause, f"playing a {card.type} from the deck at no cost is not replayed yet (allies only): it goes to the bottom",
                (C.EFFECTS,))
    player.deck.remove(card)
    player.deck.append(card)
    r.emit(MovedToBottom(card=card.label, player=player.name, cause=cause), (C.EFFECTS,) + cause.rules,
           [Change(card.label, "zone", f"top of {player.name}'s deck", f"bottom of {player.name}'s deck")])
    return play.option == "bottom"
