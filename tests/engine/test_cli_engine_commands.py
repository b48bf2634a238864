"""`adjudicator replay`, `check` and `schema` for every game: exit codes (0 done, 1 a "no",
2 bad input, 3 stopped for a decision), the JSON contract, standard input, --step at a
terminal only, --board/--stop/--explain for every game, the player count, the size limit."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pytest

from lotr_engine_helpers import SCENARIOS

from adjudicator.cli import main

ROOT = Path(__file__).resolve().parents[2] / "scenarios"
METW_EXAMPLE = ROOT / "metw" / "ex09_faramir_huorn.yaml"
MEQ_EXAMPLE = ROOT / "meq" / "combat-example.yaml"
HEROES = ["Aragorn", "Gimli", "Legolas", "Théodred", "Glorfindel", "Denethor", "Éowyn", "Beravor", "Eleanor", "Thalin",
          "Dúnhere"]


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def write(tmp_path, text, name="s.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def players(n: int) -> str:
    return "players:\n" + "".join(f"  - {{name: P{i}, threat: 25, heroes: [{HEROES[i % len(HEROES)]}]}}\n" for i in range(n))


@pytest.fixture(scope="module")
def kb_cache(sources_dir, tmp_path_factory):
    """A knowledge base of every source document, built once for this module."""
    import os

    from adjudicator.kb.api import open_kb

    cache = tmp_path_factory.mktemp("kb-all")
    saved = {k: os.environ.get(k) for k in ("ADJUDICATOR_CACHE", "ADJUDICATOR_SOURCES")}
    os.environ.update({"ADJUDICATOR_CACHE": str(cache), "ADJUDICATOR_SOURCES": str(sources_dir)})
    try:
        open_kb(quiet=True).store.close()
    finally:
        for k, v in saved.items():
            os.environ.pop(k, None) if v is None else os.environ.__setitem__(k, v)
    return cache


@pytest.fixture
def kb(kb_cache, sources_dir, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(kb_cache))
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(sources_dir))
    return kb_cache


# ---------------------------------------------------------------------------- JSON contract


def test_replay_json_is_the_stable_contract(capsys):
    code, out, _ = run(capsys, "replay", str(SCENARIOS / "engagement-checks.yaml"), "--json")
    data = json.loads(out)
    assert code == 0
    assert {"game", "steps", "final_state", "pending", "file", "title", "results", "illegal", "expectations",
            "notes", "exit_code"} <= set(data)
    step = data["steps"][0]
    assert {"index", "step", "phase", "event", "text", "changes", "citations", "interpretation"} <= set(step)
    assert all(s["citations"] for s in data["steps"])
    assert data["expectations"] and all(e["ok"] for e in data["expectations"])


@pytest.mark.parametrize("path", [SCENARIOS / "engagement-checks.yaml", METW_EXAMPLE, MEQ_EXAMPLE], ids=["lotr", "metw", "meq"])
def test_every_game_replays_into_the_same_json_shape(path, capsys):
    code, out, _ = run(capsys, "replay", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["game"] == path.relative_to(ROOT).parts[0]
    assert {"game", "steps", "final_state", "pending", "results", "illegal", "expectations", "exit_code"} <= set(data)


# ---------------------------------------------------------------------------- exit codes


def test_replay_stopped_for_a_decision_exits_3_with_the_options(tmp_path, capsys):
    f = write(tmp_path, "start: '5.1'\nplayers:\n  - {name: P1, threat: 25, heroes: [Gimli]}\nstaging_area: [Wargs, King Spider]\n"
                        "decisions:\n  - {step: '5.2', player: P1, engage: null}\n")
    code, out, _ = run(capsys, "replay", f, "--json")
    assert code == 3
    pending = json.loads(out)["pending"]
    assert pending["key"] == "engage" and {o["value"] for o in pending["options"]} == {"Wargs", "King Spider"}


def test_replay_bad_file_exits_2_without_traceback(tmp_path, capsys):
    f = write(tmp_path, "players:\n  - {name: P1, heroes: [Gimly]}\n")
    code, out, err = run(capsys, "replay", f)
    assert code == 2 and "did you mean: Gimli" in err and "Traceback" not in err


def test_replay_illegal_decision_exits_1(tmp_path, capsys):
    f = write(tmp_path, "start: '3.1'\nplayers:\n  - {name: P1, heroes: [{card: Gimli, exhausted: true}]}\n"
                        "decisions:\n  - {step: '3.2', commit: [Gimli]}\n")
    code, _, err = run(capsys, "replay", f)
    assert code == 1 and "lotr:faq:q:72" in err and f"{f}:5" in err


def test_replay_illegal_decision_json_keeps_the_trace_and_names_the_rule(tmp_path, capsys):
    f = write(tmp_path, "start: '3.1'\nplayers:\n  - {name: P1, heroes: [{card: Gimli, exhausted: true}]}\n"
                        "decisions:\n  - {step: '3.2', commit: [Gimli]}\n")
    code, out, _ = run(capsys, "replay", f, "--json")
    data = json.loads(out)
    assert code == 1 and "lotr:faq:q:72" in data["illegal"]["rules"] and data["illegal"]["line"] == 5
    assert data["steps"] and data["final_state"]["players"][0]["name"] == "P1"


METW_PENDING = """game: metw
players:
  Ann:
    companies:
      - {name: Fellows, site: Rivendell, characters: [{name: Arn, items: [Elfstone]}]}
