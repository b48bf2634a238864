"""Expectations that can fail (adjudicator.engine.expect, docs/expectations.md): a path
that leads nowhere never passes by accident.  A key a record does not have is a mistake in
the expectation (missed, naming the path and the nearest key); a card that is not in play
is `absent`, which only the value ``absent`` matches; a field the state leaves out when it
is empty reads as null."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from adjudicator.engine import expect as E
from adjudicator.engine import game as G

ROOT = Path(__file__).resolve().parents[2]
ENGAGEMENT = ROOT / "scenarios" / "lotr" / "engagement-checks.yaml"  # P1 (Gimli) engages King Spider
BASE = ENGAGEMENT.read_text(encoding="utf-8").split("expect:")[0]


def replay_expecting(state: str):
    """The engagement-checks situation with its expect: block replaced by these state lines."""
    text = BASE + "expect:\n  state:\n" + "".join(f"    {line}\n" for line in state.strip().splitlines())
    return G.replay(G.open_situation(ENGAGEMENT, text=text))


def test_a_misspelled_key_under_a_record_is_missed_with_did_you_mean():
    result = replay_expecting("players.P1.thret: null")
    [missed] = result.missed
    assert missed.describe().endswith("state.players.P1.thret: no key 'thret' under state.players.P1 "
                                      "(did you mean threat?)")
    assert missed.to_dict()["error"].startswith("no key 'thret'")


def test_a_misspelled_key_fails_whatever_value_is_written_even_absent():
    for value in ("null", "absent", "24"):
        assert len(replay_expecting(f"players.P1.engaged.King Spider.damag: {value}").missed) == 1, value


def test_a_card_not_in_play_is_absent_and_null_does_not_match_it():
    result = replay_expecting("players.P1.allies.Faramir.modifiers: null\nplayers.P1.allies.Faramir: absent")
    wrong, right = result.expectations[:2]
    assert not wrong.ok and "absent (no 'Faramir' in state.players.P1.allies" in wrong.describe()
    assert right.ok


def test_absent_does_not_match_a_card_in_play():
    result = replay_expecting("players.P1.engaged.King Spider: absent\nstaging_area.Hummerhorns: absent")
    assert [c.ok for c in result.expectations[:2]] == [False, False]


def test_a_field_left_out_when_empty_reads_as_null_and_not_as_empty_list():
    result = replay_expecting("players.P1.heroes.Gimli.modifiers: null\nplayers.P1.heroes.Gimli.attachments: []")
    assert [c.ok for c in result.expectations[:2]] == [True, False]


def test_a_path_past_a_null_is_absent():
    got = E.lookup({"active_location": None}, "active_location.progress")
    assert isinstance(got, E.Absent) and not E.equal(None, got)


def test_a_mapping_keyed_by_names_gives_absent_for_a_name_not_there():
    state = {"characters": {"Faramir": {"state": "untapped", "items": []}}, "action_tokens": {"command": [3]}}
    assert isinstance(E.lookup(state, "characters.Éomer"), E.Absent)
    assert isinstance(E.lookup(state, "characters.Faramir.item"), E.Unknown)
    # a field the game leaves out when empty reads as null, in a record or an empty mapping
    assert E.lookup(state, "action_tokens.place_influence", {"place_influence"}) is None
    assert E.lookup({"action_tokens": {}}, "action_tokens.place_influence", {"place_influence"}) is None
    assert isinstance(E.lookup(state, "action_tokens.plac_influence", {"place_influence"}), E.Unknown)


def test_a_procedure_that_did_not_run_is_absent_in_the_results():
    facts = {"results": {"combat": {"rounds": 2}}}
    assert isinstance(E.lookup(facts, "results.combat#2"), E.Absent)
    assert isinstance(E.lookup(facts, "results.combat.round"), E.Unknown)


def test_the_json_says_why_a_path_led_nowhere():
    result = replay_expecting("players.P1.allies.Faramir: null")
    row = result.expectations[0].to_dict()
    assert row["ok"] is False and row["absent"] is True and row["got"] is None and "error" not in row
    json.dumps([c.to_dict() for c in result.expectations])


def test_every_lotr_field_written_only_when_set_is_declared_left_out():
    """A key `picture` (or the framework) adds to the state conditionally must be in
    LEFT_OUT_WHEN_EMPTY, or an expectation of its null would read as a misspelled key."""
    from adjudicator.lotr.engine.state import LEFT_OUT_WHEN_EMPTY

    written = set()
    for module in ("state.py", "framework.py"):
        tree = ast.parse((ROOT / "adjudicator" / "lotr" / "engine" / module).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Subscript):
                target = node.targets[0]
                if isinstance(target.value, ast.Name) and target.value.id in ("out", "final") \
                        and isinstance(target.slice, ast.Constant):
                    written.add(target.slice.value)
    assert written and written - {"score"} <= LEFT_OUT_WHEN_EMPTY, written - LEFT_OUT_WHEN_EMPTY
