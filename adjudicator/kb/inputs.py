"""The files a knowledge-base build is made from, besides the sources: the parser code and
the project data in rules_db.  A change to any of them makes the built knowledge base
stale; a change elsewhere (the engines, the CLI, engine-only data) does not."""

from __future__ import annotations

import os
from pathlib import Path

from adjudicator.paths import PACKAGE, RULES_DB

PARSER_CODE = (
    "kb/*.py", "lotr/rules_reference.py", "lotr/faq.py", "lotr/companion*.py", "lotr/qc_data.py",
    "metw/*.py", "meq/*.py", "yamlio.py", "paths.py",
)
DATA_SUFFIXES = (".yaml", ".yml", ".csv", ".json")
ENGINE_ONLY_DATA = ("lotr/cards/",)  # card data: read by the engines and lookups, not by the parsers


def build_inputs() -> list[Path]:
    """The parser code and rules_db data files, sorted.  Every lookup stats them (`open_kb`'s
    staleness check), so they are listed with os.scandir and plain name tests, the way
    Path.glob and Path.rglob would list them, without compiling a pattern for each."""
    files: set[Path] = set()
    for pattern in PARSER_CODE:
        folder, _, name = pattern.rpartition("/")
        base = os.path.join(PACKAGE, folder) if folder else str(PACKAGE)
        prefix, star, suffix = name.partition("*")
        if not star:
            if os.path.exists(os.path.join(base, name)):
                files.add(Path(base, name))
            continue
        try:
            names = [e.name for e in os.scandir(base)]
        except OSError:
            continue
        for found in names:
            if (found.startswith(prefix) and found.endswith(suffix) and len(found) >= len(prefix) + len(suffix)
                    and not (found.startswith(".") and not prefix.startswith("."))):
                files.add(Path(base, found))
    root = str(RULES_DB)
    for path in _files_under(root):
        relative = path[len(root) + 1:]
        if os.path.splitext(path)[1] in DATA_SUFFIXES and not any(part in relative for part in ENGINE_ONLY_DATA):
            files.add(Path(path))
    return sorted(files)


def _files_under(folder: str) -> list[str]:
    """Every file under ``folder`` (Path.rglob("*") and is_file: symbolic links to folders
    are not followed)."""
    out: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return out
    for entry in entries:
        try:
            if entry.is_dir() and not entry.is_symlink():
                out += _files_under(entry.path)
            elif entry.is_file():
                out.append(entry.path)
        except OSError:
            continue
    return out
