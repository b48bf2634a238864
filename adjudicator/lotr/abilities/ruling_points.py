"""A card's own rulings, cited where the engine applies the rule each rests on.

The card data lists the FAQ rulings about an ability (``rulings:``); the replay never
stamps them on every step the ability causes.  Each ruling's row in the rulings table
(``faq/rulings.yaml``, ``faq/companion.yaml``) names the records it rests on
(``authority``).  Where the engine applies one of those records to the ability (Pelennor
Fields' "this copy": Self-referential Abilities, FAQ 1.31), the ability's ruling on that
point (FAQ Q33) is cited beside it, and nowhere else.
"""

from __future__ import annotations

from functools import lru_cache

from adjudicator.lotr.abilities.model import Ability
from adjudicator.paths import FAQ_TABLE
from adjudicator.yamlio import load_yaml


@lru_cache(maxsize=1)
def _rests_on() -> dict[str, frozenset[str]]:
    """Each ruling's id -> the records it rests on (its row's ``authority``)."""
    out: dict[str, frozenset[str]] = {}
    for name in ("rulings.yaml", "companion.yaml"):
        path = FAQ_TABLE / name
        if not path.is_file():
            continue
        for row in (load_yaml(path) or {}).get("rulings") or ():
            if row.get("authority"):
                out[row["ruling"]] = frozenset(row["authority"])
    return out


def on_point(ability: Ability, applied: tuple[str, ...]) -> tuple[str, ...]:
    """The rulings of ``ability`` that rest on one of the records ``applied`` here."""
    if not ability.rulings or not applied:
        return ()
    table = _rests_on()
    return tuple(rid for rid in ability.rulings if table.get(rid, frozenset()) & set(applied))

