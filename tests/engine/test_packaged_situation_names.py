"""The commands `card` and `ask` print (`adjudicator replay scenarios/...`) work from any folder:
`replay`, `check` and `timing order` take a packaged situation by its project-relative name
when no file of that name is here (a file here wins, with a note when the two differ), and
every printed name is project-relative, also in an installed copy (``adjudicator/_data/``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from adjudicator import paths
from adjudicator.cli import main

REPO = Path(__file__).resolve().parents[2]
TRAVEL = "scenarios/lotr/travel.yaml"
TIMING = "scenarios/lotr/timing/faq-1.09-tower-gate-strength-of-will.yaml"
ILLEGAL = "scenarios/lotr/rulings/faq-1.11-one-declared-attack-per-enemy.yaml"  # `check` refuses it


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """The current folder is not the checkout."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_replay_check_and_timing_order_take_a_packaged_situations_project_name_from_another_folder(capsys, elsewhere):
    code, out, err = run(capsys, "replay", TRAVEL, "--json")
    assert code == 0 and json.loads(out)["exit_code"] == 0 and "note" not in err
    code, out, _ = run(capsys, "check", ILLEGAL, "--json")
    assert code == 1 and "lotr:faq:1.11" in out
    code, out, _ = run(capsys, "timing", "order", TIMING, "--json")
    assert code == 0 and json.loads(out)["ruling"] == "lotr:faq:1.09"


def test_a_file_of_that_name_here_wins_and_a_note_says_which_was_used(capsys, elsewhere):
    mine = elsewhere / TRAVEL
    mine.parent.mkdir(parents=True)
    mine.write_text('title: my own\nstart: "7.3"\nstop: end-of-phase\nplayers: [{name: Tom, threat: 20, heroes: [Gimli]}]\n',
                    encoding="utf-8")
    code, out, err = run(capsys, "replay", TRAVEL, "--json")
    assert code == 0 and json.loads(out)["title"] == "my own"
    assert err.startswith(f"note: using {TRAVEL} in this folder; the packaged situation of that name is ")


def test_no_note_when_the_file_here_is_the_packaged_one(capsys, monkeypatch):
    monkeypatch.chdir(paths.DATA_ROOT)
    code, _, err = run(capsys, "replay", TRAVEL, "--json")
    assert code == 0 and err == ""


def test_a_name_neither_here_nor_packaged_is_no_such_file(capsys, elsewhere):
    code, _, err = run(capsys, "replay", "scenarios/lotr/no-such-situation.yaml")
    assert code == 2 and "no such file" in err


def test_names_outside_the_data_folders_are_not_looked_up_in_the_package():
    assert paths.packaged(TRAVEL) == paths.DATA_ROOT / "scenarios" / "lotr" / "travel.yaml"
    for name in ("adjudicator/paths.py", "../scenarios/lotr/travel.yaml", "scenarios/../pyproject.toml", str(REPO / TRAVEL), ""):
        assert paths.packaged(name) is None, name


def test_printed_situation_names_are_project_relative_in_an_installed_copy(tmp_path, monkeypatch):
    """In a wheel install the data is site-packages/adjudicator/_data/: the names printed are
    still scenarios/..., never adjudicator/_data/scenarios/... (the folder the commands
    then did not find)."""
    from adjudicator.ask import exercised

    data = tmp_path / "site-packages" / "adjudicator" / "_data"
    copied = data / ILLEGAL
    copied.parent.mkdir(parents=True)
    shutil.copy(REPO / ILLEGAL, copied)
    monkeypatch.setattr(paths, "DATA_ROOT", data)
    assert paths.project_name(copied) == ILLEGAL
    table = exercised.build([copied])
    assert table["lotr:faq:1.11"][1] == [ILLEGAL]  # the situation `check` refuses, by its project name
    assert paths.project_name(tmp_path / "elsewhere.yaml") == str(tmp_path / "elsewhere.yaml")


def test_the_situations_card_prints_replay_from_another_folder(capsys, elsewhere):
    from adjudicator.kb.names import name_key
    from adjudicator.lotr.card_lookup import situation_index

    printed = situation_index()[name_key("Amon Lhaw")]
    assert "scenarios/lotr/rulings/faq-q36-amon-lhaw-leaves-attachments-in-play.yaml" in printed
    for name in printed:
        code, out, _ = run(capsys, "replay", name, "--json")
        assert code in (0, 1) and all(e["ok"] for e in json.loads(out)["expectations"]), name
