"""Immune (FAQ 1.47): a card immune to player card effects ignores a player card's constant
modifier too ("altering a card's statistics"), not only its targeted effects: Pippin's +1
engagement cost reaches King Spider but not an immune enemy, which then engages at the same
threat (scenarios/lotr/cards/tbr-pippin-raises-engagement-costs-but-not-an-immune-enemys.yaml)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

SITUATION = Path(__file__).resolve().parents[2] / "scenarios" / "lotr" / "cards" / \
    "tbr-pippin-raises-engagement-costs-but-not-an-immune-enemys.yaml"


def _replay(edit=None) -> dict:
    text = SITUATION.read_text(encoding="utf-8")
    if edit:
        text = edit(text)
    trace = api.replay(api.load(str(SITUATION), text=text), abilities=True)
    return trace.to_dict()


def test_a_player_cards_constant_modifier_does_not_reach_a_card_immune_to_player_card_effects():
    out = _replay()
    final = out["final_state"]
    assert resolve_path(final, "players.Tom.engaged.labels") == ["Barrow Wight"]
    assert resolve_path(final, "staging_area.labels") == ["King Spider"]
    said = [s.get("text", "") or str(s) for s in out["steps"]]
    assert any("Barrow Wight is immune to player card effects and ignores it" in s for s in said)
    assert not any("Barrow Wight engagement_cost 20 → 21" in s for s in said)


def test_without_the_immunity_the_same_enemy_gets_the_modifier_and_stays():
    final = _replay(lambda t: t.replace('- {kind: constant, effects: [{op: immune, target: self}], says: "immune to player card effects"}',
                                        '- {kind: constant, effects: [], says: "no text"}'))["final_state"]
    assert resolve_path(final, "players.Tom.engaged") in (None, [])
    assert resolve_path(final, "staging_area.labels") == ["King Spider", "Barrow Wight"]
