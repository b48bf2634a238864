"""A destroyed face-down Orc Guard (Tower Gate; Out of the Dungeons, Escape from Dol
Guldur stage 3B) is a player's deck card engaged as an enemy.  Its owner is the player whose
deck held it (Ownership and Control), so when it is destroyed the card goes to that player's
discard pile, not to the encounter discard pile where a destroyed enemy goes (Destroy) --
as the erratum of Core 125 sends it to its owner's discard pile rather than back to the
staging area."""

from __future__ import annotations

from adjudicator.lotr.engine import api

DUNGEONS = """
start: "3.1"
stop: {step: "6.11"}
players:
  - {name: Tom, threat: 30, heroes: [Aragorn, Gimli, Éowyn], deck: [Gléowine, Faramir]}
quest: {card: Out of the Dungeons}
staging_area: [Endless Caverns]
encounter_deck: [Old Forest Road, Necromancer's Reach]
abilities: {}
decisions:
  - {step: "3.2", player: Tom, commit: [Éowyn]}
  - {step: "4.2", travel: null}
  - {step: "5.2", player: Tom, engage: null}
  - {step: "6.4.1", player: Tom, enemy: "Orc Guard (Tom)", defender: Aragorn}
  - {step: "6.8b", player: Tom, target: "Orc Guard (Tom)", attackers: [Gimli]}
  - {step: "6.8b", player: Tom, target: null}
"""


def test_destroy_a_face_down_orc_guard_goes_to_its_owners_discard_pile_ownership():
    trace = api.replay(api.load("dungeons.yaml", text=DUNGEONS), abilities=True)
    tom = trace.final_state["players"][0]
    assert tom["engaged"] == []
    assert "Gléowine" in [c if isinstance(c, str) else c["label"] for c in tom["discard"]]
    assert not any("Orc Guard" in str(c) or "Gléowine" in str(c) for c in trace.final_state["encounter_discard"])
    destroyed = next(s for s in trace.steps if s.event == "destroyed" and "Orc Guard (Tom)" in s.text)
    assert "Gléowine, is Tom's and goes to Tom's discard pile" in destroyed.text
    assert {"lotr:rr:destroy", "lotr:rr:ownership-and-control", "lotr:errata:core-125"} <= set(destroyed.citations)
    assert destroyed.changes[0].target == "Orc Guard (Tom)"
    assert destroyed.interpretation is not None and destroyed.interpretation.rule == "lotr:rr:ownership-and-control"
