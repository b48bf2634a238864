"""Lookups the CLI and the engines use: a rule by name, a record by id, FAQ entries,
errata for a card, the round sequence.  Each returns records (or raises NotFound with
"did you mean" suggestions); rendering is the caller's business."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache

from adjudicator.compiled import regex
from adjudicator.errors import NotFound
from adjudicator.paths import RULES_DB

from .api import KnowledgeBase
from .names import best_matches, name_key
from .records import Record

RULE_KINDS = ("glossary", "rule", "step", "keyword", "section")
FAQ_KINDS = ("clarification", "qa", "errata")


def find_rule(kb: KnowledgeBase, name: str, game: str | None = None) -> Record:
    exact = kb.store.exact_name(name_key(name), RULE_KINDS, game)
    if exact:
        return kb.store.get(sorted(exact, key=lambda row: (row[3], row[2].split(":")[0] != "lotr"))[0][2])
    names = kb.store.names(RULE_KINDS, game)
    matches = best_matches(name, names)
    if not matches or matches[0].score < ACCEPT:
        suggestions = [m.name for m in matches[:3]] or _near_names(name, names) or _search_titles(kb, name, game)
        raise NotFound(f"no rule named {name!r}", suggestions)
    return kb.store.get(matches[0].id)


ACCEPT = 0.7  # below this a name match is only offered as "did you mean"


def _search_titles(kb: KnowledgeBase, text: str, game: str | None) -> list[str]:
    hits = kb.index.search(text, kinds=RULE_KINDS, games=[game] if game else [], limit=3, snippets=False)
    return [hit.title for hit in hits]


def _near_names(name: str, names) -> list[str]:
    printed = {n for _, n, _, w in names if w == 0}
    return difflib.get_close_matches(name, sorted(printed), n=3, cutoff=0.5)


def rule_candidates(kb: KnowledgeBase, name: str, game: str | None = None, limit: int = 5):
    return best_matches(name, kb.store.names(RULE_KINDS, game), limit=limit)


def show(kb: KnowledgeBase, rid: str) -> Record:
    record = kb.store.get(rid)
    if record is None:
        merged = kb.store.merged_alias(rid)
        if merged:
            return kb.store.get(merged)
        close = difflib.get_close_matches(rid, sorted(kb.store.ids()), n=3, cutoff=0.6)
        raise NotFound(f"no record with id {rid!r}", close)
    return record


def touching(kb: KnowledgeBase, rid: str) -> list[Record]:
    """FAQ clarifications, Q&A and errata that are about record ``rid``."""
    sources = [s for s, rel in kb.store.links_to(rid, "touches")]
    return [r for r in kb.store.get_many(sources) if r.kind.value in FAQ_KINDS + ("ruling",)]


def see_also(kb: KnowledgeBase, record: Record) -> list[tuple[str, Record | None]]:
    out = []
    for link in record.links:
        if link.rel in ("see-also", "step"):
            out.append((link.target, None if link.target.startswith("?") else kb.store.get(link.target)))
    return out


CLARIFICATION_RE = regex(r"^\(?\s*(1\.\d{1,2})\s*\)?$")
QA_RE = regex(r"^q\s*:?\s*(\d{1,3})$", re.IGNORECASE)


@dataclass
class FaqAnswer:
    """The FAQ entries a query found, and whether it named an entry by its number."""

    query: str
    records: list[Record] = field(default_factory=list)
    by_number: bool = False


def faq(kb: KnowledgeBase, query: str) -> FaqAnswer:
    text = query.strip()
    number = CLARIFICATION_RE.match(text)
    if number:
        major, minor = number.group(1).split(".")
        rid = f"lotr:faq:{major}.{int(minor):02d}"
        record = kb.store.get(rid)
        if record is None:
            raise NotFound(f"no FAQ clarification ({major}.{int(minor):02d}); they run from (1.00) to (1.58)")
        return FaqAnswer(query, [record], True)
    qa = QA_RE.match(text)
    if qa:
        record = kb.store.get(f"lotr:faq:q:{int(qa.group(1))}")
        if record is None:
            raise NotFound(f"no FAQ question {qa.group(1)}")
        return FaqAnswer(query, [record], True)
    records = mentioning(kb, text, FAQ_KINDS)
    if not records:
        raise NotFound(f"no FAQ entry mentions {query!r}", card_suggestions(kb, text))
    return FaqAnswer(query, records)


def mentioning(kb: KnowledgeBase, text: str, kinds: tuple[str, ...]) -> list[Record]:
    """Records of ``kinds`` whose text names ``text`` (accents, case and plural folded)."""
    found = kb.store.search_text(text, kinds)
    if not found and text.lower().endswith("s"):
        found = kb.store.search_text(text[:-1], kinds)
    order = {k: i for i, k in enumerate(("errata", "clarification", "qa", "ruling"))}
    return sorted(found, key=lambda r: (order.get(r.kind.value, 9), _natural(r.id)))


def _natural(rid: str):
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", rid)]


def card_suggestions(kb: KnowledgeBase, name: str) -> list[str]:
    names = card_names(kb)
    close = best_matches(name, [(name_key(n), n, n, 0) for n in names], limit=3)
    return [m.name for m in close if m.score > 0.5]


def card_names(kb: KnowledgeBase) -> list[str]:
    names: set[str] = set()
    for row in kb.store.conn.execute("select data from records where kind in ('errata','clarification','qa')"):
        import json

        data = json.loads(row[0])
        names.update(v for v in data.get("card_names", {}).values() if v)
        if data.get("card"):
            names.add(data["card"])
    return sorted(names)


def errata(kb: KnowledgeBase, card: str) -> list[Record]:
    records = kb.store.by_kind("errata")
    names = [(name_key(r.title), r.title, r.id, 0) for r in records]
    names += [(name_key(r.data.get("ref", "")), r.data.get("ref", ""), r.id, 1) for r in records if r.data.get("ref")]
    matches = best_matches(card, names, limit=5)
    good = [m for m in matches if m.score >= 0.7]
    if not good:
        suggestions = [m.name for m in matches[:3]] or card_suggestions(kb, card)
        mentioned = [r for r in mentioning(kb, card, ("errata",))]
        if mentioned:
            return mentioned
        raise NotFound(f"no erratum for a card named {card!r}", suggestions)
    best = good[0].score
    return kb.store.get_many([m.id for m in good if m.score >= best - 0.05])


@lru_cache(maxsize=1)
def framework_table() -> dict:
    from adjudicator.yamlio import load_yaml

    return load_yaml(RULES_DB / "lotr" / "framework.yaml")


def timing_steps(kb: KnowledgeBase | None) -> list[dict]:
    """The round sequence: the framework table joined with the step records (when built)."""
    table = framework_table()
    phases = {p["id"]: p for p in table["phases"]}
    records = {}
    if kb is not None:
        records = {r.data.get("step"): r for r in kb.store.by_kind("step", "lotr")}
    out = []
    for step in table["steps"]:
        record = records.get(step["id"])
        out.append(
            {
                "id": step["id"],
                "record": f"lotr:rr:step:{step['id']}",
                "name": step["name"],
                "phase": phases[step["phase"]]["name"],
                "kind": step["kind"],
                "flow": step["flow"],
                "action_window_after": step["window"],
                "loop_to": step.get("loop_to"),
                "subflow": step.get("subflow"),
                "lines": record.span.label() if record else None,
                "summary": record.summary if record else "",
            }
        )
    return out


def find_step(kb: KnowledgeBase, step: str) -> Record:
    record = kb.store.get(f"lotr:rr:step:{step}")
    if record is None:
        ids = [s["id"] for s in framework_table()["steps"]]
        raise NotFound(f"no framework step {step!r}", difflib.get_close_matches(step, ids, n=3, cutoff=0.5))
    return record
