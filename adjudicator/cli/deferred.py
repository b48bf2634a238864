"""Standard-library modules every command imports but few use (``DEFERRED``: `inspect`,
`ipaddress`), executed when something first uses them rather than when they are imported.

`inspect` brings `ast`, `dis` and `tokenize` with it: some 5 ms of every command's start-up,
a quarter of a bare Python's.  `dataclasses` imports it only to write a docstring for a
class that has none (``Name(field: type, ...)``, from `inspect.signature`), so a command
whose dataclasses all have a docstring never needs it.  `defer_inspect` puts a module in
`sys.modules` that is `inspect` in name and spec, and runs its code at the first attribute
asked of it that it does not have yet; from then on it is the real module.
(`importlib.util.LazyLoader` cannot be used: on Python 3.11 an ``import inspect`` of a
module already in `sys.modules` reads its ``__spec__``, which makes LazyLoader load it.)
"""

from __future__ import annotations

import sys
import types


class _Deferred(types.ModuleType):
    """A module whose code runs when an attribute it lacks is first asked for."""

    def __getattr__(self, name: str):
        spec = self.__spec__
        self.__class__ = types.ModuleType  # asked once: from now on a plain module
        spec.loader.exec_module(self)
        return getattr(self, name)


# What the program defers: `inspect` (above), and `ipaddress`, which `urllib.parse` imports
# (for `pathlib`'s ``as_uri``) to check a bracketed host in a URL, which no lookup parses: a
# millisecond of every command's start-up.
DEFERRED = ("inspect", "ipaddress")


def defer_inspect() -> None:
    """Import `inspect` and `ipaddress` (``DEFERRED``) on their first use (nothing happens to one
    imported already)."""
    from importlib.machinery import PathFinder, SourceFileLoader, SourcelessFileLoader

    for name in DEFERRED:
        if name in sys.modules:
            continue
        spec = PathFinder.find_spec(name)  # a module of the standard library's folder
        if spec is None or not isinstance(spec.loader, (SourceFileLoader, SourcelessFileLoader)):
            continue
        module = _Deferred(name)  # what importlib.util.module_from_spec makes of it (without importing
        module.__spec__, module.__loader__ = spec, spec.loader  # importlib.util, and contextlib with it)
        module.__package__, module.__file__, module.__cached__ = spec.parent, spec.origin, spec.cached
        sys.modules[name] = module
