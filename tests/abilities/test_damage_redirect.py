"""Damage assigned to a hero placed on another character instead (Replacement Effects; a
response ``{timing: when, event: damage_assigned, subject: a hero}``: Dori).  It acts on the
damage, so a hero immune to player card effects is no obstacle (FAQ Q68).  Expected values
worked out by hand in the docstring."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.engine import api

FILE = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/faq-q68-dori-takes-the-damage-assigned-to-beorn.yaml"
DECLARED = "  responses:\n  - {card: Dori, player: Kris}\n"


def damage(trace) -> dict:
    return {c["name"]: c["damage"] for p in trace.final_state["players"] for c in (*p["heroes"], *p["allies"])}


def test_damage_assigned_to_a_hero_is_placed_on_the_responding_character_instead():
    """The Wolf Rider's 2 undefended damage, assigned to Beorn (immune to player card effects):
    with Dori's response declared, Dori takes them (Beorn 0, Dori 2); without it, Beorn takes them
    (Beorn 2, Dori 0); with Dori already exhausted, he cannot pay his cost and Beorn takes them."""
    text = FILE.read_text(encoding="utf-8")
    assert DECLARED in text
    moved = api.replay(api.load("d.yaml", text=text), abilities=True)
    assert damage(moved)["Beorn"] == 0 and damage(moved)["Dori"] == 2
    kept = api.replay(api.load("d.yaml", text=text.replace(DECLARED, "  plays: []\n")), abilities=True)
    assert damage(kept)["Beorn"] == 2 and damage(kept)["Dori"] == 0
    tired = api.replay(api.load("d.yaml", text=text.replace("allies: [Dori]", "allies: [{card: Dori, exhausted: true}]")), abilities=True)
    assert damage(tired)["Beorn"] == 2 and damage(tired)["Dori"] == 0
