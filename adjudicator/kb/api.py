"""Opening the knowledge base: find the sources, build on first use, rebuild when a source,
the parser code or the project data changed.

Whether the built knowledge base is current is checked in two steps: a cheap one on file
sizes and modification times (recorded in the pointer at build time), and only when that
differs, the content fingerprint (sha256 of sources, code and data).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from adjudicator.errors import SourcesError
from adjudicator.sha import sha256

from .inputs import build_inputs
from .sources import cache_dir, sources_dir
from .store import Store


def _stat_key(folder: Path) -> str:
    """The sizes and times of the sources folder's files and of the build's inputs (the parser
    code and the project data); in an installed copy, whose inputs do not change after install,
    the install's stamp stands for the inputs' (``adjudicator.installed``: one stat, not a walk)."""
    from adjudicator.installed import stamp

    digest = sha256()
    entries = []
    if folder.is_dir():
        entries += [p for p in folder.iterdir() if p.is_file()]
    installed = stamp()
    if installed is None:
        entries += build_inputs()
    else:
        digest.update(f"installed|{installed}\n".encode())
    for path in sorted(entries):
        try:
            stat = path.stat()
        except OSError:
            continue
        digest.update(f"{path}|{stat.st_size}|{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


@dataclass
class KnowledgeBase:
    """An opened knowledge base: its build folder, the store inside it and the pointer that named it."""

    folder: Path
    pointer: dict
    stale: bool = False  # sources missing: the last build is used as it is

    def __post_init__(self) -> None:
        self.store = Store(self.folder / "kb.sqlite")
        self._index = None

    @property
    def index(self):
        if self._index is None:
            from .ranking import Ranking

            self._index = Ranking(self.folder)
        return self._index

    @property
    def problems(self) -> list[dict]:
        return self.pointer.get("problems", [])


def status() -> dict:
    """What ``sources list`` shows: the folder, the documents found and whether the index is current."""
    from .build import build_name, fingerprint
    from .pointer import read_pointer
    from .sources import scan

    result = scan()
    cache = cache_dir()
    pointer = read_pointer(cache, result.folder)
    wanted = fingerprint(result) if result.documents else ""
    current = bool(result.documents) and (cache / build_name(wanted) / "build.json").is_file()
    return {
        "folder": str(result.folder),
        "origin": result.origin,
        "documents": [
            {"file": d.path.name, "key": d.key, "name": d.type.name, "title": d.type.title, "game": d.type.game, "version": d.type.version,
             "date": d.type.date, "authority": d.type.authority, "sha256": d.sha256, "lines": len(d.lines)}
            for d in result.documents
        ],
        "problems": [{"file": str(p.path), "reason": p.reason} for p in result.problems],
        "index": {"folder": str(cache), "built": (pointer or {}).get("built"), "current": current},
    }


def open_kb(*, progress=None, quiet: bool = False) -> KnowledgeBase:
    """The knowledge base of the sources folder, built or rebuilt first when needed (or
    taken from the cache when another folder holds the same documents)."""
    from .pointer import read_pointer

    cache = cache_dir()
    folder, origin = sources_dir()
    pointer = read_pointer(cache, folder)
    stat_key = _stat_key(folder)
    if pointer and pointer.get("stat_key") == stat_key:
        return KnowledgeBase(cache / pointer["dir"], pointer)
    from .build import build, build_name, fingerprint
    from .sources import scan

    result = scan(folder, origin) if folder.exists() else None
    if result is None or not result.documents:
        last = pointer or read_pointer(cache)
        if last:  # no sources now, but an earlier build: use it, and say so
            if not quiet:
                sys.stderr.write(f"warning: no source documents in {folder} ({origin}); "
                                 f"using the knowledge base built {last.get('built')}\n")
            return KnowledgeBase(cache / last["dir"], last, stale=True)
        from .sources import require

        require(result or scan(folder, origin))
    if not quiet and progress is None and not (cache / build_name(fingerprint(result)) / "build.json").is_file():
        sys.stderr.write("Building the knowledge base (first use, or a source or the parser changed)...\n")
    report = build(result, cache, progress=progress, stat_key=stat_key)
    return KnowledgeBase(report.folder, read_pointer(cache, folder) or {"dir": report.folder.name})
