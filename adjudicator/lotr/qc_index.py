"""A small ranked index of the LOTR records for `ask`, quick to load in a fresh process.

Whoosh is the knowledge base's search engine, but opening it and running its first
query costs more than a whole `ask` may take (300 ms).  This index holds only what
ranking a question needs: for each LOTR record, weighted term counts of its fields
(title 4, other names 3, summary 1.5, rules text 1, worked examples 0.3, as in the
knowledge base's index; and 1 for the breadcrumb between the document and the title) and of the word pairs of its title and text.  It is built from
the record store on first use after a knowledge-base build and kept as one pickle file
beside the cache's current build, with the card, scenario and keyword names and the
table phrases `ask` needs; scoring is BM25 over those weighted counts.
"""

from __future__ import annotations

import json
import math
import os
import pickle
import re
from pathlib import Path

from adjudicator.kb.names import unaccented

VERSION = 5
FIELD_WEIGHTS = {"title": 4.0, "names": 3.0, "summary": 1.5, "body": 1.0, "examples": 0.3, "path": 1.0}
PAIR_WEIGHT = 0.6
K1, B = 1.2, 0.75
STOP = frozenset(
    "a an the and or of to in on at for with by from is are be been was were do does did can could might "
    "should would will shall i me my we our you your he his she her it its they them their this that these "
    "those there here what which who whom how if than so as not no yes any all some such into onto "
    "out up about during while still just also only".split()
)  # "when", "after", "then", "before", "may" stay: they are rules terms with glossary entries


def lower_unaccented(text: str) -> str:
    return unaccented(text).lower()


def stem(word: str) -> str:
    """A light suffix stripper: attacks/attacking/attacked -> attack, enemies -> enemy."""
    if len(word) <= 3:
        return word
    for suffix, repl, min_len in (("ies", "y", 5), ("sses", "ss", 5), ("ing", "", 6), ("ed", "", 5),
                                  ("ment", "", 8), ("es", "", 6), ("s", "", 4)):
        if word.endswith(suffix) and len(word) >= min_len:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                continue
            word = word[: len(word) - len(suffix)] + repl
            break
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def words(text: str) -> list[str]:
    return [stem(w) for w in re.findall(r"[a-z0-9]+", lower_unaccented(text).replace("'", "")) if w not in STOP]


def _fields(row) -> dict[str, str]:
    blocks = json.loads(row["blocks"])
    return {
        "title": row["title"],
        "names": " ; ".join(json.loads(row["aliases"])),
        "summary": row["summary"] or "",
        "body": "\n".join(b["text"] for b in blocks if not b.get("example")),
        "examples": "\n".join(b["text"] for b in blocks if b.get("example")),
        "path": " ".join(json.loads(row["path"])[1:-1]),
    }


def build(store) -> dict:
    docs: list[str] = []
    lengths: list[float] = []
    postings: dict[str, dict[int, float]] = {}
    for row in store.conn.execute("select id, title, aliases, summary, blocks, path from records where game = 'lotr'"):
        n = len(docs)
        docs.append(row["id"])
        counts: dict[str, float] = {}
        length = 0.0
        for name, text in _fields(row).items():
            weight = FIELD_WEIGHTS[name]
            tokens = words(text)
            length += weight * len(tokens)
            for t in tokens:
                counts[t] = counts.get(t, 0.0) + weight
            if name in ("title", "body"):
                for a, b in zip(tokens, tokens[1:]):
                    key = a + "_" + b
                    counts[key] = counts.get(key, 0.0) + weight * PAIR_WEIGHT
        lengths.append(length or 1.0)
        for t, c in counts.items():
            postings.setdefault(t, {})[n] = c
    names = [tuple(row) for row in store.conn.execute(
        "select key, name, id, kind from names where game = 'lotr' and kind in ('card', 'scenario', 'keyword') "
        "and key not like 'id:%'")]
    from .qc_data import _load

    return {"version": VERSION, "docs": docs, "lengths": lengths, "avg": sum(lengths) / max(1, len(lengths)),
            # postings as (documents, weights) tuples: they unpickle three times faster than dicts
            "postings": {t: (tuple(p), tuple(p.values())) for t, p in postings.items()},
            "names": names, "phrases": dict(_load("ask_phrases.yaml").get("phrases") or {})}


def _path(kb) -> Path:
    folder = Path(kb.folder)
    return folder.parent / f"qc-ask-{folder.name}.pickle"


def load(kb) -> dict:
    """The index for this knowledge base, built on first use."""
    cached = getattr(kb, "_qc_index", None)
    if cached is not None:
        return cached
    path = _path(kb)
    data = None
    try:
        with path.open("rb") as fh:
            data = pickle.load(fh)
        if data.get("version") != VERSION:
            data = None
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError):
        data = None
    if data is None:
        data = build(kb.store)
        temporary = path.with_name(path.name + f".{os.getpid()}.tmp")
        try:
            with temporary.open("wb") as fh:
                pickle.dump(data, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, path)
        except OSError:
            pass  # a read-only cache: rebuild next time
        for old in path.parent.glob("qc-ask-*.pickle"):
            if old != path and not (path.parent / old.stem.removeprefix("qc-ask-")).exists():
                try:
                    old.unlink()
                except OSError:
                    pass
    kb._qc_index = data
    return data


def vocabulary(kb) -> dict:
    """Every indexed term (stemmed words and word pairs) -> its postings."""
    return load(kb)["postings"]


def search(kb, question: str, limit: int = 40) -> list[tuple[str, float]]:
    """(record id, BM25 score) of the best-matching LOTR records."""
    index = load(kb)
    tokens = words(question)
    terms = list(dict.fromkeys(tokens + [a + "_" + b for a, b in zip(tokens, tokens[1:])]))
    n_docs = len(index["docs"])
    avg = index["avg"]
    lengths = index["lengths"]
    scores: dict[int, float] = {}
    for term in terms:
        posting = index["postings"].get(term)
        if not posting:
            continue
        docs, weights = posting
        idf = math.log(1 + (n_docs - len(docs) + 0.5) / (len(docs) + 0.5))
        for doc, tf in zip(docs, weights):
            norm = tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[doc] / avg))
            scores[doc] = scores.get(doc, 0.0) + idf * norm
    best = sorted(scores.items(), key=lambda kv: -kv[1])[:limit]
    return [(index["docs"][doc], score) for doc, score in best]
