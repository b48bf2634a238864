"""The standard library's `inspect`, executed when something first uses it rather than
when `dataclasses` imports it.

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


def defer_inspect() -> None:
    """Import `inspect` on its first use (nothing happens when it is imported already)."""
    if "inspect" in sys.modules:
        return
    from importlib.util import find_spec, module_from_spec

    spec = find_spec("inspect")
    if spec is None or not hasattr(spec.loader, "exec_module"):
        return
    module = module_from_spec(spec)
    module.__class__ = _Deferred
    sys.modules["inspect"] = module
