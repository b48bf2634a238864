"""A cost must be paid in full, else the ability is not initiated (Cost; To: "do X to do
Y"; Resource Match): a cancel whose cost cannot be paid cancels nothing, and the effect it
aimed at resolves normally.  The trace says the cancel was not initiated and why."""

from __future__ import annotations

from adjudicator.lotr.engine import api

# Dark Omen is our own test treachery, written in the library format.
OMEN = """
start: '3.3'
stop: {step: '3.3'}
cards:
- {name: Dark Omen, type: treachery}
players:
- name: Tom
  threat: 25
  heroes: [{card: Aragorn, exhausted: true, resources: 2}, {card: Éowyn, resources: SPIRIT}]
  hand: [A Test of Will]
quest: {card: Flies and Spiders}
encounter_deck: [Dark Omen, Forest Gate]
abilities:
  responses: [{card: A Test of Will, player: Tom, with: PAYER}]
  cards:
  - name: Dark Omen
    source: encounter
    abilities:
    - {kind: when_revealed, effects: [{op: damage, target: each exhausted character, amount: 1}], says: 1 damage to each exhausted character}
"""


def omen(spirit: int = 0, payer: str = "Éowyn"):
    text = OMEN.replace("SPIRIT", str(spirit)).replace("PAYER", payer)
    return api.replay(api.load("omen.yaml", text=text), abilities=True)


def tom(trace):
    return trace.final_state["players"][0]


def aragorn_damage(trace):
    return next(h for h in tom(trace)["heroes"] if h["label"] == "Aragorn")["damage"]


def test_cancel_is_not_initiated_when_no_resource_of_its_sphere_is_available():
    trace = omen(spirit=0)
    timing = next(s for s in trace.steps if s.event == "timing" and "Dark Omen is revealed" in s.text)
    assert "not used: A Test of Will" in timing.text and "its cost cannot be paid" in timing.text
    assert "Éowyn has 0 resources, not the 1 it costs" in timing.text
    assert {"lotr:rr:cost", "lotr:rr:to"} <= set(timing.citations)
    note = next(s for s in trace.steps if s.event == "not-resolved" and "A Test of Will" in s.text)
    assert "not initiated" in note.text and "Dark Omen (when revealed) is not cancelled and resolves normally" in note.text
    assert trace.steps.index(note) < next(i for i, s in enumerate(trace.steps) if s.event == "damage")
    assert not any(s.event in ("cancel", "play") for s in trace.steps)
    assert aragorn_damage(trace) == 1  # the When Revealed effect resolves normally
    assert tom(trace)["hand"] == ["A Test of Will"]  # not played


def test_cancel_cost_paid_by_a_hero_of_another_sphere_is_no_payment_resource_match():
    trace = omen(spirit=1, payer="Aragorn")
    timing = next(s for s in trace.steps if s.event == "timing" and "Dark Omen is revealed" in s.text)
    assert "Aragorn is not a spirit hero" in timing.text
    assert aragorn_damage(trace) == 1
    assert next(h for h in tom(trace)["heroes"] if h["label"] == "Aragorn")["resources"] == 2


def test_cancel_with_its_cost_paid_still_cancels():
    trace = omen(spirit=1)
    assert any(s.event == "cancel" for s in trace.steps)
    assert aragorn_damage(trace) == 0


def test_a_cancel_that_fails_as_it_is_initiated_leaves_the_cancelled_effect_to_resolve():
    """The listener's own bookkeeping: a cancel placed before its target (timing) whose
    initiation fails (its cost refused when paid) does not skip the target."""
    from adjudicator.engine.situation import fold
    from adjudicator.lotr.abilities.load import library
    from adjudicator.lotr.abilities.responses import Candidate, Declared
    from adjudicator.lotr.abilities.triggers import AbilityListener
    from adjudicator.lotr.engine.events import Event

    seen = {}

    def spy(r, event):
        seen["r"] = r

    api.replay(api.load("omen.yaml", text=OMEN.replace("SPIRIT", "1").replace("PAYER", "Éowyn")), abilities=True,
               subscribers=((Event, spy),))
    r = seen["r"]
    lib = dict(library("errata"))
    reach = next(a for a in lib[fold("Necromancer's Reach")].abilities if a.kind == "when_revealed")
    test_of_will = next(a for a in lib[fold("A Test of Will")].abilities if a.kind == "response")
    from adjudicator.lotr.engine.cards import core_set
    from adjudicator.lotr.engine.state import Card

    tom_ = r.g.players[0]
    card = tom_.hand[0] if tom_.hand else tom_.discard[0]
    revealed = Card("Necromancer's Reach", core_set().get("Necromancer's Reach"), "encounter")
    ran = []
    target = Candidate(reach, revealed, "encounter", lambda: ran.append("effect") or True)
    cancel = Candidate(test_of_will, card, "Tom", lambda: ran.append("cancel refused") and False,
                       Declared("A Test of Will", "Tom"), cancels=reach.label)
    before = r.trace.count
    AbilityListener()._resolve(r, "a test moment", [target, cancel])
    assert ran == ["cancel refused", "effect"]
    note = [s for s in r.trace.steps[before:] if s.event == "not-cancelled"]
    assert note and "was not initiated" in note[0].text and "lotr:rr:cost" in note[0].citations


HASTY = """
start: "6.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [Gimli, Legolas, Éowyn], hand: [Hasty Stroke], engaged: [Dol Guldur Orcs]}
encounter_deck: [Hummerhorns]
decisions:
  - {step: "6.4.1", player: Tom, enemy: Dol Guldur Orcs, defender: Gimli}
  - {step: "6.8b", player: Tom, target: null}
abilities:
  responses: [{card: Hasty Stroke, player: Tom, with: Éowyn}]
"""


def test_shadow_cancel_without_a_spirit_resource_is_not_initiated_and_the_shadow_effect_resolves():
    trace = api.replay(api.load("hasty.yaml", text=HASTY), abilities=True)
    timing = next(s for s in trace.steps if s.event == "timing" and "shadow effect" in s.text)
    assert "not used: Hasty Stroke" in timing.text and "its cost cannot be paid" in timing.text
    assert not any(s.event == "cancel" for s in trace.steps)
    # Hummerhorns' shadow: 1 damage to each of the defending player's characters
    damage = {h["label"]: h["damage"] for h in tom(trace)["heroes"]}
    assert damage["Legolas"] == 1 and damage["Éowyn"] == 1
    assert tom(trace)["hand"] == ["Hasty Stroke"]
