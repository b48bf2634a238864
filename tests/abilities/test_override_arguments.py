"""An effect's arguments replaced while a condition holds (`override: {condition, ...}`), as a
card says "+2 instead if ...": Dwarven Axe (Core 41) gives +1 attack, +2 instead on a Dwarf
(Constant Ability; Modifiers).  The exception lives in the card data, not in code."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.lotr.abilities.load import library
from adjudicator.lotr.engine import api

AXE = """
start: "2.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [{card: Gimli, attachments: [Dwarven Axe]}, {card: Legolas, attachments: [Dwarven Axe]}]}
quest: {card: Flies and Spiders}
"""


def attack(trace, name: str) -> int:
    hero = next(h for h in trace.final_state["players"][0]["heroes"] if h["name"] == name)
    return next(m for m in hero["modifiers"] if m["stat"] == "attack")["value"] if hero.get("modifiers") else 0


def test_constant_ability_dwarven_axe_gives_plus_2_instead_on_a_dwarf():
    """Gimli (a Dwarf, attack 2) gets +2; Legolas (not a Dwarf, attack 3) gets +1."""
    trace = api.replay(api.load("axe.yaml", text=AXE), abilities=True)
    steps = {s.text.split(" attack")[0].split("] ")[-1]: s.text for s in trace.steps if s.event == "constant"}
    assert "2 → 4" in steps["Gimli"] and "3 → 4" in steps["Legolas"]


def test_constant_ability_dwarven_axe_exception_is_written_in_the_card_data():
    axe = library()["dwarven axe"].abilities[0].effects[0]
    assert axe.get("value") == 1 and axe.get("override") == {"condition": "the attached character is a Dwarf", "value": 2}


def test_constant_ability_override_written_in_a_situation_card():
    """A situation's own attachment: +1 willpower, +3 instead on a Hobbit (none here: +1 on Éowyn)."""
    text = """
start: "2.1"
stop: end-of-phase
cards:
  - {name: Hobbit Cloak, type: attachment, sphere: lore, cost: 1}
players:
  - {name: Tom, threat: 30, heroes: [{card: Éowyn, attachments: [Hobbit Cloak]}]}
quest: {card: Flies and Spiders}
abilities:
  cards:
    - name: Hobbit Cloak
      abilities:
        - {kind: constant, effects: [{op: modify, stat: willpower, how: add, value: 1, target: attached character,
                                      override: {condition: the attached character is a Hobbit, value: 3}}], says: "+1 willpower, +3 on a Hobbit"}
"""
    trace = api.replay(api.load("cloak.yaml", text=text), abilities=True)
    assert any("Éowyn willpower 4 → 5" in s.text for s in trace.steps)


def test_constant_ability_an_override_needs_its_condition():
    text = """
players:
  - {name: Tom, heroes: [Gimli]}
abilities:
  cards:
    - name: Gimli
      abilities:
        - {kind: constant, effects: [{op: modify, stat: attack, how: add, value: 1, target: self, override: {value: 2}}], says: "x"}
"""
    with pytest.raises(InputError) as err:
        api.load("bad.yaml", text=text)
    assert "override: {condition" in str(err.value)


def test_condition_is_a_trait_reads_a_trait_of_the_card():
    from adjudicator.lotr.abilities.grammar.conditions import parse_condition
    from adjudicator.lotr.abilities.grammar.targets import PhraseError

    assert parse_condition("the attached character is a Dwarf").normal() == {"subject": "attached", "predicate": "is a", "arg": "Dwarf"}
    with pytest.raises(PhraseError):
        parse_condition("the attached character is a Dwarff")
