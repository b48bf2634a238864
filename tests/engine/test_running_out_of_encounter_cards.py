"""Running out of Cards (Rules Reference) and FAQ Q74: an encounter deck out of cards during
the quest phase takes the discard pile back as soon as the last card's staging is over."""

from __future__ import annotations

from adjudicator.lotr.engine import api

LAST_CARD = """
start: "3.3"
stop: {step: "3.3"}
seed: 3
players:
  - {name: Tom, threat: 30, heroes: [Aragorn, {card: Gimli, exhausted: true}]}
quest: {card: Flies and Spiders}
encounter_deck: [%s]
encounter_discard: [Old Forest Road, Forest Gate]
abilities: {}
"""


def _final(text: str):
    trace = api.replay(api.load("running-out.yaml", text=text), abilities=True)
    return trace, trace.final_state


def test_running_out_of_cards_the_encounter_deck_is_reset_once_the_last_card_is_staged_faq_q74():
    trace, final = _final(LAST_CARD % "Hill Troll")
    assert [c["label"] for c in final["staging_area"]] == ["Hill Troll"]
    assert final["encounter_discard"] == [] and sorted(final["encounter_deck"]) == ["Forest Gate", "Old Forest Road"]
    events = [s.event for s in trace.steps]
    assert events.index("reshuffle") > max(i for i, s in enumerate(trace.steps) if s.event == "staged" or "added to the staging area" in s.text)
    reshuffle = next(s for s in trace.steps if s.event == "reshuffle")
    assert {"lotr:rr:running-out-of-cards", "lotr:faq:q:74"} <= set(reshuffle.citations)


def test_running_out_of_cards_a_treachery_staged_last_is_shuffled_back_with_the_discard_pile():
    trace, final = _final(LAST_CARD % "Necromancer's Reach")
    assert final["players"][0]["heroes"][1]["damage"] == 1  # its When Revealed resolved first
    assert final["encounter_discard"] == []
    assert sorted(final["encounter_deck"]) == ["Forest Gate", "Necromancer's Reach", "Old Forest Road"]


def test_running_out_of_cards_outside_the_quest_phase_the_empty_encounter_deck_stays_empty():
    text = """
start: "6.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [Gimli], engaged: [Cavern Guardian]}
encounter_discard: [Old Forest Road]
decisions:
  - {step: "6.4.1", player: Tom, enemy: Cavern Guardian, defender: Gimli}
  - {step: "6.8a", player: Tom, target: null}
"""
    trace, final = _final(text)
    assert final["encounter_deck"] == [] and final["encounter_discard"] == ["Old Forest Road"]
    assert not [s for s in trace.steps if s.event == "reshuffle"]
