"""`card` for the games without a card library page: a METW or MEQ card is shown by the
figures the project holds for it (``rules_db/metw/cards.yaml``) and the records of its game
that name it, each cited.  `card` without --game uses this when the name is not a LOTR card
but another game's (``game_detection``)."""

from __future__ import annotations

from adjudicator.errors import NotFound


def other_game_cards(kb, name: str) -> list[tuple[str, str]]:
    """(game, printed name) of the METW and MEQ cards and names ``name`` is."""
    from adjudicator.kb.names import name_key

    from .game_detection import linker_for

    entries = linker_for(kb).by_key.get(name_key(name), [])
    return [(e[3], e[0]) for e in entries if e[3] != "lotr" and e[2] in ("card", "term", "glossary")]


def card_in_game(kb, name: str, game: str) -> dict:
    """The card's figures (when the project has them) and the records of ``game`` naming it."""
    from adjudicator.kb.names import best_matches, name_key

    from .game_detection import linker_for

    linker = linker_for(kb)
    names = [(key, entries[0][0], key, 0) for key, entries in linker.by_key.items()
             if any(e[3] == game and e[2] in ("card", "term") for e in entries)]
    matches = best_matches(name, names, limit=3)
    printed = matches[0].name if matches and matches[0].score >= 0.8 else name
    records = [r for r in kb.store.search_text(printed) if r.game == game]
    figures = _figures(printed) if game == "metw" else None
    if not records and figures is None:
        raise NotFound(f"no {game.upper()} card or record names {name!r}",
                       [m.name for m in matches[:3] if m.score >= 0.5])
    order = {"clarification": 0, "ruling": 1, "glossary": 2, "rule": 3, "example": 4}
    records.sort(key=lambda r: (order.get(r.kind.value, 5), r.span.start))
    return {"name": printed, "typed": name, "corrected": name_key(printed) != name_key(name), "game": game,
            "figures": figures, "records": records}


def _figures(name: str) -> dict | None:
    from adjudicator.kb.names import name_key
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import load_yaml

    path = RULES_DB / "metw" / "cards.yaml"
    if not path.exists():
        return None
    key = name_key(name)
    for group, cards in (load_yaml(path) or {}).items():
        if not isinstance(cards, dict):
            continue
        for card, values in cards.items():
            if name_key(card) == key or name_key(card.rsplit(" ", 1)[0]) == key and card.endswith((" II", " III")):
                return {"name": card, "group": group, **(values or {}), "file": "rules_db/metw/cards.yaml"}
    return None
