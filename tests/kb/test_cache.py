"""One cache, many source folders: a build per source fingerprint, old ones pruned; and a
cache that cannot be written (a full disk, a read-only folder) is one line, exit 2, and
leaves nothing half-written."""

from __future__ import annotations

import errno
import shutil
import sqlite3

import pytest

from adjudicator.errors import StorageError
from adjudicator.kb import build as build_module
from adjudicator.kb.api import open_kb
from adjudicator.kb.documents import recognise


@pytest.fixture
def folders(tmp_path, lotr_sources):
    """Two source folders: the RR and FAQ, and the RR alone."""
    both, rr_only = tmp_path / "both", tmp_path / "rr-only"
    both.mkdir()
    rr_only.mkdir()
    for link in lotr_sources.iterdir():
        shutil.copyfile(link.resolve(), both / link.name)
        if getattr(recognise(link.resolve()), "key", "") == "lotr-rr":  # by content: the names are the user's
            shutil.copyfile(link.resolve(), rr_only / link.name)
    return both, rr_only


@pytest.fixture
def cache(tmp_path, monkeypatch):
    path = tmp_path / "cache"
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(path))
    return path


def _no_parsing(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the knowledge base was rebuilt")

    monkeypatch.setattr(build_module, "parse_documents", refuse)


def test_switching_between_two_source_folders_does_not_rebuild(folders, cache, monkeypatch):
    both, rr_only = folders
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(both))
    first = open_kb(quiet=True).folder
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(rr_only))
    second = open_kb(quiet=True).folder
    assert first != second
    _no_parsing(monkeypatch)
    for folder, expected in ((both, first), (rr_only, second), (both, first)):
        monkeypatch.setenv("ADJUDICATOR_SOURCES", str(folder))
        assert open_kb(quiet=True).folder == expected


def test_two_folders_with_the_same_documents_share_one_build(folders, cache, monkeypatch, tmp_path):
    both, _ = folders
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(both))
    built = open_kb(quiet=True).folder
    copy = tmp_path / "copy"
    shutil.copytree(both, copy)
    _no_parsing(monkeypatch)
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(copy))
    assert open_kb(quiet=True).folder == built


def test_old_builds_are_pruned_to_the_most_recently_used(folders, cache, monkeypatch, tmp_path):
    _, rr_only = folders
    monkeypatch.setattr(build_module, "KEEP_BUILDS", 2)
    seen = []
    for n in range(3):  # three different documents sets: the RR with a different last line
        folder = tmp_path / f"variant-{n}"
        shutil.copytree(rr_only, folder)
        path = next(folder.iterdir())
        path.write_text(path.read_text(encoding="utf-8") + "\n" * (n + 1), encoding="utf-8")
        monkeypatch.setenv("ADJUDICATOR_SOURCES", str(folder))
        seen.append(open_kb(quiet=True).folder.name)
    kept = sorted(p.name for p in cache.iterdir() if p.name.startswith("kb-"))
    assert kept == sorted(seen[1:]) and len(list((cache / "sources").iterdir())) == 2


@pytest.mark.parametrize("failure", [OSError(errno.ENOSPC, "No space left on device"),
                                     sqlite3.OperationalError("database or disk is full")])
def test_a_full_disk_is_one_line_exit_2_and_leaves_nothing_behind(folders, cache, monkeypatch, capsys, failure):
    both, rr_only = folders
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(rr_only))
    earlier = open_kb(quiet=True).folder

    def full(*args, **kwargs):
        raise failure

    monkeypatch.setattr("adjudicator.kb.store.write_store", full)
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(both))
    from adjudicator.cli import main

    assert main(["index"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"Error: cannot write the knowledge base in {cache}: the disk is full")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not [p for p in cache.iterdir() if p.name.endswith(".partial")]
    assert [p for p in cache.iterdir() if p.name.startswith("kb-")] == [earlier]


def test_a_read_only_cache_is_one_line_exit_2(folders, tmp_path, monkeypatch, capsys):
    both, _ = folders
    cache = tmp_path / "read-only-cache"
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(cache))
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(both))
    real_mkdir = type(cache).mkdir

    def read_only(self, *args, **kwargs):  # as a read-only file system answers
        if str(self).startswith(str(cache)):
            raise OSError(errno.EROFS, "Read-only file system", str(self))
        return real_mkdir(self, *args, **kwargs)

    monkeypatch.setattr(type(cache), "mkdir", read_only)
    from adjudicator.cli import main

    assert main(["rule", "sentinel"]) == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]  # after the notice that a build starts
    assert last == f"Error: cannot build the knowledge base in {cache}: the file system is read-only"
    assert not cache.exists()


def test_a_read_only_cache_with_the_build_in_it_still_answers(folders, cache, monkeypatch):
    both, _ = folders
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(both))
    built = open_kb(quiet=True).folder
    (cache / "sources").rename(cache / "moved")  # no pointer for this folder: it must find the build by fingerprint
    monkeypatch.setattr(build_module, "read_only", lambda path: True)
    _no_parsing(monkeypatch)
    assert open_kb(quiet=True).folder == built


def test_storage_errors_name_the_folder_and_the_cause():
    error = StorageError.from_os_error(OSError(errno.ENOSPC, "No space left on device", "/x/kb.sqlite"), "cannot write")
    assert error.message == "cannot write: /x/kb.sqlite: the disk is full" and error.exit_code == 2
