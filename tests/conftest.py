"""Shared fixtures.

Tests that need the user's source documents take the ``sources_dir`` or ``source_doc``
fixture: they skip, saying why, when ADJUDICATOR_SOURCES does not point at a folder
holding the documents.  Parser unit tests use small fixture texts written by the team.
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
    value = os.environ.get("ADJUDICATOR_SOURCES")
    if not value:
        pytest.skip("needs the source documents: set ADJUDICATOR_SOURCES to their folder")
    path = Path(value)
    if not path.is_dir() or not any(path.iterdir()):
        pytest.skip(f"needs the source documents: {path} is not a folder holding them")
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
            pytest.skip(f"needs the source document {key}, not found in ADJUDICATOR_SOURCES")
        return source_docs[key]

    return get
