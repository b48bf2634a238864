"""Regular expressions compiled on first use.

A fresh `ask` process pays for every pattern a module compiles at import, though one question
uses about half of them (a Q&A's own "No." needs none of the polarity patterns); a `Lazy`
pattern is compiled, once, by its first search.
"""

from __future__ import annotations

import re


class Lazy:
    """A pattern with the methods `ask` uses, compiled when one of them is first called."""

    __slots__ = ("source", "flags", "_compiled")

    def __init__(self, source: str, flags: int = 0) -> None:
        self.source, self.flags, self._compiled = source, flags, None

    def compiled(self) -> re.Pattern:
        if self._compiled is None:
            self._compiled = re.compile(self.source, self.flags)
        return self._compiled

    def search(self, *args):
        return self.compiled().search(*args)

    def match(self, *args):
        return self.compiled().match(*args)

    def fullmatch(self, *args):
        return self.compiled().fullmatch(*args)

    def finditer(self, *args):
        return self.compiled().finditer(*args)

    def findall(self, *args):
        return self.compiled().findall(*args)

    def sub(self, *args):
        return self.compiled().sub(*args)

    def split(self, *args):
        return self.compiled().split(*args)
