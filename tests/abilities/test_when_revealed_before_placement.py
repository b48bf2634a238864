"""Staging (Rules Reference: Staging, Reveal; FAQ 1.22, 1.53, Q22): a revealed encounter
card's When Revealed effects resolve as it is revealed, with its keywords, before it is
placed -- a treachery in the encounter discard pile, an enemy or location in the staging
area -- and its Surge once its staging is over.  The trace shows that order; an effect that
puts the card somewhere itself (a treachery attaching) leaves nothing to place."""

from __future__ import annotations

from adjudicator.lotr.abilities.effect_events import Exhausted
from adjudicator.lotr.engine import api

from .test_staging_order import replay as omen  # the same test treachery, Dark Omen


def at(trace, event: str, contains: str = "") -> int:
    for i, s in enumerate(trace.steps):
        if s.event == event and contains in s.text:
            return i
    raise AssertionError(f"no {event} step with {contains!r}: {[s.text for s in trace.steps]}")


def test_staging_resolves_when_revealed_before_the_treachery_is_placed_in_the_discard_pile():
    trace = omen()
    revealed = at(trace, "reveal", "Dark Omen is revealed")
    effect = at(trace, "damage", "Aragorn")
    doomed = at(trace, "doomed", "Dark Omen")
    placed = at(trace, "treachery", "Dark Omen")
    surge = at(trace, "reveal", "Surge on Dark Omen")
    assert revealed < effect < doomed < placed < surge
    assert trace.steps[placed].changes[0].after == "encounter discard pile"
    assert "Dark Omen" in trace.final_state["encounter_discard"]


def test_staging_with_a_cancelled_when_revealed_places_the_card_before_eleanors_replacement_faq_q22():
    trace = omen("[{card: Eleanor, player: Kris}]")
    cancel = at(trace, "cancel", "cancels the effect of Dark Omen")
    doomed = at(trace, "doomed", "Dark Omen")
    placed = at(trace, "treachery", "Dark Omen")
    surge = at(trace, "reveal", "Old Forest Road is revealed (Surge on Dark Omen)")
    replaced = at(trace, "reveal", "Forest Gate is revealed (replacing Dark Omen")
    assert at(trace, "reveal", "Dark Omen is revealed") < cancel < doomed < placed < surge < replaced
    assert not [s for s in trace.steps if s.event == "damage"]


KING_SPIDER = """
start: '3.3'
stop: {step: '3.3'}
players:
- {name: Tom, threat: 25, heroes: [Aragorn]}
quest: {card: Flies and Spiders}
encounter_deck: [King Spider, Forest Gate]
abilities: {version: errata}
"""


def test_staging_adds_an_enemy_to_the_staging_area_after_its_when_revealed_effects():
    seen = {}

    def spy(r, event):  # where King Spider is while its When Revealed effect exhausts Aragorn
        if event.card == "Aragorn":
            seen["in staging"] = any(c.name == "King Spider" for c in r.g.staging)

    trace = api.replay(api.load("spider.yaml", text=KING_SPIDER), abilities=True, subscribers=((Exhausted, spy),))
    assert seen == {"in staging": False}
    assert at(trace, "reveal", "King Spider is revealed") < at(trace, "exhaust", "Aragorn") < at(trace, "staged", "King Spider")
    assert [c["label"] for c in trace.final_state["staging_area"]] == ["King Spider"]


WEB = """
start: '3.3'
stop: {step: '3.3'}
players:
- {name: Tom, threat: 25, heroes: [Aragorn]}
quest: {card: Flies and Spiders}
encounter_deck: [Caught in a Web, Forest Gate]
abilities: {version: errata}
"""


def test_staging_does_not_place_a_treachery_its_when_revealed_effect_attached():
    trace = api.replay(api.load("web.yaml", text=WEB), abilities=True)
    hero = trace.final_state["players"][0]["heroes"][0]
    assert [a["label"] for a in hero["attachments"]] == ["Caught in a Web"]
    assert "Caught in a Web" not in trace.final_state["encounter_discard"]
    assert not [s for s in trace.steps if s.event == "treachery"]
