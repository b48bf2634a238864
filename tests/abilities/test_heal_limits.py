"""A cap on the damage one effect heals ("cannot be healed of more than 5 damage by one effect":
Wilyador) and an effect repeated once per card counted (``for_each``), each its own effect (FAQ
Q19).  Expected values worked out by hand in the docstring."""

from __future__ import annotations

from adjudicator.lotr.engine import api

TEXT = """
start: '2.1'
stop: {step: '2.2'}
cards:
- {name: Mending, type: event, sphere: neutral, cost: 0}
players:
- {name: Tom, threat: 25, heroes: [{card: Beravor, attachments: [Athelas, Athelas]}], allies: [{card: Wilyador, damage: 14}], hand: [Mending]}
quest: {card: Flies and Spiders}
decisions:
- {step: '2.2', player: Tom, play: [{card: Mending}]}
abilities:
  cards:
  - name: Mending
    abilities:
    - {kind: action, effects: [EFFECT], says: "test: heal Wilyador"}
"""


def wilyador(effect: str):
    trace = api.replay(api.load("h.yaml", text=TEXT.replace("EFFECT", effect)), abilities=True)
    tom = next(p for p in trace.final_state["players"] if p["name"] == "Tom")
    return tom["allies"][0]["damage"], [s.event for s in trace.steps]


def test_one_effect_heals_at_most_the_cap_and_a_repeated_effect_heals_the_cap_each_time():
    """One effect healing 8: capped at 5, 14 -> 9 (a heal-capped step).  Healing 5 once per Athelas
    (two): 14 -> 9 -> 4, no cap reached.  Healing all at once: capped at 5, 14 -> 9."""
    left, events = wilyador("{op: heal, target: card titled Wilyador, amount: 8}")
    assert left == 9 and "heal-capped" in events
    left, events = wilyador("{op: heal, target: card titled Wilyador, amount: 5, for_each: card titled Athelas}")
    assert left == 4 and "heal-capped" not in events and events.count("heal") == 2
    left, _ = wilyador("{op: heal, target: card titled Wilyador, amount: all}")
    assert left == 9
