"""Separate encounter decks (the Orc deck of The Weather Hills, the Evil Creatures deck of Journey
up the Anduin, the Burden deck of Flight to the Ford): cards kept beside the encounter deck, revealed
from it by card effects, each deck with its own rule for the cards that leave play
(rules_db/lotr/separate_decks.yaml: to the encounter discard pile, or to the deck's own discard pile,
shuffled back in once the deck is empty).  A card remembers the deck it came from (``Card.deck``)."""

from __future__ import annotations

import random
from functools import lru_cache

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.scenario_events import SeparateDeckReshuffled, ToSeparateDeckDiscard
from adjudicator.lotr.engine.state import Card
from adjudicator.paths import RULES_DB
from adjudicator.yamlio import load_yaml


@lru_cache(maxsize=1)
def rules() -> dict[str, dict]:
    """Each separate deck's name -> its rule (discard, reshuffle, ruling)."""
    path = RULES_DB / "lotr" / "separate_decks.yaml"
    return dict((load_yaml(path) or {}).get("decks") or {}) if path.is_file() else {}


def deck_words() -> tuple[str, ...]:
    """The ``deck:`` words naming a separate deck in the ability grammar ("Orc deck")."""
    return tuple(f"{name} deck" for name in rules())


def named(word: str) -> str | None:
    """The separate deck a ``deck:`` word names, or None."""
    return next((name for name in rules() if word == f"{name} deck"), None)


def ruling(name: str) -> tuple[str, ...]:
    """The record a separate deck's rule comes from (cited where the rule is applied)."""
    return _ruling(name)


def _ruling(name: str) -> tuple[str, ...]:
    rid = rules().get(name, {}).get("ruling")
    return (rid,) if rid else ()


def draw(r: Replay, name: str, cites: tuple[str, ...]) -> Card | None:
    """The top card of the separate deck ``name`` (None when it has run out: effects on it are ignored)."""
    g = r.g
    deck = g.decks.get(name) or []
    if not deck:
        return None
    card = deck.pop(0)
    card.deck = name
    reshuffle_if_empty(r, name, cites)
    return card


def reshuffle_if_empty(r: Replay, name: str, cites: tuple[str, ...] = ()) -> None:
    """A deck whose rule reshuffles: empty, its own discard pile is shuffled back in at once."""
    g = r.g
    if not rules().get(name, {}).get("reshuffle") or g.decks.get(name) or not g.deck_discards.get(name):
        return
    cards = list(g.deck_discards[name])
    g.deck_discards[name] = []
    random.Random(f"{g.seed}:{name}:{g.reshuffles}").shuffle(cards)
    g.reshuffles += 1
    g.decks[name] = cards
    r.emit(SeparateDeckReshuffled(deck=name, cards=len(cards)), cites + (C.ENCOUNTER_DECK,) + _ruling(name),
           [change(f"{name} deck", "cards", 0, len(cards))])


def leave_play_to_its_deck_rule(r: Replay, card: Card, how: str, cites: tuple[str, ...]) -> bool:
    """A card from a separate deck leaving play goes where that deck's rule says (victory points or
    not); False for a card of the encounter deck."""
    name = card.deck
    if not name or name not in rules():
        return False
    g = r.g
    own = rules()[name].get("discard") == "own"
    (g.deck_discards.setdefault(name, []) if own else g.encounter_discard).insert(0, card)
    dest = f"the {name} deck's discard pile" if own else "the encounter discard pile"
    r.emit(ToSeparateDeckDiscard(card=card.label, deck=name, how=how, to=dest), cites + _ruling(name),
           [change(card.label, "zone", "in play", dest)])
    if own:
        reshuffle_if_empty(r, name, cites)
    return True
