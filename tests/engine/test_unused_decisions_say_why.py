"""Every declared decision, response or play that is not used is reported with the reason
(the replay's final state: unused_decisions, each with its line and ``reason``): a step that
never came, a step that came where nothing asked for it, an attack that ended before its
window (FAQ Q55), a response used once per trigger (FAQ 1.08), a card not in play.  And a
declaration the rules do not allow is refused, not ignored: another player's Sentinel
character declared together with the player's own defender (Sentinel; one defender per
attack), the claim of an objective still guarded (Guarded: free of encounters)."""

from __future__ import annotations

import pytest

from adjudicator.engine.decisions import IllegalDecision
from adjudicator.lotr.engine import api


def unused(text: str, **kw) -> list[dict]:
    return api.replay(api.load("unused.yaml", text=text), **kw).final_state.get("unused_decisions", [])


BEYOND_THE_STOP = """
start: '6.1'
stop: {step: '7.4'}
players:
- {name: Tom, threat: 30, heroes: [Gimli]}
quest: {card: Flies and Spiders}
decisions:
- {step: '3.2', round: 2, player: Tom, commit: [Gimli]}
- {step: '6.1', archery: [{character: Gimli, amount: 1}]}
"""


def test_a_decision_for_a_step_that_never_came_says_the_replay_stopped_first():
    [later, _] = unused(BEYOND_THE_STOP)
    assert later["line"] == 8 and "reached the situation's stop before step 3.2 of round 2 came" in later["reason"]


def test_a_decision_no_rule_asked_for_says_its_step_came():
    [_, nobody] = unused(BEYOND_THE_STOP)  # no enemy has Archery: nothing asks where its damage goes
    assert nobody["line"] == 9 and "step 6.1 came, and nothing there asked for archery" in nobody["reason"]


THEODRED = """
start: '3.2'
stop: {step: '3.2'}
players:
- {name: Tom, heroes: [Théodred, Glóin]}
quest: {card: Flies and Spiders}
decisions:
- {step: '3.2', player: Tom, commit: [Théodred, Glóin]}
abilities:
  responses:
  - {card: Théodred, player: Tom}
  - {card: Théodred, player: Tom}
  - {card: Legolas, player: Tom}
  plays:
  - {card: Théodred, chosen: [Glóin]}
  - {step: '3.3', card: Beravor}
"""


def test_responses_and_plays_not_used_are_reported_with_why():
    report = {(u["card"], u["line"]): u["reason"] for u in unused(THEODRED, abilities=True)}
    assert "a response is used once per trigger (FAQ 1.08)" in report[("Théodred", 12)]
    assert "never offered" in report[("Legolas", 13)]
    assert "never reached step 3.3" in report[("Beravor", 16)]
    assert ("Théodred", 11) not in report and ("Théodred", 15) not in report  # used


SENTINEL = """
start: '6.3'
stop: end-of-phase
players:
- {name: Tom, threat: 30, heroes: [Gimli, Legolas], engaged: [Forest Spider]}
- {name: Kris, threat: 30, heroes: [Beravor], allies: [Gondorian Spearman]}
quest: {card: Flies and Spiders}
decisions:
- {step: '6.4.1', player: Tom, enemy: Forest Spider, defender: Gimli, sentinel: {player: Kris, character: Gondorian Spearman}}
- {step: '6.8b', player: Tom, target: null}
- {step: '6.8b', player: Kris, target: null}
"""


def test_a_sentinel_declared_with_the_players_own_defender_is_a_violation_not_ignored():
    result = api.check(api.load("sentinel.yaml", text=SENTINEL))
    [v] = result.violations
    assert "lotr:rr:sentinel" in v.rules and v.line == 9 and "Sentinel" in v.message
    with pytest.raises(IllegalDecision):
        api.replay(api.load("sentinel.yaml", text=SENTINEL))


GUARDED = """
start: '7.1'
stop: end-of-round
players:
- {name: Tom, threat: 30, heroes: [Legolas, Gimli]}
quest: {card: Flies and Spiders}
staging_area: [{card: Forest Spider, guarding: [Gandalf's Map]}]
abilities:
  plays:
  - {step: '7.4', player: Tom, card: Gandalf's Map, targets: {a hero you control: Legolas}}
"""


def test_a_guarded_objective_cannot_be_claimed_and_the_trace_says_why():
    trace = api.replay(api.load("guarded.yaml", text=GUARDED), abilities=True)
    final = trace.final_state
    assert final["players"][0]["threat"] == 31  # the refresh only: no claim cost paid
    assert final["staging_area"][0]["guarding"][0]["label"] == "Gandalf's Map"
    assert not final["players"][0]["heroes"][0].get("attachments")
    refused = [s for s in trace.steps if s.event == "not-resolved" and "free of encounters" in s.text]
    assert refused and refused[0].cause["ability"] == "Gandalf's Map (action)"
