"""Cards a question names that adjudicator knows by name only.

LOTR's list of card names (``rules_db/lotr/card_names.yaml``: names, types and packs, no text)
lets a question's card be recognised even when no record of the documents names it and the card
library holds neither its figures nor its abilities.  The answer then says so in one note: the
records shown give the general rules, and the card's own text, which adjudicator does not have,
may change the answer.  A card any record names (a Q&A's, an erratum's) is not one of these.

The listed cards the library does not hold are computed once and kept in the cache
(``yamlio.derived_from``, keyed on the card files); a question naming none costs nothing more.
"""

from __future__ import annotations

import os

_LISTED: dict | None = None


def _stamps() -> list[tuple[str, int, int]]:
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import stamps_under

    out = stamps_under(str(RULES_DB / "lotr" / "cards"), ".yaml")
    for path in (str(RULES_DB / "lotr" / "card_names.yaml"), os.path.abspath(__file__)):
        if os.path.exists(path):
            stat = os.stat(path)
            out.append((path, stat.st_size, stat.st_mtime_ns))
    return out


def _build() -> dict[str, list]:
    """{name key: [name, type, pack]} of the listed cards whose figures and abilities the card
    library does not hold."""
    from adjudicator.kb.names import name_key
    from adjudicator.lotr.card_lookup import card_names, figures, listed_cards

    from .card_ability import table

    held = set(table()) | {name_key(n) for card in figures() for n in card_names(card)}
    out: dict[str, list] = {}
    for name, kind, pack in listed_cards():
        if name_key(name) not in held:
            out.setdefault(name_key(name), [name, kind, pack])
    return out


def listed_only() -> dict[str, list]:
    global _LISTED
    if _LISTED is None:
        from adjudicator.installed import stamps_or
        from adjudicator.yamlio import derived_from

        _LISTED = derived_from("cards-listed-only", stamps_or(_stamps), _build)
    return _LISTED


def known_by_name_only(kb, entities: list, game: str) -> list[list]:
    """[name, type, pack] of each card the question names as its subject (at most two) that only
    the list of card names holds: no record names it, the card library holds nothing of it."""
    if game != "lotr":
        return []
    cards = [e for e in entities if e.kind == "card" and e.game == game and not e.example and not e.record]
    if not cards:
        return []
    listed = listed_only()
    out: list[list] = []
    for entity in cards:
        row = listed.get(entity.key)
        if row is None or row in out or kb.store.search_text(row[0]):
            continue
        out.append(row)
    return out[:2]


def note(row: list) -> str:
    name, kind, pack = row
    return (f"{name} ({kind}, pack {pack}) is known here by name only: no record names it and the card library "
            "does not hold it, so the records shown give the general rules; the card's own text may change the answer")
