"""Building the knowledge base: first use, rebuild on change, a killed build, two at once."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adjudicator.errors import SourcesError
from adjudicator.kb.api import open_kb
from adjudicator.kb.pointer import read_pointer

BUILD = """
import sys
from pathlib import Path
from adjudicator.kb.build import build
from adjudicator.kb.sources import scan
build(scan(Path(sys.argv[1])), Path(sys.argv[2]), force=True)
"""


@pytest.fixture
def own_sources(tmp_path, lotr_sources):
    """A private copy of the RR and FAQ that a test may change."""
    folder = tmp_path / "sources"
    folder.mkdir()
    for link in lotr_sources.iterdir():
        shutil.copyfile(link.resolve(), folder / link.name)
    return folder


@pytest.fixture
def env(monkeypatch, own_sources, tmp_path):
    cache = tmp_path / "cache"
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(own_sources))
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(cache))
    return own_sources, cache


def _query_works(cache: Path) -> int:
    pointer = read_pointer(cache)
    from adjudicator.kb.store import Store

    store = Store(cache / pointer["dir"] / "kb.sqlite")
    try:
        return len(store.ids())
    finally:
        store.close()


def test_first_lookup_builds_and_the_next_reuses_it(env):
    _, cache = env
    first = open_kb(quiet=True)
    assert first.store.get("lotr:rr:sentinel") is not None
    second = open_kb(quiet=True)
    assert second.folder == first.folder


def test_a_changed_source_triggers_a_rebuild(env):
    sources, cache = env
    before = open_kb(quiet=True).folder
    from adjudicator.kb.documents import recognise

    faq = next(p for p in sources.iterdir() if getattr(recognise(p), "key", "") == "lotr-faq")  # by content, not name
    with open(faq, "a", encoding="utf-8") as handle:
        handle.write("\n")
    after = open_kb(quiet=True).folder
    assert after != before and after.is_dir()


def test_a_killed_build_leaves_the_previous_knowledge_base_usable(env):
    sources, cache = env
    open_kb(quiet=True)
    before = read_pointer(cache)["dir"]
    process = subprocess.Popen([sys.executable, "-c", BUILD, str(sources), str(cache)])
    deadline = time.time() + 60
    while time.time() < deadline and not any(p.name.endswith(".partial") for p in cache.iterdir()):
        time.sleep(0.01)
    assert any(p.name.endswith(".partial") for p in cache.iterdir()), "the build never started writing"
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert read_pointer(cache)["dir"] == before
    assert _query_works(cache) > 300
    # the next build clears the leftover
    subprocess.run([sys.executable, "-c", BUILD, str(sources), str(cache)], check=True)
    assert not any(p.name.endswith(".partial") for p in cache.iterdir())


def test_two_builds_at_once_do_not_corrupt_the_knowledge_base(env):
    sources, cache = env
    processes = [subprocess.Popen([sys.executable, "-c", BUILD, str(sources), str(cache)]) for _ in range(2)]
    assert [p.wait(timeout=300) for p in processes] == [0, 0]
    assert _query_works(cache) > 300
    kept = [p for p in cache.iterdir() if p.is_dir()]
    assert len(kept) <= 2 and not any(p.name.endswith(".partial") for p in kept)


def test_no_documents_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setenv("ADJUDICATOR_SOURCES", str(tmp_path / "empty"))
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path / "cache"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(SourcesError, match="no source documents"):
        open_kb(quiet=True)


def test_index_json_with_a_bad_file_beside_the_documents(env, capsys):
    sources, cache = env
    (sources / "notes.txt").write_text("my shopping list\n", encoding="utf-8")
    (sources / "empty.txt").write_text("", encoding="utf-8")
    from adjudicator.cli import main

    assert main(["index", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    reasons = {Path(p["file"]).name: p["reason"] for p in data["problems"]}
    assert "not a recognised rules document" in reasons["notes.txt"]
    assert "empty" in reasons["empty.txt"]
    assert data["counts"]["lotr-rr"]["glossary"] == 121
