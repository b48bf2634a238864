"""Damage, destruction, progress and exploring.

- damage is placed on a card; a character or enemy with damage at or above its hit
  points is destroyed (Damage; Hit Points; Destroy); an enemy with Indestructible is not
  destroyed by damage (Quest Companion);
- a destroyed character goes to its owner's discard pile; a destroyed enemy to the
  encounter discard pile, or to the victory display if it has Victory (Victory); a
  face-down player card engaged as an enemy (an Orc Guard) to its owner's discard pile
  (Ownership and Control; the erratum of Core 125);
- progress on a location at or above its quest points explores it (Explored).
"""

from __future__ import annotations

from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.elimination import check_heroes
from adjudicator.lotr.engine.encounter_events import (LEFT_PLAY, CharacterDestroyed, DamageDealt, EnemyDestroyed, IndestructibleHolds,
                                                      ProgressForbidden, ProgressPlaced, Unguarded)
from adjudicator.lotr.engine import scenario_data
from adjudicator.lotr.engine.modifiers import modifiers_rule
from adjudicator.lotr.engine.separate_decks import leave_play_to_its_deck_rule
from adjudicator.lotr.engine.state import Card, Player


def deal_damage(r: Replay, card: Card, amount: int, cites: tuple[str, ...], why: str, owner: Player | None = None,
                cause=None) -> bool:
    """Place ``amount`` damage on ``card``; destroy it if it has enough.  Returns True when
    the card was destroyed.  ``cause``: the card ability dealing it (None: a rule)."""
    if amount <= 0:
        return False
    if card.type == "hero":  # a card may take the damage assigned to a hero instead (Dori)
        instead = r.hooks.damage_placed_instead(r, card, amount)
        if instead is not None:
            card, owner = instead, None
    before = card.damage
    card.damage += amount
    r.emit(DamageDealt(card=card.label, amount=amount, why=why, cause=cause), cites + (C.DAMAGE,),
           [change(card.label, "damage", before, card.damage)])
    return check_destroyed(r, card, owner)


def check_destroyed(r: Replay, card: Card, owner: Player | None = None) -> bool:
    hp = card.stat("hit_points")
    if card.damage < hp:
        return False
    if card.type == "enemy" and card.keyword("indestructible"):
        r.emit(
            IndestructibleHolds(card=card.label, damage=card.damage, hit_points=hp),
            (C.INDESTRUCTIBLE, C.HIT_POINTS),
        )
        return False
    held = scenario_data.objectives().get(card.name) if card.type == "objective" else None
    if held is not None:  # a scenario's objective with hit points: not destroyed; its damage is checked at the end of the round
        r.emit(IndestructibleHolds(card=card.label, damage=card.damage, hit_points=hp, by="the scenario's rule for it (checked at the end of the round)"),
               (C.HIT_POINTS, held["ruling"]))
        return False
    by = r.hooks.cannot(r, "leave play", card.label)
    if by is not None:  # it is not destroyed and goes on as a card in play (Cannot; FAQ Q73)
        r.emit(IndestructibleHolds(card=card.label, damage=card.damage, hit_points=hp, by=by),
               (C.CANNOT, C.HIT_POINTS, C.FAQ_Q_CANNOT_LEAVE_PLAY))
        return False
    destroy(r, card, owner, modifiers_rule([card], "hit_points"))
    return True


def destroy(r: Replay, card: Card, owner: Player | None = None, extra: tuple[str, ...] = ()) -> None:
    """``card`` is destroyed; ``extra``: more rules deciding it (Modifiers, for modified hit points)."""
    g = r.g
    if card.is_character:
        zone = "heroes" if card.type == "hero" else "allies"
        p = owner or g.player(card.owner) or next((q for q in g.players if card in getattr(q, zone)), None)  # the controller
        if p is not None and card in getattr(p, zone):
            getattr(p, zone).remove(card)
        for a in card.attachments:  # each to its owner's discard pile: an encounter attachment to the encounter discard pile
            a.exhausted = False
            if r.hooks.leave_play_instead(r, a, f"with {card.label}", (C.DESTROY,)):  # a replacement (the Cave Torch)
                continue
            (g.encounter_discard if a.owner == "encounter" else (g.player(a.owner) or p).discard).insert(0, a)
        card.attachments = []
        card.committed = False
        if card.owner == "encounter":  # an objective-ally: an encounter card, whoever controls it (Ownership and Control)
            g.encounter_discard.insert(0, card)
            r.emit(
                CharacterDestroyed(card=card.label, player=p.name if p else "", damage=card.damage, hit_points=card.stat("hit_points"),
                                   to="the encounter discard pile"),
                (C.DESTROY, C.HIT_POINTS, C.OWNERSHIP, C.QC_OBJECTIVE_ALLY)
                + r.hooks.rulings_of(card, (C.DESTROY, C.OWNERSHIP, C.QC_OBJECTIVE_ALLY)),
                [change(card.label, "zone", "in play", "the encounter discard pile")],
            )
            return
        dest = g.player(card.owner) or p
        dest.discard.insert(0, card)
        r.emit(
            CharacterDestroyed(card=card.label, player=dest.name, damage=card.damage, hit_points=card.stat("hit_points")),
            (C.DESTROY, C.HIT_POINTS) + extra,
            [change(card.label, "zone", "in play", f"{dest.name}'s discard pile")],
        )
        if card.type == "hero" and p is not None:
            check_heroes(r, p)
        return
    if card.type == "enemy":
        engaged_with = ""  # the player it was engaged with (Last Gasp: that player resolves it)
        for p in g.players:
            if card in p.engaged:
                p.engaged.remove(card)
                engaged_with = p.name
        if card in g.staging:
            g.staging.remove(card)
        for s in card.shadows:
            g.encounter_discard.insert(0, s)
        card.shadows = []
        if card.facedown is not None:
            _facedown_to_owner(r, card, owner)
            return
        _leave_play(r, card, "destroyed", (C.DESTROY, C.HIT_POINTS) + extra, engaged_with)


