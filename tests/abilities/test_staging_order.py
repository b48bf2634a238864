"""Staging (Rules Reference) in the trace's order: an encounter card's When Revealed
effects, then its keywords (Doomed, then Surge).  A cancel interrupts the When Revealed
effect and the keywords stay (FAQ 1.53), resolving before Eleanor's replacement card
(FAQ Q22); a card cancelled as a whole has no keywords (FAQ 1.54)."""

from __future__ import annotations

from adjudicator.lotr.engine import api
from adjudicator.lotr.engine.encounter_events import CardRevealed

# Dark Omen is our own test treachery, written in the library format.
OMEN = """
start: '3.3'
stop: {step: '3.3'}
cards:
- {name: Dark Omen, type: treachery, keywords: [Doomed 1, Surge]}
players:
- name: Tom
  threat: 25
  heroes: [{card: Aragorn, exhausted: true}, {card: Éowyn, resources: 1}]
  hand: [A Test of Will]
- name: Kris
  threat: 25
  heroes: [Eleanor, Glorfindel]
quest: {card: Flies and Spiders}
encounter_deck: [Dark Omen, Old Forest Road, Forest Gate, Wargs]
abilities:
  responses: RESPONSES
  cards:
  - name: Dark Omen
    source: encounter
    abilities:
    - {kind: when_revealed, effects: [{op: damage, target: each exhausted character, amount: 1}], says: 1 damage to each exhausted character}
"""


def replay(responses: str = "[]", subscribers=()):
    return api.replay(api.load("omen.yaml", text=OMEN.replace("RESPONSES", responses)), abilities=True, subscribers=subscribers)


def first(trace, event: str, contains: str = "") -> int:
    """The index of the first step of ``event`` whose text holds ``contains``."""
    for i, s in enumerate(trace.steps):
        if s.event == event and contains in s.text:
            return i
    raise AssertionError(f"no {event} step with {contains!r}: {[s.text for s in trace.steps]}")


def test_doomed_resolves_after_the_when_revealed_effect():
    trace = replay()
    damage = first(trace, "damage", "Aragorn")
    doomed = first(trace, "doomed", "Dark Omen")
    surge = first(trace, "reveal", "Surge on Dark Omen")
    assert first(trace, "reveal", "Dark Omen is revealed") < damage < doomed < surge
    assert trace.steps[doomed].interpretation.name == "keywords resolve after the When Revealed effects"
    assert trace.final_state["players"][0]["threat"] == 26


def test_a_cancelled_when_revealed_effect_is_cancelled_before_the_doomed_threat_raise():
    trace = replay("[{card: A Test of Will, player: Tom, with: Éowyn}]")
    cancel = first(trace, "cancel", "cancels the effect of Dark Omen")
    doomed = first(trace, "doomed", "Dark Omen")
    raised = first(trace, "threat", "Doomed 1 on Dark Omen")
    assert first(trace, "reveal", "Dark Omen is revealed") < cancel < doomed < raised
    assert not [s for s in trace.steps if s.event == "damage"]  # the effect is cancelled
    assert [p["threat"] for p in trace.final_state["players"]] == [26, 26]  # the keyword stays (FAQ 1.53)


def test_eleanor_keywords_resolve_before_her_replacement_card_is_revealed():
    trace = replay("[{card: Eleanor, player: Kris}]")
    cancel = first(trace, "cancel", "cancels the effect of Dark Omen")
    doomed = first(trace, "doomed", "Dark Omen")
    surge = first(trace, "reveal", "Old Forest Road is revealed (Surge on Dark Omen)")
    replaced = first(trace, "reveal", "Forest Gate is revealed (replacing Dark Omen")
    assert cancel < doomed < surge < replaced
    assert [c["label"] for c in trace.final_state["staging_area"]] == ["Old Forest Road", "Forest Gate", "Wargs"]


def test_cancelling_the_whole_card_drops_its_doomed_and_surge():
    from adjudicator.lotr.abilities.cancel import cancel
    from adjudicator.lotr.abilities.effects import Cause

    def door_is_closed(r, event):  # a test subscriber cancelling the card as it is revealed
        if event.card == "Dark Omen":
            cancel(r, Cause("a card cancel (response)"), "Dark Omen", "card")

    trace = replay(subscribers=((CardRevealed, door_is_closed),))
    assert not [s for s in trace.steps if s.event == "doomed"]
    assert "Surge on Dark Omen" not in " ".join(s.text for s in trace.steps)
    assert [p["threat"] for p in trace.final_state["players"]] == [25, 25]
    # it still fills its reveal: two players, two cards (Dark Omen and the next one)
    assert [c["label"] for c in trace.final_state["staging_area"]] == ["Old Forest Road"]
