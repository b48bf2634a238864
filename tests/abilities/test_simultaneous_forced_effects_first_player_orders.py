"""Forced; Priority of Simultaneous Resolution; FAQ 1.02: Forced effects triggered at the same
time resolve in the order the first player chooses, whoever controls them.  The replay asks
(exit 3) with every order listed, or takes the order from a decision of the step
(``forced_order``, or a ``delayed_order`` naming them), which then counts as used."""

from __future__ import annotations

from adjudicator.lotr.engine import api

TWO_FIELDS = """
start: '4.1'
stop: end-of-phase
players:
- {name: Tom, threat: 30, heroes: [Aragorn]}
- {name: Kris, threat: 30, heroes: [Gimli]}
staging_area: [Pelennor Fields, Pelennor Fields]
quest: {card: Flies and Spiders}
decisions:
- {step: '4.2', travel: null}
DECISIONS
abilities: {}
"""
A, B = "Pelennor Fields (forced)", "Pelennor Fields#2: Pelennor Fields (forced)"


def replay(decisions: str = ""):
    return api.replay(api.load("fields.yaml", text=TWO_FIELDS.replace("DECISIONS", decisions)), abilities=True)


def timing(trace) -> str:
    return next(s for s in trace.steps if s.event == "timing" and "end of phase" in s.text and "forced" in s.text).text


def test_two_forced_effects_at_once_stop_the_replay_for_the_first_players_order():
    trace = replay()
    p = trace.pending
    assert p is not None and p.key == "forced_order" and p.player == "Tom" and p.step == "4.3"
    assert [o.value for o in p.options] == [[A, B], [B, A]]
    assert {"lotr:rr:forced", "lotr:rr:priority-of-simultaneous-resolution", "lotr:faq:1.02"} <= set(p.citations)
    assert p.example == {"step": "4.3", "round": 1, "forced_order": [A, B]}
    assert [pl["threat"] for pl in trace.final_state["players"]] == [30, 30]  # neither has resolved


def test_the_declared_order_is_used_and_the_decision_counts_as_used():
    for order in ([A, B], [B, A]):
        trace = replay(f"- {{step: '4.3', forced_order: ['{order[0]}', '{order[1]}']}}")
        assert trace.pending is None and not trace.final_state.get("unused_decisions")
        text = timing(trace)
        assert text.index(order[0]) < text.index(order[1])
        assert [pl["threat"] for pl in trace.final_state["players"]] == [36, 36]  # each copy: +3 to each player


def test_a_delayed_order_decision_naming_the_forced_effects_is_used_for_them():
    trace = replay(f"- {{step: '4.3', delayed_order: ['{B}', '{A}']}}")
    assert trace.pending is None and not trace.final_state.get("unused_decisions")
    text = timing(trace)
    assert text.index(B) < text.index(A)


def test_an_order_naming_other_effects_does_not_answer_and_the_replay_asks():
    trace = replay("- {step: '4.3', forced_order: ['Goblin Sniper (forced)', 'Pelennor Fields (forced)']}")
    assert trace.pending is not None and trace.pending.key == "forced_order"
