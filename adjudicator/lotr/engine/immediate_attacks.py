"""A player attack made at once by a card effect, outside the declaration of step 6.8b
(Quick Strike: a character you control exhausts and attacks an enemy, alone).

The character is declared as the only attacker against an eligible enemy target and the
attack resolves like a player attack (6.8.2 attack strength, 6.8.3 combat damage, 6.8.4
the attack ends):

- eligible: an enemy engaged with the attacker's controller; with Ranged, an enemy engaged
  with any player (Ranged); an enemy in the staging area only when the character's own
  card ability lets it attack there alone (Dúnhere: `staging_attacks`), never an immune
  one that way (FAQ Q89);
- no other character joins it, Ranged ones included: there is no declaration step (FAQ Q18);
- it is an extra attack: it does not count against the one attack per enemy a player
  declares in the combat phase, and an enemy already attacked may be its target (FAQ 1.11);
- an enemy immune to player card effects may be its target: the card chooses a character,
  and the attack itself is the framework's (FAQ Q60, 1.47);
- an enemy it destroys triggers "after an attack destroys an enemy" responses of the
  attacker and its attachments (Legolas, Blade of Gondolin), as at 6.8.3.

    attack_now(r, player, character, enemy, "Quick Strike (action)", cites)
"""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine import staging_attacks
from adjudicator.lotr.engine.combat import attack_strength, player_combat_damage
from adjudicator.lotr.engine.combat_events import NoAttack, PlayerAttackEnds, PlayerAttacks
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.state import Card, Player

FAQ_Q_NO_JOINING = C.FAQ_Q_NO_JOINING  # no other character joins an attack made by Quick Strike
FAQ_Q_IMMUNE_TARGET = C.FAQ_Q_IMMUNE_TARGET  # Quick Strike may attack an enemy immune to player card effects
EXTRA_ATTACK = (C.FAQ_LIMITS_ON_ATTACKS, FAQ_Q_NO_JOINING)


def eligible(r: Replay, player: Player, attacker: Card) -> list[Card]:
    """The enemies ``attacker`` (a character of ``player``) may attack at once, alone."""
    out = list(player.engaged)
    if attacker.keyword("ranged"):
        out += [e for q in r.g.in_player_order() if q is not player for e in q.engaged]
    if staging_attacks.permission(r, attacker) is not None:
        out += [e for e in r.g.staging if e.type == "enemy" and not r.hooks.immune(r, e)]
    return out


def why_not(r: Replay, player: Player, attacker: Card, enemy: Card) -> tuple[str, tuple[str, ...]] | None:
    """Why ``attacker`` cannot attack ``enemy`` this way (a reason and its rules), or None."""
    if all(attacker is not c for c in player.characters):
        return f"{attacker.label} is not a character {player.name} controls", (C.step("6.8b"),)
    by = r.hooks.cannot(r, "attack", attacker.label)
    if by is not None:
        return f"{attacker.label} cannot attack ({by})", (C.CANNOT,)
    if enemy in eligible(r, player, attacker):
        return None
    if enemy in r.g.staging:
        if staging_attacks.permission(r, attacker) is not None and r.hooks.immune(r, enemy):
            return (f"{enemy.label} is immune to player card effects: no player card lets a character attack it in the staging area",
                    (C.IMMUNE, C.FAQ_IMMUNE, C.FAQ_Q_NO_STAGING_ATTACK_ON_IMMUNE))
        return (f"{enemy.label} is in the staging area: a character attacks engaged enemies unless its own card lets it attack there",
                (C.step("6.8b"), C.STAGING_AREA, C.FAQ_Q_RANGED_NOT_STAGING))
    if any(enemy in q.engaged for q in r.g.players):
        return (f"{enemy.label} is engaged with another player: only a character with Ranged may attack it",
                (C.step("6.8b"), C.RANGED))
    return f"{enemy.label} is not an enemy in play", (C.step("6.8b"),)


def attack_now(r: Replay, player: Player, attacker: Card, enemy: Card, by: str, cites: tuple[str, ...] = (),
               cause: Cause | None = None) -> bool:
    """``attacker`` attacks ``enemy`` now, alone (already exhausted by the card's cost); True
    once the attack has resolved.  The attack being resolved when it started (if any)
    resumes after it.  ``by``: the card effect making the attack (``cause``)."""
    cause = cause or Cause(by)
    problem = why_not(r, player, attacker, enemy)
    if problem is not None:
        r.emit(NoAttack(attacker=attacker.label, enemy=enemy.label, why=problem[0], cause=cause), problem[1] + tuple(cites))
        return False
    outer = r.attack
    staging = enemy in r.g.staging
    rules = (C.step("6.8b"),) + EXTRA_ATTACK + tuple(cites)
    if staging:
        rules += (C.STAGING_AREA, C.GOLDEN_RULES)
    elif enemy not in player.engaged:
        rules += (C.RANGED, C.FAQ_Q_RANGED_ATTACK)
    immune = r.hooks.immune(r, enemy)
    if immune:
        rules += (C.FAQ_IMMUNE, FAQ_Q_IMMUNE_TARGET)
    r.attack = {"player": player, "enemy": enemy, "attackers": [attacker], "immediate": by, "outer": outer}
    try:
        r.emit(PlayerAttacks(player=player.name, enemy=enemy.label, attackers=(attacker.label,), staging=staging, at_once=True,
                             immune=immune, cause=cause),
               rules, [change(enemy.label, "attacked by", None, attacker.label)])
        if staging:
            staging_attacks.apply_bonus(r, [attacker], enemy)
        attack_strength(r)
        in_play = enemy in r.g.enemies_in_play()
        player_combat_damage(r)
        if in_play and enemy not in r.g.enemies_in_play():
            r.hooks.enemy_destroyed_by_attack(r, enemy)  # the responses to it (Legolas, Blade of Gondolin)
        r.emit(PlayerAttackEnds(player=player.name, enemy=enemy.label, at_once=True, attacker=attacker.label, cause=cause),
               (C.step("6.8.4"),) + EXTRA_ATTACK)
        if staging:
            staging_attacks.end_bonus(r, [attacker])
        r.hooks.attack_made_at_once_ends(r, r.attack)  # effects lasting until the end of this attack end
    finally:
        r.attack = outer
    return True
