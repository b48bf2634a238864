"""Replacement effects ("instead"; Rules Reference: Replacement Effects).

A replacement is initiated in answer to an occurrence that is about to happen ("when ...
would ...").  After every response to that occurrence has resolved, the occurrence itself
resolves -- as the replacement, instead of the usual way.  With several replacements for
one occurrence, the most recent one is used.
"""

from __future__ import annotations

from typing import Callable

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.ability_events import Replaced
from adjudicator.lotr.abilities.effects import Cause


def resolve_occurrence(r, occurrence: str, usual: Callable[[], object],
                       replacements: list[tuple[Cause, Callable[[], object]]]) -> object:
    """Resolve ``occurrence``: the usual way, or as the most recent replacement."""
    if not replacements:
        return usual()
    cause, do = replacements[-1]
    superseded = tuple(c.label for c, _ in replacements[:-1])
    r.emit(Replaced(occurrence=occurrence, superseded=superseded, cause=cause), (C.REPLACEMENT,) + cause.rules)
    return do()
