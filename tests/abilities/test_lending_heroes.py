"""Lending a hero for a while (``{op: lend}`` with a duration: Desperate Alliance) and Player
Elimination (FAQ Q49: a player whose own heroes in play are all lent out is still in the game).
Expected values worked out by hand in the docstring."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.engine import api

FILE = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/faq-q49-a-lent-hero-keeps-its-owner-in-the-game.yaml"


def heroes(trace, who: str) -> list[str]:
    return [h["label"] for h in next(p for p in trace.final_state["players"] if p["name"] == who)["heroes"]]


def test_a_hero_lent_for_the_phase_comes_back_and_keeps_its_owner_in_the_game():
    """Tom lends Aragorn to Kris at 6.2; Gimli, Tom's other hero, dies at 6.4.3.  Stopped at 6.6
    Kris controls Aragorn and Éowyn, Tom none, and Tom is not eliminated; at the end of the phase
    Aragorn is Tom's again.  With Aragorn not lent (Tom passes the event), Tom keeps him all along."""
    text = FILE.read_text(encoding="utf-8")
    mid = api.replay(api.load("l.yaml", text=text.replace("stop: end-of-phase", "stop: {step: '6.6'}")), abilities=True)
    assert heroes(mid, "Kris") == ["Éowyn", "Aragorn"] and heroes(mid, "Tom") == []
    assert not any(s.event == "eliminated" for s in mid.steps)
    end = api.replay(api.load("l.yaml", text=text), abilities=True)
    assert heroes(end, "Tom") == ["Aragorn"] and heroes(end, "Kris") == ["Éowyn"]
    kept = api.replay(api.load("l.yaml", text=text.replace("- {step: '6.2', player: Tom, play: [{card: Desperate Alliance}]}\n", "")),
                      abilities=True)
    assert "Aragorn" in heroes(kept, "Tom") and not any(s.event in ("lent", "not-eliminated") for s in kept.steps)
