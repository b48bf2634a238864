"""Ranked search at query time: BM25F over the term statistics exported from the Whoosh index.

Whoosh analyses and indexes the records when the knowledge base is built.  Opening a
Whoosh index and running a query in it costs a fresh process 80-90 ms (its import, its
matcher tree, its top-k pruning), more than a whole lookup may take, so the build also
exports what ranking needs into ``ranking.sqlite`` (see ``ranking_export``): each
(field, term)'s postings with their boosted weights, each field's lengths, and the
analyser's settings.  A query reads only the postings of its own terms.

Scores are Whoosh's BM25F to the last digit (a test checks it against Whoosh's own
scorer): per field, ``idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / average))``
with ``idf = log(N / (df + 1)) + 1``, summed over fields and words.  On top of that, a
record that matches more of the query's words ranks higher (COORDINATION).
Query words are analysed as Whoosh analysed the text: same tokens, stop words, Porter
stemmer (Whoosh's own) and accent folding.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
from array import array
from dataclasses import dataclass, field
from functools import lru_cache
from heapq import nlargest
from pathlib import Path

RANKING_FILE = "ranking.sqlite"
MARK_START, MARK_END = "\x02", "\x03"
K1 = 1.2
# The fields of the index and their weights (the index is built with them, the ranking
# exported and scored with them): a match in a title counts most; BM25F length
# normalisation per field: full on titles and names (a one-word title that matches ranks
# high), the usual 0.75 elsewhere.
FIELD_BOOSTS = {"title": 4.0, "names": 3.0, "summary": 1.5, "body": 1.0, "examples": 0.3}
FIELD_B = {"title": 1.0, "names": 1.0, "summary": 0.75, "body": 0.75, "examples": 0.75}
# A record matching m of the query's n words has its score multiplied by
# 1 + COORDINATION * (m - 1) / (n - 1): all words, up to double; one word, unchanged.
COORDINATION = 1.0
SNIPPET_CHARS, SNIPPET_CONTEXT, SNIPPET_FRAGMENTS = 220, 60, 2


@dataclass
class Hit:
    """One search result: the record it points to, its score and its source lines."""

    id: str
    kind: str
    game: str
    doc: str
    title: str
    score: float
    lines: str
    authority: str
    snippet: str = ""  # matched words between MARK_START and MARK_END
    summary: str = ""
    extra: dict = field(default_factory=dict)


class Analyser:
    """The index's analyser, rebuilt from the settings the build exported."""

    def __init__(self, settings: dict):
        from whoosh.lang.porter import stem  # the stemmer the index used (3 ms to import)

        self.pattern = re.compile(settings["pattern"], settings["flags"])
        self.stops = frozenset(settings["stop_words"])
        self.min_size = settings["min_size"]
        self.fold = {int(k): v for k, v in settings["charmap"].items()}
        self.stem = lru_cache(maxsize=20000)(stem)

    def term(self, word: str) -> str | None:
        word = word.lower()
        if len(word) < self.min_size or word in self.stops:
            return None
        return self.stem(word).translate(self.fold)

    def terms(self, text: str) -> list[str]:
        out = []
        for match in self.pattern.finditer(text):
            term = self.term(match.group(0))
            if term is not None:
                out.append(term)
        return out


