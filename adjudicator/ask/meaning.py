"""How near a record's meaning is to the question's, by the sentence encoder (``sentence_encoder``).

The words a player uses and the words a rule uses often differ where the meaning does not ("can I
hit it twice" and "a single attack against each enemy").  The encoder gives a text one vector for
its meaning; two texts' nearness is the cosine of their vectors.  The question is encoded when it
is asked; each record's vector (its title and text, at most 256 word pieces) is data, encoded once
by ``bench/build_meaning_records.py``:

- ``rules_db/meaning_records.json``: the model, the dimension, and for each record its id and a
  digest of the text that was encoded;
- ``rules_db/meaning_records.bin``: the vectors as float16, in the ids' order.

A record whose text no longer has the digest (the documents or the parser changed since the build)
has no vector, and neither has any record when the model is not installed: its nearness is then 0
for every candidate alike, which leaves the re-ordering's choice to its other values.
``reordering.features`` reads ``nearness``; no rule reads a word of the vectors as a key.
"""

from __future__ import annotations

import hashlib
import json
import sys

FILE = "meaning_records.json"
VECTORS = "meaning_records.bin"

_TABLE: list = []
_WARNED: list = []


def record_text(record) -> str:
    """What is encoded of a record: its title and its text."""
    return f"{record.title}. {record.text}"


def digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


def table() -> tuple:
    """({record id: (row, digest)}, the vectors as bytes, dim); empty when the data is missing."""
    if not _TABLE:
        from adjudicator.paths import RULES_DB

        meta, data = RULES_DB / FILE, RULES_DB / VECTORS
        if not (meta.is_file() and data.is_file()):
            _TABLE.append(({}, b"", 0))
        else:
            info = json.loads(meta.read_text(encoding="utf-8"))
            rows = {rid: (k, d) for k, (rid, d) in enumerate(zip(info["ids"], info["digests"]))}
            _TABLE.append((rows, data.read_bytes(), int(info["dim"])))
    return _TABLE[0]


def record_vector(record):
    """The record's stored vector (float32 numpy array), or None (none stored, or stale)."""
    import numpy as np

    rows, data, dim = table()
    found = rows.get(record.id)
    if found is None or found[1] != digest(record_text(record)):
        return None
    start = found[0] * dim * 2
    return np.frombuffer(data, dtype=np.float16, count=dim, offset=start).astype(np.float32)


def _warn_missing() -> None:
    if not _WARNED:
        from .sentence_encoder import INSTALL

        _WARNED.append(True)
        print(f"note: the sentence encoder is not installed ({INSTALL}); answers are ranked without it",
              file=sys.stderr)


def nearness(question: str, records: list) -> list[float]:
    """The cosine of the question's vector with each record's (0 for a record without one, and for
    all when the model is not installed)."""
    if not records:
        return []
    rows, _, dim = table()
    if not dim:
        return [0.0] * len(records)
    from .sentence_encoder import encoder

    model = encoder()
    if model is None:
        _warn_missing()
        return [0.0] * len(records)
    import numpy as np

    asked = model.encode_ids([model.ids(question)])[0]
    out = []
    for record in records:
        vector = record_vector(record)
        out.append(0.0 if vector is None else float(np.dot(asked, vector) / (np.linalg.norm(vector) or 1.0)))
    return out
