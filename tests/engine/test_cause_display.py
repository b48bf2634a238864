"""What produced each step, shown the same way for the three games (issue 13): ``replay
--json`` gives every step its ``cause``; ``replay --explain`` prints one ``cause:`` line under
each step, drawn by the shared renderer (adjudicator/cli/engine_render.py) from the value:
a rule with its title, a card's effect, or a LOTR card ability."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from adjudicator.cli import engine_render as R
from adjudicator.cli import main
from adjudicator.engine import Trace
from adjudicator.engine.outcome import ReplayResult

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
FILES = {
    "lotr": SCENARIOS / "lotr" / "archery-indestructible.yaml",
    "metw": SCENARIOS / "metw" / "cards_example_of_combat.yaml",
    "meq": SCENARIOS / "meq" / "combat-example.yaml",
}
# a step each file makes because of a card, as --explain shows its cause
CARD_LINES = {
    "lotr": "cause: ability Gimli (constant) (card Gimli, controlled by P1, player card)",
    "metw": "cause: card Concealment (short-event), effects[0]: cancel",
    "meq": "cause: card Zealot Hack (combat), effects[0]: ability",
}


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("name", FILES)
def test_replay_json_gives_every_step_its_cause(name, capsys):
    code, out, _ = run(capsys, "replay", str(FILES[name]), "--json")
    steps = json.loads(out)["steps"]
    assert code == 0 and steps
    assert all(s["cause"] and (set(s["cause"]) == {"rule"} or "card" in s["cause"]) for s in steps)
    assert any("card" in s["cause"] for s in steps) and any("rule" in s["cause"] for s in steps)


@pytest.mark.parametrize("name", FILES)
def test_explain_prints_one_cause_line_under_each_step(name, capsys, monkeypatch):
    monkeypatch.setattr(R, "cited_records", lambda ids, build=False: {})  # the cause line needs no knowledge base
    code, out, _ = run(capsys, "--width", "400", "replay", str(FILES[name]), "--explain")
    _, data, _ = run(capsys, "replay", str(FILES[name]), "--json")
    steps = json.loads(data)["steps"]
    causes = re.findall(r"^ {8}cause: (.*)$", out, re.M)
    assert code == 0 and len(causes) == len(steps)
    assert CARD_LINES[name] in out
    first = steps[0]["cause"]["rule"]
    assert causes[0].startswith(f"rule {first}")


def test_without_explain_no_cause_line_is_printed(capsys):
    code, out, _ = run(capsys, "replay", str(FILES["metw"]))
    assert code == 0 and "cause:" not in out


def test_the_cause_label_of_each_shape():
    titles = {"metw:starter:10:actions-and-card-play": "Actions and Card Play"}
    assert R.cause_label({"rule": "metw:starter:10:actions-and-card-play"}, titles) == \
        "rule metw:starter:10:actions-and-card-play (Actions and Card Play)"
    assert R.cause_label({"rule": "meq:rules:x"}, {}) == "rule meq:rules:x"
    assert R.cause_label({"card": "Darkness Falls", "effect": 1, "op": "damage", "kind": "peril"}, {}) == \
        "card Darkness Falls (peril), effects[1]: damage"
    assert R.cause_label({"card": "Many Foes", "effect": None, "op": None, "kind": None}, {}) == "card Many Foes"
    assert R.cause_label({"ability": "Hasty Stroke (response)", "card": None, "controller": "Tom", "source": "player"},
                         {}) == "ability Hasty Stroke (response) (controlled by Tom, player card)"
    assert R.cause_label(None, {}) == "not recorded"


def test_explain_records_include_a_cause_s_rule_that_is_not_cited():
    trace = Trace("meq")
    trace.add("combat:1", "combat", "setup", "t", citations=["meq:rules:a"], cause={"rule": "meq:rules:b"})
    result = ReplayResult("meq", "f.yaml", trace)
    assert R.all_ids(result) == {"meq:rules:a", "meq:rules:b"}
