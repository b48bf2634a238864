"""Escape hatches for combat cards whose effect changes how an attack is declared
(registered in `hatches.HATCHES`; each takes (replay, cause, source, controller, play)):

- Dúnhere (``dunhere_staging_attack``, also ``may_attack_staging_area``): a permission for
  attacks on staging-area enemies; the engine reads it when the attack is declared
  (`adjudicator.lotr.engine.staging_attacks`), this hatch only says so when the constant
  ability is applied;
- Stand Together (``any_number_of_defenders``): until the end of the phase the chosen
  player may declare any number of defenders against each attack on them (Multiple
  Defenders; FAQ 1.04); the engine reads the permission at 6.4.1 (`engine.defenders`);
- Wolf Rider's delayed part (``back_on_top_of_encounter_deck``): as combat ends, once shadow
  cards are discarded (FAQ Q12), it goes back on top of the encounter deck (its attack as a
  shadow card is the grammar's ``enemy_attack``: `enemy_attacks.py`).
"""

from __future__ import annotations

from typing import Callable

from msgspec import Struct

from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities.ability_events import AttackPermission, DefendersPermission
from adjudicator.lotr.abilities.choose import Play, players
from adjudicator.lotr.abilities.effect_events import ReturnedToDeckTop
from adjudicator.lotr.abilities.effects import Cause, state_of
from adjudicator.lotr.engine.state import Card, Player


class DefenderPermission(Struct, frozen=True):
    """A player may declare any number of defenders during one phase of one round."""

    player: str
    cause: str
    phase: str
    round: int


def _staging_permission(r, cause: Cause, source: Card, controller: Player, play: Play, how: str = "") -> bool:
    r.emit(AttackPermission(card=source.label, how=how, cause=cause), (C.CONSTANT, C.GOLDEN_RULES, C.step("6.8b")) + cause.rules)
    return True


def _dunhere(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    return _staging_permission(r, cause, source, controller, play, " when he attacks alone, with +1 attack for that attack")


def _any_number_of_defenders(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    chosen = players(r, "chosen", controller, play) or [controller]
    st = state_of(r)
    perms = st.defender_permissions
    for q in chosen:
        perms.append(DefenderPermission(q.name, cause.label, r.g.phase, r.g.round))
        r.emit(DefendersPermission(player=q.name, phase=r.g.phase, cause=cause),
               (C.LASTING, C.faq("1.04")) + cause.rules)
    return True


def _back_on_top(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    g = r.g
    if source not in g.encounter_discard:
        return E.refused(r, cause, f"{source.label} is not among the shadow cards discarded at the end of combat: it stays where it is",
                         (C.DELAYED, C.qa(12)))
    g.encounter_discard.remove(source)
    g.encounter_deck.insert(0, source)
    note = None
    if source.label in state_of(r).left_play_attacking:
        note = Interpretation(
            "a Wolf Rider destroyed during its own attack still goes back on top after combat",
            C.DELAYED,
            "its card names where it goes after combat, and the end of combat finds it in the encounter discard pile "
            "as it finds every shadow card; the destruction only moved it there earlier",
        )
    r.emit(ReturnedToDeckTop(card=source.label, cause=cause),
           (C.DELAYED, C.qa(12), C.SHADOW_EFFECTS) + cause.rules, interpretation=note)
    return True


COMBAT_HATCHES: dict[str, Callable[..., bool]] = {
    "dunhere_staging_attack": _dunhere,
    "may_attack_staging_area": _staging_permission,
    "any_number_of_defenders": _any_number_of_defenders,
    "back_on_top_of_encounter_deck": _back_on_top,
}
