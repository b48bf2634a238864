"""A knowledge base of all five documents, built once per session in a temporary cache
(the ask tests need every game: detection chooses between them)."""

from __future__ import annotations

import json

import pytest


@pytest.fixture(scope="session")
def all_games_kb(sources_dir, tmp_path_factory):
    """The environment of a knowledge base of every document, built once per session; the
    environment is set only while it is built (a test runs in it through ``all_games_env``)."""
    from adjudicator.kb.api import open_kb

    env = {"ADJUDICATOR_SOURCES": str(sources_dir), "ADJUDICATOR_CACHE": str(tmp_path_factory.mktemp("ask-cache")),
           "ADJUDICATOR_DATA": str(tmp_path_factory.mktemp("ask-data"))}
    with pytest.MonkeyPatch.context() as patch:
        for key, value in env.items():
            patch.setenv(key, value)
        kb = open_kb(quiet=True)
        games = {g for (g,) in kb.store.conn.execute("select distinct game from records")}
        kb.store.close()
    if len(games) < 3:
        pytest.skip("needs the documents of the three games")
    return env


@pytest.fixture
def all_games_env(all_games_kb, monkeypatch, request):
    """The environment of ``all_games_kb``, for this test only; a module with a cache of its own
    (``module_cache``) keeps it."""
    for key, value in all_games_kb.items():
        if not (key == "ADJUDICATOR_CACHE" and "module_cache" in request.fixturenames):
            monkeypatch.setenv(key, value)
    return all_games_kb


@pytest.fixture
def kb(all_games_env):
    from adjudicator.kb.api import open_kb

    knowledge = open_kb(quiet=True)
    yield knowledge
    knowledge.store.close()


@pytest.fixture
def ask_cli(all_games_env, capsys):
    """`adjudicator ask ... --json` in process: (exit code, the JSON answer)."""
    from adjudicator.cli import main

    def run(*args: str):
        code = main(["ask", *args, "--json"])
        out = capsys.readouterr()
        return code, (json.loads(out.out) if code == 0 else out.err)

    return run


@pytest.fixture
def cli(all_games_env, capsys):
    from adjudicator.cli import main

    def run(*args: str):
        code = main(list(args))
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


@pytest.fixture(scope="module")
def module_cache(tmp_path_factory):
    """A cache folder of the test module's own (ADJUDICATOR_CACHE), so that what a module's tests
    compute and keep there (the engine's verdicts of the legality questions) starts empty."""
    import os

    saved = os.environ.get("ADJUDICATOR_CACHE")
    os.environ["ADJUDICATOR_CACHE"] = str(tmp_path_factory.mktemp("module-cache"))
    yield
    if saved is None:
        os.environ.pop("ADJUDICATOR_CACHE", None)
    else:
        os.environ["ADJUDICATOR_CACHE"] = saved
