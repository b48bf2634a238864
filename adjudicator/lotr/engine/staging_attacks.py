"""Player attacks against an enemy in the staging area (Staging Area; 6.8b; Golden Rules).

By the framework a player attacks an enemy engaged with them (6.8b), or with Ranged one
engaged with another player; an enemy in the staging area is engaged with nobody and
cannot be attacked, Ranged included (FAQ Q83).  Only a card ability lets a character
attack there (the card text wins over the framework: Golden Rules).  In the Core Set that
is Dúnhere: alone, he may attack an enemy in the staging area, with +1 attack for that
attack.  The card data names the permission as a constant ability:

    {op: python, name: dunhere_staging_attack, alone: true, attack_bonus: 1}

(``may_attack_staging_area`` is the same permission for any other card).  Such an attack
is otherwise an ordinary player attack: the attackers exhaust, the one-attack-per-enemy
limit holds (FAQ 1.11), no other player's Ranged character may join (FAQ Q83), and an enemy
immune to player card effects cannot be attacked this way (FAQ Q89, 1.47).
"""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.combat_events import StagingAttackBonus
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.hooks import StagingPermission
from adjudicator.lotr.engine.modifiers import Modifier
from adjudicator.lotr.engine.state import Card, Player

PERMISSIONS = ("dunhere_staging_attack", "may_attack_staging_area")


def permission(r: Replay, character: Card) -> StagingPermission | None:
    """The permission ``character``'s own card abilities give it, when card abilities are
    replayed (the hooks know the card library and the situation's cards)."""
    return r.hooks.staging_permission(r, character)


def targets(r: Replay, p: Player, ready: list[Card]) -> list[Card]:
    """Enemies in the staging area that a ready character of ``p`` may attack."""
    if not any(permission(r, c) for c in ready):
        return []
    return [e for e in r.g.staging if e.type == "enemy" and e.label not in p.attacked_enemies]


def check(r: Replay, entry, p: Player, attackers: list[Card], enemy: Card) -> tuple[str, ...] | None:
    """An attack declared against ``enemy`` in the staging area: the citations that allow
    it, or None once the reason it is not allowed has been reported."""
    base = (C.step("6.8b"), C.STAGING_AREA)
    perms = [(c, permission(r, c)) for c in attackers]
    if not any(perm for _, perm in perms):
        r.illegal(entry, f"{enemy.label} is in the staging area: players attack engaged enemies (Ranged does not reach the staging area)",
                  (C.step("6.8b"), C.RANGED, C.FAQ_Q_RANGED_NOT_STAGING, C.STAGING_AREA))
        return None
    lone = [(c, perm) for c, perm in perms if perm is not None and perm.alone]
    if lone and len(attackers) > 1:
        c, perm = lone[0]
        r.illegal(entry, f"{perm.source} lets {c.label} attack an enemy in the staging area only when attacking alone; "
                         f"{len(attackers)} attackers are declared", base + (C.GOLDEN_RULES,))
        return None
    without = [c.label for c, perm in perms if perm is None]
    if without:
        r.illegal(entry, f"{enemy.label} is in the staging area: {', '.join(without)} {'has' if len(without) == 1 else 'have'} no card ability to attack there",
                  base + (C.FAQ_Q_RANGED_NOT_STAGING,))
        return None
    if r.hooks.immune(r, enemy):
        r.illegal(entry, f"{enemy.label} is immune to player card effects: no player card lets a character attack it in the staging area",
                  base + (C.IMMUNE, C.FAQ_IMMUNE, C.FAQ_Q_NO_STAGING_ATTACK_ON_IMMUNE))
        return None
    return (C.STAGING_AREA, C.GOLDEN_RULES)


def _bonus_label(perm: StagingPermission) -> str:
    return f"{perm.source}: attacking into the staging area"


def apply_bonus(r: Replay, attackers: list[Card], enemy: Card) -> None:
    """The attack bonus of the permission, for this attack only."""
    for c in attackers:
        perm = permission(r, c)
        if perm is None or not perm.attack_bonus:
            continue
        before = c.stat("attack")
        c.modifiers.append(Modifier("attack", "add", perm.attack_bonus, _bonus_label(perm)))
        r.emit(
            StagingAttackBonus(character=c.label, enemy=enemy.label, bonus=perm.attack_bonus, cause=Cause(perm.source)),
            (C.STAGING_AREA, C.MODIFIERS, C.ATTACK_STRENGTH),
            [change(c.label, "attack", before, c.stat("attack"))],
        )


def end_bonus(r: Replay, attackers: list[Card]) -> None:
    """The attack is over: the bonus ends with it."""
    for c in attackers:
        perm = permission(r, c)
        if perm is None:
            continue
        before = c.stat("attack")
        c.modifiers = [m for m in c.modifiers if m.source != _bonus_label(perm)]
        if c.stat("attack") != before:
            r.emit(StagingAttackBonus(character=c.label, bonus=perm.attack_bonus, ends=True, cause=Cause(perm.source)),
                   (C.MODIFIERS, C.step("6.8.4")), [change(c.label, "attack", before, c.stat("attack"))])
