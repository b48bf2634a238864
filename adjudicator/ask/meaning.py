"""How near a record's meaning is to the question's, by the sentence encoder (``sentence_encoder``).

The words a player uses and the words a rule uses often differ where the meaning does not ("can I
hit it twice" and "a single attack against each enemy").  The encoder gives a text one vector for
its meaning; two texts' nearness is the cosine of their vectors.  The question is encoded when it
is asked; each record's vector (its title and text, at most 256 word pieces) is data, encoded once
by ``bench/build_meaning_records.py``:

- ``rules_db/meaning_records.json``: the model, the dimension, and for each record its id, a
  digest of the text that was encoded, how many of its sentences were encoded and a digest of
  those sentences as they were split;
- ``rules_db/meaning_records.bin``: the records' vectors as float16, in the ids' order;
- ``rules_db/meaning_sentences.bin``: the vectors of each record's sentences of three words or more
  (``sentence_texts``: each as "title. sentence"), record after record in the ids' order.

A long record's one vector averages what all its sentences mean; the nearest of its sentences says
whether one of them speaks to the question ("nearest sentence").

With ``USE_ADAPTER`` on, the question's vector is compared with a record's vector after a linear map learnt
from the team's asked questions (``adapted``; ``bench/train_meaning_adapter.py``, session 33): the encoder was
trained on general text, and the map moves a question's vector towards the records that answer questions like
it in this corpus.  Its sentences are compared with the question's own vector (the map was fitted on the
records' vectors only).  It is on since session 34: see ``USE_ADAPTER``.

A record whose text no longer has the digest (the documents or the parser changed since the build)
has no vector, and a record whose sentences are no longer split as they were encoded (the sentence
splitter changed) has no sentence vectors; no record has any when the model is not installed: its
nearness is then 0 for every candidate alike, which leaves the re-ordering's choice to its other values.
``reordering.features`` reads ``nearness``; no rule reads a word of the vectors as a key.
"""

from __future__ import annotations

import hashlib
import struct
import json
import sys

FILE = "meaning_records.json"
VECTORS = "meaning_records.bin"
SENTENCES = "meaning_sentences.bin"
SENTENCE_TOKENS = 96
ADAPTER = "meaning_adapter.json"  # the question's adapter (``adapted``): its figures and how it was fitted
ADAPTER_MATRIX = "meaning_adapter.bin"  # ... its dim x dim matrix, float16, row after row
# on since session 34 (rules_db/reordering.json refitted on dumps taken with it on; the game swap weighs ask's own
# first record beside the re-ordered one, ``answer._own_share``): players' rounds, each fitted without itself, top-1
# 397 -> 405, top-3 538 -> 544 of 841, verdicts, wrong verdicts and wrong games unchanged; asked folds 414 -> 420 of
# 750, wrong games 24 = 24.  Session 33 measured it alone: one more question answered from the wrong game.  Switched
# off, the re-ordering must be refitted on dumps taken with it off.
USE_ADAPTER = True

_TABLE: list = []
_WARNED: list = []
_ASKED: dict = {}
_ADAPTER: list = []


def record_text(record) -> str:
    """What is encoded of a record: its title and its text."""
    return f"{record.title}. {record.text}"


def sentence_texts(record) -> list[str]:
    """What is encoded of a record's sentences: each sentence of three words or more of its blocks
    (headings aside), after its title."""
    from .sentences import sentences

    return [f"{record.title}. {sentence}" for block in record.blocks if block.text.strip() and block.style != "heading"
            for sentence in sentences(block.text) if len(sentence.split()) >= 3]


def digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


def sentences_digest(record) -> str:
    """A digest of the record's sentences as they are encoded (``sentence_texts``)."""
    return digest("\n".join(sentence_texts(record)))


def table() -> tuple:
    """({record id: (row, digest, first sentence row, sentences, sentences' digest)}, the records'
    vectors as bytes, the sentences' vectors as bytes, dim); empty when the data is missing."""
    if not _TABLE:
        from adjudicator.paths import RULES_DB

        meta, data, said = RULES_DB / FILE, RULES_DB / VECTORS, RULES_DB / SENTENCES
        if not (meta.is_file() and data.is_file() and said.is_file()):
            _TABLE.append(({}, b"", b"", 0))
        else:
            info = json.loads(meta.read_text(encoding="utf-8"))
            rows, first = {}, 0
            split = info.get("sentence_digests") or [None] * len(info["ids"])  # none: sentences all stale
            for k, (rid, d, n, sd) in enumerate(zip(info["ids"], info["digests"], info["sentences"], split)):
                rows[rid] = (k, d, first, n, sd)
                first += n
            dim, records, sentences = int(info["dim"]), data.read_bytes(), said.read_bytes()
            if len(records) != len(rows) * dim * 2 or len(sentences) != first * dim * 2:
                _note(f"the stored meaning vectors ({meta.parent}) are damaged; run bench/build_meaning_records.py")
                _TABLE.append(({}, b"", b"", 0))
            else:
                _TABLE.append((rows, records, sentences, dim))
    return _TABLE[0]


