"""Which build each sources folder uses: one small JSON pointer per folder, switched by
one atomic rename.

The cache holds one build per source fingerprint (``kb-<fingerprint>/``), so switching
``--sources`` between two folders reuses each folder's build instead of rebuilding.
``sources/<folder hash>.json`` points a folder at its build; ``current.json`` is the
pointer used last (for readers that do not know the folder, such as a replay naming its
citations).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from adjudicator.sha import sha256

POINTER = "current.json"
POINTERS = "sources"


def pointer_path(cache: Path, folder: Path | str) -> Path:
    key = sha256(str(folder).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return cache / POINTERS / f"{key}.json"


def _load(path: Path, cache: Path) -> dict | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not (cache / str(data.get("dir", "-"))).is_dir():
        return None
    return data


def read_pointer(cache: Path, folder: Path | str | None = None) -> dict | None:
    """The pointer of sources ``folder``, or the one used last; None when there is none or
    its build is gone."""
    if folder is None:
        return _load(cache / POINTER, cache)
    return _load(pointer_path(cache, folder), cache)


def all_pointers(cache: Path) -> list[tuple[Path, dict]]:
    out = []
    for path in sorted((cache / POINTERS).glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        out.append((path, data if isinstance(data, dict) else {}))
    return out


def _write(path: Path, data: dict) -> None:
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_pointer(cache: Path, data: dict) -> None:
    """Point ``data["source_folder"]`` (when given) at ``data["dir"]``; it becomes the
    pointer used last too."""
    if data.get("source_folder"):
        path = pointer_path(cache, data["source_folder"])
        path.parent.mkdir(parents=True, exist_ok=True)
        _write(path, data)
    _write(cache / POINTER, data)
