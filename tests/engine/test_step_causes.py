"""The cause of a trace step is a value, the same in the three games (issue 13,
adjudicator/engine/emitter.py).

- Every step of every golden situation (scenarios/, the three games) has a cause: a rule
  whose record is in the knowledge base, a card's effect naming a card the situation
  describes, or a LOTR card ability (its card, when named, one the situation describes).
- LOTR: a card ability's step names the ability; a framework step names its rule.
- The shared emitter refuses a step with no citation and a malformed cause, cites an
  interpretation's rule, and takes the cause of the call, else the one in force, else the
  rule cited first.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from adjudicator.engine import Change, Emitter, Interpretation, Trace, by_card, by_rule, game
from adjudicator.errors import AdjudicatorError
from adjudicator.lotr.engine import citations as LC

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted((ROOT / "scenarios").rglob("*.yaml"))


@pytest.fixture(scope="session")
def kb_ids(sources_dir):
    from adjudicator.kb.build import parse_sources

    return {r.id for r in parse_sources(sources_dir)}


def names_in(text: str) -> set[str]:
    """Every key and string value of a situation file: the cards it describes or names."""
    found: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                found.add(str(key))
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str):
            found.add(node)

    walk(yaml.safe_load(text))
    return found


def cause_problem(cause, names: set[str], kb_ids: set[str]) -> str | None:
    if not cause:
        return "no cause"
    if "rule" in cause:
        return None if cause["rule"] in kb_ids else f"rule {cause['rule']} is not in the knowledge base"
    if "ability" in cause:
        if not cause["ability"]:
            return "an ability cause without its ability"
        return None if cause.get("card") in (None, *names) else f"ability of {cause['card']!r}, a card the file does not name"
    if cause.get("card") not in names:
        return f"card {cause.get('card')!r}, which the file does not describe"
    if not (cause.get("effect") is None or isinstance(cause["effect"], int)) or not cause.get("op"):
        return f"a card cause without its effect's index and op: {cause}"
    return None


def test_every_step_of_every_golden_situation_has_a_cause_that_exists(kb_ids):
    kinds: Counter = Counter()
    problems = []
    refused = 0
    for path in GOLDEN:
        try:
            loaded = game.open_situation(path)
        except AdjudicatorError:
            refused += 1  # a file about bad input: nothing to replay
            continue
        result = game.replay(loaded)
        names = names_in(loaded.text)
        for step in result.trace.steps:
            problem = cause_problem(step.cause, names, kb_ids)
            if problem:
                problems.append(f"{path.relative_to(ROOT)} step {step.index} ({step.event}): {problem}")
            elif step.cause:
                kinds[(result.game, next(k for k in ("rule", "ability", "card") if k in step.cause))] += 1
    assert problems == []
    assert refused < 10
    # all three games replayed, rules and cards alike
    assert {g for g, _ in kinds} == {"lotr", "metw", "meq"}
    assert kinds[("lotr", "ability")] > 100 and kinds[("metw", "card")] >= 5 and kinds[("meq", "card")] >= 5
    assert min(kinds[(g, "rule")] for g in ("lotr", "metw", "meq")) > 200


def test_the_checker_above_finds_a_missing_or_unknown_cause():
    names = {"Concealment"}
    assert cause_problem(None, names, {"metw:x:y"}) == "no cause"
    assert cause_problem({"rule": "metw:x:z"}, names, {"metw:x:y"})
    assert cause_problem(by_card("Gandalf", 0, "cancel"), names, set())
    assert cause_problem(by_card("Concealment"), names, set())  # no op
    assert cause_problem(by_card("Concealment", 0, "cancel"), names, set()) is None


def test_lotr_a_card_ability_step_names_the_ability_a_framework_or_keyword_step_its_rule():
    result = game.verify(ROOT / "scenarios" / "lotr" / "archery-indestructible.yaml")
    assert result.exit_code == 0
    gimli = [s for s in result.trace.steps if "ability" in s.cause]
    assert [s.cause for s in gimli] == [{"ability": "Gimli (constant)", "card": "Gimli", "controller": "P1",
                                         "source": "player"}]
    by_event = {s.event: s.cause for s in result.trace.steps if s.step == "6.1" and "rule" in s.cause}
    assert by_event == {"milestone": {"rule": LC.step("6.1")}, "archery": {"rule": LC.ARCHERY},
                        "damage": {"rule": LC.ARCHERY}}  # the Archery keyword deals the damage


# ---------------------------------------------------------------------------- the emitter


def test_a_step_with_no_citation_is_refused():
    trace = Trace("metw")
    emit = Emitter(trace)
    with pytest.raises(ValueError, match="cites none"):
        emit("tap", "Bilbo taps", [])
    assert trace.steps == []


def test_the_cause_is_the_call_s_then_the_one_in_force_then_the_first_rule_cited():
    trace = Trace("meq")
    emit = Emitter(trace, where=lambda: ("hero-turn:3", "travel"))
    first = emit("move", "Beravor moves", ["meq:rules:travel:a", "meq:rules:b"])
    with emit.caused_by(by_card("Darkness Falls", 0, "damage", kind="peril")):
        inside = emit("hero-damage", "2 damage", ["meq:rules:c"], [Change("Beravor", "damage", 0, 2)])
        own = emit("rest", "a rule's step", ["meq:rules:d"], cause=by_rule("meq:rules:d"))
    after = emit("rest", "after", ["meq:rules:e"])
    assert first.cause == {"rule": "meq:rules:travel:a"}
    assert inside.cause == {"card": "Darkness Falls", "effect": 0, "op": "damage", "kind": "peril"}
    assert own.cause == {"rule": "meq:rules:d"} and after.cause == {"rule": "meq:rules:e"}
    assert (first.step, first.phase) == ("hero-turn:3", "travel")
    named = emit("x", "named", ["meq:rules:f"], step="combat:1", phase="combat")
    assert (named.step, named.phase) == ("combat:1", "combat")


def test_a_malformed_cause_is_refused():
    emit = Emitter(Trace("metw"))
    with pytest.raises(ValueError):
        emit("x", "t", ["metw:a:b"], cause={"rule": "not an id"})
    with pytest.raises(ValueError):
        emit("x", "t", ["metw:a:b"], cause={"player": "Ann"})
    with pytest.raises(ValueError):
        with emit.caused_by(by_card("")):
            pass


def test_an_interpretation_s_rule_is_cited_with_the_step():
    emit = Emitter(Trace("metw"))
    step = emit("excess", "t", ["metw:a:b"], interpretation=Interpretation("basis=characters", "metw:a:c"))
    assert step.citations == ("metw:a:b", "metw:a:c") and step.cause == {"rule": "metw:a:b"}
