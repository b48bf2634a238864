"""Enemy attacks made by card effects (Attacks Outside the Combat Phase; FAQ 1.28, 1.41,
1.42): "the enemy attacks you", "makes an additional attack", "attacks the character with
the most ...".

The enemy's earlier shadow cards are discarded first (an additional attack: FAQ 1.42), it is
dealt a shadow card, and the attack runs through the enemy attack steps 6.4b to 6.4.4 with
their action windows (`unengaged_attacks.attack_by`); the attacked player may declare a
defender.  An attack against a character is made against its controller, and its undefended
damage goes to that character (FAQ 1.41).  Outside the combat phase the shadow cards dealt
for it are discarded once it has resolved (FAQ 1.28); in the combat phase they wait for the
end of combat like every shadow card.
"""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.combat_events import ShadowsDiscarded
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.keywords import being_staged
from adjudicator.lotr.engine.state import Card, Player
from adjudicator.lotr.engine.unengaged_attacks import attack_by, shadow_cards_of


def _discard_shadows(r: Replay, enemy: Card, before: bool, cites: tuple[str, ...], cause: Cause) -> None:
    cards = shadow_cards_of(enemy)
    if not cards:
        return
    for s in cards:
        r.g.encounter_discard.insert(0, s)
        s.shadows = []
    n = len(enemy.shadows)
    enemy.shadows = []
    r.emit(ShadowsDiscarded(enemy=enemy.label, cards=tuple(s.label for s in cards), before=before, cause=cause), cites,
           [change(enemy.label, "shadow cards", n, 0)])


def attack_now_by_effect(r: Replay, enemy: Card, player: Player, cause: Cause, cites: tuple[str, ...] = (),
                         against: Card | None = None) -> bool:
    """``enemy`` attacks ``player`` (or the character ``against``, controlled by ``player``)
    now, by the card effect ``cause``; True once the attack has resolved (False when the enemy
    left play during it)."""
    base = tuple(cites) + ((C.FAQ_ATTACK_AGAINST_CHARACTER,) if against is not None else ())
    if shadow_cards_of(enemy):
        _discard_shadows(r, enemy, True, base + (C.FAQ_ADDITIONAL_ATTACK,), cause)
    outside = r.g.phase != "combat"
    rules = base + ((C.RR_ATTACKS_OUTSIDE_COMBAT, C.FAQ_ATTACKS_OUTSIDE_COMBAT) if outside else ())
    if being_staged(r, enemy.label) is not None:  # attacking from its When Revealed: not yet in the staging area (FAQ Q64)
        rules += (C.FAQ_Q_ATTACK_AS_REVEALED,)
    engaged = any(enemy is c for c in player.engaged)
    done = attack_by(r, enemy, player, cause.label, rules, own_shadow=True, cause=cause, against=against, unengaged=not engaged)
    if outside and (any(enemy is c for c in r.g.cards_in_play()) or being_staged(r, enemy.label) is not None):
        _discard_shadows(r, enemy, False, (C.FAQ_ATTACKS_OUTSIDE_COMBAT,), cause)
    return done
