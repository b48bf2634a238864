"""Where the project's own data lives: ``rules_db/``, ``scenarios/`` and ``faq/``.

In a checkout (and an editable install) they are the folders at the top of the
repository, next to the package.  A built wheel (pip, pipx, ``uv tool install``)
carries copies of them inside the package as ``adjudicator/_data/`` (setup.py puts
them there).  Every module finds them through the names below, never through its own
``__file__``.

`cache_dir` is the user's cache folder (``ADJUDICATOR_CACHE`` overrides it): the built
knowledge bases and the parsed project data live there.
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def _data_root() -> Path:
    bundled = PACKAGE / "_data"
    if (bundled / "rules_db").is_dir():
        return bundled
    return PACKAGE.parent  # a checkout: the folders beside the package


DATA_ROOT = _data_root()
REPO = PACKAGE.parent  # the checkout (or site-packages in an installed copy)
RULES_DB = DATA_ROOT / "rules_db"
SCENARIOS = DATA_ROOT / "scenarios"
FAQ_TABLE = DATA_ROOT / "faq"

CACHE_ENV = "ADJUDICATOR_CACHE"


def cache_dir() -> Path:
    """The user's cache folder: ``ADJUDICATOR_CACHE``, else the platform's."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    import platformdirs

    return Path(platformdirs.user_cache_dir("adjudicator", appauthor=False))


# The project's data folders (their files are named by their path from DATA_ROOT:
# "scenarios/lotr/travel.yaml"), the way commands print them.
DATA_FOLDERS = ("rules_db", "scenarios", "faq")


def project_name(path: Path, root: Path | None = None) -> str:
    """A file of the project's data by its project-relative name ("scenarios/lotr/x.yaml"),
    the same in a checkout and in an installed copy (``adjudicator/_data/``); any other path
    as it is.  ``root``: the data root (DATA_ROOT)."""
    try:
        return Path(path).resolve().relative_to(Path(root or DATA_ROOT).resolve()).as_posix()
    except ValueError:
        return str(path)


def packaged(name: str) -> Path | None:
    """The packaged data file a project-relative name names ("scenarios/lotr/x.yaml" ->
    DATA_ROOT/scenarios/lotr/x.yaml), or None when the name is not one or no such file is
    packaged."""
    parts = Path(name).parts
    if not parts or Path(name).is_absolute() or parts[0] not in DATA_FOLDERS or ".." in parts:
        return None
    found = DATA_ROOT.joinpath(*parts)
    return found if found.is_file() else None
