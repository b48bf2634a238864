"""A card added to the staging area -- placed there by staging or added by an effect, the same
thing (Staging Area; FAQ Q35) -- answers Forced effects ``{timing: after, event:
added_to_staging}`` whose subject names it.  Expected values worked out by hand in the docstring."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.engine import api

FILE = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/faq-q35-a-card-placed-by-staging-is-added-to-the-staging-area.yaml"


def threat(text: str) -> int:
    trace = api.replay(api.load("s.yaml", text=text), abilities=True)
    return next(p for p in trace.final_state["players"] if p["name"] == "Tom")["threat"]


def test_a_card_placed_by_staging_or_added_by_an_effect_is_added_to_the_staging_area():
    """Old Forest Road placed by staging and Mountains of Mirkwood added by the test treachery: +1
    each, 22.  Forest Spider first instead of Old Forest Road (an enemy, not a location): +1 only for
    the Mountains of Mirkwood, 21."""
    text = FILE.read_text(encoding="utf-8")
    assert threat(text) == 22
    assert threat(text.replace("encounter_deck: [Old Forest Road, Wayfinder (test stand-in), Mountains of Mirkwood, Forest Spider]",
                               "encounter_deck: [Forest Spider, Wayfinder (test stand-in), Mountains of Mirkwood, Old Forest Road]")) == 21
