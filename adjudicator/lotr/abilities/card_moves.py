"""Effects that move cards between zones: discarding, shuffling into the encounter deck,
revealing and dealing shadow cards, putting into play, returning from the discard pile.
Split from `effects` (the primitives they share: ``_emit``, ``refused``, ``state_of``); each
writes its own trace step citing the rule that decided it."""

from __future__ import annotations

import random

from adjudicator.engine.trace import Change
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.choose import controller_of, host_of
from adjudicator.lotr.abilities.effect_events import AddedToStaging, DiscardShuffledIn, Discarded, PutIntoPlay, ReturnedToHand, ShuffledIntoEncounterDeck
from adjudicator.lotr.abilities.effects import _emit, cannot_leave_play, refused, state_of, _as_attachment
from adjudicator.lotr.engine.combat_events import ShadowDealt
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.keywords import draw_encounter, stage
from adjudicator.lotr.engine.staging_areas import every_card_in_play  # uniqueness counts every staging area (FAQ Q37)
from adjudicator.lotr.engine.state import Card, Player


def discard(r, cause: Cause, card: Card, to: str = "") -> bool:
    """Discard ``card`` (``to: staging area``: it goes there instead, added, not revealed --
    Cavern Guardian's discarded objective; Guarded does not trigger: FAQ Q78)."""
    if cannot_leave_play(r, cause, card):
        return False
    if to == "staging area":
        host = host_of(r, card)
        if host is None:
            return refused(r, cause, f"{card.label} is not attached to anything: it is not discarded", (C.EFFECTS,))
        host.attachments.remove(card)
        r.g.staging.append(card)
        _emit(r, Discarded(card=card.label, host=host.label, cause=cause), (C.EFFECTS,) + _as_attachment(card),
              [Change(card.label, "zone", f"attached to {host.label}", "staging area")])
        _emit(r, AddedToStaging(cards=(card.label,), cause=cause),
              (C.STAGING_AREA,) + ((C.FAQ_Q_GUARDED_ONLY_REVEALED,) if card.keyword("guarded") else ()))
        return True
    for p in r.g.players:
        if card in p.hand:
            p.hand.remove(card)
            p.discard.insert(0, card)
            r.emit(Discarded(card=card.label, player=p.name, cause=cause), (C.EFFECTS,) + cause.rules)
            return True
    host = host_of(r, card)
    if host is not None:
        host.attachments.remove(card)
        if r.hooks.leave_play_instead(r, card, "discarded", (C.EFFECTS,) + cause.rules):  # a replacement (the Cave Torch)
            return True
        owner = r.g.player(card.owner)
        (owner.discard if owner else r.g.encounter_discard).insert(0, card)
        r.emit(Discarded(card=card.label, host=host.label, cause=cause), (C.EFFECTS,) + _as_attachment(card) + cause.rules)
        return True
    p = controller_of(r, card)
    if p is not None and card in p.allies:
        p.allies.remove(card)
        if card.owner == "encounter":  # an objective-ally goes to its owner's discard pile: the encounter discard pile
            r.g.encounter_discard.insert(0, card)
            r.emit(Discarded(card=card.label, cause=cause), (C.EFFECTS, C.OWNERSHIP, C.QC_OBJECTIVE_ALLY) + cause.rules)
            return True
        (r.g.player(card.owner) or p).discard.insert(0, card)
        r.emit(Discarded(card=card.label, cause=cause), (C.EFFECTS,) + cause.rules)
        return True
    return refused(r, cause, f"{card.label} cannot be discarded from where it is", (C.EFFECTS,))


def shuffle_into_encounter_deck(r, cause: Cause, card: Card) -> bool:
    """An encounter card (an unclaimed objective, guarded or not: FAQ Q6; an enemy just
    defeated, from the encounter discard pile: Eastern Crows) goes back into the encounter
    deck, which is shuffled (the order from the situation's seed)."""
    g = r.g
    where, rules = None, (C.EFFECTS,)
    engaged = next((p for p in g.players if any(card is c for c in p.engaged)), None)
    if card in g.staging or engaged is not None:
        if cannot_leave_play(r, cause, card):
            return False
        (g.staging if engaged is None else engaged.engaged).remove(card)
        where = "the staging area" if engaged is None else f"engaged with {engaged.name}"
    elif card in g.encounter_discard:
        g.encounter_discard.remove(card)
        where = "the encounter discard pile"
    else:
        for guard in g.cards_in_play():
            if card in guard.guarding:
                guard.guarding.remove(card)
                where, rules = f"guarded by {guard.label}", (C.EFFECTS, C.FAQ_Q_GUARDED_UNCLAIMED)  # still unclaimed (FAQ Q6)
                break
    if where is None:
        return refused(r, cause, f"{card.label} is not in the staging area", (C.EFFECTS,))
    g.encounter_deck.append(card)
    random.Random(g.seed * 104729 + len(g.encounter_deck)).shuffle(g.encounter_deck)
    r.emit(ShuffledIntoEncounterDeck(card=card.label, where=where, cause=cause), rules + cause.rules)
    return True


