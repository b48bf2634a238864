"""Reading the project's YAML data fast: libyaml's C loader when PyYAML has it (several
times faster than the pure-Python one), cached per file."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_text(text: str) -> Any:
    return yaml.load(text, Loader=Loader)


@lru_cache(maxsize=256)
def _cached(path: str, mtime_ns: int) -> Any:
    return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=Loader)


def load_yaml(path: Path) -> Any:
    """The parsed file (shared: callers must not mutate it)."""
    return _cached(str(path), path.stat().st_mtime_ns)
