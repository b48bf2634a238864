"""Objective Cards (FAQ 1.23): an objective attached to a card is also an attachment, so an
effect on "an attachment" can choose it; Cavern Guardian's shadow returns a discarded
objective to the staging area (its data: an override on the card discarded), added and not
revealed, so Guarded does not draw a guard (FAQ Q78); any other attachment goes to its
owner's discard pile."""

from __future__ import annotations

from adjudicator.lotr.engine import api

SHADOW = """
start: '6.1'
stop: {step: '6.4.4'}
players:
- name: Tom
  threat: 30
  heroes:
  - {card: Gimli, attachments: [ATTACHED]}
  engaged: [Dol Guldur Orcs]
encounter_deck: [Cavern Guardian, Hill Troll]
decisions:
- {step: '6.4.1', player: Tom, enemy: Dol Guldur Orcs, defender: Gimli}
"""


def replay(attached: str):
    return api.replay(api.load("objective.yaml", text=SHADOW.replace("ATTACHED", attached)), abilities=True)


def test_objective_cards_an_attached_objective_is_an_attachment_and_returns_to_the_staging_area():
    trace = replay("Dungeon Torch")
    assert [c["name"] for c in trace.final_state["staging_area"]] == ["Dungeon Torch"]
    assert trace.final_state["encounter_deck"] == ["Hill Troll"]  # added, not revealed: no guard drawn
    assert not trace.final_state["players"][0]["heroes"][0].get("attachments")


def test_objective_cards_another_attachment_discarded_by_cavern_guardian_goes_to_its_owners_discard_pile():
    trace = replay("Citadel Plate")
    assert not trace.final_state.get("staging_area")
    assert trace.final_state["players"][0]["discard"] == ["Citadel Plate"]
