"""One Game interface for every engine (adjudicator.engine.game): a registry keyed by the
file's `game:` field, one result type, one check report, one checker of expectations, one
dotted-path lookup; the CLI names no game, the engines never import the CLI, and a fourth
game needs nothing but a class implementing the interface."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from adjudicator.engine import expect as E
from adjudicator.engine import game as G
from adjudicator.engine.outcome import CheckReport, ReplayResult, Violation
from adjudicator.engine.situation import Problems, parse_yaml
from adjudicator.engine.trace import Trace
from adjudicator.errors import InputError

PACKAGE = Path(G.__file__).resolve().parents[1]
SCENARIOS = PACKAGE.parent / "scenarios"
EXAMPLES = {"lotr": SCENARIOS / "lotr" / "engagement-checks.yaml", "metw": SCENARIOS / "metw" / "ex09_faramir_huorn.yaml",
            "meq": SCENARIOS / "meq" / "combat-example.yaml"}


def imports_of(path: Path) -> list[str]:
    """Every module a file imports, function-local imports included."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against the file's package
                parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)[:-node.level]
                base = ".".join(parts + ([base] if base else []))
            out.append(base)
    return out


# ---------------------------------------------------------------------------- the registry


def test_the_registry_maps_each_game_field_to_its_engine(tmp_path):
    assert G.names() == ["lotr", "metw", "meq"]
    for name, path in EXAMPLES.items():
        loaded = G.open_situation(path)
        assert loaded.game is G.get(name) and loaded.game.name == name and loaded.title
    plain = tmp_path / "s.yaml"
    plain.write_text("players:\n  - {name: P1, heroes: [Gimli]}\n", encoding="utf-8")
    assert G.open_situation(plain).game.name == "lotr"  # no game: field is a LOTR file


def test_an_unknown_game_is_an_input_error_with_did_you_mean():
    with pytest.raises(InputError) as err:
        G.get("mteq")
    assert "lotr, metw, meq" in err.value.message and "meq" in err.value.hint


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_every_game_replays_into_the_one_result_type_through_an_on_step_sink(name):
    seen = []
    result = G.replay(G.open_situation(EXAMPLES[name]), on_step=seen.append)
    assert isinstance(result, ReplayResult) and result.game == name
    assert [s.index for s in seen] == [s.index for s in result.trace.steps] and seen
    assert result.exit_code == 0 and result.expectations and not result.missed


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_every_game_checks_into_the_one_report(name):
    report = G.check(G.open_situation(EXAMPLES[name]))
    assert isinstance(report, CheckReport) and report.game == name and report.legal
    assert set(report.to_dict()) >= {"game", "file", "legal", "violations", "pending", "notes"}


# ---------------------------------------------------------------------------- a fourth game


class ToyGame(G.Game):
    """A game of one counter: each entry of `add` adds to it; more than 10 is illegal."""

    name = "toy"
    title = "Toy"
    players = G.PlayerCount(1, 2, ("lotr:rr:first-player-first-player-token",), "players")
    stops = "N entries"

    def schema(self):
        return {"type": "object"}

    def load(self, file, text):
        from adjudicator.engine.situation import load_situation

        return load_situation(file, {"type": "object"}, text=text).plain() | {"file": file}

    def count_players(self, situation):
        return len(situation.get("players", [1]))

    def replay(self, situation, *, on_step=None, stop=None, board=False, abilities=True, strict=True):
        trace = Trace("toy", on_step)
        counter, illegal = 0, None
        adds = situation.get("add", [])[: G.entries_stop(stop, len(situation.get("add", []))) if stop else None]
        for value in adds:
            counter += value
            trace.add(None, "play", "add", f"+{value} makes {counter}", citations=["lotr:rr:step:1.2"])
            if board:
                trace.snapshot({"counter": counter})
            if counter > 10:
                illegal = Violation(("lotr:rr:cannot",), "more than 10", situation["file"])
                break
        trace.final_state = {"counter": counter}
        return ReplayResult("toy", situation["file"], trace, results={"adds": len(adds)}, illegal=illegal)

    def check(self, situation, *, abilities=True):
        total = sum(situation.get("add", []))
        bad = [Violation(("lotr:rr:cannot",), f"the counter reaches {total}", situation["file"])] if total > 10 else []
        return CheckReport("toy", situation["file"], bad)


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(G.REGISTRY, "toy", "tests:ToyGame")
    monkeypatch.setitem(G._GAMES, "toy", ToyGame())


