"""Regular expressions for `ask`: compiled on first use (`Lazy`) or at import (`regex`), both
from the programs kept in the cache folder (`adjudicator.compiled`, which says why).

A fresh `ask` process pays for every pattern a module compiles at import, though one question
uses about half of them (a Q&A's own "No." needs none of the polarity patterns); a `Lazy`
pattern is compiled, once, by its first search.
"""

from __future__ import annotations

from adjudicator.compiled import Lazy, regex

__all__ = ["Lazy", "regex"]
