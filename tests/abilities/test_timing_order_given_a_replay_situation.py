"""`adjudicator timing order FILE` given a situation to replay (LOTR, METW or MEQ) says so in
one error naming `replay` and what a timing file holds, instead of listing every key a timing
file does not have (exit 2)."""

from pathlib import Path

import pytest

from adjudicator.cli import main

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


@pytest.mark.parametrize("name", ["lotr/travel.yaml", "lotr/rulings/faq-q36-amon-lhaw-leaves-attachments-in-play.yaml",
                                  "meq/combat-example.yaml", "metw/ex09_faramir_huorn.yaml"])
def test_a_replay_situation_is_named_as_one_for_replay(name, capsys):
    assert main(["timing", "order", str(SCENARIOS / name)]) == 2
    err = capsys.readouterr().err
    assert "this is a situation to replay" in err and "adjudicator replay" in err
    assert "abilities: (a list of" in err and "scenarios/lotr/timing/" in err
    assert "problems in" not in err and "unknown key" not in err


def test_a_timing_file_with_a_wrong_key_still_lists_its_problem(tmp_path, capsys):
    bad = tmp_path / "t.yaml"
    bad.write_text("players: [Tom]\nstart: '3.1'\nabilities:\n  - {card: Tower Gate}\n", encoding="utf-8")
    assert main(["timing", "order", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "unknown key 'start'" in err and "situation to replay" not in err
