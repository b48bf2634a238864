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
def _rows() -> tuple[dict, ...]:
    rows: list[dict] = []
    for name in ("rulings.yaml", "companion.yaml"):
        path = FAQ_TABLE / name
        if path.is_file():
            rows.extend((load_yaml(path) or {}).get("rulings") or ())
    return tuple(rows)


@lru_cache(maxsize=1)
def _rests_on() -> dict[str, frozenset[str]]:
    """Each ruling's id -> the records it rests on (its row's ``authority``)."""
    return {row["ruling"]: frozenset(row["authority"]) for row in _rows() if row.get("authority")}


@lru_cache(maxsize=1)
def _about_one_card() -> dict[str, tuple[str, ...]]:
    """A card's name -> the rulings whose rows name that card alone (``cards``): rulings about it."""
    out: dict[str, tuple[str, ...]] = {}
    for row in _rows():
        cards = row.get("cards") or ()
        if len(cards) == 1 and row.get("authority"):
            out[cards[0]] = out.get(cards[0], ()) + (row["ruling"],)
    return out


def about_card(name: str, applied: tuple[str, ...]) -> tuple[str, ...]:
    """The rulings about the card ``name`` alone that rest on one of the records ``applied``
    where a rule meets that card (an objective-ally destroyed: the encounter discard pile)."""
    table = _rests_on()
    return tuple(rid for rid in _about_one_card().get(name, ()) if table[rid] & set(applied))


def on_point(ability: Ability, applied: tuple[str, ...]) -> tuple[str, ...]:
    """The rulings of ``ability`` that rest on one of the records ``applied`` here."""
    if not ability.rulings or not applied:
        return ()
    table = _rests_on()
    return tuple(rid for rid in ability.rulings if table.get(rid, frozenset()) & set(applied))

