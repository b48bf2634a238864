"""The record store: one SQLite file per build.

Written with sqlite-utils (schema, bulk inserts, indexes); read with the standard
library's sqlite3, which imports in a few milliseconds, so that lookups stay instant.

Tables: ``documents``, ``records`` (one row per record; list and dict fields as JSON),
``names`` (every name a record answers to, normalised, for forgiving lookups),
``links`` (typed edges, both directions queryable), ``card_refs`` (record -> card), ``meta``.

The record model (`adjudicator.kb.records`) is imported when a row is first made a record:
`Store.titles` (the titles a replay cites) reads without it.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from .names import casefold_unaccented, name_key

TYPE_CHECKING = False  # typing's, without importing typing at every lookup's start (annotations only)
if TYPE_CHECKING:
    from typing import Any, Iterable

    from .records import Record

JSON_FIELDS = ("path", "blocks", "aliases", "links", "cards", "also_in", "notes", "data")
# the columns a record is made from (`_record`): not its text nor its folded copy (both made from
# its blocks when stored), each as long as the record, which `select *` decoded for nothing
RECORD = ", ".join(("id", "game", "kind", "title", "doc", "line_start", "line_end", "authority", "summary",
                    *JSON_FIELDS))


def _row(record: Record) -> dict[str, Any]:
    d = record.to_dict()
    row = {
        "id": record.id,
        "game": record.game,
        "kind": record.kind.value,
        "title": record.title,
        "doc": record.span.doc,
        "line_start": record.span.start,
        "line_end": record.span.end,
        "authority": record.authority.value,
        "summary": record.summary,
        "text": record.text,
        "folded": casefold_unaccented(record.title + "\n" + record.text + "\n" + " ".join(record.aliases)),
    }
    for name in JSON_FIELDS:
        row[name] = json.dumps(d[name], ensure_ascii=False)
    return row


def write_store(path: Path, records: list[Record], documents: list[dict], progress=None) -> None:
    import sqlite_utils

    db = sqlite_utils.Database(path)
    db.conn.execute("PRAGMA journal_mode=OFF")
    db.conn.execute("PRAGMA synchronous=OFF")
    db["documents"].insert_all(documents, pk="key")
    db["records"].insert_all((_row(r) for r in records), pk="id")
    db["records"].create_index(["kind"])
    db["records"].create_index(["game"])
    if progress:
        progress("storing", 1, 3)
    names = []
    for record in records:
        seen = set()
        for weight, name in [(0, record.title), *((1, a) for a in record.aliases)]:
            key = name_key(name)
            if key and key not in seen:
                seen.add(key)
                names.append({"key": key, "name": name, "id": record.id, "weight": weight, "kind": record.kind.value,
                              "game": record.game})
        for old in record.data.get("merged_ids", []):
            names.append({"key": "id:" + old, "name": old, "id": record.id, "weight": 2, "kind": record.kind.value,
                          "game": record.game})
    db["names"].insert_all(names)
    db["names"].create_index(["key"])
    db["links"].insert_all(
        ({"source": r.id, "rel": l.rel, "target": l.target, "note": l.note} for r in records for l in r.links)
    )
    db["links"].create_index(["source"])
    db["links"].create_index(["target"])
    db["card_refs"].insert_all(({"id": r.id, "card": c} for r in records for c in r.cards))
    if progress:
        progress("storing", 3, 3)
    db.conn.commit()
    db.conn.close()


def _record(row: sqlite3.Row) -> Record:
    from .records import Block, Link, Record, Span

    loads = dict(zip(JSON_FIELDS, json.loads(f"[{','.join(row[name] for name in JSON_FIELDS)}]")))  # one parse, not 8
    record = Record(
        id=row["id"],
        game=row["game"],
        kind=row["kind"],
        title=row["title"],
        span=Span(row["doc"], row["line_start"], row["line_end"]),
        authority=row["authority"],
        path=loads["path"],
        blocks=[Block(**b) for b in loads["blocks"]],
        summary=row["summary"],
        aliases=loads["aliases"],
        links=[Link(**l) for l in loads["links"]],
        cards=loads["cards"],
        also_in=[Span(**s) for s in loads["also_in"]],
        notes=loads["notes"],
        data=loads["data"],
    )
    return record


def _filtered(sql: str, args: list, kinds: tuple[str, ...], game: str | None) -> tuple[str, list]:
    """Add kind and game conditions to a names query."""
    if kinds:
        sql += f" and kind in ({','.join('?' * len(kinds))})"
        args = [*args, *kinds]
    if game:
        sql += " and game = ?"
        args = [*args, game]
    return sql, args


class Store:
    """Read access to one built knowledge base."""

    def __init__(self, path: Path):
        self.path = path
        self.conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self.conn.row_factory = sqlite3.Row
        self._names: dict = {}

    def close(self) -> None:
        self.conn.close()

    def get(self, rid: str) -> Record | None:
        row = self.conn.execute(f"select {RECORD} from records where id = ?", (rid,)).fetchone()
        return _record(row) if row else None

    def get_many(self, ids: Iterable[str]) -> list[Record]:
        ids = list(dict.fromkeys(ids))
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        rows = {r["id"]: r for r in self.conn.execute(f"select {RECORD} from records where id in ({marks})", ids)}
        return [_record(rows[i]) for i in ids if i in rows]

    def titles(self, ids: Iterable[str]) -> dict[str, str]:
        """The title of each of ``ids`` that is a record (the others are left out)."""
        ids = list(dict.fromkeys(ids))
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        return {r[0]: r[1] for r in self.conn.execute(f"select id, title from records where id in ({marks})", ids)}

    def exists(self, rid: str) -> bool:
        return self.conn.execute("select 1 from records where id = ?", (rid,)).fetchone() is not None

    def ids(self) -> set[str]:
        return {r[0] for r in self.conn.execute("select id from records")}

    def records(self):
        """Every record, in the order they were stored."""
        return (_record(row) for row in self.conn.execute(f"select {RECORD} from records order by rowid"))

    def by_kind(self, kind: str, game: str | None = None) -> list[Record]:
        sql, args = f"select {RECORD} from records where kind = ?", [kind]
        if game:
            sql += " and game = ?"
            args.append(game)
        return [_record(r) for r in self.conn.execute(sql + " order by rowid", args)]

    def exact_name(self, key: str, kinds: tuple[str, ...] = (), game: str | None = None) -> list[tuple[str, str, str, int]]:
        """The names whose key is exactly ``key`` (an indexed look-up)."""
        sql, args = _filtered("select key, name, id, weight from names where key = ?", [key], kinds, game)
        return [tuple(r) for r in self.conn.execute(sql + " order by weight", args)]

    def names(self, kinds: tuple[str, ...] = (), game: str | None = None) -> list[tuple[str, str, str, int]]:
        """(key, printed name, record id, weight) for every name, optionally by kind and game."""
        cache_key = (kinds, game)
        if cache_key not in self._names:
            self._names[cache_key] = self._load_names(kinds, game)
        return self._names[cache_key]

    def _load_names(self, kinds: tuple[str, ...], game: str | None) -> list[tuple[str, str, str, int]]:
        sql, args = _filtered("select key, name, id, weight from names where key not like 'id:%'", [], kinds, game)
        return [tuple(r) for r in self.conn.execute(sql, args)]

    def merged_alias(self, rid: str) -> str | None:
        row = self.conn.execute("select id from names where key = ?", ("id:" + rid,)).fetchone()
        return row[0] if row else None

    def links_to(self, rid: str, rel: str | None = None) -> list[tuple[str, str]]:
        sql, args = "select source, rel from links where target = ?", [rid]
        if rel:
            sql += " and rel = ?"
            args.append(rel)
        return [tuple(r) for r in self.conn.execute(sql, args)]

    def records_with_card(self, ref: str) -> list[str]:
        return [r[0] for r in self.conn.execute("select id from card_refs where card = ?", (ref,))]

    def documents(self) -> list[dict]:
        return [dict(r) for r in self.conn.execute("select * from documents")]

    def counts(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for doc, kind, n in self.conn.execute("select doc, kind, count(*) from records group by doc, kind"):
            out.setdefault(doc, {})[kind] = n
        return out

    def search_text(self, needle: str, kinds: tuple[str, ...] = ()) -> list[Record]:
        """Records whose title, text or names contain ``needle`` (case and accents folded)."""
        sql, args = f"select {RECORD} from records where folded like ?", [f"%{casefold_unaccented(needle)}%"]
        if kinds:
            sql += f" and kind in ({','.join('?' * len(kinds))})"
            args += list(kinds)
        return [_record(r) for r in self.conn.execute(sql + " order by rowid", args)]
