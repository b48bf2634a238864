"""The ``enemy_attack`` effect: an enemy attacks because a card says so (Attacks Outside the
Combat Phase; FAQ 1.28, 1.41, 1.42), written in the grammar::

    {op: enemy_attack, attacker: self, player: the first player}           # "it attacks the first player"
    {op: enemy_attack, attacker: each enemy engaged with you}              # an additional attack each
    {op: enemy_attack, attacker: the revealed enemy, target: a hero you control}   # against a character

``attacker`` names the enemies (default: the card itself); ``target`` a character the attack is
made against (its controller is the defending player, undefended damage goes to it); else
``player`` the attacked player (default: the player the enemy is engaged with, else the
ability's controller).  The attack itself is the engine's (`engine.card_attacks`).
"""

from __future__ import annotations

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities.choose import Play, controller_of, players, targets
from adjudicator.lotr.abilities.effects import Cause, state_of
from adjudicator.lotr.engine.card_attacks import attack_now_by_effect
from adjudicator.lotr.engine.state import Card, Player


def enemy_attack(r, cause: Cause, e, source: Card, controller: Player, play: Play) -> bool:
    attackers = [c for c in targets(r, str(e.get("attacker", "self")), source, controller, play) if c.type == "enemy"]
    if not attackers:
        return E.refused(r, cause, f"no enemy to attack ({e.get('attacker', 'self')})", (C.EFFECTS,))
    against = None
    if e.get("target") is not None:
        found = targets(r, str(e.get("target")), source, controller, play)
        against = found[0] if found else None
        if against is None or not (against.type == "hero" or against.card.is_a("ally")) or controller_of(r, against) is None:
            return E.refused(r, cause, f"no character to attack ({e.get('target')})", (C.EFFECTS,))
    ok = True
    for enemy in attackers:
        if against is not None:
            who = [controller_of(r, against)]
        elif e.get("player") is not None:
            who = players(r, str(e.get("player")), controller, play)
        else:
            who = [next((p for p in r.g.players if any(enemy is c for c in p.engaged)), controller)]
        for p in who:
            if p is None or p.eliminated:
                continue
            st = state_of(r)
            busy, st.busy = st.busy, False  # an attack like any other: abilities answer its steps
            try:
                done = attack_now_by_effect(r, enemy, p, cause, cause.rules, against)
            finally:
                st.busy = busy
            if not done:  # it left play during its attack (FAQ Q55): a shadow card attacking is remembered (Wolf Rider)
                st.left_play_attacking.add(enemy.label)
            ok = done and ok
    return ok
