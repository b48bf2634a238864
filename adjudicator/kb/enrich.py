"""What the build adds to parsed records from the project's own data (rules_db):

- merges: a record a parser marked ``data["merge_into"] = id`` (the same entry in a second
  document) is folded into that record: one entry, two sources;
- duplicates: a record whose span lies inside another record's span of the same document
  and whose text is the same (a term defined by a whole paragraph that is also a note or a
  section) is folded into the enclosing record, its title kept as an alias and its id as a
  merged id, so that citations of it still resolve; a record inside another's span that
  says more than it is kept, with ``data["within"]`` naming the enclosing record;
- summaries: one line per record in our own words (``rules_db/<game>/summaries/*.yaml``);
- divergences: where two documents disagree, both records link to each other and say so
  (``rules_db/<game>/divergences.yaml``);
- precedence: each record's rank in the order the documents give (``rules_db/<game>/precedence.yaml``);
- "touches" links from FAQ records to the glossary entries they are about.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from adjudicator.yamlio import load_yaml

from adjudicator.paths import RULES_DB

from .records import Kind, Link, Record
from .spans import comparable, nested

TOUCHING_KINDS = {Kind.CLARIFICATION, Kind.QA, Kind.ERRATA, Kind.RULING}


def enrich(records: list[Record]) -> list[Record]:
    _mark_duplicates(records)
    records[:] = _merge(records)
    _mark_nesting(records)
    by_id = {r.id: r for r in records}
    for rid, summary in load_summaries().items():
        if rid in by_id:
            by_id[rid].summary = summary
    for rid, names in load_synonym_names().items():
        if rid in by_id:
            record = by_id[rid]
            record.aliases.extend(n for n in names if n not in record.aliases and n != record.title)
    _divergences(by_id)
    _precedence(records)
    _touches(records, by_id)
    _extra_links(by_id)
    return records


def _mark_duplicates(records: list[Record]) -> None:
    """Mark each record that repeats the text of an enclosing record of its document for a
    merge into it (the enclosing record is the one the document is organised by and the
    engines cite; the inner one is usually a term found in it)."""
    for inner, outer in nested([r for r in records if "merge_into" not in r.data]):
        if inner.blocks and comparable(inner.text) == comparable(outer.text):
            inner.data["merge_into"] = outer.id
            inner.data["duplicate_of"] = outer.id


def _mark_nesting(records: list[Record]) -> None:
    """``data["within"]``: the smallest record of the same document whose span holds this
    record's span (a step within its procedure, a clarification within its section), so
    that an answer can show the two as one."""
    for inner, outer in nested(records):
        inner.data["within"] = outer.id


def _merge(records: list[Record]) -> list[Record]:
    by_id = {r.id: r for r in records}
    kept = []
    for record in records:
        target_id = record.data.get("merge_into")
        target = by_id.get(target_id) if target_id else None
        if target is None or target is record:
            record.data.pop("merge_into", None)
            kept.append(record)
            continue
        same_place = record.span.doc == target.span.doc and target.span.start <= record.span.start \
            and record.span.end <= target.span.end
        if not same_place:
            target.also_in.append(record.span)
        target.also_in.extend(record.also_in)
        if not target.summary:
            target.summary = record.summary
        target.notes.extend(record.notes)
        target.aliases.extend(a for a in [record.title, *record.aliases] if a not in target.aliases and a != target.title)
        target.cards.extend(c for c in record.cards if c not in target.cards)
        target.links.extend(record.links)
        target.data.setdefault("merged_ids", []).append(record.id)
        target.data.setdefault("merged", []).append(
            {"id": record.id, "doc": record.span.doc, "title": record.title, "authority": record.authority.value}
        )
    return kept


def _yaml_files(kind: str) -> list[Path]:
    return sorted(RULES_DB.glob(f"*/{kind}/*.yaml")) + sorted(RULES_DB.glob(f"*/{kind}.yaml"))


@lru_cache(maxsize=1)
def load_summaries() -> dict[str, str]:
    summaries: dict[str, str] = {}
    for path in _yaml_files("summaries"):
        data = load_yaml(path) or {}
        for rid, text in data.items():
            summaries[str(rid)] = " ".join(str(text).split())
    return summaries


@lru_cache(maxsize=1)
def load_synonym_names() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in sorted(RULES_DB.glob("*/synonyms.yaml")):
        data = load_yaml(path) or {}
        for rid, names in (data.get("names") or {}).items():
            out.setdefault(str(rid), []).extend(str(n) for n in names)
    return out


def _load(name: str) -> list[dict]:
    out: list[dict] = []
    for path in sorted(RULES_DB.glob(f"*/{name}.yaml")):
        data = load_yaml(path) or {}
        out.extend(data.get("entries", []))
    return out


def _divergences(by_id: dict[str, Record]) -> None:
    for entry in _load("divergences"):
        ids = [i for i in entry.get("records", []) if i in by_id]
        for rid in ids:
            record = by_id[rid]
            for other in ids:
                if other != rid:
                    record.links.append(Link("diverges", other, entry.get("topic", "")))
            record.data.setdefault("divergences", []).append(
                {"topic": entry.get("topic", ""), "with": [i for i in ids if i != rid],
                 "relation": entry.get("relation", "differs"),
                 "assessment": entry.get("assessment", ""), "applied": entry.get("applied", "")}
            )


@lru_cache(maxsize=1)
def precedence_tiers() -> list[dict]:
    tiers: list[dict] = []
    for path in sorted(RULES_DB.glob("*/precedence.yaml")):
        data = load_yaml(path) or {}
        tiers.extend(data.get("tiers", []))
    return tiers


def _precedence(records: list[Record]) -> None:
    tiers = precedence_tiers()
    for record in records:
        for tier in tiers:
            if record.span.doc in tier.get("docs", []) and (
                not tier.get("kinds") or record.kind.value in tier["kinds"]
            ) and (not tier.get("authority") or record.authority.value == tier["authority"]):
                record.data["precedence"] = {"rank": tier["rank"], "tier": tier["name"]}
                break


class _Names:
    """The glossary names of one game, compiled into three alternations.

    A name of two or more words matches anywhere (case-insensitive); a one-word name only
    where the text capitalises it mid-sentence or puts it in quotes, so that ordinary words
    ("then", "may", "cost") do not link every answer to those entries.
    """

    def __init__(self, records: list[Record]):
        stop = set(_stop_names())
        self.ids: dict[str, str] = {}
        multi, single = set(), set()
        for record in records:
            for name in dict.fromkeys((record.title, *record.aliases)):  # the title first: the same link on every build
                bare = " ".join(name.replace('"', "").split())
                key = bare.lower()
                if not bare or key in stop or len(bare) < 3 or key in self.ids:
                    continue
                self.ids[key] = record.id
                (multi if " " in bare else single).add(bare)
        by_length = lambda names: sorted(names, key=lambda n: (-len(n), n))  # noqa: E731
        self.multi = _alternation([r"\s+".join(map(re.escape, n.split())) for n in by_length(multi)], re.IGNORECASE)
        words = [re.escape(n) for n in by_length(single)]
        self.capital = _alternation(words, 0, prefix=r"(?<=[a-z,;] )", suffix=r"s?\b")
        self.quoted = _alternation(words, re.IGNORECASE, prefix="[\"“‘']", suffix="s?[\"”’']")

    def find(self, text: str) -> list[str]:
        found: list[str] = []
        for pattern in (self.multi, self.capital, self.quoted):
            if pattern is None:
                continue
            for match in pattern.finditer(text):
                key = " ".join(match.group("name").split()).lower()
                rid = self.ids.get(key) or self.ids.get(key[:-1])
                if rid and rid not in found:
                    found.append(rid)
        return found


def _alternation(parts: list[str], flags: int, prefix: str = r"\b", suffix: str = r"s?\b"):
    if not parts:
        return None
    return re.compile(prefix + "(?P<name>" + "|".join(parts) + ")" + suffix, flags)


@lru_cache(maxsize=1)
def _stop_names() -> tuple[str, ...]:
    path = RULES_DB / "lotr" / "links.yaml"
    if not path.exists():
        return ()
    data = load_yaml(path) or {}
    return tuple(str(n).lower() for n in data.get("never_auto_link", []))


def _touches(records: list[Record], by_id: dict[str, Record]) -> None:
    """Link FAQ-like records to the glossary entries of their own game that they name."""
    names = {}
    for game in {r.game for r in records}:
        names[game] = _Names([r for r in records if r.game == game and r.kind == Kind.GLOSSARY])
    for record in records:
        if record.kind not in TOUCHING_KINDS:
            continue
        for target in names[record.game].find(record.title + "\n" + record.text):
            if target != record.id:
                record.links.append(Link("touches", target))


def _extra_links(by_id: dict[str, Record]) -> None:
    path = RULES_DB / "lotr" / "links.yaml"
    if not path.exists():
        return
    data = load_yaml(path) or {}
    for entry in data.get("links", []):
        source, target = entry.get("from"), entry.get("to")
        if source in by_id and target in by_id:
            if not any(l.rel == "touches" and l.target == target for l in by_id[source].links):
                by_id[source].links.append(Link("touches", target, entry.get("note", "")))
