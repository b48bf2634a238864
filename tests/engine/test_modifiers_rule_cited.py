"""Modifiers (Rules Reference; FAQ 1.43): a value with modifiers is computed from its base value,
adding and subtracting first, then doubling and halving, a set value overriding, floored at 0.
Wherever a step computes such a value, it cites the Modifiers rule; an unmodified value does
not."""

from __future__ import annotations

from adjudicator.lotr.engine import api

ATTACK = """
start: '6.7'
stop: end-of-phase
players:
- {name: Tom, threat: 20, heroes: [{card: Gimli, modifiers: MODS}], engaged: [{card: Hill Troll, modifiers: TROLL}]}
quest: {card: Flies and Spiders}
decisions:
- {step: '6.8b', player: Tom, target: Hill Troll, attackers: [Gimli]}
- {step: '6.8b', player: Tom, target: null}
"""


def replay(mods: str = "[]", troll: str = "[]"):
    return api.replay(api.load("mods.yaml", text=ATTACK.replace("MODS", mods).replace("TROLL", troll)), abilities=False)


def step(trace, event: str):
    return next(s for s in trace.steps if s.event == event)


def test_add_then_double_is_computed_in_that_order_and_the_step_cites_modifiers():
    # Gimli's printed attack 2: +1 then doubled is 6 (doubling first would give 5)
    trace = replay("[{stat: attack, op: double}, {stat: attack, op: add, value: 1}]")
    strength = step(trace, "attack-strength")
    assert strength.data.strength == 6
    assert "lotr:rr:modifiers" in strength.citations


def test_an_unmodified_attack_does_not_cite_modifiers():
    trace = replay()
    strength = step(trace, "attack-strength")
    assert strength.data.strength == 2 and "lotr:rr:modifiers" not in strength.citations


def test_a_modified_defense_in_the_combat_damage_cites_modifiers():
    trace = replay(troll="[{stat: defense, op: halve}]")  # Hill Troll's 3 halved: 1.5, rounded up to 2
    damage = step(trace, "combat-damage")
    assert damage.data.defense == 2 and "lotr:rr:modifiers" in damage.citations
