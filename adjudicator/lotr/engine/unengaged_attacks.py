"""Attacks by enemies not engaged with the player (FAQ 1.33, Q34; Enemy Attack Resolution).

A card effect can make an enemy that is not engaged with a player attack them: in the
Core Set, Wolf Rider dealt as a shadow card attacks the defending player in the middle of
the attack it was dealt to.  Such an attack runs through the steps of an enemy attack
(6.4b to 6.4.4, with their action windows): the attacked player is the defending player
and may declare a defender although the enemy is not engaged with them (FAQ 1.33, Q34),
another player's Sentinel character may defend, and an undefended attack goes to one of
the defending player's heroes.  The attack being resolved when it started resumes after
it.  Events declared for a step of an enemy attack (``play:``) are played in this
attack's windows only when they name its enemy (``enemy:``).  Where the card says so
(Wolf Rider), the attacker is first dealt a shadow card of its own; like every shadow card
it is discarded at the end of the combat phase.

    attack_by(r, enemy, player, "Wolf Rider (shadow)", cites, own_shadow=True)
"""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.combat_events import AttackEndsEarly, AttackResumes, ShadowDealt
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.keywords import being_staged, draw_encounter
from adjudicator.lotr.engine.state import Card, Player
from adjudicator.lotr.engine.step_table import SUBFLOWS
from adjudicator.lotr.engine.steps import run_attack_step


def attack_by(r: Replay, enemy: Card, player: Player, why: str, cites: tuple[str, ...] = (), own_shadow: bool = False,
              cause: Cause | None = None, against: Card | None = None, unengaged: bool = True) -> bool:
    """``enemy`` (not engaged with ``player``; engaged with them when not ``unengaged``)
    attacks ``player`` now; True once resolved, False when the enemy left play during its
    attack (FAQ Q55: it ended early).  ``why``: the card effect making it attack (``cause``,
    when it is a card ability); ``against``: the character the attack is made against
    (its undefended damage goes to it: FAQ 1.41)."""
    cause = cause or Cause(why)
    outer, outer_step = r.attack, r.g.step
    base = ((C.FAQ_NON_ENGAGED_ATTACKS,) if unengaged else ()) + tuple(cites)
    if own_shadow:
        card = draw_encounter(r, (C.SHADOW_EFFECTS,))
        if card is None:
            r.emit(ShadowDealt(enemy=enemy.label, own=True, cause=cause),
                   base + (C.SHADOW_EFFECTS, C.RUNNING_OUT_OF_CARDS))
        else:
            enemy.shadows.append(card)
            r.emit(ShadowDealt(enemy=enemy.label, card=card.label, own=True, cause=cause),
                   base + (C.SHADOW_EFFECTS,), [change(enemy.label, "shadow cards", len(enemy.shadows) - 1, len(enemy.shadows))])
    was_attacked = enemy.attacked
    attack = {"player": player, "enemy": enemy, "defender": None, "defenders": [], "unengaged": unengaged, "by": why, "outer": outer,
              "against": against}
    r.attack = attack
    try:
        for sid in SUBFLOWS["enemy-attack"]:
            run_attack_step(r, sid)
    finally:
        enemy.attacked = was_attacked  # this is not the attack it makes when engaged (6.4a)
        r.attack = outer
        r.g.step = outer_step
    if outer is not None:
        r.emit(AttackResumes(enemy=outer["enemy"].label, player=outer["player"].name), (C.step(outer_step),) if outer_step in C.STEP_IDS else base)
    return not attack.get("ended")


def attacker_gone(r: Replay, skip_note: bool = True) -> bool:
    """Whether the enemy of the attack being resolved has left play (destroyed by a
    response, say): the defending player checks after each step of the attack, and an
    attack whose enemy is gone ends there (FAQ Q55).  An enemy attacking as a shadow card
    is there while it lies among the shadow cards of the attack it interrupted; once gone
    it is taken off that list, so that it is not discarded a second time after combat.
    The first check that finds it gone says so; a later step it skips says that
    (``skip_note``)."""
    a = r.attack
    if a is None or a.get("enemy") is None:
        return False
    if a.get("ended"):
        if skip_note:
            r.emit(AttackEndsEarly(enemy=a["enemy"].label, skipped=True),
                   (C.step(r.g.step), C.FAQ_Q_ATTACKER_DESTROYED) if r.g.step in C.STEP_IDS else (C.FAQ_Q_ATTACKER_DESTROYED,))
        return True
    enemy, g = a["enemy"], r.g
    if any(enemy is c for c in g.cards_in_play()):
        return False
    away = any(enemy is c for c in (*g.encounter_discard, *g.victory_display, *g.encounter_deck))
    hosts = []
    outer = a.get("outer")
    while outer:
        hosts.append(outer["enemy"])
        outer = outer.get("outer")
    if a.get("unengaged") and not away and any(enemy is s for h in hosts for s in shadow_cards_of(h)):
        return False
    if not away and being_staged(r, enemy.label) is not None:  # attacking as it is revealed (its When Revealed effect)
        return False
    for h in hosts:
        _drop_shadow(h, enemy)
    a["ended"] = True
    r.emit(AttackEndsEarly(enemy=enemy.label),
           (C.step(g.step), C.FAQ_Q_ATTACKER_DESTROYED) if g.step in C.STEP_IDS else (C.FAQ_Q_ATTACKER_DESTROYED,))
    return True


def _drop_shadow(host: Card, card: Card) -> None:
    host.shadows = [s for s in host.shadows if s is not card]
    for s in host.shadows:
        _drop_shadow(s, card)


def attacking_cards(r: Replay) -> list[Card]:
    """The enemies of the attacks being resolved (the innermost first: an attack made in
    the middle of another, Wolf Rider's as a shadow card) and the shadow cards dealt to
    them.  An enemy attacking as a shadow card is in none of the usual zones, yet effects
    aimed at "the attacking enemy" reach it."""
    out: list[Card] = []
    attack = r.attack
    while attack:
        enemy = attack.get("enemy")
        if enemy is not None and all(c is not enemy for c in out):
            out.append(enemy)
            out += [s for s in shadow_cards_of(enemy) if all(c is not s for c in out)]
        attack = attack.get("outer")
    return out


def shadow_cards_of(enemy: Card) -> list[Card]:
    """The shadow cards on ``enemy`` and on its shadow cards (a Wolf Rider dealt its own)."""
    out = []
    for s in enemy.shadows:
        out.append(s)
        out.extend(shadow_cards_of(s))
    return out
