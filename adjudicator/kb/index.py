"""The full-text index of the records, written with Whoosh at build time.

Fields and their boosts: a match in a record's title counts most, then its other names,
then our summary, then the rules text; worked examples count least.  Text is stemmed
and accent-folded.  After Whoosh has written the index, ``ranking_export`` copies its term
statistics into ``ranking.sqlite``, which queries read (``ranking``).
"""

from __future__ import annotations

from pathlib import Path

from .ranking import FIELD_B, FIELD_BOOSTS, RANKING_FILE
from .ranking_export import export_ranking


def _analyzer():
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
    """Write the Whoosh index into ``folder`` and export its ranking data beside it."""
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
    export_ranking(ix, folder.parent / RANKING_FILE)
    if progress:
        progress("indexing", total, total)
