"""Random but well-formed positions, with random (often wrong) decisions, replay to a
trace, a pending decision, or an IllegalDecision: never another exception, and every
step cites."""

from __future__ import annotations

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.engine.decisions import IllegalDecision
from adjudicator.lotr.engine import api
from adjudicator.lotr.engine.citations import STEP_IDS
from adjudicator.lotr.engine.schema import MAIN_FLOW

HEROES = ["Aragorn", "Gimli", "Legolas", "Éowyn", "Denethor", "Glorfindel", "Thalin", "Beravor"]
ALLIES = ["Gandalf", "Faramir", "Snowbourn Scout", "Gondorian Spearman", "Horseback Archer"]
ENEMIES = ["Hill Troll", "King Spider", "Wolf Rider", "Goblin Sniper", "Wargs", "Marsh Adder", "Eastern Crows", "Cavern Guardian"]
ENCOUNTER = ENEMIES + ["Old Forest Road", "Despair", "Endless Caverns", "Gandalf's Map", "Shadow Key", "Evil Storm", "Enchanted Stream"]
HAND = ["Gandalf", "Faramir", "Feint", "Blade of Gondolin", "Horn of Gondor", "Strength of Will", "Citadel Plate"]
NAMES = HEROES + ALLIES + ENEMIES + ["Old Forest Road", "Enchanted Stream", None]

# Answers enough for a game played to its end: each round raises every threat by at least 1
# (refresh, 7.3), so the game ends by elimination within about 50 rounds.
ANSWERS = 600


@st.composite
def situations(draw):
    n = draw(st.integers(1, 4))
    heroes = draw(st.permutations(HEROES))
    players = []
    for i in range(n):
        players.append({
            "name": f"P{i + 1}",
            "threat": draw(st.integers(0, 52)),
            "heroes": [{"card": h, "exhausted": draw(st.booleans()), "damage": draw(st.integers(0, 3)),
                        "resources": draw(st.integers(0, 4))} for h in heroes[2 * i:2 * i + 2]],
            "allies": draw(st.lists(st.sampled_from(ALLIES), max_size=2, unique=True)) if i == 0 else [],
            "hand": draw(st.lists(st.sampled_from(HAND), max_size=3)),
            "engaged": [{"card": e, "damage": draw(st.integers(0, 2))} for e in draw(st.lists(st.sampled_from(ENEMIES), max_size=2))],
        })
    decisions = []
    for _ in range(draw(st.integers(0, 10))):
        step = draw(st.sampled_from(["2.2", "3.2", "4.2", "5.2", "5.3", "6.4.1", "6.8b", "6.1"]))
        d = {"step": step, "player": f"P{draw(st.integers(1, n))}"}
        if step == "2.2":
            d["play"] = [{"card": draw(st.sampled_from(HAND)), "attach_to": draw(st.sampled_from(HEROES))}]
        elif step == "3.2":
            d["commit"] = draw(st.lists(st.sampled_from(HEROES + ALLIES), max_size=3))
        elif step == "4.2":
            d["travel"] = draw(st.sampled_from(NAMES))
        elif step in ("5.2", "5.3"):
            d["engage"] = draw(st.sampled_from(NAMES))
        elif step == "6.4.1":
            d["defender"] = draw(st.sampled_from(NAMES))
            d["undefended_hero"] = draw(st.sampled_from(HEROES))
        elif step == "6.8b":
            d["target"] = draw(st.sampled_from(NAMES))
            d["attackers"] = draw(st.lists(st.sampled_from(HEROES + ALLIES), max_size=2))
        else:
            d["archery"] = [{"character": draw(st.sampled_from(HEROES)), "amount": draw(st.integers(1, 3))}]
        decisions.append(d)
    return {
        "start": draw(st.sampled_from(MAIN_FLOW)),
        "stop": draw(st.sampled_from(["end-of-phase", "end-of-round", {"rounds": 2}, {"step": draw(st.sampled_from(STEP_IDS))}])),
        "seed": draw(st.integers(0, 5)),
        "players": players,
        "staging_area": draw(st.lists(st.sampled_from(ENEMIES + ["Old Forest Road", "Enchanted Stream"]), max_size=4)),
        "active_location": draw(st.sampled_from([None, "Old Forest Road"])),
        "quest": {"card": "Flies and Spiders", "progress": draw(st.integers(0, 7))},
        "quest_deck": draw(st.sampled_from([[], ["A Fork in the Road"]])),
        "encounter_deck": draw(st.lists(st.sampled_from(ENCOUNTER), max_size=8)),
        "encounter_discard": draw(st.lists(st.sampled_from(ENCOUNTER), max_size=3)),
        "decisions": decisions,
    }


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(situations())
def test_random_positions_replay_cleanly(data):
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    situation = api.load("random.yaml", text=text)
    try:
        trace = api.replay(situation)
    except IllegalDecision as exc:
        assert exc.rules and exc.where.startswith("random.yaml:")
        return
    assert all(s.citations for s in trace.steps)
    assert trace.to_dict()["final_state"] is not None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(situations())
def test_random_positions_check_cleanly(data):
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    result = api.check(api.load("random.yaml", text=text))
    assert all(v.rules for v in result.violations)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(situations())
def test_answering_each_pending_decision_with_its_example_plays_on_cleanly(data):
    """Each pending decision carries an example entry; adding it lets the replay go on."""
    for _ in range(25):
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
        try:
            trace = api.replay(api.load("random.yaml", text=text))
        except IllegalDecision:
            return
        if trace.pending is None:
            return
        example = dict(trace.pending.example)
        assert example.get("step") in STEP_IDS
        data["decisions"] = [d for d in data["decisions"] if not (d.get("step") == "2.2" and example.get("step") == "2.2")] + [example]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(situations())
def test_the_example_offered_with_each_pending_decision_is_legal(data):
    """From no decisions at all, answering every stop with the engine's own example never
    meets a rule the example breaks, each answer is used and moves the replay on (it goes
    further than before), and the replay ends: at its stop, or at the end of the game
    when the stop never comes (a stop at 6.8b when every character quests exhausted, the
    threat then climbs to elimination: that can take 17 rounds and 76 answers)."""
    data["decisions"] = []
    reached = -1
    for _ in range(ANSWERS):
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
        trace = api.replay(api.load("random.yaml", text=text))  # IllegalDecision would fail the test
        assert "unused_decisions" not in trace.final_state, trace.final_state["unused_decisions"]
        assert len(trace.steps) > reached, f"the answer did not move the replay on: {trace.pending.to_dict()}"
        reached = len(trace.steps)
        if trace.pending is None:
            return
        example = dict(trace.pending.example)
        data["decisions"] = [d for d in data["decisions"] if not (d.get("step") == "2.2" and example.get("step") == "2.2")] + [example]
    raise AssertionError(f"still asking after {ANSWERS} answers: {trace.pending.to_dict()}")
