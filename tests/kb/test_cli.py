"""The knowledge-base commands as a user runs them: output, --json, exit codes, errors."""

import json

import pytest


def _commands():
    from adjudicator.cli import build_command
    from adjudicator.cli.conventions import walk

    return [(path, command) for path, command in walk(build_command()) if not getattr(command, "commands", None)]


def test_every_command_has_help_an_example_and_a_line_in_the_readme():
    from adjudicator.paths import REPO

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    commands = _commands()
    assert len(commands) >= 17
    for path, command in commands:
        assert command.help and command.help.strip(), path
        assert command.epilog and "Example:\n  adjudicator " + path in command.epilog, path
        assert f"adjudicator {path}" in readme, f"{path} is not in the README"


def test_every_placeholder_is_an_upper_case_word_and_every_enumerated_option_lists_its_choices():
    import re

    from adjudicator.cli.options import CHOICES

    for path, command in _commands():
        for param in command.params:
            if param.param_type_name == "option" and (param.is_flag or not param.opts or param.hidden):
                continue
            assert re.fullmatch(r"\[?[A-Z]+(\.\.\.)?\]?", param.metavar or ""), (path, param.name, param.metavar)
            long = next((o for o in param.opts if o.startswith("--")), None)
            if long in CHOICES:
                assert list(param.type.choices) == list(CHOICES[long]), (path, long)
                assert all(choice in param.help for choice in CHOICES[long]), (path, long)


def test_the_shared_choices_are_the_knowledge_bases_own():
    from adjudicator.cli.options import DOCUMENTS, KINDS
    from adjudicator.kb.documents import DOCUMENT_TYPES
    from adjudicator.kb.records import Kind

    assert KINDS == tuple(k.value for k in Kind)
    assert set(DOCUMENTS) == {t.key for t in DOCUMENT_TYPES}


def test_version_help_exit_codes_and_completion(capsys, monkeypatch):
    from adjudicator import __version__
    from adjudicator.cli import main

    assert main(["--version"]) == 0 and capsys.readouterr().out == f"adjudicator {__version__}\n"
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "Exit codes:" in out and all(f"  {code}  " in out for code in range(4))
    assert "--install-completion" in out
    monkeypatch.setenv("_ADJUDICATOR_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", "adjudicator search x --game ")
    monkeypatch.setenv("COMP_CWORD", "4")
    main(["search", "x", "--game"])
    assert capsys.readouterr().out.split() == ["lotr", "metw", "meq"]


def test_piped_output_is_not_wrapped_and_width_wraps_it(cli):
    code, out, _ = cli("rule", "engagement check")
    longest = max(len(line) for line in out.splitlines())
    assert code == 0 and longest > 120  # whole paragraphs on one line each
    code, out, _ = cli("--width", "60", "rule", "engagement check")
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 60


def test_index_warnings_go_to_stderr(cli, kb_env, monkeypatch, tmp_path):
    import shutil

    folder = tmp_path / "with-a-stray-file"
    shutil.copytree(_sources_of(kb_env), folder, symlinks=True)
    (folder / "shopping.txt").write_text("eggs\n", encoding="utf-8")
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(folder))
    code, out, err = cli("index")
    assert code == 0 and "shopping.txt" in err and "shopping.txt" not in out


def _sources_of(kb_env):
    import os
    from pathlib import Path

    return Path(os.environ["ADJUDICATOR_SOURCES"])


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
    (("timing", "9.9"), "no framework step"),
])
def test_a_lookup_that_finds_nothing_exits_1_with_one_line_on_stderr(cli, args, message):
    code, out, err = cli(*args)
    assert code == 1
    assert message in err and "Traceback" not in err and out == ""


@pytest.mark.parametrize("args, message", [
    (("search", "x", "--kind", "glosary"), "did you mean glossary"),
    (("search", "x", "--source", "nope"), "is not one of lotr-rr"),
    (("rule", "sentinel", "--game", "lotrr"), "did you mean lotr"),
    (("faq", ""), "is empty"),
    (("search", "   "), "is empty"),
    (("rule", "sentinel\udcff"), "not valid UTF-8"),
    (("search", "x", "--limit", "9" * 5000), "too large"),
])
def test_bad_input_is_a_short_message_on_stderr_with_exit_2(cli, args, message):
    code, out, err = cli(*args)
    assert code == 2
    assert message in err and "Traceback" not in err and out == "" and len(err) < 400


def test_a_search_with_no_hit_exits_1(cli):
    code, out, _ = cli("search", "xyzzyq plugh", "--json")
    assert code == 1 and json.loads(out)["hits"] == []


def test_a_query_longer_than_the_cap_is_cut_and_the_cut_is_said(cli):
    from adjudicator.cli.options import MAX_QUERY_CHARS

    code, out, err = cli("faq", "torch " * 10_000, "--json")
    assert code in (0, 1) and "Traceback" not in err
    assert f"only {MAX_QUERY_CHARS} of them are used" in err


def test_a_long_post_keeps_its_questions_when_cut():
    from adjudicator.cli.options import MAX_QUERY_CHARS, clip_query

    scene = "My friend and I were playing the second quest with three heroes each and a long story followed. " * 8
    post = "We have a dispute about combat. " + scene + "Can my ally defend after the enemy attacked? Thanks in advance!"
    clipped, cut = clip_query(post)
    assert cut and len(clipped) <= MAX_QUERY_CHARS
    assert clipped.startswith("We have a dispute about combat.")  # the opening, in order
    assert "Can my ally defend after the enemy attacked?" in clipped  # the question at the end is kept


def test_a_long_text_without_a_question_keeps_its_beginning_and_one_huge_question_its_end():
    from adjudicator.cli.options import MAX_QUERY_CHARS, clip_query

    plain = "torch " * 200
    assert clip_query(plain) == (plain[:MAX_QUERY_CHARS], True)
    huge = "word " * 200 + "does the torch count?"
    clipped, _ = clip_query(huge)
    assert clipped.endswith("does the torch count?") and len(clipped) <= MAX_QUERY_CHARS


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


def test_a_cut_query_never_exceeds_the_cap_and_keeps_only_the_posts_own_words():
    from hypothesis import given, settings, strategies as st

    from adjudicator.cli.options import MAX_QUERY_CHARS, clip_query

    @settings(max_examples=300, deadline=None)
    @given(st.text(alphabet=st.sampled_from(list("ab ?.!\n")), min_size=0, max_size=1500))
    def check(text):
        clipped, cut = clip_query(text)
        assert len(clipped) <= MAX_QUERY_CHARS
        assert cut == (len(text) > MAX_QUERY_CHARS)
        if not cut:
            assert clipped == text
        assert all(word in text for word in clipped.split())

    check()
