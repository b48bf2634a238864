"""How near a record's words are to the question's, in word vectors learnt from players' own writing.

A player asks in words the documents rarely use ("shoot", "nobody blocked", "kill it before it
hits"); the ranker's text score only counts shared words.  Word vectors learnt from the players'
forum (``bench/train_word_vectors.py``: skip-gram over the public copy of the FFG forum's rules
subforum, every thread the players' evaluation set or its READMEs name left out) put words players
use in the same places near one another.  A text's vector is the sum of its words' vectors, each
weighed down the more common the word is (``a / (a + frequency)``), scaled to length 1; two texts'
nearness is the cosine of their vectors.

The data is ``rules_db/word_vectors.json`` (the dimension, the number of words and how they were
fitted), ``rules_db/word_vectors.words`` (the words, sorted, one a line) and
``rules_db/word_vectors.bin`` (each word's vector as float16, in the words' order, then each word's
weight as float32); read once, when first needed, and a word's vector unpacked when first met
(a whole process asks one question: loading must cost little).  ``reordering.features`` reads
``nearness`` of each candidate to the question; no rule reads a word of the table as a key.
"""

from __future__ import annotations

import json
import math
import re
import struct
from bisect import bisect_left

FILE = "word_vectors.json"
WORDS = "word_vectors.words"
VECTORS = "word_vectors.bin"

TOKEN = re.compile(r"[a-z][a-z'’]*[a-z]|[a-z]|\d+")

_TABLE: tuple | None = None
_RECORDS: dict[str, list[float] | None] = {}
_WEIGHED: dict[str, tuple | None] = {}


def tokens(text: str) -> list[str]:
    """The words of ``text`` as the table holds them: lower case, one apostrophe form, a
    possessive 's dropped (the trainer reads the forum the same way)."""
    out = []
    for word in TOKEN.findall(text.lower()):
        word = word.replace("’", "'")
        out.append(word[:-2] if word.endswith("'s") else word)
    return out


def table() -> tuple:
    """(dim, sorted words, vectors and weights as bytes); dim 0 when the data is missing."""
    global _TABLE
    if _TABLE is None:
        from adjudicator.paths import RULES_DB

        paths = [RULES_DB / name for name in (FILE, WORDS, VECTORS)]
        if not all(path.is_file() for path in paths):
            _TABLE = (0, [], b"")
        else:
            meta = json.loads(paths[0].read_text(encoding="utf-8"))
            _TABLE = (int(meta["dim"]), paths[1].read_text(encoding="utf-8").split("\n"), paths[2].read_bytes())
    return _TABLE


def weighed(word: str) -> tuple | None:
    """``word``'s vector times its weight (None: not in the table)."""
    if word not in _WEIGHED:
        dim, words, blob = table()
        row = bisect_left(words, word) if dim else 0
        if not dim or row == len(words) or words[row] != word:
            _WEIGHED[word] = None
        else:
            (weight,) = struct.unpack_from("<f", blob, 2 * dim * len(words) + 4 * row)
            _WEIGHED[word] = tuple(weight * v for v in struct.unpack_from(f"<{dim}e", blob, 2 * dim * row))
    return _WEIGHED[word]


def text_vector(text: str) -> list[float] | None:
    """The weighted sum of ``text``'s known words' vectors, scaled to length 1 (None: no known
    word, or no data)."""
    vectors = [v for v in map(weighed, tokens(text)) if v is not None]
    if not vectors:
        return None
    total = [sum(column) for column in zip(*vectors)]
    norm = math.sqrt(sum(t * t for t in total))
    return [t / norm for t in total] if norm else None


def record_vector(record) -> list[float] | None:
    """A record's vector (its title and text), kept once computed."""
    if record.id not in _RECORDS:
        _RECORDS[record.id] = text_vector(record.title + " " + record.text)
    return _RECORDS[record.id]


def nearness(question_vector: list[float] | None, record) -> float:
    """The cosine of the question's vector and the record's (0.0 when either has none)."""
    vector = record_vector(record) if question_vector is not None else None
    return sum(q * r for q, r in zip(question_vector, vector)) if vector is not None else 0.0
