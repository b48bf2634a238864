"""Cancelling an encounter card as a whole (Cancel; FAQ 1.54: ``{op: cancel, what: card}``, The
Door is Closed): the card counts as never revealed -- its keywords do not resolve and the
Forced effects after a card is revealed (``card_revealed``) do not answer it -- but it fills its
reveal.  Expected values worked out by hand in the docstring."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.engine import api

FILE = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/faq-1.54-the-door-is-closed-cancels-dark-sorcery-whole.yaml"
DECLARED = "  responses:\n  - {card: The Door is Closed, player: Tom, pay_from: [Beravor]}\n"


def tom(text: str) -> dict:
    trace = api.replay(api.load("c.yaml", text=text), abilities=True)
    return next(p for p in trace.final_state["players"] if p["name"] == "Tom")


def test_a_card_cancelled_as_a_whole_counts_as_never_revealed_but_fills_its_reveal():
    """Cancelled: Tom stays at 20, The Door is Closed in his discard pile, Old Forest Road still in
    the deck (the reveal was filled).  Not cancelled: Doomed 2 and the Sorcery trigger, 23."""
    text = FILE.read_text(encoding="utf-8")
    assert DECLARED in text
    cancelled = tom(text)
    assert cancelled["threat"] == 20 and cancelled["discard"] == ["The Door is Closed"]
    assert tom(text.replace(DECLARED, ""))["threat"] == 23
