"""The shared engine core: trace steps must cite, situation files report every problem
with file, line and column, and a pending decision stops a replay."""

from __future__ import annotations

import json

import pytest

from adjudicator.engine import EXIT_DECISION, Change, DecisionNeeded, Interpretation, Option, PendingDecision, Step, Trace
from adjudicator.engine.situation import Problems, did_you_mean, fold, load_situation, parse_yaml
from adjudicator.errors import InputError


def test_trace_step_without_citation_cannot_be_constructed():
    with pytest.raises(ValueError):
        Step(index=0, step="5.3", phase="encounter", event="engage", citations=())


def test_trace_step_with_malformed_id_cannot_be_constructed():
    with pytest.raises(ValueError):
        Step(index=0, step="5.3", phase="encounter", event="engage", citations=("engagement check",))


def test_trace_is_a_sink_and_serialises_to_the_contract():
    seen = []
    trace = Trace("lotr", on_step=seen.append)
    trace.add(
        "5.3",
        "encounter",
        "engage",
        "Hill Troll engages P1",
        [Change("Hill Troll", "zone", "staging area", "P1")],
        ["lotr:rr:step:5.3", "lotr:rr:engagement-check"],
        Interpretation("first player breaks ties", "lotr:rr:first-player-first-player-token"),
    )
    trace.final_state = {"round": 1}
    data = json.loads(json.dumps(trace.to_dict()))
    assert set(data) == {"game", "steps", "final_state", "pending"}
    assert data["steps"][0]["citations"] == ["lotr:rr:step:5.3", "lotr:rr:engagement-check"]
    assert data["steps"][0]["changes"] == [{"target": "Hill Troll", "field": "zone", "from": "staging area", "to": "P1"}]
    assert data["steps"][0]["interpretation"]["rule"] == "lotr:rr:first-player-first-player-token"
    assert seen and seen[0].index == 0


def test_pending_decision_carries_options_and_exit_code_3():
    pending = PendingDecision("undefended_hero", "Which hero?", (Option("Aragorn", "Aragorn", ("lotr:rr:step:6.4.3",)),), step="6.4.3")
    exc = DecisionNeeded(pending)
    assert exc.exit_code == EXIT_DECISION == 3
    assert pending.to_dict()["options"][0]["citations"] == ["lotr:rr:step:6.4.3"]


def test_yaml_nodes_keep_line_and_column():
    doc = parse_yaml("players:\n  - name: P1\n    threat: 30\n", "s.yaml")
    threat = doc.get("players").value[0].get("threat")
    assert (threat.value, threat.line, threat.column) == (30, 3, 13)
    assert threat.where == "players[0].threat"


def test_schema_problems_are_all_reported_with_file_line_column():
    schema = {
        "type": "object",
        "properties": {"threat": {"type": "integer"}, "name": {"type": "string"}},
        "additionalProperties": False,
    }
    with pytest.raises(InputError) as info:
        load_situation("s.yaml", schema, text="threat: high\nname: 3\nthreath: 2\n")
    message = info.value.message
    assert "3 problems in s.yaml" in message
    assert "s.yaml:1:9: threat: expected a whole number" in message
    assert "s.yaml:2:7: name: expected text" in message
    assert "s.yaml:3:1" in message and "did you mean: threat?" in message


def test_yaml_syntax_error_names_the_line():
    with pytest.raises(InputError) as info:
        parse_yaml("a: [1,\n", "bad.yaml")
    assert "bad.yaml:2:" in info.value.message


def test_duplicate_keys_are_reported():
    with pytest.raises(InputError) as info:
        parse_yaml("a: 1\na: 2\n", "dup.yaml")
    assert "dup.yaml:2:1" in info.value.message


def test_names_fold_diacritics_and_suggest():
    assert fold("Éowyn") == fold("eowyn")
    assert fold("Nazgûl of Dol Guldur") == fold("nazgul of dol guldur")
    assert did_you_mean("Hil Trol", ["Hill Troll", "Goblin Sniper"]) == ["Hill Troll"]


def test_problems_collector_raises_once_with_suggestions():
    doc = parse_yaml("card: Aragron\n", "s.yaml")
    problems = Problems("s.yaml")
    problems.unknown_name(doc.get("card"), "a card", ["Aragorn", "Gimli"])
    with pytest.raises(InputError) as info:
        problems.raise_if_any()
    assert "s.yaml:1:7" in info.value.message and "Aragorn" in info.value.message


def test_subscribers_see_every_event_as_it_happens():
    """Events as values: a subscriber of an event type is called with each such event as it
    is emitted, in the middle of the resolution (the replay's state is the event's)."""
    from adjudicator.lotr.engine import api
    from adjudicator.lotr.engine.events import Event, ThreatChanged

    seen, threats = [], []
    api.replay(
        api.load("x.yaml", text="start: '7.1'\nplayers:\n  - {name: P1, threat: 3, heroes: [Gimli]}\n"),
        subscribers=[(Event, lambda r, ev: seen.append((type(ev), r.g.step))),
                     (ThreatChanged, lambda r, ev: threats.append((ev.player, ev.before, ev.after, r.g.players[0].threat)))],
    )
    assert (ThreatChanged, "7.3") in seen
    assert threats == [("P1", 3, 4, 4)]


def test_deeply_nested_yaml_is_refused_before_it_can_crash_the_parser():
    for text in ("[" * 100000, "[" * 5000 + "]" * 5000, "- " * 3000 + "x"):
        with pytest.raises(InputError) as info:
            parse_yaml(text, "deep.yaml")
        assert "deep.yaml:" in info.value.message


def test_alias_bombs_are_refused():
    text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for name in "bcdefg":
        prev = chr(ord(name) - 1)
        text += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]\n"
    with pytest.raises(InputError) as info:
        parse_yaml(text, "bomb.yaml")
    assert "aliases are expanded" in info.value.message


def test_the_engine_never_imports_whoosh_typer_or_rich():
    import re
    from pathlib import Path

    import adjudicator

    root = Path(adjudicator.__file__).parent
    for folder in (root / "engine", root / "lotr" / "engine"):
        for path in folder.glob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"^\s*(import|from)\s+(whoosh|typer|rich)\b", text, re.M), path.name
