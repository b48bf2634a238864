"""Copy what ranking needs out of a freshly written Whoosh index into ``ranking.sqlite``.

Tables (read by ``ranking.Ranking``):
- ``postings(term, field, docs, weights)``: for each analysed term of a scored field, the
  document numbers (array of int32) and Whoosh's weights (term frequency times the field's
  boost, array of float64);
- ``lengths(field, lengths)``: each document's field length as Whoosh stores it (array of
  float64, indexed by document number);
- ``docs(docnum, id, kind, game, doc, authority, title, lines, summary, body)``: the stored
  fields the results show and filter on;
- ``meta(key, value)``: document count, each field's B and average length, the analyser's
  settings (token pattern, stop words, minimum size, accent map) and the abbreviations.
Everything is read from the index and its analyser, so the export cannot drift from what
Whoosh indexed; an analyser of another shape stops the build with a clear error.
"""

from __future__ import annotations

import json
from array import array
from pathlib import Path

from .ranking import FIELD_B, FIELD_BOOSTS, abbreviations_from_rules_db


def analyser_settings(analyzer) -> dict:
    """The settings of a StemmingAnalyzer | CharsetFilter chain, as JSON-able data."""
    from whoosh.analysis import CharsetFilter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
    from whoosh.lang.porter import stem

    parts = list(getattr(analyzer, "items", ()))
    shape = [RegexTokenizer, LowercaseFilter, StopFilter, StemFilter, CharsetFilter]
    if [type(p) for p in parts] != shape:
        raise RuntimeError(f"ranking export: unexpected analyser {[type(p).__name__ for p in parts]}")
    tokenizer, _, stops, stemmer, charset = parts
    if tokenizer.gaps or stops.max is not None or stemmer.stemfn is not stem or stemmer.lang or stemmer.ignore:
        raise RuntimeError("ranking export: the analyser's settings are not the ones the query side repeats")
    return {
        "pattern": tokenizer.expression.pattern,
        "flags": tokenizer.expression.flags,
        "stop_words": sorted(stops.stops),
        "min_size": stops.min,
        "charmap": {str(k): v for k, v in sorted(charset.charmap.items())},
    }


def export_ranking(ix, path: Path) -> None:
    import sqlite_utils  # imported when the index is built, not by every search

    reader = ix.reader()
    try:
        count = reader.doc_count_all()
        if reader.doc_count() != count:
            raise RuntimeError("ranking export: the index has deleted documents")
        db = sqlite_utils.Database(path, recreate=True)
        fields = {}
        analyzer = ix.schema["body"].analyzer
        for name in FIELD_BOOSTS:
            if ix.schema[name].analyzer is not analyzer:
                raise RuntimeError(f"ranking export: field {name} has its own analyser")
            rows = []
            for term in reader.lexicon(name):
                docs, weights = array("i"), array("d")
                matcher = reader.postings(name, term)
                while matcher.is_active():  # the weights as Whoosh scores them (stored as float32)
                    docs.append(matcher.id())
                    weights.append(matcher.weight())
                    matcher.next()
                rows.append({"term": term.decode("utf-8"), "field": name, "docs": docs.tobytes(),
                             "weights": weights.tobytes()})
            db["postings"].insert_all(rows, pk=("term", "field"), batch_size=2000)
            # an empty field reads as None: it has no postings, so its length is never used
            lengths = array("d", (reader.doc_field_length(d, name, 1) or 0 for d in range(count)))
            db["lengths"].insert({"field": name, "lengths": lengths.tobytes()}, pk="field")
            fields[name] = {"B": FIELD_B[name], "average": (reader.field_length(name) / (count or 1)) or 1}
        columns = ("id", "kind", "game", "doc", "authority", "title", "lines", "summary", "body")
        db["docs"].insert_all(
            ({"docnum": d, **{c: reader.stored_fields(d).get(c, "") for c in columns}} for d in range(count)),
            pk="docnum", batch_size=1000,
        )
        for column in ("kind", "game", "doc"):
            db["docs"].create_index([column])
        meta = {
            "doc_count": str(count),
            "fields": json.dumps(fields),
            "analyser": json.dumps(analyser_settings(analyzer)),
            "abbreviations": json.dumps(abbreviations_from_rules_db()),
        }
        db["meta"].insert_all(({"key": k, "value": v} for k, v in meta.items()), pk="key")
        db.close()
    finally:
        reader.close()
