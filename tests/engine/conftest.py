"""Fixtures for the engine tests (helpers live in lotr_engine_helpers.py)."""

from lotr_engine_helpers import play  # noqa: F401  (the fixture)
