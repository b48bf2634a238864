"""Recognising documents by their content, and refusing what is not one."""

import os
import shutil
from pathlib import Path

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.kb.documents import SourceDocument, SourceProblem, recognise


def test_each_document_is_recognised_by_content_not_name(tmp_path, source_docs):
    assert source_docs, "no documents"
    for key, doc in source_docs.items():
        renamed = tmp_path / f"renamed-{key}.bin"
        shutil.copyfile(doc.path, renamed)
        found = recognise(renamed)
        assert isinstance(found, SourceDocument) and found.key == key
        assert found.type.game in ("lotr", "metw", "meq") and len(found.sha256) == 64


def test_empty_binary_truncated_and_unknown_files_are_refused_with_a_reason(tmp_path, source_doc):
    rr = source_doc("lotr-rr")
    cases = {
        "empty.txt": b"",
        "blank.txt": b"\n\n  \n",
        "image.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00",
        "notes.txt": "A list of things to buy.\n".encode(),
        "cut.txt": "\n".join(rr.lines[:300]).encode(),
    }
    reasons = {}
    for name, content in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        found = recognise(path)
        assert isinstance(found, SourceProblem), name
        assert str(path) in str(found)
        reasons[name] = found.reason
    assert "empty" in reasons["empty.txt"] and "empty" in reasons["blank.txt"]
    assert "binary" in reasons["image.png"]
    assert "not a recognised" in reasons["notes.txt"]
    assert "incomplete copy of the RR" in reasons["cut.txt"]


def test_an_unreadable_file_is_a_problem_not_a_crash(tmp_path):
    path = tmp_path / "locked.txt"
    path.write_text("x", encoding="utf-8")
    os.chmod(path, 0)
    found = recognise(path)
    os.chmod(path, 0o600)
    assert isinstance(found, (SourceProblem, SourceDocument))


def test_sources_add_copies_recognised_documents_and_refuses_the_rest(tmp_path, monkeypatch, source_doc, capsys):
    from adjudicator.cli import main

    monkeypatch.setenv("ADJUDICATOR_DATA", str(tmp_path / "data"))
    bad = tmp_path / "bad.txt"
    bad.write_text("hello", encoding="utf-8")
    rr = source_doc("lotr-rr")
    assert main(["sources", "add", str(rr.path), str(bad)]) == 2
    assert not (tmp_path / "data" / "sources").exists() or not any((tmp_path / "data" / "sources").iterdir())
    assert "nothing was added" in capsys.readouterr().err
    assert main(["sources", "add", str(rr.path)]) == 0
    assert (tmp_path / "data" / "sources" / "lotr-rr.txt").read_bytes() == rr.path.read_bytes()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=4096))
def test_recognising_random_bytes_never_crashes(tmp_path, content):
    path = tmp_path / "fuzz.txt"
    path.write_bytes(content)
    assert isinstance(recognise(path), (SourceDocument, SourceProblem))


def _cut(doc, keep: float) -> str:
    return "\n".join(doc.lines[: int(len(doc.lines) * keep)]) + "\n"


def _without_middle(doc, fraction: float) -> str:
    n = len(doc.lines)
    start, end = int(n * (0.5 - fraction / 2)), int(n * (0.5 + fraction / 2))
    return "\n".join(doc.lines[:start] + doc.lines[end:]) + "\n"


@pytest.mark.parametrize("key", ["lotr-qc", "lotr-rr", "lotr-faq", "meq-rules", "metw-rules"])
def test_a_copy_missing_a_fifth_of_its_content_is_refused_naming_what_is_missing(tmp_path, source_doc, key):
    doc = source_doc(key)
    for name, text in (("end-cut.txt", _cut(doc, 0.8)), ("middle-cut.txt", _without_middle(doc, 0.2))):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        found = recognise(path)
        assert isinstance(found, SourceProblem), (key, name)
        assert found.key == key and f"incomplete copy of the {doc.type.short}: missing" in found.reason


def test_the_quest_companion_cut_to_80_percent_names_its_lost_scenario_pages(tmp_path, source_doc):
    path = tmp_path / "qc.txt"
    path.write_text(_cut(source_doc("lotr-qc"), 0.8), encoding="utf-8")
    reason = recognise(path).reason
    assert "of its 136 scenario pages" in reason and "'Timing & Gameplay'" in reason


def test_with_two_copies_the_complete_one_is_used_and_the_other_named(tmp_path, source_doc):
    from adjudicator.kb.sources import scan

    qc = source_doc("lotr-qc")
    (tmp_path / "a-damaged.txt").write_text(_cut(qc, 0.8), encoding="utf-8")  # first by file name
    shutil.copyfile(qc.path, tmp_path / "b-complete.txt")
    result = scan(tmp_path)
    assert [d.path.name for d in result.documents] == ["b-complete.txt"]
    (problem,) = result.problems
    assert problem.path.name == "a-damaged.txt" and "the complete copy b-complete.txt is used" in problem.reason


def test_a_device_or_pipe_is_not_read(tmp_path):
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    assert "not a regular file" in recognise(fifo).reason  # returns at once: never waits on the pipe
    assert "not a regular file" in recognise(Path("/dev/zero")).reason


def test_sources_add_with_a_file_name_too_long_is_one_line_exit_2(tmp_path, monkeypatch, capsys):
    from adjudicator.cli import main

    monkeypatch.setenv("ADJUDICATOR_DATA", str(tmp_path / "data"))
    assert main(["sources", "add", "x" * 5000 + ".txt"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Error: nothing was added") and "too long" in err and len(err) < 400
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize("given, reason", [("/dev/zero", "not a regular file"), ("{tmp}", "a folder"),
                                           ("{tmp}/missing.txt", "no such file")])
def test_sources_add_names_why_a_path_is_not_a_document_file(tmp_path, monkeypatch, capsys, given, reason):
    from adjudicator.cli import main

    monkeypatch.setenv("ADJUDICATOR_DATA", str(tmp_path / "data"))
    assert main(["sources", "add", given.format(tmp=tmp_path)]) == 2
    assert capsys.readouterr().err == f"Error: nothing was added: {given.format(tmp=tmp_path)}: {reason}" + \
        (" (a device or a pipe)" if reason == "not a regular file" else "") + "\n"
    assert not (tmp_path / "data").exists()
