"""Importing Whoosh without the parts of it this project never uses.

A search process must start fast, and about 90 ms of Whoosh's import time goes on modules
that searching never touches:

- ``whoosh.lang.morph_en`` (imported by ``whoosh.query`` for its Variations query) compiles
  large regular expressions (~50 ms): a stand-in loads the real module the first time its
  ``variations`` is called;
- ``whoosh.compat`` imports ``urllib.request`` (and with it http and email, ~25 ms) for a
  download helper: a stand-in offers that helper and loads the real module if it is called,
  and is removed once Whoosh is imported, so any later ``import urllib.request`` gets the
  real one;
- ``whoosh.reading`` takes ``cached_property`` from the backport package, which imports
  asyncio (~25 ms) for coroutine support Whoosh does not use: the standard library's
  ``functools.cached_property`` does the same for a plain method (the value is stored in
  the instance's ``__dict__``).

Call ``prepare()`` before the first Whoosh import.
"""

from __future__ import annotations

import functools
import sys
import types

_done = False


def _morphology() -> types.ModuleType:
    name = "whoosh.lang.morph_en"
    module = types.ModuleType(name)

    def variations(word):
        import importlib

        del sys.modules[name]
        return importlib.import_module(name).variations(word)

    module.variations = variations
    return module


def _url_request() -> types.ModuleType:
    module = types.ModuleType("urllib.request")

    def urlretrieve(*args, **kwargs):
        sys.modules.pop("urllib.request", None)
        import urllib.request as real

        return real.urlretrieve(*args, **kwargs)

    module.urlretrieve = urlretrieve
    return module


def _cached_property() -> types.ModuleType:
    module = types.ModuleType("cached_property")
    module.cached_property = functools.cached_property
    return module


def prepare() -> None:
    """Stand in for the unused modules, import Whoosh's core, then withdraw the temporary ones."""
    global _done
    if _done or "whoosh.index" in sys.modules:
        _done = True
        return
    lasting = {"whoosh.lang.morph_en": _morphology}
    temporary = {"urllib.request": _url_request, "cached_property": _cached_property}
    placed = {}
    for name, make in {**lasting, **temporary}.items():
        if name not in sys.modules:
            placed[name] = sys.modules[name] = make()
    try:
        import whoosh.index  # noqa: F401
        import whoosh.query  # noqa: F401
        import whoosh.reading  # noqa: F401
    finally:
        for name in temporary:
            if name in placed and sys.modules.get(name) is placed[name]:
                del sys.modules[name]
    _done = True
