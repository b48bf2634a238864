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
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.keywords import draw_encounter
from adjudicator.lotr.engine.state import Card, Player


def attack_by(r: Replay, enemy: Card, player: Player, why: str, cites: tuple[str, ...] = (), own_shadow: bool = False) -> bool:
    """``enemy`` (not engaged with ``player``) attacks ``player`` now; True once resolved,
    False when the enemy left play during its attack (FAQ Q55: it ended early)."""
    from adjudicator.lotr.engine.framework import SUBFLOWS

    outer, outer_step = r.attack, r.g.step
    base = (C.FAQ_NON_ENGAGED_ATTACKS,) + tuple(cites)
    if own_shadow:
        card = draw_encounter(r, (C.SHADOW_EFFECTS,))
        if card is None:
            r.emit("shadow", f"[from {why}] the encounter deck is empty: {enemy.label} gets no shadow card of its own",
                   base + (C.SHADOW_EFFECTS, C.RUNNING_OUT_OF_CARDS))
        else:
            enemy.shadows.append(card)
            r.emit("shadow", f"[from {why}] {enemy.label} is dealt a facedown shadow card of its own for this attack",
                   base + (C.SHADOW_EFFECTS,), [change(enemy.label, "shadow cards", len(enemy.shadows) - 1, len(enemy.shadows))])
    was_attacked = enemy.attacked
    attack = {"player": player, "enemy": enemy, "defender": None, "defenders": [], "unengaged": True, "by": why, "outer": outer}
    r.attack = attack
    try:
        for sid in SUBFLOWS["enemy-attack"]:
            _attack_step(r, sid)
    finally:
        enemy.attacked = was_attacked  # this is not the attack it makes when engaged (6.4a)
        r.attack = outer
        r.g.step = outer_step
    if outer is not None:
        r.emit("attack-resumes", f"the attack of {outer['enemy'].label} on {outer['player'].name} resumes", (C.step(outer_step),) if outer_step in C.STEP_IDS else base)
    return not attack.get("ended")


def _attack_step(r: Replay, sid: str) -> None:
    """One step of the inner attack, as the framework runs a step; its action window takes
    only the plays that name this enemy (``enemy:``, planning.window_plays): the others
    belong to the attack of the engaged enemy, whose window for the same step comes after
    this attack."""
    from adjudicator.lotr.engine.context import HANDLERS
    from adjudicator.lotr.engine.framework import STEPS
    from adjudicator.lotr.engine.planning import window_plays

    info = STEPS[sid]
    r.g.step = sid
    before = r.trace.count
    HANDLERS[sid](r)
    if r.trace.count == before:
        r.emit("step", info["name"], (C.step(sid),))
    if info.get("window"):
        window_plays(r, sid)


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
            r.emit("attack-ended", f"the attack of {a['enemy'].label} has ended: this step does not resolve",
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
    for h in hosts:
        _drop_shadow(h, enemy)
    a["ended"] = True
    r.emit("attack-ends", f"{enemy.label} is no longer in play: its attack ends here, and no further step of it resolves",
           (C.step(g.step), C.FAQ_Q_ATTACKER_DESTROYED) if g.step in C.STEP_IDS else (C.FAQ_Q_ATTACKER_DESTROYED,))
    return True


def _drop_shadow(host: Card, card: Card) -> None:
    host.shadows = [s for s in host.shadows if s is not card]
    for s in host.shadows:
        _drop_shadow(s, card)


def shadow_cards_of(enemy: Card) -> list[Card]:
    """The shadow cards on ``enemy`` and on its shadow cards (a Wolf Rider dealt its own)."""
    out = []
    for s in enemy.shadows:
        out.append(s)
        out.extend(shadow_cards_of(s))
    return out
