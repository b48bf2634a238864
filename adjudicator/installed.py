"""An installed copy of the package, stamped once: what a cache keys on instead of a walk.

A cache derived from the package's files (the engine's verdicts of the legality questions, the
map of what the engines exercise, the knowledge base's build inputs, the card library's parsed
copy and indexes) is keyed on the size and modification time of every file it depends on, so
that an edit in a checkout makes it stale; walking the files for them cost a lookup 1 to 3 ms
each.  An installed copy (a wheel that pip, pipx or uv installed: the project's data is inside
the package, under ``_data/``) does not change after install, and every install, upgrade or
reinstall writes its files anew, the package's ``__init__.py`` among them: the path, size,
modification time and inode of that one file stamp the install, and stand for the walk.

In a checkout or an editable install (the data beside the package) `stamp` is None and a cache
keeps its walk: there the files change while one works.  A file edited by hand inside an
installed copy is not noticed (reinstall after such an edit, or run from a checkout).
"""

from __future__ import annotations

import os
from pathlib import Path

from adjudicator import paths


def stamp() -> str | None:
    """"path|size|mtime_ns|inode" of the installed package's ``__init__.py``, or None when the
    package runs from a checkout (its data is not inside it) or the file cannot be read."""
    package = paths.PACKAGE
    if Path(paths.DATA_ROOT) != Path(package) / "_data":
        return None
    try:
        found = os.stat(os.path.join(package, "__init__.py"))
    except OSError:
        return None
    return f"{package}|{found.st_size}|{found.st_mtime_ns}|{found.st_ino}"


def stamps_or(walk) -> list[tuple[str, int, int]]:
    """The (path, size, time) stamps a cache is keyed on: in an installed copy its install
    stamp alone (one stat), in a checkout ``walk()`` (the files' own)."""
    found = stamp()
    return [(f"installed|{found}", 0, 0)] if found is not None else walk()


def inside(path) -> bool:
    """Whether ``path`` is a file of the installed package (its code or its data): a file that
    does not change after install, which the install's stamp stands for."""
    return stamp() is not None and os.path.abspath(path).startswith(os.path.join(str(paths.PACKAGE), ""))
