"""A card effect ending the quest phase at once (``{op: end_phase}``: False Lead, FAQ Q54): no
further encounter card is staged and the quest is not resolved; the phase's end (3.5) still
comes.  Expected values worked out by hand in the docstring."""

from __future__ import annotations

from adjudicator.lotr.engine import api

TEXT = """
start: '3.1'
stop: end-of-phase
players:
- {name: Tom, threat: 25, heroes: [Éowyn]}
- {name: Kris, threat: 25, heroes: [Gimli]}
quest: {card: Flies and Spiders}
encounter_deck: DECK
decisions:
- {step: '3.2', player: Tom, commit: [Éowyn]}
- {step: '3.2', player: Kris, commit: []}
abilities: {}
"""


def test_a_phase_ended_at_once_stages_no_more_cards_and_resolves_no_quest():
    """False Lead first: Forest Spider stays in the deck, no progress (Éowyn's 4 willpower unused).
    False Lead second: Forest Spider (threat 2) is staged, then the phase ends: still no quest
    resolution, no progress.  Two Old Forest Roads instead: both staged, 4 willpower against 2, 2 progress."""
    def run(deck: str):
        return api.replay(api.load("e.yaml", text=TEXT.replace("DECK", deck)), abilities=True)

    first = run("[False Lead, Forest Spider]")
    assert first.final_state["quest"]["progress"] == 0 and first.final_state["staging_area"] == []
    second = run("[Forest Spider, False Lead]")
    assert second.final_state["quest"]["progress"] == 0
    assert [c["name"] for c in second.final_state["staging_area"]] == ["Forest Spider"]
    assert any(s.event == "phase-ends-at-once" for s in second.steps)
    plain = run("[Old Forest Road, Old Forest Road]")
    assert plain.final_state["quest"]["progress"] == 2