def reveal(r, cause: Cause, count) -> bool:
    """Reveal encounter cards: each is staged normally (its keywords and When Revealed)."""
    n_players = len(r.g.in_player_order())
    n = {"number of players": n_players, "one per player": n_players, "two per player": 2 * n_players}.get(str(count))
    n = int(count) if n is None else n
    st = state_of(r)
    busy, st.busy = st.busy, False  # revealed normally: abilities on the revealed cards trigger
    try:
        for i in range(n):
            card = draw_encounter(r, (C.REVEAL,) + cause.rules)
            if card is None:
                return refused(r, cause, "the encounter deck is empty", (C.REVEAL,))
            # a card revealed by an effect is staged by the staging rules, keywords and all (FAQ 1.45)
            stage(r, card, f"revealed by {cause.label} ({i + 1} of {n})", (C.REVEAL, C.FAQ_REVEAL) + cause.rules)
    finally:
        st.busy = busy
    return True


def deal_shadow(r, cause: Cause, enemies: list[Card], count) -> bool:
    """Deal more shadow cards, face down, from the encounter deck."""
    n = len(r.g.in_player_order()) if count == "number of players" else int(count)
    ok = bool(enemies)
    for enemy in enemies:
        for _ in range(n):
            if not r.g.encounter_deck:
                return refused(r, cause, "the encounter deck is empty: no shadow card", (C.SHADOW_EFFECTS,))
            shadow = r.g.encounter_deck.pop(0)
            enemy.shadows.append(shadow)
            r.emit(ShadowDealt(enemy=enemy.label, card=shadow.label, more=True, cause=cause), (C.SHADOW_EFFECTS,) + cause.rules)
    return ok


def put_into_play(r, cause: Cause, card: Card, controller: Player) -> bool:
    """Put into play: not played, so play restrictions and "when played" do not apply (FAQ 1.16);
    a unique card still cannot enter play while a card of its title is in play (Unique Cards)."""
    copy = next((c for c in every_card_in_play(r.g) if c.name == card.name), None) if card.card.unique else None
    if copy is not None:
        return refused(r, cause, f"{card.label} is unique and {copy.label} is in play: it cannot enter play",
                       (C.UNIQUE_CARDS,) + r.hooks.rulings_of(copy, (C.UNIQUE_CARDS,)))
    for p in r.g.players:
        for zone in (p.hand, p.discard, p.deck):
            if card in zone:
                zone.remove(card)
                (controller.heroes if card.type == "hero" else controller.allies).append(card)
                st = state_of(r)
                busy, st.busy = st.busy, False  # it enters play: its "after it enters play" abilities answer (FAQ 1.16)
                try:
                    r.emit(PutIntoPlay(card=card.label, player=controller.name, cause=cause),
                           (C.PLAY_AND_PUT, C.FAQ_PUT_INTO_PLAY) + cause.rules,
                           [Change(card.label, "zone", "out of play", f"{controller.name}'s play area")])
                finally:
                    st.busy = busy
                return True
    return refused(r, cause, f"{card.label} is not in a hand, deck or discard pile", (C.PLAY_AND_PUT,))


def from_discard_to_hand(r, cause: Cause, card: Card) -> bool:
    for p in r.g.players:
        if card in p.discard:
            p.discard.remove(card)
            (r.g.player(card.owner) or p).hand.append(card)
            r.emit(ReturnedToHand(card=card.label, cause=cause), (C.EFFECTS,) + cause.rules)
            return True
    return False


def shuffle_discard_into_deck(r, cause: Cause, p: Player) -> bool:
    n = len(p.discard)
    p.deck.extend(p.discard)
    p.discard = []
    r.emit(DiscardShuffledIn(player=p.name, count=n, cause=cause), (C.EFFECTS,) + cause.rules)
    return True
