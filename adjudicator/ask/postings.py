"""Postings: for each term of the ask index, the records (or questions, or games) holding it and
how much, packed flat so that a fresh process reads none of it until a term is looked up.

Four flat values (``pack_postings``): the sorted terms as UTF-8 text, each followed by a
newline; each term's start in that text (int32); each term's start in the blob (int32); and
the blob (per term, its int32 places then its float32 weights).  A term is found by binary
search of the text (UTF-8 bytes sort as their text does).  The values are held in memory
(``Postings(packed)``) or read where they lie in a mapped index file (``Postings.mapped``):
then a lookup reads only the pages of the terms it compares and of its own postings, not the
file's megabytes (reading and unmarshalling the whole bulk cost a fresh `ask` about 4 ms).
"""

from __future__ import annotations

from array import array

PARTS = ("terms", "starts", "offsets", "blob")


def pack_postings(postings: dict[str, dict[int, float]]) -> dict:
    """The postings as the four flat values above (a dict of 30,000 terms took a fresh process
    12 ms to load)."""
    terms = sorted(postings)
    starts, offsets, text, blob = array("i"), array("i"), bytearray(), bytearray()
    for term in terms:
        starts.append(len(text))
        offsets.append(len(blob))
        text += term.encode("utf-8", "surrogatepass") + b"\n"
        p = postings[term]
        blob += array("i", p).tobytes() + array("f", p.values()).tobytes()
    starts.append(len(text))
    offsets.append(len(blob))
    return {"terms": bytes(text), "starts": starts.tobytes(), "offsets": offsets.tobytes(), "blob": bytes(blob)}


class Postings:
    """term -> its postings bytes (a mapping's ``get``, ``in``, ``[]``, ``len`` and iteration)."""

    def __init__(self, packed: dict) -> None:
        self._buffer = None
        self._terms, self._terms_at = packed["terms"], 0
        self._starts = array("i", packed["starts"])
        self._offsets = array("i", packed["offsets"])
        self._blob, self._blob_at = packed["blob"], 0
        self._found: dict[str, int] = {}

    @classmethod
    def mapped(cls, buffer, places: dict[str, tuple[int, int]]) -> "Postings":
        """The postings whose four values lie in ``buffer`` (a mapped file, or its bytes) at
        ``places`` ({part: (offset, length)}, 4-byte aligned): read where they lie, not copied."""
        self = cls.__new__(cls)
        view = memoryview(buffer)
        self._buffer = buffer
        self._terms, self._terms_at = buffer, places["terms"][0]
        self._starts = view[places["starts"][0]: sum(places["starts"])].cast("i")
        self._offsets = view[places["offsets"][0]: sum(places["offsets"])].cast("i")
        self._blob, self._blob_at = buffer, places["blob"][0]
        self._found = {}
        return self

    def packed(self) -> dict:
        """The four values as bytes (``pack_postings``' form)."""
        size = len(self)
        return {"terms": bytes(self._terms[self._terms_at: self._terms_at + self._starts[size]]),
                "starts": self._starts.tobytes(), "offsets": self._offsets.tobytes(),
                "blob": bytes(self._blob[self._blob_at: self._blob_at + self._offsets[size]])}

    def __len__(self) -> int:
        return len(self._starts) - 1

    def __iter__(self):
        return (self._term(i).decode("utf-8", "surrogatepass") for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, dict):
            other = Postings(other) if "blob" in other else None
        return isinstance(other, Postings) and self.packed() == other.packed()

    def _term(self, i: int) -> bytes:
        return self._terms[self._terms_at + self._starts[i]: self._terms_at + self._starts[i + 1] - 1]

    def _find(self, term: str) -> int:
        i = self._found.get(term)
        if i is None:
            key = term.encode("utf-8", "surrogatepass")
            lo, hi = 0, len(self._starts) - 1
            while lo < hi:
                mid = (lo + hi) // 2
                if self._term(mid) < key:
                    lo = mid + 1
                else:
                    hi = mid
            i = lo if lo < len(self._starts) - 1 and self._term(lo) == key else -1
            self._found[term] = i
        return i

    def __contains__(self, term: object) -> bool:
        return isinstance(term, str) and self._find(term) >= 0

    def get(self, term: str, default=None):
        i = self._find(term)
        if i < 0:
            return default
        return self._blob[self._blob_at + self._offsets[i]: self._blob_at + self._offsets[i + 1]]

    def __getitem__(self, term: str) -> bytes:
        found = self.get(term)
        if found is None:
            raise KeyError(term)
        return found

    def size(self, term: str) -> int:
        """How many places hold ``term``."""
        i = self._find(term)
        return (self._offsets[i + 1] - self._offsets[i]) // 8 if i >= 0 else 0
