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
