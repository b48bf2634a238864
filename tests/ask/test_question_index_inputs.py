"""The question index is built again when what it is built from changes: the package code the
build runs and the rules_db data it reads (``question_index.inputs_stamp``), with no version to
bump by hand; a file touched but not changed costs a content check, not a build; the lists of
inputs hold every module the build runs and every data file it reads; a process running build
code older than the files on disk does not write its index under their stamp."""

from __future__ import annotations

import os
import shutil
import sys
import time

import pytest

from adjudicator.ask import question_index


@pytest.fixture
def builds(kb, tmp_path, monkeypatch):
    """The index kept under tmp_path (the session's cache untouched); each real build counted."""
    count = []
    real = question_index.build
    monkeypatch.setattr(question_index, "build", lambda store: count.append(1) or real(store))
    monkeypatch.setattr(question_index, "_path", lambda kb: tmp_path / "index" / "ask-index-kb-test.marshal")
    (tmp_path / "index").mkdir()

    def load():
        kb._question_index = None
        question_index.load(kb)
        return len(count)

    yield load
    kb._question_index = None


def test_an_edit_to_a_module_that_builds_the_index_makes_a_new_index_and_a_touch_does_not(builds, tmp_path, monkeypatch):
    from adjudicator import paths

    package = tmp_path / "package"
    for name in question_index.BUILD_CODE:
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(paths.PACKAGE / name, package / name)
    monkeypatch.setattr(paths, "PACKAGE", package)  # where inputs_stamp looks for the code
    assert builds() == 1
    assert builds() == 1  # current: read back
    touched = package / "ask" / "asked.py"
    os.utime(touched, ns=(touched.stat().st_atime_ns, touched.stat().st_mtime_ns + 10**9))
    assert builds() == 1  # the same content: no build, and the new stamp kept
    assert question_index._read(question_index._path(None))["inputs"] == question_index.inputs_stamp()
    with open(package / "ask" / "entities.py", "a", encoding="utf-8") as handle:
        handle.write("# a change to how names are collected\n")
    assert builds() == 2


def test_an_edit_to_an_asked_file_makes_a_new_index_holding_it(builds, kb, tmp_path, monkeypatch):
    from adjudicator import paths

    rules_db = tmp_path / "rules_db"
    shutil.copytree(paths.RULES_DB, rules_db)
    monkeypatch.setattr(paths, "RULES_DB", rules_db)  # where the asked files and inputs_stamp look
    assert builds() == 1
    new = "Can my sentinel hero guard a friend who sits two seats away from me?"
    assert new not in kb._question_index["question_texts"]
    (rules_db / "lotr" / "asked" / "extra.yaml").write_text(f"lotr:rr:sentinel:\n  - ask: {new}\n", encoding="utf-8")
    assert builds() == 2
    assert new in kb._question_index["question_texts"]
    with open(rules_db / "meq" / "vocabulary.yaml", "a", encoding="utf-8") as handle:
        handle.write("# a vocabulary file edited\n")
    assert builds() == 3


def test_a_bulk_file_from_another_build_than_the_small_part_is_not_read(builds, kb, tmp_path):
    builds()
    path = question_index._path(kb)
    bulk = question_index._read(question_index._bulk_path(path))
    bulk["inputs_digest"] = "another build"
    question_index._write_part(question_index._bulk_path(path), bulk)
    count = builds()
    kb._question_index["docs"]  # the bulk asked for: found from another build, built again
    assert builds() == count + 1  # built once more then, and now read back
    assert question_index._read(question_index._bulk_path(path))["inputs_digest"] != "another build"


def test_every_package_module_the_index_build_runs_is_among_its_inputs(kb):
    from adjudicator.paths import PACKAGE

    ran: set[str] = set()

    def called(frame, event, arg):
        if event == "call":
            ran.add(frame.f_code.co_filename)

    sys.setprofile(called)
    try:
        question_index.build(kb.store)
    finally:
        sys.setprofile(None)
    package = str(PACKAGE) + os.sep
    mine = {f[len(package):] for f in ran if f.startswith(package)}
    assert mine and mine - set(question_index.BUILD_CODE) == set()


