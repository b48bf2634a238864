"""Shared fixtures.

Tests that need the user's source documents take the ``sources_dir`` or ``source_doc``
fixture.  They find the documents as the CLI does (ADJUDICATOR_SOURCES, else the user
data folder that `adjudicator sources add` fills), and skip, saying why, only when
neither holds them.  Parser unit tests use small fixture texts written by the team.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

REPO = Path(__file__).resolve().parent.parent


# Under CI the property tests run the same examples every time (no flaky submissions);
# locally they explore new ones on each run.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="session")
def sources_dir() -> Path:
    """The user's source documents, found as the CLI finds them: ADJUDICATOR_SOURCES, else
    the user data folder that `adjudicator sources add` fills (ADJUDICATOR_DATA overrides
    where that is)."""
    from adjudicator.kb.sources import sources_dir as cli_sources_dir

    path, origin = cli_sources_dir()
    if not path.is_dir() or not any(path.iterdir()):
        pytest.skip(f"needs the source documents: none in {path} ({origin}); run "
                    "'adjudicator sources add FILE...' or set ADJUDICATOR_SOURCES to their folder")
    return path


@pytest.fixture(scope="session")
def source_docs(sources_dir):
    """The recognised documents by key ("lotr-rr", "lotr-faq", ...)."""
    from adjudicator.kb.documents import SourceDocument, recognise

    docs = {}
    for path in sorted(sources_dir.iterdir()):
        if path.is_file():
            doc = recognise(path)
            if isinstance(doc, SourceDocument):
                docs[doc.key] = doc
    return docs


@pytest.fixture(scope="session")
def source_doc(source_docs):
    def get(key: str):
        if key not in source_docs:
            pytest.skip(f"needs the source document {key}, not among the user's source documents")
        return source_docs[key]

    return get


@pytest.fixture(scope="session")
def lotr_cli_kb(sources_dir, tmp_path_factory):
    """The environment (ADJUDICATOR_SOURCES, ADJUDICATOR_CACHE) of a knowledge base of the three
    LOTR documents, built once per session.  The environment is set only while it is built:
    a test runs in it through ``lotr_cli_env``, so no test sees it unless it asks for it (and
    the order the tests run in cannot change what they see)."""
    from adjudicator.kb.documents import SourceDocument, recognise

    folder = tmp_path_factory.mktemp("lotr-sources")
    for path in sorted(sources_dir.iterdir()):
        if path.is_file():
            doc = recognise(path)
            if isinstance(doc, SourceDocument) and doc.key in ("lotr-rr", "lotr-faq", "lotr-qc"):
                (folder / path.name).symlink_to(path.resolve())
    if not any(folder.iterdir()):
        pytest.skip("needs the LOTR source documents")
    env = {"ADJUDICATOR_SOURCES": str(folder), "ADJUDICATOR_CACHE": str(tmp_path_factory.mktemp("kb-cache"))}
    from adjudicator.kb.api import open_kb

    with pytest.MonkeyPatch.context() as patch:
        for key, value in env.items():
            patch.setenv(key, value)
        open_kb(quiet=True)  # build once
    return env


@pytest.fixture
def lotr_cli_env(lotr_cli_kb, monkeypatch):
    """Environment for running the CLI (or the MCP server) on the knowledge base of the three
    LOTR documents (``lotr_cli_kb``), set for this test only."""
    for key, value in lotr_cli_kb.items():
        monkeypatch.setenv(key, value)
    return lotr_cli_kb
