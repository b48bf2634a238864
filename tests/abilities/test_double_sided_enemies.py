"""Double-sided enemies (The Battle of Carn Dum's ruling on Thaurdir): a flip turns the card in play to the
design on its other side, keeping its damage, tokens and attachments, and its new side's Forced effect
"after it is flipped" resolves at once; a card with no other side is not flipped."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

SITUATION = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/qc-carn-dum-thaurdir-flipped-triggers-his-new-side.yaml"


def test_a_flipped_enemy_keeps_its_damage_and_its_new_side_answers_at_once():
    text = SITUATION.read_text(encoding="utf-8")
    trace = api.replay(api.load("flip.yaml", text=text), abilities=True)
    state = trace.to_dict()["final_state"]
    assert resolve_path(state, "staging_area.Thaurdir.damage") == 2  # 5 kept through the flip, 3 healed by the new side
    flipped = next(i for i, s in enumerate(trace.steps) if s.event == "flipped")
    healed = next(i for i, s in enumerate(trace.steps) if "healed from Thaurdir" in s.text)
    assert flipped < healed
    # the Captain side has no "after it is flipped" effect of its own here: flipped back, nothing heals
    back = text.replace("staging_area: [{card: Thaurdir (Captain), damage: 5}]", "staging_area: [{card: Thaurdir (Champion), damage: 5}]")
    state = api.replay(api.load("flip.yaml", text=back), abilities=True).to_dict()["final_state"]
    assert resolve_path(state, "staging_area.Thaurdir.damage") == 5
    assert resolve_path(state, "players.Tom.heroes.Aragorn.damage") == 0
