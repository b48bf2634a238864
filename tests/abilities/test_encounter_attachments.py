"""An encounter card attaching itself to a character that "cannot have attachments played on it"
(Wilyador's "no attachments"): the restriction stops players playing attachments, not an
encounter effect attaching one (Cannot; Attachment Cards; FAQ Q65).  Expected values worked out
by hand in the docstring."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.engine import api

FILE = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/faq-q65-an-encounter-effect-attaches-to-wilyador.yaml"


def test_no_attachments_stops_players_but_not_an_encounter_effect_attaching_a_card():
    """The test treachery attaches to Wilyador (FAQ Q65 cited on that step) after Tom's Self
    Preservation was refused; attached to Beravor instead, it attaches the same way and FAQ Q65 is
    not cited (no restriction there)."""
    text = FILE.read_text(encoding="utf-8")
    onto = api.replay(api.load("a.yaml", text=text), abilities=True, strict=False)
    tom = next(p for p in onto.final_state["players"] if p["name"] == "Tom")
    assert [a["label"] for a in tom["allies"][0]["attachments"]] == ["Falling Feathers (test stand-in)"]
    assert any("lotr:faq:q:65" in s.citations for s in onto.steps if s.event == "attach")
    other = api.replay(api.load("a.yaml", text=text.replace("{a character the first player controls: Wilyador}",
                                                            "{a character the first player controls: Beravor}")), abilities=True, strict=False)
    tom = next(p for p in other.final_state["players"] if p["name"] == "Tom")
    assert [a["label"] for a in tom["heroes"][0]["attachments"]] == ["Falling Feathers (test stand-in)"]
    assert not any("lotr:faq:q:65" in s.citations for s in other.steps)
