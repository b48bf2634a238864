"""A blank text box leaves a card's own condition of defeat (Intruders in Chetwood's ruling on Iarion: "if he
leaves play, the players lose" cannot be modified by card effects): blanked, every other ability of the card
is inactive, but that one still resolves."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.engine import api

SITUATION = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/qc-chetwood-iarion-loss-rule-survives-a-blank-text-box.yaml"


def test_a_blank_text_box_keeps_a_cards_own_condition_of_defeat():
    text = SITUATION.read_text(encoding="utf-8")
    blanked = api.replay(api.load("i.yaml", text=text), abilities=True).to_dict()["final_state"]
    assert blanked["outcome"] == "lost"
    # another ability of a blanked card is inactive: a test ally whose leaving play only raises threat
    other = text.replace("allies: [Iârion]", "allies: [Faithful Scout]").replace("card titled Iârion", "card titled Faithful Scout") + """
"""
    other = other.replace("cards:\n- {name: Mind Fog", "cards:\n- {name: Faithful Scout, type: ally, sphere: lore, cost: 1, willpower: 1, attack: 1, defense: 1, hit_points: 4}\n- {name: Mind Fog")
    other = other.replace("  cards:\n  - name: Mind Fog", "  cards:\n  - name: Faithful Scout\n    abilities:\n    - {kind: forced, trigger: {timing: after, event: leaves_play, subject: self}, effects: [{op: threat, player: each player, amount: 5}], says: \"test\"}\n  - name: Mind Fog")
    other = other.replace("expect:\n  outcome: lost\n", "expect:\n")
    state = api.replay(api.load("o.yaml", text=other.split("expect:")[0]), abilities=True).to_dict()["final_state"]
    assert state["outcome"] is None and state["players"][0]["discard"] == ["Faithful Scout"]  # it did leave play
    assert [p["threat"] for p in state["players"]] == [30, 25]  # blanked: its Forced effect did not resolve
