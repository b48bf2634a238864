"""Where the project's own data lives (next to the package in a checkout)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
REPO = PACKAGE.parent
RULES_DB = REPO / "rules_db"
SCENARIOS = REPO / "scenarios"
FAQ_TABLE = REPO / "faq"
