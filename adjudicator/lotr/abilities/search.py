"""Search: the effect primitives that search a deck (or the encounter discard pile) and what
becomes of the searched deck afterwards (Search; FAQ 1.21: shuffled unless the card says
otherwise; a discard pile keeps its order).  Split from ``effects`` because searching is a
rulebook concept of its own; each primitive writes its own trace step, like the others."""

from __future__ import annotations

import random

from adjudicator.engine.situation import fold
from adjudicator.engine.trace import Change, Interpretation
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.choose import Missing, Play
from adjudicator.lotr.abilities.effect_events import AddedToStaging, DeckSearched, DeckSearchedFor, EncounterSearched, LookAndTake, SearchedDeckShuffled
from adjudicator.lotr.abilities.effects import _emit, state_of
from adjudicator.lotr.abilities.card_moves import put_into_play
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.keywords import stage
from adjudicator.lotr.engine.state import Card


SEARCH_SHUFFLE = Interpretation(
    "a searched deck is shuffled in an order drawn from the situation's seed",
    C.FAQ_SEARCH,
    "the replay cannot shuffle at a table: the deck a card effect searched gets a new order from the seed "
    "(the same seed and the same searches, the same order), and the trace says so",
)


def _top(cards: list[Card], n: int = 3) -> str:
    if not cards:
        return "empty"
    return f"{len(cards)} cards, top: {', '.join(c.label for c in cards[:n])}{', ...' if len(cards) > n else ''}"


def shuffle_searched_deck(r, cause: Cause, deck: list[Card], whose: str) -> None:
    """A deck searched by a card effect is shuffled once the search is over, unless the
    effect says otherwise (Search; FAQ 1.21; a discard pile keeps its order).  The order is
    drawn from the situation's seed, each search of the replay with its own draw.  During a
    setup replay the encounter deck is shuffled by the setup's own shuffle instead (its
    ``deck_order``), which the setup steps set (``r.searched_encounter_shuffle``)."""
    if r.searched_encounter_shuffle is not None and deck is r.g.encounter_deck:
        r.searched_encounter_shuffle(r, cause.label)
        return
    st = state_of(r)
    st.searches += 1
    random.Random(f"search:{r.g.seed}:{whose}:{st.searches}").shuffle(deck)
    r.emit(SearchedDeckShuffled(whose=whose, seed=r.g.seed, top=_top(deck), cause=cause),
           (C.SEARCH, C.FAQ_SEARCH) + cause.rules, interpretation=SEARCH_SHUFFLE)


def search_own_decks(r, cause: Cause, count: int, takes: dict) -> bool:
    """Each player may search the top ``count`` cards of their deck for one card (``takes``:
    player -> the card taken); each deck is then shuffled (Search; FAQ 1.21), in an order
    from the seed (``shuffle_searched_deck``)."""
    for p in r.g.in_player_order():
        top = p.deck[:count]
        pick = next((c for c in top if c.label == takes.get(p.name)), None)
        if pick is not None:
            p.deck.remove(pick)
            p.hand.append(pick)
        _emit(r, DeckSearched(player=p.name, count=len(top), took=pick.label if pick else "", cause=cause), (C.SEARCH, C.FAQ_SEARCH),
              [Change(pick.label, "zone", f"{p.name}'s deck", f"{p.name}'s hand")] if pick else ())
        shuffle_searched_deck(r, cause, p.deck, f"{p.name}'s deck")
    return True


def search_deck_into_play(r, cause: Cause, player, title: str) -> bool:
    """``player`` searches their own deck for a card of ``title`` and puts it into play under
    their control (not played: FAQ 1.16), then the deck is shuffled (Search; FAQ 1.21).  Only
    the deck is searched: a card of that title in a hand, a discard pile or in play is not
    found (FAQ Q53: Kili's search never takes Fili from the hand), and the effect does not
    resolve in full."""
    hit = next((c for c in player.deck if fold(c.name) == fold(title)), None)
    _emit(r, DeckSearchedFor(player=player.name, wanted=title, found=hit.label if hit else "", cause=cause), (C.SEARCH, C.FAQ_SEARCH))
    ok = hit is not None and put_into_play(r, cause, hit, player)
    shuffle_searched_deck(r, cause, player.deck, f"{player.name}'s deck")
    return ok


