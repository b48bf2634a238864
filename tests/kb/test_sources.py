"""Recognising documents by their content, and refusing what is not one."""

import os
import shutil

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
    assert "truncated" in reasons["cut.txt"]


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
