"""Ranked full-text search over the records with Whoosh (BM25F).

Fields and their boosts: a match in a record's title counts most, then its other names,
then our summary, then the rules text; worked examples count least.  Text is stemmed
and accent-folded.  Queries are built directly from whoosh.query objects (the query
parser module alone costs more import time than a lookup may take), after expanding the
game's abbreviations and synonyms from rules_db (wp -> willpower, EC -> engagement cost).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .whoosh_imports import prepare

FIELD_BOOSTS = {"title": 4.0, "names": 3.0, "summary": 1.5, "body": 1.0, "examples": 0.3}
MARK_START, MARK_END = "\x02", "\x03"
COORDINATION = 0.5  # bonus for matching more of the query's words
SHORT_FIELD_B = 1.0  # full length normalisation on titles and names: a one-word title that matches ranks high


def _analyzer():
    prepare()
    from whoosh.analysis import CharsetFilter, StemmingAnalyzer
    from whoosh.support.charset import accent_map

    return StemmingAnalyzer() | CharsetFilter(accent_map)


def _schema():
    from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

    analyzer = _analyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        kind=ID(stored=True),
        game=ID(stored=True),
        doc=ID(stored=True),
        authority=ID(stored=True),
        title=TEXT(analyzer=analyzer, field_boost=FIELD_BOOSTS["title"], stored=True),
        names=TEXT(analyzer=analyzer, field_boost=FIELD_BOOSTS["names"]),
        summary=TEXT(analyzer=analyzer, field_boost=FIELD_BOOSTS["summary"], stored=True),
        body=TEXT(analyzer=analyzer, field_boost=FIELD_BOOSTS["body"], stored=True, phrase=True),
        examples=TEXT(analyzer=analyzer, field_boost=FIELD_BOOSTS["examples"]),
        cards=KEYWORD(commas=True, lowercase=True),
        lines=STORED,
    )


def write_index(folder: Path, records, progress=None) -> None:
    prepare()
    from whoosh.index import create_in

    folder.mkdir(parents=True, exist_ok=True)
    ix = create_in(str(folder), _schema())
    writer = ix.writer(limitmb=256)
    total = len(records)
    for done, record in enumerate(records):
        rules = "\n".join(b.text for b in record.blocks if not b.example)
        examples = "\n".join(b.text for b in record.blocks if b.example)
        writer.add_document(
            id=record.id,
            kind=record.kind.value,
            game=record.game,
            doc=record.span.doc,
            authority=record.authority.value,
            title=record.title,
            names=" ; ".join(record.aliases),
            summary=record.summary,
            body=rules,
            examples=examples,
            cards=",".join(record.cards),
            lines=f"{record.span.start}-{record.span.end}",
        )
        if progress and done % 200 == 0:
            progress("indexing", done, total)
    writer.commit()
    import json

    (folder / ABBREVIATIONS_FILE).write_text(json.dumps(abbreviations_from_rules_db()), encoding="utf-8")
    if progress:
        progress("indexing", total, total)


@dataclass
class Hit:
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


ABBREVIATIONS_FILE = "abbreviations.json"


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


@lru_cache(maxsize=4)
def _abbreviations(folder: str) -> dict[str, str]:
    import json

    path = Path(folder) / ABBREVIATIONS_FILE
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    return abbreviations_from_rules_db()


def expand_query(text: str, folder: Path | None = None) -> str:
    """Replace the game's abbreviations by their words, keeping the abbreviation too."""
    table = _abbreviations(str(folder)) if folder else abbreviations_from_rules_db()

    def swap(match: re.Match) -> str:
        word = match.group(0)
        long = table.get(word.lower())
        return f"{word} {long}" if long else word

    return re.sub(r"[A-Za-z][A-Za-z0-9']*", swap, text)


def _terms(text: str) -> list[str]:
    return [t.text for t in _analyzer()(text)]


class Index:
    def __init__(self, folder: Path):
        prepare()
        from whoosh.index import open_dir

        self.folder = folder
        self.ix = open_dir(str(folder))

    def search(self, text: str, *, kinds=(), docs=(), games=(), authority=None, limit: int = 10,
               snippets: bool = True) -> list[Hit]:
        from whoosh import highlight, scoring
        from whoosh.query import And, Or, Term

        terms = list(dict.fromkeys(_terms(expand_query(text, self.folder))))
        if not terms:
            return []
        fields = ("title", "names", "summary", "body", "examples")
        # one clause per query word over all fields; a record that matches more of the
        # words gets a coordination bonus
        query = Or([Or([Term(f, t) for f in fields]) for t in terms], scale=COORDINATION)
        filters = []
        for name, values in (("kind", kinds), ("doc", docs), ("game", games)):
            if values:
                filters.append(Or([Term(name, v) for v in values]))
        if authority:
            filters.append(Term("authority", authority))
        weighting = scoring.BM25F(B=0.75, K1=1.2, title_B=SHORT_FIELD_B, names_B=SHORT_FIELD_B)
        with self.ix.searcher(weighting=weighting) as searcher:
            results = searcher.search(query, limit=limit, filter=And(filters) if filters else None)
            if snippets:
                results.fragmenter = highlight.ContextFragmenter(maxchars=220, surround=60)
                results.formatter = _Marker()
            hits = []
            for hit in results:
                snippet = ""
                if snippets:
                    snippet = hit.highlights("body", top=2) or hit.highlights("summary") or ""
                hits.append(
                    Hit(
                        id=hit["id"],
                        kind=hit["kind"],
                        game=hit["game"],
                        doc=hit["doc"],
                        title=hit["title"],
                        score=round(hit.score, 3),
                        lines=hit["lines"],
                        authority=hit["authority"],
                        snippet=" ".join(snippet.split()),
                        summary=hit.get("summary", ""),
                    )
                )
            return hits


def _marker_class():
    from whoosh.highlight import Formatter, get_text

    class Marker(Formatter):
        between = " … "

        def format_token(self, text, token, replace=False):
            return MARK_START + get_text(text, token, replace) + MARK_END

    return Marker


def _Marker():
    return _marker_class()()
