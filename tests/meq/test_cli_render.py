"""`adjudicator replay/check` on Middle-earth Quest files (`game: meq`): the game is read
from the file, rendered by the shared renderer, with the exit codes of every game."""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator.cli import main

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "meq"


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_game_field_chooses_the_meq_engine(tmp_path):
    from adjudicator.engine.game import open_situation

    path = tmp_path / "s.yaml"
    path.write_text("title: x\ngame: meq  # Middle-earth Quest\nshadow_pool: 1\n", encoding="utf-8")
    assert open_situation(path).game.name == "meq"


def test_replay_json_has_the_trace_contract_and_exit_code_zero(capsys):
    code, out, _ = run(capsys, "replay", str(SCENARIOS / "dominance-example.yaml"), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["game"] == "meq" and data["steps"][-1]["citations"]
    assert data["results"]["dominance"] == "sauron"


def test_replay_stops_for_a_decision_with_exit_code_three(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text("game: meq\nmarkers: {heroes: 16}\nplay:\n  - event_step: {}\n", encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 3
    assert "a decision is needed" in out


def test_check_of_an_illegal_position_exits_one(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text("game: meq\nshadow_pool: 9\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert "Shadow Pool" in out and "meq:rules:sauron-game-rules" in out


def test_cli_replay_and_check_dispatch_meq_files(tmp_path, capsys):
    code, out, _ = run(capsys, "replay", str(SCENARIOS / "combat-example.yaml"), "--json")
    assert code == 0 and json.loads(out)["results"]["combat"]["foe_defeated"] is True
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: meq\nheroes: [{name: X}]\n", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "expected a 'wisdom' entry" in err


def test_a_missed_expectation_exits_one_and_names_its_line(tmp_path, capsys):
    text = (SCENARIOS / "dominance-example.yaml").read_text(encoding="utf-8").replace("dominance: sauron", "dominance: heroes")
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 1
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "dominance: heroes" in l)
    assert f"line {line}: results.dominance: expected 'heroes', got 'sauron'" in out
