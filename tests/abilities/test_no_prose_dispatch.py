"""Behaviour never reads prose (docs/events.md): what a card does follows the events'
values, never the wording of a trace step.

- Dynamically: every situation in scenarios/lotr (golden situations, card, FAQ, timing and
  setup situations) and every situation written inline in the abilities and engine tests
  is replayed twice, with card abilities as the file says, on and off: once as usual, once
  with the text of every step replaced by nonsense as the step is made.  The final states,
  the pending decisions, the violations a check finds and the steps themselves (event,
  step, phase, citations, changes, interpretation, cause) are identical.
- Statically: no module of the engine or of the card abilities reads a ``.text`` (a trace
  step's text) or compares a step's ``.event`` name, outside the modules that render.
- METW and MEQ, whose steps are written by the shared emitter (adjudicator/engine/
  emitter.py): every golden situation (scenarios/metw, scenarios/meq) is replayed (stopping
  at an illegal declaration and playing past it), checked and verified against its
  expectations, once as usual and once with every step's text replaced by nonsense as the
  step is made (``emitter.words``): the final states, results, pending decisions, refusals,
  violations, expectations met (but those naming words of a step's text) and the steps (event, step, phase, citations, changes,
  interpretation, cause) are identical.  Statically, no METW or MEQ engine module reads a
  ``.text`` (but a combat ability's own words, shown in a step) or compares ``.event``.
"""

from __future__ import annotations

import ast
import copy
import itertools
from pathlib import Path

import pytest

from adjudicator.engine import emitter as EMITTER
from adjudicator.engine import game as GAME
from adjudicator.errors import AdjudicatorError
from adjudicator.lotr.engine import api
from adjudicator.lotr.engine import events as EV

ROOT = Path(__file__).resolve().parents[2]
LOTR = ROOT / "adjudicator" / "lotr"

# Modules that read a step's text for a reason other than behaviour: the ruling situations'
# checker compares a replay with the wording a situation file expects, as a test does.
READS_TEXT_TO_CHECK_EXPECTATIONS = {"abilities/rulings.py"}