def _stored(record):
    """The record's row in the table when its text is the one encoded, else None."""
    found = table()[0].get(record.id)
    return found if found is not None and found[1] == digest(record_text(record)) else None


def record_vector(record):
    """The record's stored vector (float32 numpy array), or None (none stored, or stale)."""
    import numpy as np

    found, (_, data, _, dim) = _stored(record), table()
    if found is None:
        return None
    return np.frombuffer(data, dtype=np.float16, count=dim, offset=found[0] * dim * 2).astype(np.float32)


def sentence_vectors(record):
    """The record's sentences' stored vectors (a sentences x dim float32 array), or None."""
    import numpy as np

    found, (_, _, said, dim) = _stored(record), table()
    if found is None or not found[3] or found[4] != sentences_digest(record):
        return None
    rows = np.frombuffer(said, dtype=np.float16, count=found[3] * dim, offset=found[2] * dim * 2)
    return rows.reshape(found[3], dim).astype(np.float32)


def _note(text: str) -> None:
    """One line on stderr, once a process."""
    if not _WARNED:
        _WARNED.append(True)
        print(f"note: {text}", file=sys.stderr)


def nearness(question: str, records: list) -> list[tuple[float, float]]:
    """For each record, the cosine of the question's vector with the record's and the highest with
    any of its sentences' ((0, 0) for a record without vectors, and for all when the model is not
    installed)."""
    if not records:
        return []
    if not table()[3]:
        return [(0.0, 0.0)] * len(records)
    from .sentence_encoder import INSTALL, encoder

    try:
        model = encoder()
    except (OSError, ValueError, KeyError, struct.error) as error:  # a broken or partial model folder
        _note(f"the sentence encoder could not be read ({error}); answers are ranked without it")
        return [(0.0, 0.0)] * len(records)
    if model is None:
        _note(f"the sentence encoder is not installed ({INSTALL}); answers are ranked without it")
        return [(0.0, 0.0)] * len(records)
    if model.dim != table()[3]:
        _note(f"the sentence encoder gives {model.dim} dimensions, the stored vectors {table()[3]}; ranked without it")
        return [(0.0, 0.0)] * len(records)
    import numpy as np

    if question not in _ASKED:  # a question answered in two games is encoded once
        if len(_ASKED) > 32:  # a long-running server asks many
            _ASKED.clear()
        try:
            _ASKED[question] = model.encode_ids([model.ids(question)])[0]
        except (ValueError, KeyError, IndexError) as error:  # weights of the wrong shapes
            _note(f"the sentence encoder could not be run ({error}); answers are ranked without it")
            return [(0.0, 0.0)] * len(records)
    asked = _ASKED[question]
    mapped = adapted(asked)
    out = []
    for record in records:
        whole, said = record_vector(record), sentence_vectors(record)
        near = 0.0 if whole is None else float(np.dot(mapped, whole) / (np.linalg.norm(whole) or 1.0))
        nearest = 0.0 if said is None else float(np.max(said @ asked / np.maximum(np.linalg.norm(said, axis=1), 1e-6)))
        out.append((near, nearest))
    return out


def stored_adapter():
    """The stored adapter as a dim x dim float32 matrix, or None (no file, or another dimension)."""
    if not _ADAPTER:
        from adjudicator.paths import RULES_DB
        import numpy as np

        meta, data = RULES_DB / ADAPTER, RULES_DB / ADAPTER_MATRIX
        matrix = None
        if meta.is_file() and data.is_file():
            dim = int(json.loads(meta.read_text(encoding="utf-8"))["dim"])
            raw = data.read_bytes()
            if dim == table()[3] and len(raw) == dim * dim * 2:
                matrix = np.frombuffer(raw, dtype=np.float16).reshape(dim, dim).astype(np.float32)
            else:
                _note(f"the stored question adapter ({data}) does not fit the vectors; ranked without it")
        _ADAPTER.append(matrix)
    return _ADAPTER[0]


def adapter():
    """The adapter questions are mapped by: the stored one when ``USE_ADAPTER`` is on, else None."""
    return stored_adapter() if USE_ADAPTER else None


def adapted(vector):
    """The question's vector mapped by the adapter and scaled to length 1 (the vector itself without one)."""
    import numpy as np

    matrix = adapter()
    if matrix is None:
        return vector
    out = vector @ matrix
    return out / (np.linalg.norm(out) or 1.0)
