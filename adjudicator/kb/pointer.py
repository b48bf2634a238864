"""The pointer file naming the current build: switched by one atomic rename."""

from __future__ import annotations

import json
import os
from pathlib import Path

POINTER = "current.json"


def read_pointer(cache: Path) -> dict | None:
    try:
        data = json.loads((cache / POINTER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not (cache / str(data.get("dir", ""))).is_dir():
        return None
    return data


def write_pointer(cache: Path, data: dict) -> None:
    temporary = cache / f"{POINTER}.{os.getpid()}.tmp"
    temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
    os.replace(temporary, cache / POINTER)
