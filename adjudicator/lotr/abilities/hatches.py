"""Escape hatches: Python for the odd card whose effect the grammar does not express (Orc
Guards from the top of each deck, the prisoner, Wolf Rider's return to the deck, ...).  The card
data names them (``{op: python, name: ..., why: ...}``, the ``why`` saying what the grammar
lacks); each takes (replay, cause, source, controller, play).  `FRAMEWORK_RULES` are named
hatches the framework reads where the card changes a step (they resolve nothing themselves).
A choice of modes is no hatch: ``op: choose_one`` (docs/abilities.md)."""

from __future__ import annotations

from typing import Callable

from adjudicator.engine.trace import Change

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities.choose import Play
from adjudicator.lotr.abilities.effects import Cause
from adjudicator.lotr.engine.encounter_events import EnemyEngaged
from adjudicator.lotr.engine.state import Card, Player


def _orc_guards(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    """Tower Gate / Out of the Dungeons: each player's top deck card, face down, engages
    them as an Orc Guard (an enemy with 1 attack, 1 defense, 1 hit point, no traits: Q8)."""
    from adjudicator.lotr.engine.cards import CardDef

    guard = CardDef("Orc Guard", "enemy", stats=(("attack", 1), ("defense", 1), ("hit_points", 1), ("engagement_cost", 0), ("threat", 0)), inline=True)
    for p in r.g.in_player_order():
        if not p.deck:
            E.refused(r, cause, f"{p.name}'s deck is empty: no Orc Guard", (C.EFFECTS,))
            continue
        top = p.deck.pop(0)
        orc = Card(_guard_label(r, p), guard, p.name)
        orc.facedown = top  # type: ignore[attr-defined]
        p.engaged.append(orc)
        r.emit(EnemyEngaged(enemy=orc.label, player=p.name, how="effect", facedown=top.label, cause=cause),
               (C.ENGAGED,) + cause.rules, [Change(orc.label, "zone", f"top of {p.name}'s deck", f"engaged with {p.name}, face down")])
    return True


def _guard_label(r, p: Player) -> str:
    """A label no card on the table has: "Orc Guard (Tom)", then "Orc Guard (Tom)#2", ..."""
    taken = {c.label for c in r.g.cards_in_play()} | {c.label for c in (*r.g.encounter_discard, *p.discard)}
    base, n = f"Orc Guard ({p.name})", 1
    label = base
    while label in taken:
        n += 1
        label = f"{base}#{n}"
    return label


HATCHES: dict[str, Callable[..., bool]] = {
    "orc_guard_from_each_deck": _orc_guards,
}

# Combat hatches (Dúnhere, Stand Together, Wolf Rider's shadow attack) live in a module of their own.
from adjudicator.lotr.abilities.combat_hatches import COMBAT_HATCHES  # noqa: E402

HATCHES.update(COMBAT_HATCHES)

# The prisoner of Escape from Dol Guldur (taken at random, rescued by a response) lives in a module of its own.
from adjudicator.lotr.abilities.prisoner import PRISONER_HATCHES  # noqa: E402

HATCHES.update(PRISONER_HATCHES)

# Named in card data and read by the framework where the card changes a step (Hill Troll's
# damage, Ambush on the Shore's staging, the Chosen Path's
# victory, Under the Shadow's total, not replayed): valid names with nothing to run here.
FRAMEWORK_RULES = (
    "excess_damage_to_threat", "skip_staging_win_when_no_enemies",
    "win_on_defeating_ungoliants_spawn", "staging_threat_plus_players",
)
