"""A character whose own pool pays for cards of a trait (``{op: pays_for, trait: Creature}``:
Radagast): paying alone, no resource match is needed; a hero paying beside it must match
(Resource Match; FAQ Q27).  Expected values worked out by hand in the docstring."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.engine import api

FILE = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/faq-q27-radagast-pays-for-a-creature-without-a-match.yaml"


def tom(text: str) -> dict:
    trace = api.replay(api.load("t.yaml", text=text), abilities=True, strict=False)
    return next(p for p in trace.final_state["players"] if p["name"] == "Tom")


def test_a_pool_paying_for_its_trait_needs_no_match_alone_but_a_hero_beside_it_does():
    """Radagast (3) pays 2 for the first Great Eagle; the second, with Éowyn beside him, is refused.
    Not a Creature (traits emptied): Radagast cannot pay at all and both stay in hand."""
    text = FILE.read_text(encoding="utf-8")
    both = tom(text)
    assert [a["label"] for a in both["allies"]] == ["Radagast", "Great Eagle (test card)"]
    assert both["hand"] == ["Great Eagle (test card)#2"] and both["heroes"][0]["resources"] == 2
    plain = tom(text.replace("traits: [Creature]", "traits: []"))
    assert [a["label"] for a in plain["allies"]] == ["Radagast"] and len(plain["hand"]) == 2
