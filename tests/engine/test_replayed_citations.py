"""The replays' own citations (scenarios/citations.json) let an answer name a situation that
shows a rule happening even when no situation file names the rule (issue 11: "the answer says
so and names the command that shows it happening").  The file is generated; these tests replay
the situations again and hold it to what the engines cite now."""

from __future__ import annotations

import json

from bench_scripts import load

from adjudicator import paths
from adjudicator.ask import exercised as ex
from adjudicator.engine.game import open_situation, replay

import pytest

generator = load("replayed_citations")


@pytest.fixture(scope="module")
def fresh():
    """Every golden situation replayed now (a few seconds): what the file must say."""
    return generator.collect(generator.golden_files())


def test_the_committed_replay_citations_are_what_the_situations_cite_when_replayed_now(fresh):
    committed = generator.TARGET.read_text(encoding="utf-8")
    assert committed == generator.render(fresh), \
        "scenarios/citations.json is out of date: run python bench/replayed_citations.py --write"


def test_situations_replayed_to_their_end_are_listed_before_those_that_stop_or_are_refused(fresh):
    stopped = fresh["stopped"]
    assert set(stopped.values()) <= {1, 3} and 3 in stopped.values()
    for rid, (count, names) in fresh["ids"].items():
        ranks = [generator.SHOWS[stopped.get(name, 0)] for name in names]
        assert ranks == sorted(ranks), rid
        assert count >= len(names)


def test_a_rule_no_situation_file_names_gets_a_replay_whose_trace_cites_it():
    table = ex.table(None)
    named = ex.build([p for p in generator.golden_files()])  # the ids the files name in their text
    rid = "lotr:qc:page:draw-setup-hand"  # the Learn to Play page: no situation file names it
    assert rid not in named, "the example needs a rule no situation file names"
    situations, illegal, enforced, replayed = table[rid]
    assert situations and replayed >= len(situations)
    shown = ex.Exercised(rid, situations=situations, enforced=enforced, replayed=replayed)
    assert shown.command == f"adjudicator replay {situations[0]}"
    cited = replay(open_situation(paths.DATA_ROOT / situations[0]), expectations_checked=False).trace.cited_ids()
    assert rid in cited


def test_the_situations_made_for_a_record_come_before_those_that_only_cite_it(tmp_path, monkeypatch):
    monkeypatch.setattr(paths, "DATA_ROOT", tmp_path)
    made = tmp_path / "scenarios" / "lotr" / "lamp.yaml"
    made.parent.mkdir(parents=True)
    made.write_text("expect:\n  cites: ['lotr:rr:step:7.3']\n", encoding="utf-8")
    replays = tmp_path / "scenarios" / "citations.json"
    replays.write_text(json.dumps({"ids": {"lotr:rr:step:7.3": [4, ["scenarios/lotr/round.yaml"]],
                                           "lotr:rr:step:1.1": [9, ["scenarios/lotr/round.yaml"]]}}), encoding="utf-8")
    monkeypatch.setattr(ex, "REPLAYED", replays)
    table = ex.build([made, replays])
    assert table["lotr:rr:step:7.3"][0] == ["scenarios/lotr/lamp.yaml", "scenarios/lotr/round.yaml"]
    assert table["lotr:rr:step:1.1"][0] == ["scenarios/lotr/round.yaml"]
    only_cited = ex.Exercised("lotr:rr:step:1.1", situations=["scenarios/lotr/round.yaml"], replayed=9)
    assert only_cited.sentence() == "`adjudicator replay scenarios/lotr/round.yaml` shows it happening (and 8 more situations)"


def test_a_situation_naming_a_record_that_replays_to_its_end_comes_before_one_that_stops(tmp_path, monkeypatch):
    monkeypatch.setattr(paths, "DATA_ROOT", tmp_path)
    folder = tmp_path / "scenarios" / "lotr"
    folder.mkdir(parents=True)
    asks, plays = folder / "a-asks.yaml", folder / "b-plays-on.yaml"  # "a-" first by name alone
    for path in (asks, plays):
        path.write_text("expect:\n  cites: ['lotr:rr:step:6.4.2']\n", encoding="utf-8")
    replays = tmp_path / "scenarios" / "citations.json"
    replays.write_text(json.dumps({"ids": {}, "stopped": {"scenarios/lotr/a-asks.yaml": 3}}), encoding="utf-8")
    monkeypatch.setattr(ex, "REPLAYED", replays)
    table = ex.build([asks, plays, replays])
    assert table["lotr:rr:step:6.4.2"][0] == ["scenarios/lotr/b-plays-on.yaml", "scenarios/lotr/a-asks.yaml"]
    without = ex.build([asks, plays])  # with no replays file, the order is the names'
    assert without["lotr:rr:step:6.4.2"][0][0] == "scenarios/lotr/a-asks.yaml"


def test_an_unreadable_replay_citations_file_adds_nothing(tmp_path, monkeypatch):
    broken = tmp_path / "citations.json"
    broken.write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(ex, "REPLAYED", broken)
    assert ex.build([broken]) == {}