class Ranking:
    """The ranked search of one knowledge-base build."""

    def __init__(self, folder: Path):
        self.folder = folder
        if not (folder / RANKING_FILE).exists():  # a build from before the export existed
            from adjudicator.errors import AdjudicatorError

            raise AdjudicatorError(f"the knowledge base in {folder} has no search data: run `adjudicator index --force`")
        self.db = sqlite3.connect(f"file:{folder / RANKING_FILE}?mode=ro", uri=True, check_same_thread=False)
        meta = dict(self.db.execute("SELECT key, value FROM meta"))
        self.doc_count = int(meta["doc_count"])
        self.fields = json.loads(meta["fields"])  # field -> {"B": .., "average": ..}
        self.analyser = Analyser(json.loads(meta["analyser"]))
        self.abbreviations = json.loads(meta["abbreviations"])
        self._lengths: dict[str, array] = {}

    def lengths(self, name: str) -> array:
        if name not in self._lengths:
            (blob,) = self.db.execute("SELECT lengths FROM lengths WHERE field = ?", (name,)).fetchone()
            self._lengths[name] = array("d", blob)
        return self._lengths[name]

    def terms(self, text: str) -> list[str]:
        return list(dict.fromkeys(self.analyser.terms(expand_query(text, self.abbreviations))))

    def scores(self, terms: list[str]) -> dict[int, float]:
        """BM25F score of every record that matches at least one of ``terms``, with the
        coordination bonus for matching several of them."""
        if not terms:
            return {}
        marks = ",".join("?" * len(terms))
        rows = self.db.execute(f"SELECT term, field, docs, weights FROM postings WHERE term IN ({marks})", terms)
        totals: dict[int, float] = {}
        matched: dict[int, set[str]] = {}
        n = self.doc_count
        for term, name, docs_blob, weights_blob in rows:
            docs, weights = array("i", docs_blob), array("d", weights_blob)
            idf = math.log(n / (len(docs) + 1)) + 1
            spec = self.fields[name]
            b, average = spec["B"], spec["average"]
            lengths = self.lengths(name)
            for doc, weight in zip(docs, weights):
                norm = K1 * ((1 - b) + b * lengths[doc] / average)
                totals[doc] = totals.get(doc, 0.0) + idf * (weight * (K1 + 1)) / (weight + norm)
                matched.setdefault(doc, set()).add(term)
        if len(terms) > 1 and COORDINATION:
            share = COORDINATION / (len(terms) - 1)
            for doc in totals:
                totals[doc] *= 1 + share * (len(matched[doc]) - 1)
        return totals

    def _allowed(self, kinds, docs, games, authority) -> set[int] | None:
        clauses, args = [], []
        for column, values in (("kind", kinds), ("doc", docs), ("game", games)):
            if values:
                clauses.append(f"{column} IN ({','.join('?' * len(values))})")
                args.extend(values)
        if authority:
            clauses.append("authority = ?")
            args.append(authority)
        if not clauses:
            return None
        return {row[0] for row in self.db.execute(f"SELECT docnum FROM docs WHERE {' AND '.join(clauses)}", args)}

    def search(self, text: str, *, kinds=(), docs=(), games=(), authority=None, limit: int = 10,
               snippets: bool = True) -> list[Hit]:
        terms = self.terms(text)
        totals = self.scores(terms)
        allowed = self._allowed(kinds, docs, games, authority)
        if allowed is not None:
            totals = {d: s for d, s in totals.items() if d in allowed}
        top = nlargest(limit, totals.items(), key=lambda item: (item[1], -item[0]))
        if not top:
            return []
        marks = ",".join("?" * len(top))
        columns = "docnum, id, kind, game, doc, title, lines, authority, summary" + (", body" if snippets else "")
        rows = {row[0]: row for row in self.db.execute(f"SELECT {columns} FROM docs WHERE docnum IN ({marks})",
                                                       [d for d, _ in top])}
        wanted = set(terms)
        hits = []
        for doc, score in top:
            row = rows[doc]
            snippet = ""
            if snippets:
                snippet = self.snippet(row[9], wanted) or self.snippet(row[8], wanted)
            hits.append(Hit(id=row[1], kind=row[2], game=row[3], doc=row[4], title=row[5], score=round(score, 3),
                            lines=row[6], authority=row[7], snippet=snippet, summary=row[8]))
        return hits

    def snippet(self, text: str, wanted: set[str]) -> str:
        """Up to two passages of ``text`` around the query's words, the words marked."""
        if not text or not wanted:
            return ""
        found = [(m.start(), m.end()) for m in self.analyser.pattern.finditer(text)
                 if self.analyser.term(m.group(0)) in wanted]
        if not found:
            return ""
        # group the matches into windows, then keep the windows with the most distinct words
        windows: list[list[tuple[int, int]]] = []
        for span in found:
            if windows and span[1] - windows[-1][0][0] <= SNIPPET_CHARS - 2 * SNIPPET_CONTEXT:
                windows[-1].append(span)
            else:
                windows.append([span])

        def richness(window):
            return (len({text[s:e].lower() for s, e in window}), len(window))

        passages: list[list] = []  # [start, end, matches], in text order, overlaps merged
        for window in sorted(nlargest(SNIPPET_FRAGMENTS, windows, key=richness), key=lambda w: w[0][0]):
            start = _word_edge(text, max(0, window[0][0] - SNIPPET_CONTEXT), back=True)
            end = _word_edge(text, min(len(text), window[-1][1] + SNIPPET_CONTEXT), back=False)
            if passages and start <= passages[-1][1]:
                passages[-1][1] = max(end, passages[-1][1])
                passages[-1][2] = passages[-1][2] + window
            else:
                passages.append([start, end, window])
        parts = []
        for start, end, window in passages:
            out, at = [], start
            for s, e in window:
                out.append(text[at:s] + MARK_START + text[s:e] + MARK_END)
                at = e
            out.append(text[at:end])
            parts.append(" ".join("".join(out).split()))
        return " … ".join(parts)


def _word_edge(text: str, at: int, back: bool) -> int:
    """Move ``at`` to the nearest space so that a snippet does not cut a word."""
    if at <= 0 or at >= len(text):
        return at
    if back:
        space = text.rfind(" ", max(0, at - 15), at)
        return space + 1 if space >= 0 else at
    space = text.find(" ", at, at + 15)
    return space if space >= 0 else at


def abbreviations_from_rules_db() -> dict[str, str]:
    """The abbreviation table from rules_db (read at build time; queries read the JSON copy)."""
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import load_yaml

    table: dict[str, str] = {}
    for path in sorted(RULES_DB.glob("*/synonyms.yaml")):
        data = load_yaml(path) or {}
        for short, long in (data.get("abbreviations") or {}).items():
            table[str(short).lower()] = str(long)
    return table


def expand_query(text: str, table: dict[str, str] | None = None) -> str:
    """Replace the game's abbreviations by their words, keeping the abbreviation too."""
    if table is None:
        table = abbreviations_from_rules_db()

    def swap(match: re.Match) -> str:
        word = match.group(0)
        long = table.get(word.lower())
        return f"{word} {long}" if long else word

    return re.sub(r"[A-Za-z][A-Za-z0-9']*", swap, text)