def test_a_fourth_game_needs_only_the_interface(toy, tmp_path, capsys):
    from adjudicator.cli import main

    good = tmp_path / "good.yaml"
    good.write_text("game: toy\nadd: [2, 3]\nexpect:\n  state: {counter: 5}\n  results: {adds: 2}\n"
                    "  cites: [lotr:rr:step:1.2]\n", encoding="utf-8")
    assert main(["replay", str(good), "--board"]) == 0
    out = capsys.readouterr().out
    assert "+3 makes 5" in out and "counter" in out and "expectations of the file are met" in out
    assert main(["replay", str(good), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "toy" and data["final_state"] == {"counter": 5} and all(e["ok"] for e in data["expectations"])
    assert main(["replay", str(good), "--stop", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["final_state"] == {"counter": 2}
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: toy\nadd: [6, 6]\n", encoding="utf-8")
    assert main(["replay", str(bad)]) == 1 and "more than 10" in capsys.readouterr().err
    assert main(["check", str(bad), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["violations"][0]["message"] == "the counter reaches 12"
    crowd = tmp_path / "crowd.yaml"
    crowd.write_text("game: toy\nplayers: [a, b, c]\nadd: [1]\n", encoding="utf-8")
    assert main(["check", str(crowd)]) == 1 and "3 players; the game allows 1 to 2" in capsys.readouterr().out
    assert main(["replay", str(good), "--no-abilities"]) == 2


# ---------------------------------------------------------------------------- no game in the CLI, no CLI in the engines


def test_the_engine_commands_name_no_game():
    for name in ("engine_commands.py", "engine_render.py"):
        path = PACKAGE / "cli" / name
        tree = ast.parse(path.read_text(encoding="utf-8"))
        compared = [c.value for node in ast.walk(tree) if isinstance(node, ast.Compare)
                    for c in [node.left, *node.comparators] if isinstance(c, ast.Constant)]
        assert not set(compared) & set(G.REGISTRY), (name, compared)
        games = [m for m in imports_of(path) if m.split(".")[:2] in (["adjudicator", "lotr"], ["adjudicator", "metw"],
                                                                     ["adjudicator", "meq"])]
        assert not games, (name, games)
        assert "_metw_" not in path.read_text(encoding="utf-8") and "_meq_" not in path.read_text(encoding="utf-8")


def test_meq_cli_render_is_gone():
    assert not (PACKAGE / "meq" / "cli_render.py").exists()


@pytest.mark.parametrize("folder", ["engine", "metw", "meq", "lotr/engine"])
def test_the_engines_do_not_import_the_cli(folder):
    files = sorted((PACKAGE / folder).rglob("*.py")) + ([PACKAGE / "lotr" / "game.py"] if folder == "lotr/engine" else [])
    offenders = {str(p.relative_to(PACKAGE)): m for p in files for m in imports_of(p) if m.startswith("adjudicator.cli")}
    assert not offenders


# ---------------------------------------------------------------------------- the one checker of expectations


def block(text: str, file: str = "s.yaml"):
    problems = Problems(file)
    found = E.read_block(parse_yaml(text, file).get("expect"), problems)
    problems.raise_if_any()
    return found


STATE = {"players": [{"name": "Tom", "threat": 33, "engaged": [{"label": "Hill Troll", "damage": 2}]}],
         "tokens": [], "flag": True, "count": 1}


def test_paths_follow_keys_indexes_names_and_labels():
    assert E.lookup(STATE, "players.Tom.threat") == 33
    assert E.lookup(STATE, "players.0.engaged.Hill Troll.damage") == 2
    assert E.lookup(STATE, "players.Tom.engaged.labels") == ["Hill Troll"]
    assert isinstance(E.lookup(STATE, "players.Kris.threat"), E.Absent) and isinstance(E.lookup(STATE, "players.5"), E.Absent)


def test_values_compare_whole_and_true_is_not_one():
    assert E.equal(1, 1.0) and not E.equal(True, 1) and not E.equal(1, STATE["flag"])
    assert not E.equal({"a": 1}, {"a": 1, "b": 2}) and E.equal([1, 2], (1, 2)) and not E.equal([1, 2], [2, 1])
    assert E.matches({"a": 1}, {"a": 1, "b": 2}) and not E.matches({"a": 1, "c": None}, {"a": 1})
    assert not E.equal(None, E.MISSING) and not E.equal(0, E.MISSING) and not E.equal([], E.MISSING)  # absent is not null


def test_an_expectation_is_checked_against_the_replay_and_names_its_line():
    found = block("x: 1\nexpect:\n  state:\n    players.Tom.threat: 33\n    count: true\n  cites: [a:b]\n")
    facts = {"state": STATE, "steps": [], "cited": {"a:b"}}
    checked = E.compare(found, facts)
    assert [c.ok for c in checked] == [True, False, True]
    assert checked[1].describe() == "line 5: state.count: expected True, got 1"


def test_an_unknown_expectation_key_is_an_input_error_with_did_you_mean():
    with pytest.raises(InputError) as err:
        block("expect:\n  stat: {a: 1}\n")
    assert "s.yaml:2:" in err.value.message and "did you mean: state" in err.value.message


def test_a_file_with_expectations_expects_no_stop_and_no_refusal_unless_it_says_so():
    found = E.with_defaults(block("expect:\n  cites: [a:b]\n"))
    assert {e.path: e.expected for e in found if e.path in ("pending", "illegal")} == {"pending": None, "illegal": None}
    stated = E.with_defaults(block("expect:\n  pending: engage\n"))
    assert [e.expected for e in stated if e.path == "pending"] == ["engage"]


def test_one_dotted_path_lookup_in_the_package():
    names = {"lookup", "_lookup", "resolve_path"}
    found = [f"{p.relative_to(PACKAGE)}:{n.name}" for p in PACKAGE.rglob("*.py")
             for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
             if isinstance(n, ast.FunctionDef) and n.name in names]
    assert found == ["engine/expect.py:lookup"], found


def test_one_fold_for_matching_names():
    """Names are folded one way (engine.situation.fold); a function that folds differently
    carries a name saying what it does (kb.names.casefold_unaccented, meq.sections.word_key)."""
    names = {"fold", "_fold", "fold_text", "_folded", "fold_name"}
    found = [f"{p.relative_to(PACKAGE)}:{n.name}" for p in PACKAGE.rglob("*.py")
             for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
             if isinstance(n, ast.FunctionDef) and n.name in names]
    assert found == ["engine/situation.py:fold"], found
    from adjudicator.engine.situation import fold

    assert fold("Éowyn") == fold("EOWYN") == "eowyn" and fold("Nazgûl of Dol Guldur") == "nazgul of dol guldur"
    assert fold("Don’t Leave the Path!") == fold("don't leave the path") and fold("Orc Guard#2") == "orc guard#2"
