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

generator = load("replayed_citations")


def test_the_committed_replay_citations_are_what_the_situations_cite_when_replayed_now():
    fresh = generator.render(generator.collect(generator.golden_files()))
    committed = generator.TARGET.read_text(encoding="utf-8")
    assert committed == fresh, "scenarios/citations.json is out of date: run python bench/replayed_citations.py --write"


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


def test_an_unreadable_replay_citations_file_adds_nothing(tmp_path, monkeypatch):
    broken = tmp_path / "citations.json"
    broken.write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(ex, "REPLAYED", broken)
    assert ex.build([broken]) == {}