def situations() -> list[tuple[str, str]]:
    found = [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")) for p in sorted((ROOT / "scenarios" / "lotr").rglob("*.yaml"))]
    for test in sorted([*(ROOT / "tests" / "abilities").glob("*.py"), *(ROOT / "tests" / "engine").glob("*.py")]):
        for node in ast.walk(ast.parse(test.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "players:" in node.value:
                found.append((f"{test.relative_to(ROOT)}:{node.lineno}", node.value))
    return found


def outcome(text: str, abilities: bool | None) -> dict:
    """Everything behaviour decides about one replay (and one check) of ``text``."""
    try:
        base = api.load("situation.yaml", text=text)
    except AdjudicatorError:
        return {"load": "refused"}
    out: dict = {}
    try:
        trace = api.replay(copy.deepcopy(base), abilities=abilities)
        data = trace.to_dict()
        out["final"] = data["final_state"]
        out["pending"] = data["pending"]
        out["steps"] = [{k: v for k, v in s.items() if k != "text"} for s in data["steps"]]
    except AdjudicatorError as exc:
        out["error"] = (type(exc).__name__, getattr(exc, "rules", ()))
    out["check"] = {k: v for k, v in api.check(copy.deepcopy(base), abilities=abilities).to_dict().items()}
    return out


def test_every_situation_replays_the_same_with_the_step_text_replaced_by_nonsense(monkeypatch):
    cases = situations()
    assert len(cases) > 150  # the scenarios and the tests' own situations were found
    modes = (None, True, False)
    expected = {(name, m): outcome(text, m) for (name, text), m in itertools.product(cases, modes)}
    replayed = sum(1 for o in expected.values() if "steps" in o)
    assert replayed > 300

    counter = itertools.count()
    monkeypatch.setattr(EV, "render", lambda event: f"zq{next(counter)} xv {'kw' * (next(counter) % 5)}")
    for (name, text), m in itertools.product(cases, modes):
        got = outcome(text, m)
        assert got == expected[(name, m)], f"{name} (abilities {m}) changes when the step text is nonsense"


def test_the_nonsense_text_reaches_every_step(monkeypatch):
    """The replacement above is real: each step's text is the nonsense, as it is made."""
    monkeypatch.setattr(EV, "render", lambda event: "zq nonsense")
    path = ROOT / "scenarios" / "lotr" / "full-round-two-players.yaml"
    trace = api.replay(api.load(path), abilities=True)
    assert len(trace.steps) > 50 and {s.text for s in trace.steps} == {"zq nonsense"}


def _reads(tree: ast.AST, attr: str) -> list[int]:
    return [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == attr and isinstance(n.ctx, ast.Load)]


def _step_event_comparisons(tree: ast.AST) -> list[int]:
    """``x.event == "..."`` (or ``in (...)``) for anything but an ability's trigger or a delayed
    effect's moment (``trigger.event``, ``at.event``: the ability data's own words)."""
    lines = []
    for n in ast.walk(tree):
        if not isinstance(n, ast.Compare):
            continue
        for side in (n.left, *n.comparators):
            if isinstance(side, ast.Attribute) and side.attr == "event":
                owner = side.value
                if isinstance(owner, ast.Attribute) and owner.attr in ("trigger", "at"):
                    continue
                lines.append(n.lineno)
    return lines


@pytest.mark.parametrize("folder", ["engine", "abilities"])
def test_no_engine_or_ability_module_reads_a_step_text(folder):
    offenders = []
    for path in sorted((LOTR / folder).rglob("*.py")):
        rel = str(path.relative_to(LOTR))
        if rel in READS_TEXT_TO_CHECK_EXPECTATIONS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += [f"{rel}:{line} reads .text" for line in _reads(tree, "text")]
        offenders += [f"{rel}:{line} compares a step's event name" for line in _step_event_comparisons(tree)]
    assert offenders == []


def test_the_static_check_finds_prose_dispatch():
    """The checker itself, on the kind of code it forbids."""
    tree = ast.parse('if step.event == "play" and "the event" in step.text:\n    pass\nif a.trigger.event == "x":\n    pass\n')
    assert _reads(tree, "text") == [1] and _step_event_comparisons(tree) == [1]


# ---------------------------------------------------------------------------- METW and MEQ


def shared_golden() -> list[Path]:
    return sorted([*(ROOT / "scenarios" / "metw").glob("*.yaml"), *(ROOT / "scenarios" / "meq").glob("*.yaml")])


def shared_outcome(path: Path) -> dict:
    """Everything behaviour decides about a METW or MEQ situation: its replays, check and
    expectations, the steps without their text."""
    out: dict = {}
    for strict in (True, False):
        loaded = GAME.open_situation(path)
        try:
            data = loaded.game.replay(loaded.situation, strict=strict).to_dict()
        except AdjudicatorError as exc:
            out[strict] = ("error", type(exc).__name__, getattr(exc, "rules", ()))
            continue
        data["steps"] = [{k: v for k, v in s.items() if k != "text"} for s in data["steps"]]
        out[strict] = data
    out["check"] = GAME.check(GAME.open_situation(path)).to_dict()
    verified = GAME.verify(path)
    out["expectations"] = [(c.describe(), c.ok) for c in verified.expectations if not words_expected(c.expectation)]
    return out


def words_expected(expectation) -> bool:
    """An ``events: [{event, contains}]`` expectation: the file's own words for a step's text,
    compared as a test compares them (not behaviour)."""
    return expectation.kind in ("event", "no_event") and "contains" in (expectation.expected or {})


def test_every_metw_and_meq_situation_replays_the_same_with_the_step_text_replaced_by_nonsense(monkeypatch):
    cases = shared_golden()
    assert len(cases) > 40  # both games' golden situations were found
    expected = {path: shared_outcome(path) for path in cases}
    games = {data["game"] for o in expected.values() for data in (o[True], o[False]) if isinstance(data, dict)}
    assert games == {"metw", "meq"}
    assert sum(len(o[True]["steps"]) for o in expected.values() if isinstance(o[True], dict)) > 800

    counter = itertools.count()
    monkeypatch.setattr(EMITTER, "words", lambda text: f"zq{next(counter)} xv {'kw' * (next(counter) % 5)}")
    for path in cases:
        got = shared_outcome(path)
        assert got == expected[path], f"{path.relative_to(ROOT)} changes when the step text is nonsense"


def test_the_nonsense_text_reaches_every_metw_and_meq_step(monkeypatch):
    """The replacement above is real: each step's text is the nonsense, as it is made."""
    monkeypatch.setattr(EMITTER, "words", lambda text: "zq nonsense")
    for name in ("metw/cards_example_of_combat.yaml", "meq/turn-hero-travel-and-combat.yaml"):
        result = GAME.verify(ROOT / "scenarios" / name)
        assert len(result.trace.steps) > 30 and {s.text for s in result.trace.steps} == {"zq nonsense"}
        assert result.exit_code == 0


# a combat card's ability keeps its own words (written by the player) to show them in a step
READS_OWN_WORDS = {"ability"}


def _text_reads_but_own_words(tree: ast.AST) -> list[int]:
    return [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "text"
            and isinstance(n.ctx, ast.Load) and not (isinstance(n.value, ast.Name) and n.value.id in READS_OWN_WORDS)]


@pytest.mark.parametrize("folder", ["metw/engine", "meq/engine"])
def test_no_metw_or_meq_engine_module_reads_a_step_text(folder):
    offenders = []
    for path in sorted((ROOT / "adjudicator" / folder).rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += [f"{rel}:{line} reads .text" for line in _text_reads_but_own_words(tree)]
        offenders += [f"{rel}:{line} compares a step's event name" for line in _step_event_comparisons(tree)]
        offenders += [f"{rel}:{line} reads the trace's steps" for line in _reads(tree, "steps")]
    assert offenders == []


def test_every_event_type_is_listed_in_docs_events_md():
    """docs/events.md lists each event class, so that a card's author can see what exists."""
    text = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    classes = _event_classes()
    assert len(classes) > 100  # the five modules were read
    assert [name for name, _ in classes if f"`{name}`" not in text] == []


def _event_classes() -> list[tuple[str, type]]:
    import inspect

    from adjudicator.lotr.abilities import ability_events, effect_events
    from adjudicator.lotr.engine import area_events, combat_events, encounter_events, scenario_events

    return [(name, cls) for mod in (EV, encounter_events, scenario_events, area_events, combat_events, ability_events, effect_events)
            for name, cls in inspect.getmembers(mod, inspect.isclass)
            if cls.__module__ == mod.__name__ and issubclass(cls, EV.Event)]


def test_events_are_frozen_keyword_only_values():
    """Events are values (msgspec Structs): frozen, every field keyword-only (``kw_only=True``
    is not inherited, so a class that forgets it would take positional arguments), equal
    and hashed by their fields; none is also made a dataclass."""
    import dataclasses

    import msgspec

    wrong = [name for name, cls in _event_classes()
             if not issubclass(cls, msgspec.Struct) or not cls.__struct_config__.frozen
             or cls.__match_args__ != () or dataclasses.is_dataclass(cls)]
    assert wrong == []
    first, same, other = (EV.RoundEnds(round=1), EV.RoundEnds(round=1), EV.RoundEnds(round=2))
    assert first == same and hash(first) == hash(same) and first != other
    with pytest.raises(AttributeError):
        first.round = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        EV.RoundEnds(1)  # type: ignore[misc]
