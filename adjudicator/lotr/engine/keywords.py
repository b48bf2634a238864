"""Revealing encounter cards and their keywords: Doomed X, Guarded, Surge.

Staging one card (Staging; Reveal): reveal it, resolve its When Revealed effects and
keywords, then place it: an enemy, location or objective in the staging area, a treachery
in the encounter discard pile.  Doomed X raises each player's threat by X; Guarded reveals
the next card and attaches the objective to it (a guarded card revealed by Guarded waits
while the card after it fulfils the first keyword); Surge reveals one more card for each
instance, once the surging card's staging is over (after it is placed).  The keywords
resolve whenever the card is revealed (FAQ 1.01).

The order: the card's When Revealed effects (with any cancel, which interrupts them)
come first, then Doomed, then the placement, then Surge.  The Rules Reference puts
keywords and When Revealed effects in one staging step, before the placement; FAQ Q22 has
the keywords of a card whose When Revealed was cancelled resolve after the cancel and
before Eleanor's replacement card, so a cancel (`abilities.cancel`) finishes the staging at
once (`finish_keywords`: Doomed, placement, Surge), and a card cancelled as a whole (FAQ
1.54) has no keywords and is discarded, not staged.  With card abilities on, the When
Revealed effects answer the step that reveals the card (after Thalin's damage, which
answers it first), and find the card being staged with `being_staged`: they resolve before
the card is placed (an enemy attacking in its When Revealed is not in the staging area),
and an effect that puts the card somewhere itself (a treachery attaching) leaves nothing to
place (`placed_by_effect`).

Without card abilities (``--no-abilities``) the trace says When Revealed text is not replayed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.elimination import raise_threat
from adjudicator.lotr.engine.encounter_events import (CancelledCardDiscarded, CardRevealed, DoomedResolves, EncounterDeckEmpty,
                                                      EncounterReshuffled, Guarded, GuardedRevealed, LeftPlayAsRevealed, PerilRevealed, Staged as StagedEvent,
                                                      TreacheryDiscarded, Unguarded, UniqueCopyDiscarded)
from adjudicator.lotr.engine.separate_decks import leave_play_to_its_deck_rule
from adjudicator.lotr.engine.staging_areas import every_card_in_play
from adjudicator.lotr.engine.state import Card
from adjudicator.lotr.engine.time_counters import placed_as_revealed

KEYWORDS_AFTER_WHEN_REVEALED = Interpretation(
    "keywords resolve after the When Revealed effects",
    C.STAGING,
    "Staging resolves keywords and When Revealed effects in one step without an order between them; "
    "FAQ Q22 resolves the keywords of a card whose When Revealed was cancelled after the cancel",
)


@dataclass
class Staged:
    """A card in the middle of its staging, with what became of its keywords:
    ``pending``, ``resolved`` (Doomed and Surge done) or ``cancelled`` (the card itself was
    cancelled: FAQ 1.54); ``placed`` says where it went, once it did (its own When Revealed
    effect may have put it somewhere: a treachery attached to a hero)."""

    card: Card
    keywords: str = "pending"
    guard_for: Card | None = None
    placed: str = ""
    finished: bool = False


def _staging_now(r: Replay) -> list[Staged]:
    return r.staging_now


def being_staged(r: Replay, label: str) -> Staged | None:
    """The card labelled ``label`` if it is being staged right now (the innermost first)."""
    for s in reversed(_staging_now(r)):
        if s.card.label == label:
            return s
    return None


def reset_encounter_deck(r: Replay, cites: tuple[str, ...] = ()) -> bool:
    """An encounter deck out of cards during the quest phase gets the discard pile shuffled
    back in (Running out of Cards); returns whether it happened."""
    g = r.g
    if g.encounter_deck or g.phase != "quest" or not g.encounter_discard:
        return False
    cards = list(g.encounter_discard)
    g.encounter_discard = []
    random.Random(g.seed * 1000 + g.reshuffles).shuffle(cards)
    g.reshuffles += 1
    g.encounter_deck = cards
    r.emit(
        EncounterReshuffled(cards=len(cards)),
        (C.RUNNING_OUT_OF_CARDS, C.ENCOUNTER_DECK, C.FAQ_Q_LAST_ENCOUNTER_CARD) + cites,
        [change("encounter deck", "cards", 0, len(cards))],
    )
    return True


def draw_encounter(r: Replay, cites: tuple[str, ...]) -> Card | None:
    """The top card of the encounter deck.  An empty deck is reshuffled from the discard
    pile only during the quest phase (Running out of Cards); a card that needs the deck
    while being staged gets it reset first (FAQ Q74)."""
    g = r.g
    if not g.encounter_deck and not reset_encounter_deck(r, cites):
        return None
    return g.encounter_deck.pop(0)


def stage(r: Replay, card: Card, why: str, cites: tuple[str, ...], guard_for: Card | None = None) -> None:
    """Reveal ``card`` and resolve its staging fully (When Revealed, Doomed, placement, then Surge)."""
    g = r.g
    if unique_copy_in_play(r, card):
        return
    staged = Staged(card, guard_for=guard_for)
    _staging_now(r).append(staged)
    try:
        if card.keyword("peril"):  # the revealing player alone; the steps it causes stay open to all (FAQ Q85)
            r.emit(PerilRevealed(card=card.label), (C.KEYWORDS, C.FAQ_Q_PERIL))
        # card abilities answer the reveal itself (Thalin), then its When Revealed effects resolve
        r.emit(CardRevealed(card=card.label, card_type=card.type, why=why), cites + (C.STAGING,),
               [change(card.label, "zone", f"the {card.deck} deck" if card.deck else "encounter deck", "revealed")])
        if not staged.placed and (card in g.encounter_discard or card in g.victory_display):
            # destroyed as it was revealed (Thalin): its keywords and When Revealed do not resolve (FAQ Q50)
            where = "encounter discard pile" if card in g.encounter_discard else "victory display"
            r.emit(LeftPlayAsRevealed(card=card.label, where=where), (C.FAQ_Q_DESTROYED_AS_REVEALED, C.STAGING))
            return
        if card.type == "objective" and card.keyword("guarded") and not staged.placed and staged.keywords != "cancelled":
            resolve_guarded(r, card)
            staged.placed = "guarded"
        finish_keywords(r, staged)
    finally:
        _staging_now(r).remove(staged)
    if not _staging_now(r):  # the last card's staging is over: an empty deck is reset now (FAQ Q74)
        reset_encounter_deck(r)


def unique_copy_in_play(r: Replay, card: Card) -> bool:
    """A unique encounter card cannot enter play while a copy of it is in play (an objective-ally
    under a player's control counts): it is revealed, its effects and keywords are ignored, and it
    goes to the encounter discard pile (Unique Cards; Quest Companion, Unique Encounter Cards).
    True when that happened."""
    if not card.card.unique:
        return False
    copy = next((c for c in every_card_in_play(r.g) if c is not card and c.name == card.name), None)  # every staging area counts
    if copy is None:
        return False
    r.g.encounter_discard.insert(0, card)
    r.emit(UniqueCopyDiscarded(card=card.label, copy=copy.label), (C.UNIQUE_CARDS, C.QC_UNIQUE_ENCOUNTER, C.QC_UNIQUE_ENCOUNTER_RULING, C.STAGING),
           [change(card.label, "zone", "encounter deck", "encounter discard pile")])
    return True


def guard_of(r: Replay, objective: Card) -> Card | None:
    """The card guarding ``objective`` (Guarded: attached to it in play), or None when it is
    free of encounters."""
    for c in r.g.cards_in_play():
        if any(o is objective for o in c.guarding):
            return c
    return None


def placed_by_effect(r: Replay, card: Card, where: str) -> None:
    """An effect has put the card being staged somewhere (its own When Revealed effect
    attaching it): there is nothing left to place."""
    for s in reversed(_staging_now(r)):
        if s.card is card and not s.placed:
            s.placed = where
            return


def finish_keywords(r: Replay, staged: Staged, cites: tuple[str, ...] = ()) -> None:
    """The rest of the staging once the card's When Revealed effects have resolved or been
    cancelled (FAQ 1.53, Q22): Doomed, the placement, then Surge; when the card itself was
    cancelled (FAQ 1.54) no keyword, and it is discarded.  Once per card.  ``cites``: why
    the keywords resolve now (a cancel of the card's effect: FAQ 1.53, Q22)."""
    if staged.finished:
        return
    staged.finished = True
    card, g = staged.card, r.g
    if g.phase == "setup":  # the keywords resolve whenever the card is revealed, during setup too (FAQ 1.01)
        cites = cites + (C.FAQ_ENCOUNTER_KEYWORDS,)
    if staged.keywords == "pending":
        staged.keywords = "resolved"
        placed_as_revealed(r, card)  # Time X
        doom = card.keyword("doomed")
        if doom:
            r.emit(DoomedResolves(card=card.label, amount=doom),
                   (C.DOOMED,) + cites, interpretation=KEYWORDS_AFTER_WHEN_REVEALED)
            for p in g.in_player_order():
                raise_threat(r, p, doom, (C.DOOMED,), f"Doomed {doom} on {card.label}")
    _place_once(r, staged)
    if staged.keywords != "resolved":
        return
    surge = card.keyword("surge")
    for i in range(surge):
        nxt = draw_encounter(r, (C.SURGE,))
        if nxt is None:
            r.emit(EncounterDeckEmpty(for_card=card.label), (C.SURGE, C.RUNNING_OUT_OF_CARDS))
            break
        stage(r, nxt, f"Surge on {card.label}", (C.SURGE,) + cites)


def _place_once(r: Replay, staged: Staged) -> None:
    card, g = staged.card, r.g
    if staged.placed or _somewhere(r, card):
        staged.placed = staged.placed or "moved"
        return
    staged.placed = "placed"
    if staged.keywords == "cancelled" and card.type != "treachery":
        g.encounter_discard.insert(0, card)
        r.emit(CancelledCardDiscarded(card=card.label),
               (C.FAQ_CANCEL_CARD, C.STAGING), [change(card.label, "zone", "revealed", "encounter discard pile")])
        if staged.guard_for is not None:
            g.staging.append(staged.guard_for)
            r.emit(Unguarded(objective=staged.guard_for.label, guard=card.label, how="cancelled"),
                   (C.GUARDED,), [change(staged.guard_for.label, "zone", "revealed", "staging area")])
        return
    place(r, card, staged.guard_for)


def _somewhere(r: Replay, card: Card) -> bool:
    """Whether the revealed card is already in a zone (put there by its own effect)."""
    g = r.g
    zones = (g.staging, g.encounter_discard, g.encounter_deck, g.victory_display, list(g.cards_in_play()))
    return any(card is c for zone in zones for c in zone)


def cancel_keywords(r: Replay, label: str) -> bool:
    """The card being staged was cancelled as a whole: its keywords never resolve (FAQ 1.54).
    Returns whether such a card was being staged."""
    staged = being_staged(r, label)
    if staged is None:
        return False
    if staged.keywords == "pending":
        staged.keywords = "cancelled"
    return True


def place(r: Replay, card: Card, guard_for: Card | None) -> None:
    g = r.g
    if card.type == "treachery" and leave_play_to_its_deck_rule(r, card, "its staging over", (C.TREACHERY_CARDS,)):
        return  # a treachery of a separate deck (a burden card) goes where that deck's rule says
    elif card.type == "treachery":
        g.encounter_discard.insert(0, card)
        r.emit(
            TreacheryDiscarded(card=card.label, replayed=r.hooks.replays_card_text),
            (C.TREACHERY_CARDS,),
            [change(card.label, "zone", "revealed", "encounter discard pile")],
        )
        if guard_for is not None:
            g.staging.append(guard_for)
            r.emit(
                Unguarded(objective=guard_for.label, guard=card.label, how="treachery"),
                (C.GUARDED,),
                [change(guard_for.label, "zone", "revealed", "staging area")],
            )
        return
    g.staging.append(card)
    # a revealed objective is added to the staging area like any card (FAQ 1.39)
    objective = (C.FAQ_STAGING_OBJECTIVES,) if card.type == "objective" else ()
    r.emit(StagedEvent(card=card.label), (C.STAGING, C.STAGING_AREA) + objective, [change(card.label, "zone", "revealed", "staging area")])
    if guard_for is not None:
        card.guarding.append(guard_for)
        r.emit(
            Guarded(objective=guard_for.label, guard=card.label),
            # the revealed objective is in the staging area, under its guard (FAQ 1.39); at setup too,
            # each Guarded objective gets its one guard (FAQ Q70)
            (C.GUARDED, C.FAQ_STAGING_OBJECTIVES) + ((C.FAQ_Q_ONE_GUARD_AT_SETUP,) if g.phase == "setup" else ()),
            [change(guard_for.label, "guarded by", None, card.label)],
        )


def resolve_guarded(r: Replay, objective: Card) -> None:
    """Guarded: the next card guards ``objective``; guarded cards met on the way wait."""
    waiting: list[Card] = []
    while True:
        nxt = draw_encounter(r, (C.GUARDED,))
        if nxt is None:
            r.g.staging.append(objective)
            r.emit(
                Guarded(objective=objective.label),
                (C.GUARDED, C.RUNNING_OUT_OF_CARDS),
                [change(objective.label, "zone", "revealed", "staging area")],
            )
            break
        if nxt.type == "objective" and nxt.keyword("guarded"):
            r.emit(
                GuardedRevealed(card=nxt.label, objective=objective.label),
                (C.GUARDED, C.STAGING),
                [change(nxt.label, "zone", "encounter deck", "revealed")],
            )
            waiting.append(nxt)
            continue
        stage(r, nxt, f"Guarded on {objective.label}", (C.GUARDED,), guard_for=objective)
        break
    for o in waiting:
        r.emit(Guarded(objective=o.label, resumes=True), (C.GUARDED,))
        resolve_guarded(r, o)
