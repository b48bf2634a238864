"""Triggered Ability: a trigger's subject is parsed by the grammar (`grammar.subjects`) and
evaluated on the card the occurrence is about, never compared as a string: Brok Ironfist
answers a Dwarf hero of his controller leaving play and nothing else; Valiant Sacrifice an
ally leaving play, not a hero."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from adjudicator.lotr.abilities.grammar.subjects import parse_subject
from adjudicator.lotr.abilities.grammar.targets import PhraseError
from adjudicator.lotr.engine import api

DESTROYED = """
start: "6.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [{card: HERO, damage: 3}, {card: Glóin, resources: 6}], hand: [HAND], engaged: [Forest Spider]}
  - {name: Ann, threat: 30, heroes: [{card: Gimli, damage: 4}], hand: [Brok Ironfist]}
quest: {card: Flies and Spiders}
decisions:
  - {step: "6.4.1", player: Tom, defender: null}
  - {step: "6.4.3", player: Tom, undefended_hero: HERO}
  - {step: "6.8b", player: Tom, target: null}
  - {step: "6.8b", player: Ann, target: null}
abilities:
  responses: [{card: HAND}]
"""


def destroyed(hero: str, hand: str):
    return api.replay(api.load("subject.yaml", text=DESTROYED.replace("HERO", hero).replace("HAND", hand)), abilities=True)


def allies(trace, who: str = "Tom") -> list[str]:
    p = next(p for p in trace.final_state["players"] if p["name"] == who)
    return [a["name"] for a in p.get("allies") or []]


def test_triggered_ability_subject_a_dwarf_hero_you_control_brok_enters_play():
    """Tom's Dwarf hero Thalin (3 damage + the Spider's 2: destroyed) leaves play: Tom's Brok
    Ironfist is put into play from his hand."""
    trace = destroyed("Thalin", "Brok Ironfist")
    assert allies(trace) == ["Brok Ironfist"]


def test_triggered_ability_subject_not_a_dwarf_hero_brok_stays_in_hand():
    """Éowyn is not a Dwarf: Brok Ironfist does not trigger (his subject is evaluated)."""
    trace = destroyed("Éowyn", "Brok Ironfist")
    assert allies(trace) == [] and not any(s.event == "timing" and "Brok" in s.text for s in trace.steps)


def test_triggered_ability_subject_you_control_another_players_brok_does_not_answer():
    """Tom's Dwarf hero leaves play: Ann's Brok Ironfist (a Dwarf hero *she* controls) does not answer."""
    text = DESTROYED.replace("HERO", "Thalin").replace("HAND", "Feint").replace("responses: [{card: Feint}]",
                                                                                "responses: [{card: Brok Ironfist, player: Ann}]")
    trace = api.replay(api.load("subject.yaml", text=text), abilities=True)
    assert allies(trace, "Ann") == [] and not any(s.event == "timing" and "Brok" in s.text for s in trace.steps)


def test_triggered_ability_subject_an_ally_valiant_sacrifice_ignores_a_hero():
    """A hero leaving play is not an ally: Valiant Sacrifice is not offered."""
    trace = destroyed("Thalin", "Valiant Sacrifice")
    assert not any(s.event == "timing" and "Valiant Sacrifice" in s.text for s in trace.steps)


@pytest.mark.parametrize("phrase,normal", [
    ("", {"kind": "any"}),
    ("self", {"kind": "self"}),
    ("combat", {"kind": "phase", "phase": "combat"}),
    ("from the encounter deck", {"kind": "word", "word": "from the encounter deck"}),
    ("a Dwarf hero you control", {"kind": "cards", "target": {"quantifier": "a", "kinds": ["hero"], "traits": ["Dwarf"], "controller": "you"}}),
    ("an enemy he attacked", {"kind": "cards", "target": {"quantifier": "a", "kinds": ["enemy"], "qualifiers": ["attacked by self"]}}),
])
def test_triggered_ability_subject_parsed_into_its_normal_form(phrase, normal):
    assert parse_subject(phrase).normal() == normal


def test_triggered_ability_subject_outside_the_grammar_is_refused():
    with pytest.raises(PhraseError):
        parse_subject("a Dwarrf hero")


def test_triggered_ability_no_module_compares_a_subject_as_a_string():
    """The listener reads ``trigger.about`` (parsed), never ``trigger.subject`` (the phrase)."""
    folder = Path(__file__).resolve().parents[2] / "adjudicator" / "lotr" / "abilities"
    offenders = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr == "subject" and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "trigger"):
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []
