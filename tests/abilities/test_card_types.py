"""A card whose type changes while a constant ability applies (``{op: gain_type, type: hero}``:
Sword-thain): the ally is a hero, with its printed sphere icon a hero's printed icon (FAQ Q81), and
"that ally" no longer reaches it (FAQ Q82).  Expected values worked out by hand in the docstring."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.engine import api

RULINGS = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings"


def tom(name: str, old: str = "", new: str = "") -> dict:
    text = (RULINGS / name).read_text(encoding="utf-8").replace(old, new) if old else (RULINGS / name).read_text(encoding="utf-8")
    trace = api.replay(api.load("t.yaml", text=text), abilities=True, strict=False)
    return next(p for p in trace.final_state["players"] if p["name"] == "Tom")


def test_an_ally_made_a_hero_is_a_hero_with_its_printed_icon_and_no_longer_that_ally():
    """Sword-thain on Henamarth: Lore Lesson chooses him (a hero, printed Lore) and is played;
    without Sword-thain (not played) he is an ally and Lore Lesson is refused, staying in hand.
    Sneak Attack's Henamarth with Sword-thain stays in play at the end of the phase; without
    Sword-thain he goes back to Tom's hand."""
    q81 = "faq-q81-sword-thain-hero-keeps-its-printed-lore-icon.yaml"
    made = tom(q81)
    assert [h["label"] for h in made["heroes"]] == ["Aragorn", "Henamarth Riversong"] and made["hand"] == []
    plain = tom(q81, "{card: Sword-thain, pay_from: [Aragorn], attach_to: Henamarth Riversong}, ", "")
    assert [a["label"] for a in plain["allies"]] == ["Henamarth Riversong"] and plain["hand"] == ["Sword-thain", "Lore Lesson (test card)"]
    q82 = "faq-q82-sword-thain-keeps-sneak-attacks-ally.yaml"
    kept = tom(q82)
    assert "Henamarth Riversong" in [h["label"] for h in kept["heroes"]] and kept["hand"] == []
    back = tom(q82, ", {card: Sword-thain, pay_from: [Aragorn], attach_to: Henamarth Riversong}", "")
    assert sorted(back["hand"]) == ["Henamarth Riversong", "Sword-thain"]
