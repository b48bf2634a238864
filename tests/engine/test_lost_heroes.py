"""Heroes shuffled into their owner's deck (Player Elimination; Drawing cards; FAQ Q38: Lost and
Alone): the player is not eliminated while the hero is in the deck, and the hero goes back into
play when drawn.  Expected values worked out by hand in the docstring."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.engine import api

FILE = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/faq-q38-lost-and-alone-hero-back-when-drawn.yaml"


def test_a_hero_in_its_owners_deck_keeps_him_in_the_game_and_comes_back_when_drawn():
    """Stopped at 3.3 of round 1, Aragorn is in Tom's deck, Tom has no hero and is not eliminated;
    at 1.3 of round 2 he is drawn and in play again, the deck empty."""
    text = FILE.read_text(encoding="utf-8")
    early = api.replay(api.load("l.yaml", text=text.replace("stop: {step: '1.3', round: 2}", "stop: {step: '3.3'}")), abilities=True)
    tom = next(p for p in early.final_state["players"] if p["name"] == "Tom")
    assert tom["heroes"] == [] and tom["deck"] == 1 and not tom.get("eliminated")
    late = api.replay(api.load("l.yaml", text=text), abilities=True)
    tom = next(p for p in late.final_state["players"] if p["name"] == "Tom")
    assert [h["label"] for h in tom["heroes"]] == ["Aragorn"] and tom["deck"] == 0