actions:
  - corruption_check: {character: Arn}
"""
METW_ILLEGAL = """game: metw
players:
  Ann:
    companies:
      - {name: Fellows, site: Rivendell, characters: [{name: Arn, mind: 5}]}
actions:
  - hazard: {company: Fellows, card: One}
  - hazard: {company: Fellows, card: Two}
  - hazard: {company: Fellows, card: Three}
"""
MEQ_ILLEGAL = """game: meq
shadow_pool: 2
play:
  - shadow_card: {name: Dark Whisper, requirement: 2, turn: Beravor}
  - shadow_card: {name: Second, requirement: 0, turn: Beravor}
"""


@pytest.mark.parametrize("text, code", [
    ("start: '5.1'\nplayers:\n  - {name: P1, threat: 25, heroes: [Gimli]}\nstaging_area: [Wargs, King Spider]\n", 3),
    ("start: '3.1'\nplayers:\n  - {name: P1, heroes: [{card: Gimli, exhausted: true}]}\ndecisions:\n  - {step: '3.2', commit: [Gimli]}\n", 1),
    ("players:\n  - {name: P1, heroes: [Gimly]}\n", 2),
    (METW_PENDING, 3),
    (METW_ILLEGAL, 1),
    (METW_PENDING.replace("Elfstone", "Elfstone]}]}\n      - {name: Arn"), 2),
    ("game: meq\nmarkers: {heroes: 16}\nplay:\n  - event_step: {}\n", 3),
    (MEQ_ILLEGAL, 1),
    ("game: meq\nheroes: [{name: X}]\n", 2),
], ids=["lotr-pending", "lotr-illegal", "lotr-bad", "metw-pending", "metw-illegal", "metw-bad", "meq-pending",
        "meq-illegal", "meq-bad"])
def test_replay_exit_codes_mean_the_same_for_every_game(tmp_path, capsys, text, code):
    got, _, err = run(capsys, "replay", write(tmp_path, text))
    assert got == code, err
    assert "Traceback" not in err


def test_a_missed_expectation_exits_1_for_every_game(tmp_path, capsys):
    lotr = (SCENARIOS / "engagement-checks.yaml").read_text(encoding="utf-8").replace("[Hummerhorns]", "[King Spider]")
    metw = METW_EXAMPLE.read_text(encoding="utf-8").replace("body_roll: 9}]}", "body_roll: 10}]}", 1)
    meq = MEQ_EXAMPLE.read_text(encoding="utf-8").replace("combat.rounds: 2", "combat.rounds: 3")
    for name, text in (("l.yaml", lotr), ("w.yaml", metw), ("q.yaml", meq)):
        code, out, _ = run(capsys, "replay", write(tmp_path, text, name))
        assert code == 1 and "✗" in out, name


def test_check_exit_codes(tmp_path, capsys):
    code, _, _ = run(capsys, "check", str(SCENARIOS / "travel.yaml"))
    assert code == 0
    f = write(tmp_path, "players:\n  - {name: P1, threat: 52, heroes: [Gimli]}\nstop: {step: '0.0'}\n")
    code, out, _ = run(capsys, "check", f, "--json")
    assert code == 1 and json.loads(out)["violations"][0]["rules"] == ["lotr:rr:threat-elimination-level", "lotr:rr:player-elimination"]


def test_check_reports_the_same_shape_for_every_game(tmp_path, capsys):
    reports = []
    for text in ("players:\n  - {name: P1, threat: 52, heroes: [Gimli]}\nstop: {step: '0.0'}\n",
                 "game: meq\nshadow_pool: 9\n",
                 METW_PENDING.replace("[{name: Arn, items: [Elfstone]}]", "[{name: Arn, mind: 12}, {name: Bea, mind: 12}]")
                 .replace("corruption_check: {character: Arn}", "company_size: {company: Fellows}")):
        code, out, _ = run(capsys, "check", write(tmp_path, text), "--json")
        assert code == 1
        reports.append(json.loads(out))
    for report in reports:
        assert report["legal"] is False and report["violations"]
        assert {"rules", "message", "file", "line", "step", "severity"} == set(report["violations"][0])
        assert all(v["rules"] for v in report["violations"] if v["severity"] == "illegal")


# ---------------------------------------------------------------------------- the number of players


def test_check_reports_a_six_player_lotr_game_with_its_rule(tmp_path, capsys):
    code, out, _ = run(capsys, "check", write(tmp_path, players(6)), "--json")
    report = json.loads(out)
    assert code == 1 and report["legal"] is False
    v = report["violations"][0]
    assert "lotr:qc:ruling:attack-on-dol-guldur:general" in v["rules"] and "6 players" in v["message"]


def test_replay_of_a_six_player_lotr_game_is_refused_with_its_rule(tmp_path, capsys):
    code, _, err = run(capsys, "replay", write(tmp_path, players(6)))
    assert code == 1 and "lotr:qc:ruling:attack-on-dol-guldur:general" in err


def test_four_players_are_a_legal_lotr_game(tmp_path, capsys):
    code, out, _ = run(capsys, "check", write(tmp_path, players(4) + "stop: {step: '0.0'}\n"), "--json")
    assert code == 0, out


def test_check_of_three_metw_players_names_the_two_player_rule(tmp_path, capsys):
    text = METW_ILLEGAL.split("actions:")[0] + "".join(
        f"  P{i}:\n    companies:\n      - {{name: C{i}, site: Rivendell, characters: [{{name: X{i}, mind: 1}}]}}\n"
        for i in (2, 3))
    code, out, _ = run(capsys, "check", write(tmp_path, text), "--json")
    assert code == 1 and "metw:intro:using-this-rulesbook" in json.loads(out)["violations"][0]["rules"]


def test_check_stays_linear_in_the_number_of_players(tmp_path, capsys):
    small, large = write(tmp_path, players(100), "small.yaml"), write(tmp_path, players(400), "large.yaml")
    timings = []
    for path in (small, large, small, large):
        start = time.perf_counter()
        code, _, _ = run(capsys, "check", path, "--json")
        timings.append(time.perf_counter() - start)
        assert code == 1
    t_small, t_large = min(timings[0], timings[2]), min(timings[1], timings[3])
    assert t_large < 2.0 and t_large < 8 * t_small + 0.2, timings  # 4 times the players: linear, with room for noise


# ---------------------------------------------------------------------------- files: standard input, size


def test_replay_reads_the_situation_from_standard_input(monkeypatch, capsys):
    text = (SCENARIOS / "engagement-checks.yaml").read_bytes()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text), encoding="utf-8"))
    code, out, _ = run(capsys, "replay", "-", "--json")
    data = json.loads(out)
    assert code == 0 and data["file"] == "<stdin>" and data["game"] == "lotr"


def test_check_reads_a_meq_situation_from_standard_input(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"game: meq\nshadow_pool: 9\n"), encoding="utf-8"))
    code, out, _ = run(capsys, "check", "-")
    assert code == 1 and "<stdin>" in out


def test_an_endless_file_is_refused_at_the_size_limit(capsys):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    start = time.perf_counter()
    code, _, err = run(capsys, "check", "/dev/zero")
    assert code == 2 and "the most a situation file may hold" in err
    assert time.perf_counter() - start < 5


def test_a_file_over_the_size_limit_is_refused(tmp_path, capsys):
    from adjudicator.engine.situation import MAX_SITUATION_BYTES

    f = tmp_path / "big.yaml"
    f.write_text("# " + "x" * MAX_SITUATION_BYTES + "\nplayers: []\n", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(f))
    assert code == 2 and f"{MAX_SITUATION_BYTES:,} bytes" in err


def test_an_unknown_game_is_bad_input_with_did_you_mean(tmp_path, capsys):
    code, _, err = run(capsys, "replay", write(tmp_path, "game: meqq\nshadow_pool: 1\n"))
    assert code == 2 and "did you mean meq" in err and "s.yaml:1" in err


# ---------------------------------------------------------------------------- --step, --board, --stop, --explain


def test_step_without_a_terminal_is_refused(capsys):
    code, out, err = run(capsys, "replay", str(SCENARIOS / "travel.yaml"), "--step")
    assert code == 2 and "terminal" in err and out == ""


def test_step_with_json_is_refused(capsys):
    code, _, err = run(capsys, "replay", str(SCENARIOS / "travel.yaml"), "--step", "--json")
    assert code == 2 and "--json" in err


@pytest.mark.parametrize("path", [SCENARIOS / "travel.yaml", METW_EXAMPLE, MEQ_EXAMPLE], ids=["lotr", "metw", "meq"])
def test_replay_step_pages_forward_and_back_at_a_terminal(path, monkeypatch, capsys):
    keys = iter(["n", "n", "b", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(keys))
    monkeypatch.setattr("adjudicator.cli.engine_commands._at_a_terminal", lambda file: True)
    code, out, _ = run(capsys, "replay", str(path), "--step")
    assert code == 0
    shown = [line.split(" of ")[0] for line in out.splitlines() if line.startswith("step ")]
    assert shown == ["step 1", "step 2", "step 3", "step 2"]


def test_replay_stop_option_and_board(capsys):
    code, out, _ = run(capsys, "replay", str(SCENARIOS / "full-round-two-players.yaml"), "--stop", "5.3", "--board")
    assert code == 0 and "5.3" in out and "staging area" in out
    assert "6.2" not in out and "Round 1, after" in out


def test_replay_bad_stop_option_exits_2(capsys):
    code, _, err = run(capsys, "replay", str(SCENARIOS / "travel.yaml"), "--stop", "end-of-rnd")
    assert code == 2 and "end-of-round" in err


def test_replay_stop_after_n_rounds_option(capsys):
    code, out, _ = run(capsys, "replay", str(SCENARIOS / "refresh.yaml"), "--stop", "1r", "--json")
    assert code == 0 and json.loads(out)["final_state"]["round"] == 2


@pytest.mark.parametrize("path, entries", [(METW_EXAMPLE, 5), (MEQ_EXAMPLE, 1)], ids=["metw", "meq"])
def test_stop_replays_the_first_n_entries_of_a_metw_or_meq_file(path, entries, capsys):
    code, out, _ = run(capsys, "replay", str(path), "--stop", "1", "--json")
    data = json.loads(out)
    assert code == 0 and len(data["results"]) == 1
    assert any("--stop 1 overrides" in n for n in data["notes"]) and data["expectations"] == []
    code, _, err = run(capsys, "replay", str(path), "--stop", str(entries + 1))
    assert code == 2 and f"1 to {entries}" in err
    code, _, err = run(capsys, "replay", str(path), "--stop", "end-of-phase")
    assert code == 2 and "number of entries" in err


@pytest.mark.parametrize("path, area", [(METW_EXAMPLE, "company Rangers at Henneth Annun"), (MEQ_EXAMPLE, "Argalad at Gladden Fields")],
                         ids=["metw", "meq"])
def test_board_draws_the_table_after_each_entry_of_a_metw_or_meq_file(path, area, capsys):
    code, out, _ = run(capsys, "replay", str(path), "--board")
    assert code == 0 and area in out
    code, out, _ = run(capsys, "replay", str(path), "--board", "--json")
    boards = json.loads(out)["boards"]
    assert boards and any(row["area"].startswith(area) for row in boards[-1]["rows"])


@pytest.mark.parametrize("path", [SCENARIOS / "engagement-checks.yaml", METW_EXAMPLE, MEQ_EXAMPLE], ids=["lotr", "metw", "meq"])
def test_explain_with_json_gives_each_cited_record(path, capsys, kb):
    code, out, _ = run(capsys, "replay", str(path), "--json", "--explain")
    data = json.loads(out)
    cited = {c for s in data["steps"] for c in s["citations"]}
    assert code == 0 and cited <= set(data["records"])
    assert all(r is None or r["text"] for r in data["records"].values())
    assert any(r is not None for r in data["records"].values())


@pytest.mark.parametrize("path", [METW_EXAMPLE, MEQ_EXAMPLE], ids=["metw", "meq"])
def test_explain_prints_the_cited_rules_text_for_metw_and_meq(path, capsys, kb):
    import re

    code, out, _ = run(capsys, "replay", str(path), "--explain")
    game = path.parent.name
    assert code == 0 and re.search(rf"{game}:\S+ \(L\d+", out), out[-2000:]
    assert "not in the knowledge base" not in out


@pytest.mark.parametrize("path, flag", [(METW_EXAMPLE, "--no-abilities"), (MEQ_EXAMPLE, "--abilities")], ids=["metw", "meq"])
def test_abilities_switch_is_refused_for_games_without_card_abilities(path, flag, capsys):
    code, _, err = run(capsys, "replay", str(path), flag)
    assert code == 2 and "no card abilities" in err


# ---------------------------------------------------------------------------- check and schema


def test_check_reports_unused_decisions(tmp_path, capsys):
    f = write(tmp_path, "start: '4.1'\nstop: end-of-phase\nplayers:\n  - {name: P1, heroes: [Gimli]}\ndecisions:\n"
                        "  - {step: '6.4.1', defender: Gimli}\n")
    code, out, _ = run(capsys, "check", f, "--json")
    assert code == 0 and json.loads(out)["unused_decisions"][0]["line"] == 6


def test_schema_prints_the_json_schema(capsys):
    code, out, _ = run(capsys, "schema")
    schema = json.loads(out)
    assert code == 0 and schema["title"] == "LOTR LCG situation" and "decisions" in schema["properties"]


def test_schema_for_another_game_and_a_misspelt_game(capsys):
    code, out, _ = run(capsys, "schema", "--game", "metw")
    assert code == 0 and json.loads(out)["type"] == "object"
    code, _, err = run(capsys, "schema", "--game", "mett")
    assert code == 2 and "did you mean metw" in err


def test_every_schema_has_the_shared_expect_vocabulary(capsys):
    from adjudicator.engine.expect import SCHEMA

    for game in ("lotr", "metw", "meq"):
        code, out, _ = run(capsys, "schema", "--game", game)
        assert code == 0 and json.loads(out)["properties"]["expect"] == SCHEMA


def test_every_golden_situation_replays_through_the_cli(capsys):
    for path in sorted(ROOT.rglob("*.yaml")):
        if "timing" in path.parts or "pending" in path.parts:  # timing-order files; outcomes the engine does not reach yet
            continue
        code, out, _ = run(capsys, "replay", str(path), "--json")
        data = json.loads(out)
        assert all(e["ok"] for e in data["expectations"]), path.name
        assert code == data["exit_code"] == (3 if data["pending"] else 1 if data["illegal"] else 0), path.name


def test_no_abilities_replays_without_comparing_the_files_expectations(capsys):
    code, out, _ = run(capsys, "replay", str(SCENARIOS / "archery-indestructible.yaml"), "--no-abilities", "--json")
    data = json.loads(out)
    assert code == 0 and data["expectations"] == [] and any("--no-abilities" in n for n in data["notes"])