FACEDOWN_TO_OWNER = Interpretation(
    "a destroyed face-down player card goes to its owner's discard pile",
    C.OWNERSHIP,
    "the erratum of Core 125 names only a return to the staging area; a destroyed Orc Guard is still the card of "
    "the player whose deck held it, so it follows that player's cards",
)


def _facedown_to_owner(r: Replay, enemy: Card, owner: Player | None) -> None:
    """A face-down player card engaged as an enemy (an Orc Guard of Tower Gate / Out of the
    Dungeons) is destroyed: the card is its owner's, a player whose deck held it (Ownership
    and Control), so it goes to that player's discard pile, as the erratum of Core 125 sends
    it there rather than back to the staging area; not to the encounter discard pile."""
    card = enemy.facedown  # type: ignore[attr-defined]
    dest = r.g.player(card.owner) or owner
    if dest is None:  # no owner at the table: keep the card with the encounter cards
        _leave_play(r, enemy, "destroyed", (C.DESTROY, C.HIT_POINTS))
        return
    card.exhausted = card.committed = False
    dest.discard.insert(0, card)
    row = scenario_data.face_down_enemies().get(enemy.name)
    if row is not None:  # a scenario's face-down enemy: its ruling sends the card to its owner's discard pile
        r.emit(EnemyDestroyed(card=enemy.label, to=f"{dest.name}'s discard pile", facedown=card.label, player=dest.name),
               (C.DESTROY, C.HIT_POINTS, C.OWNERSHIP, str(row["ruling"])), [change(enemy.label, "zone", "in play", f"{dest.name}'s discard pile")])
        return
    r.emit(
        EnemyDestroyed(card=enemy.label, to=f"{dest.name}'s discard pile", facedown=card.label, player=dest.name),
        (C.DESTROY, C.HIT_POINTS, C.OWNERSHIP, C.ERRATA_FACEDOWN_ORC_GUARD),
        [change(enemy.label, "zone", "in play", f"{dest.name}'s discard pile")],
        FACEDOWN_TO_OWNER,
    )


def _leave_play(r: Replay, card: Card, how: str, cites: tuple[str, ...], engaged_with: str = "") -> None:
    """An encounter card leaves play: to the victory display (Victory) or the discard.
    ``engaged_with``: the player a destroyed enemy was engaged with."""
    g = r.g
    more = {"engaged_with": engaged_with} if how == "destroyed" else {}
    victory = card.keyword("victory")
    objectives = card.guarding
    card.guarding = []
    if r.hooks.leave_play_instead(r, card, how, cites):  # a card ability replacing where it goes (Banks of the Anduin)
        pass
    elif leave_play_to_its_deck_rule(r, card, how, cites):  # a card of a separate deck (the Orc deck ...)
        pass
    elif victory:
        g.victory_display.append(card)
        dest, cites = "the victory display", cites + (C.VICTORY,)
        r.emit(LEFT_PLAY[how](card=card.label, to=dest, **more), cites, [change(card.label, "zone", "in play", dest)])
    else:
        g.encounter_discard.insert(0, card)
        dest = "the encounter discard pile"
        r.emit(LEFT_PLAY[how](card=card.label, to=dest, **more), cites, [change(card.label, "zone", "in play", dest)])
    for o in objectives:
        g.staging.append(o)
        r.emit(
            Unguarded(objective=o.label, guard=card.label),
            # attached to its guard until the guard left play, it is back in the staging area, unclaimed (FAQ 1.17)
            (C.GUARDED, C.OBJECTIVE_CARDS, C.FAQ_UNCLAIMED_OBJECTIVES),
            [change(o.label, "guarded by", card.label, None)],
        )


def place_progress(r: Replay, card: Card, amount: int, cites: tuple[str, ...], why: str, cause=None) -> int:
    """Place progress on a location or quest; returns what did not fit a location.
    ``cause``: the card ability placing it (None: a rule)."""
    if amount <= 0:
        return 0
    if card.type == "location" and r.hooks.progress_instead(r, card, amount, cites, why):  # placed elsewhere instead
        return 0
    if card.type == "location":
        room = max(0, card.stat("quest_points") - card.progress)
        placed = min(room, amount)
        before = card.progress
        card.progress += placed
        r.emit(ProgressPlaced(card=card.label, amount=placed, on_quest=False, why=why, cause=cause), cites,
               [change(card.label, "progress", before, card.progress)])
        if card.progress >= card.stat("quest_points"):
            explore(r, card)
        return amount - placed
    by = r.hooks.cannot(r, "place progress on the main quest", card.label) if card is r.g.quest else None
    if by is not None:  # a restriction on the main quest (Off Track): the progress is not placed
        r.emit(ProgressForbidden(card=card.label, amount=amount, by=by), cites + (C.CANNOT,) + r.hooks.restriction_rulings(r, by))
        return 0
    before = card.progress
    card.progress += amount
    r.emit(ProgressPlaced(card=card.label, amount=amount, on_quest=True, why=why, cause=cause), cites,
           [change(card.label, "progress", before, card.progress)])
    return 0


def explore(r: Replay, card: Card) -> None:
    g = r.g
    elsewhere = g.active_location is not card  # explored where it is, not only as the active location (FAQ 1.18)
    if g.active_location is card:
        g.active_location = None
    if card in g.staging:
        g.staging.remove(card)
    _leave_play(r, card, "explored", (C.EXPLORED,) + ((C.FAQ_EXPLORED_ANYWHERE,) if elsewhere else ()))
