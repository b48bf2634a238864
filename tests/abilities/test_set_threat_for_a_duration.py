"""Threat; Modifiers (a set value overrides): a card effect that treats a player's threat as
a value -- "treat your threat as 20" -- while its card is in play (a constant) or for a
duration.  The rules that read the player's threat (engagement checks) read the set value;
the threat dial keeps its own value and keeps moving (an interpretation the replay names).
The effect primitive is ``{op: set_threat, player, value}``."""

from __future__ import annotations

from adjudicator.lotr.engine import api

CONSTANT = """
start: '5.1'
stop: end-of-round
cards:
- {name: Calm Mind, type: attachment, sphere: spirit, cost: 1}
players:
- {name: Tom, threat: 40, heroes: [{card: Gimli, attachments: [ATTACHED]}]}
quest: {card: Flies and Spiders}
staging_area: [Hill Troll, Forest Spider]
decisions:
- {step: '5.2', player: Tom, engage: null}
- {step: '6.4.1', player: Tom, enemy: Hill Troll, defender: null, undefended_hero: Gimli}
- {step: '6.8b', player: Tom, target: null}
abilities:
  cards:
  - name: Calm Mind
    abilities:
    - {kind: constant, effects: [{op: set_threat, player: you, value: 20}], says: "treat your threat as 20"}
"""


def replay(text: str):
    return api.replay(api.load("threat.yaml", text=text), abilities=True)


def test_with_the_threat_treated_as_20_no_enemy_above_20_engages():
    trace = replay(CONSTANT.replace("ATTACHED", "Calm Mind"))
    tom = trace.final_state["players"][0]
    assert tom["engaged"] == [] and [c["label"] for c in trace.final_state["staging_area"]] == ["Hill Troll", "Forest Spider"]
    assert tom["threat"] == 41 and tom["threat_treated_as"] == 20  # the dial moved at 7.3; the rules read 20
    step = next(s for s in trace.steps if s.event == "threat-set")
    assert step.cause["ability"] == "Calm Mind (constant)"
    assert step.interpretation.name == "a set threat is what the rules read; the dial keeps moving"
    assert "lotr:rr:modifiers" in step.citations


def test_without_the_card_the_dial_decides_and_the_troll_engages():
    trace = replay(CONSTANT.replace("{card: Gimli, attachments: [ATTACHED]}", "Gimli"))
    engaged = [s.data.enemy for s in trace.steps if s.event == "engage"]
    assert engaged == ["Hill Troll", "Forest Spider"]
    assert not any(s.event == "threat-set" for s in trace.steps)


DURATION = """
start: '5.1'
stop: end-of-round
cards:
- {name: Quiet Road, type: event, sphere: spirit, cost: 0}
players:
- {name: Tom, threat: 40, heroes: [Éowyn], hand: [Quiet Road]}
quest: {card: Flies and Spiders}
staging_area: [Hill Troll]
decisions:
- {step: '5.2', player: Tom, engage: null, play: [{card: Quiet Road}]}
abilities:
  cards:
  - name: Quiet Road
    abilities:
    - {kind: action, duration: end_of_phase, effects: [{op: set_threat, player: you, value: 20}],
       says: "until the end of the phase, treat your threat as 20"}
"""


def test_a_set_threat_for_the_phase_holds_through_the_engagement_checks_and_ends_with_the_phase():
    trace = replay(DURATION)
    tom = trace.final_state["players"][0]
    assert tom["engaged"] == [] and "threat_treated_as" not in tom
    set_at = next(i for i, s in enumerate(trace.steps) if s.event == "threat-set")
    ends = next(i for i, s in enumerate(trace.steps) if s.event == "threat-set-ends")
    checks = next(i for i, s in enumerate(trace.steps) if s.event == "engagement-checks-end")
    assert set_at < checks < ends and trace.steps[ends].step == "5.4"
    assert "the rules read 40" in trace.steps[ends].text  # presentation, checked once: the dial again