def look_and_take(r, cause: Cause, play: Play, rest: str = "top in any order") -> bool:
    """Gandalf's Search: the top X cards of a chosen player's deck; one goes to its owner's
    hand, the rest back on top in the order given (or as they were).  The card itself says
    where the rest go, so the deck is not shuffled (FAQ 1.21: unless a card effect says
    otherwise); an effect whose ``rest`` is not "top ..." has the deck shuffled."""
    owner = next((q for q in r.g.players if q.name in play.chosen), None)
    if owner is None:
        raise Missing("the player 'chosen' whose deck is searched", phrase="chosen")
    top = owner.deck[: play.x]
    take = [c for c in top if c.label == play.targets.get("take")]
    if top and not take:
        raise Missing("the card 'take' (answer it in the play's targets: take)", phrase="take")
    on_top = str(rest or "").startswith("top")
    rest_order = play.targets.get("order") or [c.label for c in top if c not in take]
    others = sorted((c for c in top if c not in take), key=lambda c: rest_order.index(c.label) if c.label in rest_order else 99)
    owner.deck = others + owner.deck[play.x:]
    owner.hand.extend(take)
    r.emit(LookAndTake(player=owner.name, looked=len(top), taken=tuple(c.label for c in take), on_top=on_top, cause=cause),
           (C.SEARCH, C.FAQ_SEARCH) + cause.rules, [Change(c.label, "zone", f"{owner.name}'s deck", f"{owner.name}'s hand") for c in take])
    if not on_top:
        shuffle_searched_deck(r, cause, owner.deck, f"{owner.name}'s deck")
    return bool(take)


def searched_areas(r, deck: str | None) -> list[tuple[str, list[Card]]]:
    """The areas an effect searches: the encounter deck, and its discard pile when the effect
    names it (``deck``: "encounter", "encounter and discard pile"; unnamed, both)."""
    areas = [("the encounter deck", r.g.encounter_deck)]
    if deck is None or "discard" in str(deck):
        areas.append(("the encounter discard pile", r.g.encounter_discard))
    return areas


def search_to_staging(r, cause: Cause, play: Play, reveal: bool = False, deck: str | None = None) -> bool:
    """The cards ``found`` by a search of the encounter deck (and its discard pile) go to the
    staging area.  The search comes first and whole: every card found is taken out, then the
    searched deck is shuffled (FAQ 1.21; a discard pile keeps its order), then the cards are
    placed.  Added, not revealed, their When Revealed effects and Guarded do not resolve (FAQ
    1.22, 1.45); with ``reveal`` they are revealed one by one and staged normally, so a
    Guarded objective draws its guard from the shuffled deck, never one of the cards found."""
    names = play.targets.get("found")
    if not names:
        raise Missing("the cards 'found' (answer it in the play's targets: found)", phrase="found")
    wanted = names if isinstance(names, list) else [names]
    areas = searched_areas(r, deck)
    found: list[tuple[Card, str]] = []
    missing = []
    for name in wanted:
        for area, zone in areas:
            hit = next((c for c in zone if fold(c.label) == fold(name) or fold(c.name) == fold(name)), None)
            if hit is not None:
                zone.remove(hit)
                found.append((hit, area))
                break
        else:
            missing.append(str(name))
    # the victory display is out of play but not the discard pile: it is not searched (FAQ 1.29)
    victory = (C.FAQ_VICTORY_DISPLAY,) if r.g.victory_display and len(areas) > 1 else ()
    r.emit(EncounterSearched(areas=tuple(a for a, _ in areas), found=tuple(c.label for c, _ in found), missing=tuple(missing), cause=cause),
           (C.SEARCH, C.FAQ_SEARCH) + victory + cause.rules, [Change(c.label, "zone", area, "found") for c, area in found])
    shuffle_searched_deck(r, cause, r.g.encounter_deck, "the encounter deck")
    if reveal:
        st = state_of(r)
        busy, st.busy = st.busy, False  # revealed normally: their keywords and abilities answer the reveal
        try:
            # a card an encounter or quest effect finds and reveals counts as revealed by the encounter deck,
            # from its discard pile too (FAQ Q71)
            from_deck = () if cause.from_player_card else (C.FAQ_Q_REVEALED_BY_ENCOUNTER_EFFECT,)
            for hit, _ in found:
                stage(r, hit, f"found and revealed by {cause.label}", (C.SEARCH, C.REVEAL) + from_deck + cause.rules)
        finally:
            st.busy = busy
        return not missing
    r.g.staging.extend(c for c, _ in found)
    r.emit(AddedToStaging(cards=tuple(c.label for c, _ in found), cause=cause), (C.SEARCH, C.FAQ_WHEN_REVEALED, C.FAQ_REVEAL) + cause.rules,
           [Change(c.label, "zone", "found", "staging area") for c, _ in found])
    return not missing
