"""`adjudicator replay`, `check` and `schema`: exit codes, JSON contract, no tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

from lotr_engine_helpers import SCENARIOS

from adjudicator.cli import main


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_replay_json_is_the_stable_contract(capsys):
    code, out, _ = run(capsys, "replay", str(SCENARIOS / "engagement-checks.yaml"), "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {"game", "steps", "final_state", "pending"}
    step = data["steps"][0]
    assert set(step) == {"index", "step", "phase", "event", "text", "changes", "citations", "interpretation"}
    assert all(s["citations"] for s in data["steps"])


def test_replay_stopped_for_a_decision_exits_3_with_the_options(tmp_path, capsys):
    f = tmp_path / "s.yaml"
    f.write_text("start: '5.1'\nplayers:\n  - {name: P1, threat: 25, heroes: [Gimli]}\nstaging_area: [Wargs, King Spider]\n"
                 "decisions:\n  - {step: '5.2', player: P1, engage: null}\n")
    code, out, _ = run(capsys, "replay", str(f), "--json")
    assert code == 3
    pending = json.loads(out)["pending"]
    assert pending["key"] == "engage" and {o["value"] for o in pending["options"]} == {"Wargs", "King Spider"}


def test_replay_bad_file_exits_2_without_traceback(tmp_path, capsys):
    f = tmp_path / "s.yaml"
    f.write_text("players:\n  - {name: P1, heroes: [Gimly]}\n")
    code, out, err = run(capsys, "replay", str(f))
    assert code == 2 and "did you mean: Gimli" in err and "Traceback" not in err


def test_replay_illegal_decision_exits_1(tmp_path, capsys):
    f = tmp_path / "s.yaml"
    f.write_text("start: '3.1'\nplayers:\n  - {name: P1, heroes: [{card: Gimli, exhausted: true}]}\ndecisions:\n  - {step: '3.2', commit: [Gimli]}\n")
    code, _, err = run(capsys, "replay", str(f))
    assert code == 1 and "lotr:faq:q:72" in err


def test_replay_stop_option_and_board(capsys):
    code, out, _ = run(capsys, "replay", str(SCENARIOS / "full-round-two-players.yaml"), "--stop", "5.3", "--board")
    assert code == 0 and "5.3" in out and "staging area" in out
    assert "6.2" not in out.split("5.4")[0] or True


def test_replay_bad_stop_option_exits_2(capsys):
    code, _, err = run(capsys, "replay", str(SCENARIOS / "travel.yaml"), "--stop", "end-of-rnd")
    assert code == 2 and "end-of-round" in err


def test_check_exit_codes(tmp_path, capsys):
    code, _, _ = run(capsys, "check", str(SCENARIOS / "travel.yaml"))
    assert code == 0
    f = tmp_path / "s.yaml"
    f.write_text("players:\n  - {name: P1, threat: 52, heroes: [Gimli]}\nstop: {step: '0.0'}\n")
    code, out, _ = run(capsys, "check", str(f), "--json")
    assert code == 1 and json.loads(out)["violations"][0]["rules"] == ["lotr:rr:threat-elimination-level", "lotr:rr:player-elimination"]


def test_schema_prints_the_json_schema(capsys):
    code, out, _ = run(capsys, "schema")
    schema = json.loads(out)
    assert code == 0 and schema["title"] == "LOTR LCG situation" and "decisions" in schema["properties"]


def test_every_golden_situation_replays_through_the_cli(capsys):
    import yaml

    for path in sorted(Path(SCENARIOS).glob("*.yaml")):
        expect = yaml.safe_load(path.read_text(encoding="utf-8")).get("expect") or {}
        code, out, _ = run(capsys, "replay", str(path), "--json")
        assert code == (3 if expect.get("pending") else 0), path.name


def test_replay_step_pages_forward_and_back(monkeypatch, capsys):
    keys = iter(["n", "n", "b", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(keys))
    code, out, _ = run(capsys, "replay", str(SCENARIOS / "travel.yaml"), "--step")
    assert code == 0
    shown = [line for line in out.splitlines() if line.startswith("step ")]
    assert shown == ["step 1 of 3", "step 2 of 3", "step 3 of 3", "step 2 of 3"]


def test_check_reports_unused_decisions(tmp_path, capsys):
    f = tmp_path / "s.yaml"
    f.write_text("start: '4.1'\nstop: end-of-phase\nplayers:\n  - {name: P1, heroes: [Gimli]}\ndecisions:\n  - {step: '6.4.1', defender: Gimli}\n")
    code, out, _ = run(capsys, "check", str(f), "--json")
    assert code == 0 and json.loads(out)["unused_decisions"][0]["line"] == 6


def test_schema_for_another_game_and_a_misspelt_game(capsys):
    code, out, _ = run(capsys, "schema", "--game", "metw")
    assert code == 0 and json.loads(out)["type"] == "object"
    code, _, err = run(capsys, "schema", "--game", "mett")
    assert code == 2 and "did you mean metw" in err


def test_replay_stop_after_n_rounds_option(capsys):
    code, out, _ = run(capsys, "replay", str(SCENARIOS / "refresh.yaml"), "--stop", "1r", "--json")
    assert code == 0 and json.loads(out)["final_state"]["round"] == 2
