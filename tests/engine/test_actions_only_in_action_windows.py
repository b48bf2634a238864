"""Action Windows (Appendix I); Action: players take actions and play events only in the
action windows the framework chart opens.  A play declared for a step with no window after
it (5.4, 6.10, 1.2 ...) is refused with the timing rule, not played; a card action declared
for a step is initiated in the window after that step, once the step has resolved."""

from __future__ import annotations

import pytest

from adjudicator.engine.decisions import IllegalDecision
from adjudicator.lotr.engine import api
from adjudicator.lotr.engine.step_table import WINDOWS, has_window

EVENT_AT = """
start: "STEP"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [{card: Glorfindel, resources: 2}, Gimli], hand: [Lore of Imladris]}
quest: {card: Flies and Spiders}
decisions:
  - {step: "STEP", player: Tom, play: [{card: Lore of Imladris}]}
"""


def situation(step: str):
    return api.load("window.yaml", text=EVENT_AT.replace("STEP", step))


def test_the_chart_opens_no_window_after_5_4_and_6_10_but_one_after_6_4_3():
    assert not has_window("5.4") and not has_window("6.10") and not has_window("1.2") and not has_window("6.8b")
    assert has_window("6.4.3") and has_window("3.1") and has_window("2.2") and "5.3" in WINDOWS


@pytest.mark.parametrize("step", ["5.4", "6.10"])
def test_an_event_declared_at_a_step_without_an_action_window_is_refused(step):
    with pytest.raises(IllegalDecision) as err:
        api.replay(situation(step), abilities=True)
    assert "lotr:rr:flow:action-windows" in err.value.rules and f"lotr:rr:step:{step}" in err.value.rules
    assert "no action window" in err.value.reason


def test_check_reports_the_refused_play_and_the_card_is_not_played():
    result = api.check(situation("5.4"), abilities=True)
    [violation] = result.violations
    assert "lotr:rr:flow:action-windows" in violation.rules and violation.step == "5.4"
    trace = api.replay(situation("5.4"), strict=False, abilities=True)
    assert trace.final_state["players"][0]["hand"] == ["Lore of Imladris"]
    assert not [s for s in trace.steps if s.event == "play"]


ACTION_AT = """
start: "STEP"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [{card: Glorfindel, resources: 1}, {card: Gimli, damage: 1}]}
quest: {card: Flies and Spiders}
abilities:
  plays: [{step: "STEP", player: Tom, card: Glorfindel, kind: action, chosen: [Gimli]}]
"""


def test_a_card_action_declared_at_a_step_without_an_action_window_is_refused():
    with pytest.raises(IllegalDecision) as err:
        api.replay(api.load("action.yaml", text=ACTION_AT.replace("STEP", "6.10")), abilities=True)
    assert "lotr:rr:flow:action-windows" in err.value.rules and "Glorfindel" in err.value.reason


def test_a_card_action_declared_for_a_step_is_initiated_in_the_window_after_it():
    trace = api.replay(api.load("action.yaml", text=ACTION_AT.replace("STEP", "6.2")), abilities=True)
    heal = next(i for i, s in enumerate(trace.steps) if s.event == "heal")
    step_done = max(i for i, s in enumerate(trace.steps) if s.step == "6.2" and s.event == "shadow")
    assert heal > step_done and trace.steps[heal].step == "6.2"
    gimli = trace.final_state["players"][0]["heroes"][1]
    assert gimli["label"] == "Gimli" and gimli["damage"] == 0
