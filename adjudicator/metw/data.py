"""Where the project's own METW data lives (``rules_db/metw``): heading manifest,
glossary summaries, terms defined in the text, and the engine's option table."""

from __future__ import annotations

from adjudicator.paths import RULES_DB
import os
from functools import lru_cache
from pathlib import Path
from typing import Any


def rules_db_dir() -> Path:
    override = os.environ.get("ADJUDICATOR_RULES_DB")
    base = Path(override) if override else RULES_DB
    return base / "metw"


@lru_cache(maxsize=None)
def load(name: str) -> Any:
    """Load ``rules_db/metw/<name>.yaml``."""
    from adjudicator.yamlio import load_yaml_copy  # libyaml, and the parsed copy kept in the cache folder

    return load_yaml_copy(rules_db_dir() / f"{name}.yaml")
