"""The MEQ side of `adjudicator replay/check`: the game is read from the file, exit codes
follow the engine's contract, --json is plain JSON."""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator.meq.cli_render import game_of, run_check, run_replay

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "meq"


def test_game_field_is_read_without_parsing(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("title: x\ngame: meq  # Middle-earth Quest\n", encoding="utf-8")
    assert game_of(str(path)) == "meq"
    assert game_of(str(tmp_path / "missing.yaml")) is None


def test_replay_json_has_the_trace_contract_and_exit_code_zero(capsys):
    code = run_replay(str(SCENARIOS / "dominance-example.yaml"), json=True)
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["game"] == "meq" and data["steps"][-1]["citations"]
    assert data["results"]["dominance"] == "sauron"


def test_replay_stops_for_a_decision_with_exit_code_three(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text("game: meq\nmarkers: {heroes: 16}\nplay:\n  - event_step: {}\n", encoding="utf-8")
    assert run_replay(str(path)) == 3
    assert "Stopped for a decision" in capsys.readouterr().out


def test_check_of_an_illegal_position_exits_one(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text("game: meq\nshadow_pool: 9\n", encoding="utf-8")
    assert run_check(str(path)) == 1
    assert "Shadow Pool" in capsys.readouterr().out


def test_cli_replay_and_check_dispatch_meq_files(tmp_path, capsys):
    from adjudicator.cli import main

    assert main(["replay", str(SCENARIOS / "combat-example.yaml"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["results"]["combat"]["foe_defeated"] is True
    illegal = tmp_path / "s.yaml"
    illegal.write_text("game: meq\nshadow_pool: 9\n", encoding="utf-8")
    assert main(["check", str(illegal)]) == 1
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: meq\nheroes: [{name: X}]\n", encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    assert "expected a 'wisdom' entry" in capsys.readouterr().err
