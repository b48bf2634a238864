"""Ownership and Control; FAQ 1.06: an encounter card attached to a character (Caught in a Web) is
controlled by no player, so an effect on one of the defending player's attachments never offers it."""

from __future__ import annotations

from adjudicator.lotr.engine import api

FOREST_SPIDER_SHADOW = """
start: "6.1"
stop: {step: "6.4.4"}
players:
  - name: Tom
    threat: 30
    heroes:
      - {card: Aragorn, attachments: [Caught in a Web]}
      - {card: Gimli, attachments: [%s]}
    engaged: [Dol Guldur Orcs]
encounter_deck: [Forest Spider]
decisions:
  - {step: "6.4.1", player: Tom, enemy: Dol Guldur Orcs, defender: Gimli}
abilities: {}
"""


def test_control_an_encounter_attachment_is_controlled_by_no_player_faq_1_06():
    trace = api.replay(api.load("control.yaml", text=FOREST_SPIDER_SHADOW % "Dwarven Axe"), abilities=True)
    assert trace.pending is None  # one attachment Tom controls: no question
    heroes = {h["label"]: h for h in trace.final_state["players"][0]["heroes"]}
    assert [a["label"] for a in heroes["Aragorn"]["attachments"]] == ["Caught in a Web"]
    assert not heroes["Gimli"].get("attachments")

