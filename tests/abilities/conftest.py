"""Fixtures for the abilities tests."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def kb_ids(sources_dir):
    """Every record id the knowledge base builds from the sources (skips without them)."""
    from adjudicator.kb.build import parse_sources

    return {r.id for r in parse_sources(sources_dir)}
