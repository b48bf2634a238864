"""Poison and unconscious characters (the Quest Companion's rulings on The Hobbit's Flies and
Spiders): poison at a character's printed hit points makes it unconscious (its poison gone; it
cannot quest, attack, defend, collect or ready), and only an effect readying an unconscious
character readies it, ending that.  Expected values worked out by hand in the docstring."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.engine import api

RULINGS = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings"


def bombur(name: str, old: str = "", new: str = "") -> dict:
    text = (RULINGS / name).read_text(encoding="utf-8")
    trace = api.replay(api.load("p.yaml", text=text.replace(old, new) if old else text), abilities=True, strict=False)
    tom = next(p for p in trace.final_state["players"] if p["name"] == "Tom")
    return next(h for h in tom["heroes"] if h["name"] == "Bombur")


def test_poison_at_printed_hit_points_makes_a_character_unconscious_until_an_effect_readies_it():
    """Fifth poison (5 hit points): unconscious, no poison left, still exhausted after the refresh
    phase.  Third poison only (2 before): 3 poison, conscious, ready after the refresh phase.  The
    plain ready does not ready him; the one aimed at an unconscious character does, and ends it."""
    knocked = bombur("qc-flies-and-spiders-poison-makes-a-character-unconscious.yaml")
    assert knocked["exhausted"] and knocked.get("tokens") == {"unconscious": 1}
    awake = bombur("qc-flies-and-spiders-poison-makes-a-character-unconscious.yaml", "tokens: {poison: 4}", "tokens: {poison: 2}")
    assert not awake["exhausted"] and awake.get("tokens") == {"poison": 3}
    plain = bombur("qc-flies-and-spiders-readying-an-unconscious-character.yaml", "{card: Wake Up (test card)}", "{card: Second Wind (test card)}")
    assert plain["exhausted"] and plain.get("tokens") == {"unconscious": 1}
    woken = bombur("qc-flies-and-spiders-readying-an-unconscious-character.yaml")
    assert not woken["exhausted"] and not woken.get("tokens")
