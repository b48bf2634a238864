"""Triggered Ability and Cost: a player card's ability is initiated only if its effect can
change the game state, so an ability whose effect picks a card ("heal a damaged character you
control") with no such card on the table is not initiated; an event is then not played: refused
before its cost is paid, it stays in hand.  The same effect with a card to pick is played.  Field
Dressing is our own test event."""

from __future__ import annotations

from adjudicator.lotr.engine import api

SITUATION = """
start: '6.1'
stop: {step: '6.3'}
cards:
- {name: Field Dressing, type: event, sphere: lore, cost: 1}
players:
- name: Tom
  threat: 30
  heroes: [{card: Denethor, resources: 1}, {card: Aragorn, damage: DAMAGE}]
  hand: [Field Dressing]
decisions:
- {step: '6.2', player: Tom, play: [{card: Field Dressing, pay_from: [Denethor]}]}
abilities:
  cards:
  - name: Field Dressing
    abilities:
    - {kind: action, effects: [EFFECT], says: "a test event"}
"""
HEAL_ONE = "{op: heal, target: a damaged character you control, amount: 2}"


def replay(effect: str, damage: int):
    text = SITUATION.replace("EFFECT", effect).replace("DAMAGE", str(damage))
    return api.replay(api.load("dressing.yaml", text=text), abilities=True, strict=False)


def tom(trace) -> dict:
    return trace.final_state["players"][0]


def test_an_event_whose_effect_has_no_card_to_pick_is_neither_played_nor_paid():
    trace = replay(HEAL_ONE, 0)
    [refused] = trace.violations
    assert "no valid target (a damaged character you control)" in refused.message
    assert {"lotr:rr:triggered-ability", "lotr:rr:cost"} <= set(refused.rules)
    assert tom(trace)["hand"] == ["Field Dressing"] and tom(trace)["heroes"][0]["resources"] == 1
    assert trace.pending is None


def test_the_same_event_with_a_card_to_pick_is_played():
    trace = replay(HEAL_ONE, 3)  # Aragorn, the only damaged character, is taken
    assert not trace.violations and trace.pending is None
    assert tom(trace)["heroes"][1]["damage"] == 1 and tom(trace)["discard"] == ["Field Dressing"]
    assert tom(trace)["heroes"][0]["resources"] == 0

