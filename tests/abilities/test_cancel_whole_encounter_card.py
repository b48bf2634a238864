"""Cancel (FAQ 1.54): a response cancelling the whole encounter card as it is revealed (`cancel`
with `what: card`, The Door is Closed) stops its keywords as well as its When Revealed effect, and
the card still fills its reveal; cancelling only the effect (A Test of Will, FAQ 1.53) leaves the
Doomed standing (scenarios/lotr/faq/faq-1.53-test-of-will-keeps-doomed.yaml)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

SITUATION = Path(__file__).resolve().parents[2] / "scenarios" / "lotr" / "cards" / "aa-the-door-is-closed-cancels-the-whole-card.yaml"


def _final(edit=None) -> dict:
    text = SITUATION.read_text(encoding="utf-8")
    if edit:
        text = edit(text)
    return api.replay(api.load(str(SITUATION), text=text), abilities=True).to_dict()["final_state"]


def test_cancelling_a_whole_encounter_card_stops_its_keywords_and_it_still_fills_its_reveal():
    final = _final()
    assert resolve_path(final, "players.Tom.threat") == 25            # no Doomed 2
    assert resolve_path(final, "players.Tom.heroes.Aragorn.damage") == 0
    assert resolve_path(final, "encounter_discard") == ["Dark Omen"]
    assert resolve_path(final, "encounter_deck") == ["Old Forest Road"]  # its reveal filled: no other card revealed


def test_the_same_card_uncancelled_resolves_its_effect_and_its_doomed():
    final = _final(lambda t: t.replace("  - {card: The Door is Closed, player: Tom, with: Denethor}\n", "  []\n").replace("  responses:\n  []", "  responses: []"))
    assert resolve_path(final, "players.Tom.threat") == 27
    assert resolve_path(final, "players.Tom.heroes.Aragorn.damage") == 1
