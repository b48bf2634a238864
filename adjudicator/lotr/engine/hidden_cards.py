"""Hidden cards (The Blood of Gondor; the Quest Companion's rulings on hidden cards and on turning
them face up): encounter cards face down in a player's play area, unseen.  Taking one puts the top
card of the encounter deck there, the encounter discard pile shuffled back in first when the deck is
empty; turned face up one at a time, an enemy engages that player at once and a treachery or a
location is discarded at once; an eliminated player's hidden cards are discarded.  Face down, a hidden
card has no title or text in play: the final state lists each player's under ``hidden``."""

from __future__ import annotations

import random

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.encounter_events import EncounterReshuffled, EnemyEngaged, HiddenCardTaken, HiddenCardTurned
from adjudicator.lotr.engine.state import Player


def take(r: Replay, player: Player, cites: tuple[str, ...], cause=None) -> bool:
    """``player`` takes 1 hidden card; False when the encounter deck and its discard pile are empty."""
    g = r.g
    cites = tuple(dict.fromkeys(cites + (C.QC_HIDDEN_CARDS,)))  # whatever card asks for it
    if not g.encounter_deck and g.encounter_discard:  # shuffled back in first (whatever the phase)
        cards, g.encounter_discard = list(g.encounter_discard), []
        random.Random(g.seed * 1000 + g.reshuffles).shuffle(cards)
        g.reshuffles += 1
        g.encounter_deck = cards
        r.emit(EncounterReshuffled(cards=len(cards), cause=cause), cites + (C.ENCOUNTER_DECK,), [change("encounter deck", "cards", 0, len(cards))])
    if not g.encounter_deck:
        return False
    card = g.encounter_deck.pop(0)
    player.hidden.append(card)
    r.emit(HiddenCardTaken(player=player.name, card=card.label, cause=cause), cites,
           [change(card.label, "zone", "encounter deck", f"hidden, face down in {player.name}'s play area")])
    return True


def turn_face_up(r: Replay, player: Player, cites: tuple[str, ...], cause=None, engaged=None) -> bool:
    """``player`` turns each of their hidden cards face up, one at a time; False when they have none.
    Only the cards hidden as it begins are turned: one taken meanwhile (an enemy's Forced effect as it
    engages: ``engaged(card, player)`` resolves those at once) stays face down (FAQ Q69)."""
    if not player.hidden:
        return False
    cites = tuple(dict.fromkeys(cites + (C.QC_HIDDEN_FACE_UP,)))  # whatever card asks for it
    turned = list(player.hidden)
    for card in turned:
        if card.type == "enemy":
            player.hidden.remove(card)
            r.emit(HiddenCardTurned(player=player.name, card=card.label, card_type=card.type, result="engages", cause=cause), cites)
            player.engaged.append(card)
            r.emit(EnemyEngaged(enemy=card.label, player=player.name, how="effect", cause=cause), cites + (C.ENGAGED,),
                   [change(card.label, "zone", f"hidden in {player.name}'s play area", f"engaged with {player.name}")])
            if engaged is not None:
                engaged(card, player)
        elif card.type in ("treachery", "location"):
            player.hidden.remove(card)
            r.g.encounter_discard.insert(0, card)
            r.emit(HiddenCardTurned(player=player.name, card=card.label, card_type=card.type, result="discarded", cause=cause),
                   cites + (C.ENCOUNTER_DECK,), [change(card.label, "zone", f"hidden in {player.name}'s play area", "encounter discard pile")])
        else:  # an objective: the rule names no place for it
            r.emit(HiddenCardTurned(player=player.name, card=card.label, card_type=card.type, result="", cause=cause), cites)
    for card in [c for c in player.hidden if all(c is not t for t in turned)]:  # taken meanwhile: not reached (FAQ Q69)
        r.emit(HiddenCardTurned(player=player.name, card=card.label, card_type=card.type, result="taken meanwhile", cause=cause),
               cites + (C.FAQ_Q_HIDDEN_TAKEN_STAYS,))
    return True


def discard_with_player(r: Replay, player: Player) -> list[str]:
    """An eliminated player's hidden cards go to the encounter discard pile; their labels."""
    gone = [c.label for c in player.hidden]
    for card in player.hidden:
        r.g.encounter_discard.insert(0, card)
    player.hidden = []
    return gone
