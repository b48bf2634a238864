"""Attacks by enemies not engaged with the player (FAQ 1.33, Q34; Enemy Attack Resolution).

A card effect can make an enemy that is not engaged with a player attack them: in the
Core Set, Wolf Rider dealt as a shadow card attacks the defending player in the middle of
the attack it was dealt to.  Such an attack runs through the steps of an enemy attack
(6.4b to 6.4.4, with their action windows): the attacked player is the defending player
and may declare a defender although the enemy is not engaged with them (FAQ 1.33, Q34),
another player's Sentinel character may defend, and an undefended attack goes to one of
the defending player's heroes.  The attack being resolved when it started resumes after
it.  Where the card says so (Wolf Rider), the attacker is first dealt a shadow card of its
own; like every shadow card it is discarded at the end of the combat phase.

    attack_by(r, enemy, player, "Wolf Rider (shadow)", cites, own_shadow=True)
"""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.keywords import draw_encounter
from adjudicator.lotr.engine.state import Card, Player


def attack_by(r: Replay, enemy: Card, player: Player, why: str, cites: tuple[str, ...] = (), own_shadow: bool = False) -> bool:
    """``enemy`` (not engaged with ``player``) attacks ``player`` now; True once resolved."""
    from adjudicator.lotr.engine.framework import SUBFLOWS, _run_step

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
    r.attack = {"player": player, "enemy": enemy, "defender": None, "defenders": [], "unengaged": True, "by": why, "outer": outer}
    try:
        for sid in SUBFLOWS["enemy-attack"]:
            _run_step(r, sid)
    finally:
        enemy.attacked = was_attacked  # this is not the attack it makes when engaged (6.4a)
        r.attack = outer
        r.g.step = outer_step
    if outer is not None:
        r.emit("attack-resumes", f"the attack of {outer['enemy'].label} on {outer['player'].name} resumes", (C.step(outer_step),) if outer_step in C.STEP_IDS else base)
    return True


def shadow_cards_of(enemy: Card) -> list[Card]:
    """The shadow cards on ``enemy`` and on its shadow cards (a Wolf Rider dealt its own)."""
    out = []
    for s in enemy.shadows:
        out.append(s)
        out.extend(shadow_cards_of(s))
    return out
