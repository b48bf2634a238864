"""What a named card does, from the card library, when the documents shown do not say.

A player's question often names a card and asks what follows from its text ("Hill Troll hits
my undefended hero for more than his hit points, what happens?"): the documents hold the
rules it touches, but no record says what the card itself does, since the card's text is not
in them.  The project's LOTR card library (``rules_db/lotr/cards/abilities/``) holds each
card's abilities as values, with our one-line paraphrase (``says``) of each.  `ask` shows
that paraphrase with the answer, labelled as the library's and with the card's reference
and the library's file and line, when:

- the question names the card as its subject (not only as an example: "cards like X"), and
  names at most ``SHOWN_AT_MOST`` cards so (a question naming three heroes and an attachment
  asks about their combination, or names the heroes only as the scene);
- the library holds the card whole: every ability of it is in the grammar (a card with an
  ``unwritten:`` ability is held only in part, and is not shown as if whole);
- none of the records the answer shows names the card (its title or text, or its reference
  under another spelling: "Dungeon Jailer (CORE 101)" for Dungeon Jailor): then the
  documents' answer does not say what the card does, and the library is the only place
  the project holds it.

The table (name key -> the card's name, reference, abilities, file and line) is derived from
the library once and kept in the cache folder (``yamlio.derived_from``; in an installed copy
keyed by the install's stamp), so a question reads one small file and imports no grammar.
METW and MEQ have no ability library: nothing is shown for their cards.
"""

from __future__ import annotations

import os

SHOWN_AT_MOST = 2  # cards a question names as its subject and the answer shows the abilities of

_table: dict | None = None


def _stamps() -> list[tuple[str, int, int]]:
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import stamps_under

    out = stamps_under(str(RULES_DB / "lotr" / "cards"), ".yaml")
    stat = os.stat(__file__)
    out.append((os.path.abspath(__file__), stat.st_size, stat.st_mtime_ns))
    return out


def table() -> dict[str, list]:
    """{card name key: [name, reference, [[kind, says], ...], library file, line]} for every
    card the library holds whole, by each of its names' keys."""
    global _table
    if _table is None:
        from adjudicator.installed import stamps_or
        from adjudicator.yamlio import derived_from

        _table = derived_from("card-abilities", stamps_or(_stamps), build)
    return _table


def build() -> dict[str, list]:
    from adjudicator.kb.names import name_key
    from adjudicator.lotr.abilities.load import LIBRARY_DIR, parse_library, read_text
    from adjudicator.lotr.card_lookup import card_names, card_ref, figures

    refs: dict[str, str] = {}
    for card in figures():
        ref = card_ref(card)
        for name in card_names(card):
            if ref:
                refs.setdefault(name_key(name), ref)
    out: dict[str, list] = {}
    for path in sorted(LIBRARY_DIR.glob("*.yaml")):
        for entry in parse_library(read_text(path), str(path), "errata").values():
            if entry.unwritten or not entry.abilities or any(not a.says for a in entry.abilities):
                continue  # held in part (or with an ability it does not paraphrase): not shown as whole
            key = name_key(entry.name)
            row = [entry.name, refs.get(key, ""), [[a.kind, a.says] for a in entry.abilities],
                   f"rules_db/lotr/cards/abilities/{path.name}", entry.line]
            out.setdefault(key, row)
    return out


def shown_with(entities: list, records: list, game: str) -> list[dict]:
    """The library's abilities of the cards the question names as its subject that none of
    ``records`` (the answer's) names, as the answer shows them."""
    if game != "lotr":
        return []
    cards = [e for e in entities if e.kind == "card" and e.game == game and not e.example]
    if not cards or len({e.key for e in cards}) > SHOWN_AT_MOST:
        return []  # none, or so many that they set the scene or make a combination
    from adjudicator.kb.names import name_key

    held = table()
    texts = [" " + name_key(f"{r.title} {r.text}") + " " for r in records]
    refs = {code for r in records for code in (r.data.get("card_names") or {})}  # "Dungeon Jailer (CORE 101)"
    out: list[dict] = []
    for entity in cards:
        row = held.get(entity.key) or held.get(name_key(entity.name))
        if row is None or any(d["card"] == row[0] for d in out):
            continue
        keys = {entity.key, name_key(entity.name), name_key(row[0])} - {""}
        if row[1] in refs or any(f" {k} " in text for k in keys for text in texts):
            continue  # a record shown names it (or its reference): the documents' answer speaks of the card
        name, ref, abilities, path, line = row
        out.append({"card": name, "set_ref": ref, "abilities": [{"kind": k, "says": s} for k, s in abilities],
                    "source": path, "line": line, "command": f"adjudicator card {_quoted(name)}"})
        if len(out) >= SHOWN_AT_MOST:
            break
    return out


def _quoted(name: str) -> str:
    """A name as a shell word: in double quotes ("Celebrían's Stone"), or shlex's quoting for
    a name holding a character double quotes do not keep as typed."""
    if not any(ch in name for ch in '"$`\\!'):
        return f'"{name}"'
    import shlex

    return shlex.quote(name)
