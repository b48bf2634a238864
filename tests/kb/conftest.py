"""A knowledge base built once per session from the Rules Reference and FAQ only, in a
temporary cache; tests point the environment at it with ``kb_env``."""

from __future__ import annotations

import pytest

from adjudicator.kb.sources import CACHE_ENV, DATA_ENV, ENV


@pytest.fixture(scope="session")
def lotr_sources(tmp_path_factory, source_doc):
    folder = tmp_path_factory.mktemp("lotr-sources")
    for key in ("lotr-rr", "lotr-faq"):
        doc = source_doc(key)
        (folder / doc.path.name).symlink_to(doc.path.resolve())
    return folder


@pytest.fixture(scope="session")
def kb_cache(tmp_path_factory, lotr_sources):
    from adjudicator.kb.api import _stat_key
    from adjudicator.kb.build import build
    from adjudicator.kb.sources import scan

    cache = tmp_path_factory.mktemp("kb-cache")
    build(scan(lotr_sources), cache, stat_key=_stat_key(lotr_sources))
    return cache


@pytest.fixture
def kb_env(monkeypatch, lotr_sources, kb_cache, tmp_path):
    monkeypatch.setenv(ENV, str(lotr_sources))
    monkeypatch.setenv(CACHE_ENV, str(kb_cache))
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "data"))
    return kb_cache


@pytest.fixture
def kb(kb_env):
    from adjudicator.kb.api import open_kb

    knowledge = open_kb(quiet=True)
    yield knowledge
    knowledge.store.close()


@pytest.fixture
def cli(kb_env, capsys):
    """Run the CLI in process: returns (exit code, stdout, stderr)."""
    from adjudicator.cli import main

    def run(*args: str):
        code = main(list(args))
        out = capsys.readouterr()
        return code, out.out, out.err

    return run
