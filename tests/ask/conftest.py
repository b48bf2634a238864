"""A knowledge base of all five documents, built once per session in a temporary cache
(the ask tests need every game: detection chooses between them)."""

from __future__ import annotations

import json

import pytest


@pytest.fixture(scope="session")
def all_games_env(sources_dir, tmp_path_factory):
    import os

    from adjudicator.kb.api import open_kb

    env = {"ADJUDICATOR_SOURCES": str(sources_dir), "ADJUDICATOR_CACHE": str(tmp_path_factory.mktemp("ask-cache")),
           "ADJUDICATOR_DATA": str(tmp_path_factory.mktemp("ask-data"))}
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    kb = open_kb(quiet=True)
    if len({g for (g,) in kb.store.conn.execute("select distinct game from records")}) < 3:
        pytest.skip("needs the documents of the three games")
    yield env
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


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
