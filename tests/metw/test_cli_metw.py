"""`adjudicator replay` and `check` on METW situation files (`game: metw`): exit codes and JSON."""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator.cli import main

from .conftest import situation

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "metw"


def write(tmp_path, text):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_replay_worked_example_json(capsys):
    code = main(["replay", str(SCENARIOS / "ex12_knights_of_dol_amroth.yaml"), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["game"] == "metw" and data["results"][-1]["result"]["success"] is True
    assert all(step["citations"] for step in data["steps"])


def test_replay_missing_roll_exits_three(tmp_path, capsys):
    path = write(tmp_path, situation("- {name: Arn, items: [Elfstone]}", "- corruption_check: {character: Arn}"))
    assert main(["replay", path, "--json"]) == 3
    assert json.loads(capsys.readouterr().out)["pending"]["key"] == "corruption_check[Arn].roll"


def test_check_illegal_position_exits_one(tmp_path, capsys):
    path = write(tmp_path, situation("- {name: Arn, mind: 12}\n- {name: Bea, mind: 12}", "- company_size: {company: Fellows}"))
    assert main(["check", path, "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["legal"] is False


def test_bad_metw_file_exits_two_with_line_and_column(tmp_path, capsys):
    path = write(tmp_path, situation("- {name: Arn, prowess: many}", "- company_size: {company: Fellows}"))
    assert main(["replay", path]) == 2
    assert "s.yaml:10:" in capsys.readouterr().err


def test_unknown_company_name_suggests_the_near_one(tmp_path, capsys):
    path = write(tmp_path, situation("- {name: Arn}", "- company_size: {company: Felows}"))
    assert main(["check", path]) == 2
    assert "did you mean: Fellows" in capsys.readouterr().err
