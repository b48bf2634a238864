"""The Peril keyword (FAQ Q85): a card with Peril is resolved by the player revealing it alone, but what
it makes happen follows the usual steps: an attack it makes against one player may be defended by
another player's Sentinel character."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api
from adjudicator.lotr.engine.cards import parse_keyword

SITUATION = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/faq-q85-peril-attack-another-players-sentinel-defends.yaml"


def test_a_peril_attack_follows_the_usual_steps_so_another_players_sentinel_defends():
    assert parse_keyword("Peril") == ("peril", 1)
    text = SITUATION.read_text(encoding="utf-8")
    trace = api.replay(api.load("peril.yaml", text=text), abilities=True)
    state = trace.to_dict()["final_state"]
    assert resolve_path(state, "players.Kris.discard") == ["Gondorian Spearman"]  # Kris's Sentinel defended Tom
    assert any(s.event == "peril" and "lotr:faq:q:85" in s.citations for s in trace.steps)
    alone = api.replay(api.load("peril.yaml", text=text.replace("sentinel: Gondorian Spearman", "undefended_hero: Aragorn")), abilities=True)
    assert "Aragorn" in resolve_path(alone.to_dict()["final_state"], "players.Tom.discard")  # undefended, its 6 damage destroys Aragorn
