"""The knowledge-base commands as a user runs them: output, --json, exit codes, errors."""

import json

import pytest


def test_every_command_has_help_text():
    from adjudicator.cli import build_app

    app = build_app()
    commands = [c for c in app.registered_commands]
    assert commands and all((c.help or (c.callback and c.callback.__doc__)) for c in commands)


def test_rule_prints_the_entry_with_its_source(cli):
    code, out, err = cli("rule", "engagment")
    assert code == 0
    assert "Engagement Check" in out and "RR L359" in out and "lotr:faq:q:10" in out


def test_rule_json_has_the_stable_fields(cli):
    code, out, _ = cli("rule", "sentinel", "--json")
    data = json.loads(out)
    assert code == 0
    assert {"id", "kind", "title", "path", "source", "authority", "summary", "text", "links", "faq"} <= set(data)
    assert data["id"] == "lotr:rr:sentinel" and data["source"]["lines"] == [840, 846]
    assert "\x1b[" not in out


def test_show_faq_errata_and_timing_json(cli):
    assert json.loads(cli("show", "lotr:rr:step:5.3", "--json")[1])["title"] == "5.3 Engagement checks"
    assert [r["id"] for r in json.loads(cli("faq", "Dungeon Torch", "--json")[1])["results"]] == ["lotr:faq:q:14"]
    assert json.loads(cli("errata", "Beravor", "--json")[1])["results"][0]["data"]["patches"]
    steps = json.loads(cli("timing", "--json")[1])["steps"]
    assert len(steps) == 48 and sum(s["action_window_after"] for s in steps) == 17
    assert json.loads(cli("timing", "6.4.3", "--json")[1])["id"] == "lotr:rr:step:6.4.3"


def test_search_ranks_and_filters(cli):
    data = json.loads(cli("search", "ranged attack staging area", "--json")[1])
    assert data["hits"] and "lotr:faq:q:83" in [h["id"] for h in data["hits"][:3]]
    faq_only = json.loads(cli("search", "ranged", "--source", "FAQ", "--kind", "qa", "--json")[1])
    assert faq_only["hits"] and all(h["kind"] == "qa" and h["source"] == "lotr-faq" for h in faq_only["hits"])
    assert all("**" in h["snippet"] for h in faq_only["hits"][:3])


@pytest.mark.parametrize("args, message", [
    (("rule", "qwxzv"), "no rule named"),
    (("show", "lotr:rr:nope"), "no record with id"),
    (("faq", "1.99"), "no FAQ clarification"),
    (("errata", "Zzzyx Qvv"), "no erratum"),
    (("search", "x", "--kind", "glosary"), "did you mean glossary"),
    (("search", "x", "--source", "nope"), "unknown source"),
    (("rule", "sentinel", "--game", "lotrr"), "did you mean lotr"),
    (("timing", "9.9"), "no framework step"),
])
def test_bad_input_is_one_line_on_stderr_with_exit_2(cli, args, message):
    code, out, err = cli(*args)
    assert code == 2
    assert message in err and "Traceback" not in err and out == ""


def test_index_json_reports_counts_per_document_and_kind(cli):
    code, out, _ = cli("index", "--json")
    data = json.loads(out)
    assert code == 0 and data["built"] is False
    assert data["counts"]["lotr-rr"]["glossary"] == 121 and data["counts"]["lotr-faq"]["qa"] == 89


def test_sources_list_says_what_each_document_is(cli):
    data = json.loads(cli("sources", "list", "--json")[1])
    assert sorted(d["key"] for d in data["documents"]) == ["lotr-faq", "lotr-rr"]
    assert data["index"]["current"] is True


def test_a_reader_that_goes_away_is_not_reported_as_a_no(kb_env):
    """`adjudicator ... | head`: the write fails with a broken pipe; exit 141 (128 + SIGPIPE), no traceback."""
    import subprocess
    import sys

    process = subprocess.Popen([sys.executable, "-m", "adjudicator", "timing"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdout.close()
    _, err = process.communicate(timeout=60)
    assert process.returncode == 141
    assert b"Traceback" not in err


@pytest.mark.parametrize("name, ruling", [
    ("faq-1.09-tower-gate-strength-of-will.yaml", "lotr:faq:1.09"),
    ("faq-1.02-sneak-attack-beorn.yaml", "lotr:faq:1.02"),
])
def test_timing_order_settles_the_faq_cases_with_citations(cli, name, ruling):
    from adjudicator.paths import SCENARIOS

    code, out, err = cli("timing", "order", str(SCENARIOS / "lotr" / "timing" / name), "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["ruling"] == ruling
    assert result["order"] and all(row["rules"] for row in result["order"])


def test_timing_order_without_a_file_is_bad_input(cli):
    code, _, err = cli("timing", "order")
    assert code == 2 and "needs a FILE" in err
