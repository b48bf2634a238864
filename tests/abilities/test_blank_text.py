"""Text boxes treated as blank (Blank: ``{op: blank}`` with a duration) and "cannot have
attachments" as an absolute restriction (FAQ 1.56): blanked, the card may take attachments; the
moment its text is active again they are discarded.  Expected values worked out by hand in the
docstring."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.engine import api

FILE = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/faq-1.56-attachments-on-a-blank-card-go-when-its-text-returns.yaml"


def replay(text: str):
    return api.replay(api.load("b.yaml", text=text), abilities=True, strict=False)


def vault(trace) -> dict:
    return next(c for c in trace.final_state["staging_area"] if c["name"] == "Sealed Vault (test stand-in)")


def test_a_card_that_cannot_have_attachments_takes_them_only_while_blank_and_sheds_them_after():
    """The vault's restriction is `{op: cannot, what: have attachments, target: self}`.  Blank: the
    second Marker Stone goes on the vault; stopped at 2.2 it is still there; at the
    end of the phase it is discarded.  Without Hush the second one is refused too."""
    text = FILE.read_text(encoding="utf-8")
    during = replay(text.replace("stop: end-of-phase", "stop: {step: '2.2'}"))
    assert [a["label"] for a in vault(during)["attachments"]] == ["Marker Stone (test card)#2"]
    after = replay(text)
    assert not vault(after).get("attachments")
    tom = next(p for p in after.final_state["players"] if p["name"] == "Tom")
    assert tom["discard"][0] == "Marker Stone (test card)#2"
    never = replay(text.replace("{card: Hush (test card)},\n", ""))
    tom = next(p for p in never.final_state["players"] if p["name"] == "Tom")
    assert sorted(tom["hand"]) == ["Hush (test card)", "Marker Stone (test card)", "Marker Stone (test card)#2"]