def test_every_data_file_the_index_build_reads_is_among_its_inputs(kb, monkeypatch):
    from adjudicator import yamlio
    from adjudicator.ask import data_file
    from adjudicator.paths import RULES_DB

    read: set[str] = set()
    real_read, real_compose = yamlio._read, data_file.compose
    monkeypatch.setattr(yamlio, "_read", lambda path, *rest: read.add(str(path)) or real_read(path, *rest))
    monkeypatch.setattr(data_file, "compose", lambda path: read.add(str(path)) or real_compose(path))
    yamlio._shared.cache_clear()
    question_index.build(kb.store)
    yamlio._shared.cache_clear()
    stamped = {name.partition(":")[2] for name, _, _ in question_index.inputs_stamp() if name.startswith("data:")}
    rules_db = str(RULES_DB) + os.sep
    assert read and {path[len(rules_db):] for path in read} - stamped == set()
    assert all(path.startswith(rules_db) for path in read)


def test_a_process_whose_build_code_was_edited_after_it_imported_it_does_not_write_its_index(
        builds, tmp_path, monkeypatch):
    """The stamp written with an index describes the code that built it: a long-running process
    that imported the builder before an edit builds with the old code, so it keeps its index to
    itself; the next process (importing the edited code) builds and writes it."""
    from adjudicator import paths

    package = tmp_path / "package"
    for name in question_index.BUILD_CODE:
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(paths.PACKAGE / name, package / name)
    monkeypatch.setattr(paths, "PACKAGE", package)
    assert question_index.code_stamp() == question_index.CODE_AS_IMPORTED  # the copies are the imported code
    assert builds() == 1
    written = question_index._read(question_index._path(None))["inputs"]
    with open(package / "ask" / "entities.py", "a", encoding="utf-8") as handle:
        handle.write("# a change to how names are collected, made while this process runs\n")
    assert builds() == 2  # the edit is seen: built again, with the code this process runs ...
    kept = question_index._read(question_index._path(None))["inputs"]
    assert kept == written != question_index.inputs_stamp()  # ... and not written under the new stamp
    # a new process imports the edited code: its build is written, under the stamp of the files now
    monkeypatch.setattr(question_index, "CODE_AS_IMPORTED", question_index.code_stamp())
    monkeypatch.setattr("adjudicator.IMPORTED_AT_NS", time.time_ns())
    assert builds() == 3
    assert [tuple(e) for e in question_index._read(question_index._path(None))["inputs"]] == \
        question_index.inputs_stamp()
    assert builds() == 3  # and read back


def test_an_edit_to_a_build_module_imported_before_the_index_module_is_seen_too(builds, tmp_path, monkeypatch):
    """A module the build runs may have been imported long before the index module (the store's
    records in a server that opened the knowledge base at start): an edit made after the package
    was imported, with its modification time kept as ``cp -p`` keeps it or not, is not written
    under the new stamp."""
    from adjudicator import paths

    package = tmp_path / "package"
    for name in question_index.BUILD_CODE:
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(paths.PACKAGE / name, package / name)
    monkeypatch.setattr(paths, "PACKAGE", package)
    # the state of a process that imported the package, then saw kb/names.py edited before it
    # imported the index module: the index module's import-time stamp already holds the edit
    monkeypatch.setattr("adjudicator.IMPORTED_AT_NS", time.time_ns())
    with open(package / "kb" / "names.py", "a", encoding="utf-8") as handle:
        handle.write("# a change to how names are folded\n")
    monkeypatch.setattr(question_index, "CODE_AS_IMPORTED", question_index.code_stamp())
    assert not question_index.runs_code_on_disk()
    assert builds() == 1
    assert question_index._read(question_index._path(None)) is None  # built for this process, not written
