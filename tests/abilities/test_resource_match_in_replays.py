"""Resource Match in a full replay, with a gained resource icon (Gains): Celebrían's Stone
on Aragorn gives him a spirit icon, so in the planning phase his resources pay for a spirit
ally or attachment, and a response event from hand (A Test of Will) may be paid by him.
Without the Stone, or with card abilities off (--no-abilities: the printed icon only), a
leadership hero still cannot pay for a spirit card."""

from __future__ import annotations

import pytest

from adjudicator.engine.decisions import IllegalDecision
from adjudicator.lotr.engine import api

PLANNING = """
start: "2.1"
stop: end-of-phase
players:
  - name: Tom
    threat: 25
    heroes: [{card: Aragorn, resources: 3%s}, Gimli]
    hand: [Wandering Took, Power in the Earth]
staging_area: [Old Forest Road]
decisions:
  - {step: "2.2", player: Tom, play: [%s]}
"""
STONE = ", attachments: [Celebrían's Stone]"
TOOK = "{card: Wandering Took, pay_from: [Aragorn]}"
POWER = "{card: Power in the Earth, attach_to: Old Forest Road}"  # attached to a location


def plan(stone: str, play: str, abilities: bool = True):
    return api.replay(api.load("plan.yaml", text=PLANNING % (stone, play)), abilities=abilities)


def tom(trace):
    return trace.final_state["players"][0]


def aragorn(trace):
    return next(h for h in tom(trace)["heroes"] if h["label"] == "Aragorn")


def test_resource_match_aragorn_with_celebrians_stone_pays_for_a_spirit_ally_in_a_replay():
    trace = plan(STONE, TOOK)
    played = next(s for s in trace.steps if s.event == "play" and "Wandering Took" in s.text)
    assert "lotr:rr:resource-match" in played.citations
    match = next(s for s in trace.steps if s.event == "resource-match")
    assert match.text.startswith("[from Celebrían's Stone (constant 2)] Aragorn has a spirit resource icon")
    assert {"lotr:rr:resource-match", "lotr:rr:gains"} <= set(match.citations)
    assert trace.steps.index(match) < trace.steps.index(played)
    assert aragorn(trace)["resources"] == 1
    assert [a["label"] for a in tom(trace)["allies"]] == ["Wandering Took"]
    assert not any(s.event == "illegal" for s in trace.steps)


def test_resource_match_aragorn_with_celebrians_stone_pays_for_a_spirit_attachment_in_a_replay():
    trace = plan(STONE, POWER)  # Aragorn is the only hero with a spirit icon: he pays
    assert any(s.event == "play" and "Power in the Earth" in s.text for s in trace.steps)
    assert aragorn(trace)["resources"] == 2
    assert "Power in the Earth" not in tom(trace)["hand"]


def test_resource_match_without_the_stone_a_leadership_hero_cannot_pay_for_a_spirit_ally():
    with pytest.raises(IllegalDecision) as refused:
        plan("", TOOK)
    assert "Wandering Took is a spirit card and Tom has no hero with a spirit resource icon" in str(refused.value)
    assert "lotr:rr:resource-match" in refused.value.rules


def test_resource_match_without_card_abilities_counts_the_printed_icon_only():
    with pytest.raises(IllegalDecision) as refused:
        plan(STONE, TOOK, abilities=False)
    assert "no hero with a spirit resource icon" in str(refused.value)


OMEN = """
start: '3.3'
stop: {step: '3.3'}
cards:
- {name: Dark Omen, type: treachery}
players:
- name: Tom
  threat: 25
  heroes: [{card: Aragorn, resources: 1%s}, {card: Gimli, exhausted: true}]
  hand: [A Test of Will]
quest: {card: Flies and Spiders}
encounter_deck: [Dark Omen, Forest Gate]
abilities:
  responses: [{card: A Test of Will, player: Tom, with: Aragorn}]
  cards:
  - name: Dark Omen
    source: encounter
    abilities:
    - {kind: when_revealed, effects: [{op: damage, target: each exhausted character, amount: 1}], says: 1 damage to each exhausted character}
"""


def test_resource_match_a_response_event_is_paid_by_a_hero_with_a_gained_icon():
    trace = api.replay(api.load("omen.yaml", text=OMEN % STONE), abilities=True)
    match = next(s for s in trace.steps if s.event == "resource-match")
    assert "Aragorn has a spirit resource icon" in match.text and "lotr:rr:gains" in match.citations
    assert any(s.event == "cancel" for s in trace.steps)
    assert aragorn(trace)["resources"] == 0
    assert next(h for h in tom(trace)["heroes"] if h["label"] == "Gimli")["damage"] == 0


def test_resource_match_a_response_event_is_not_paid_by_a_hero_without_the_icon():
    trace = api.replay(api.load("omen.yaml", text=OMEN % ""), abilities=True)
    timing = next(s for s in trace.steps if s.event == "timing" and "Dark Omen is revealed" in s.text)
    assert "no hero with a spirit resource icon" in timing.text
    assert not any(s.event == "cancel" for s in trace.steps)
    assert next(h for h in tom(trace)["heroes"] if h["label"] == "Gimli")["damage"] == 1
