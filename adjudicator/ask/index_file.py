"""The ask index's files: each value in a section of its own, read when first asked for.

A file is a fixed opening (``MAGIC``), the length of its table of sections, the table itself
(marshal: the file's version, the digest of the build's inputs, and each key's place from the
sections' start), then the sections, each 8-byte aligned.  A value is marshalled into its section, except packed
postings (``postings.pack_postings``' four parts, ``Postings`` when read), which are written
raw and read where they lie: the file is mapped, not read, so that a fresh process pays only
for the pages it touches (the bulk is three megabytes, of which a question reads a few
hundred kilobytes).  A value is unmarshalled the first time it is asked for
(``Sections.value``); ``read`` reads them all (a file's whole content, as tests and the
rebuilding of a part want it).  A file replaced while mapped stays readable (a new file is
written beside and renamed over it: the old one lives on until unmapped).
"""

from __future__ import annotations

import marshal
import mmap
import os
from pathlib import Path

from .postings import PARTS, Postings

MAGIC = b"adjudicator ask index\n"
LENGTH = 8  # bytes: the table's length, little-endian
ALIGN = 8


def packed_postings(value) -> dict | None:
    """``value``'s four packed parts when it is packed postings (held or packed), else None."""
    if isinstance(value, Postings):
        return value.packed()
    if isinstance(value, dict) and set(value) == set(PARTS) and all(isinstance(value[p], bytes) for p in PARTS):
        return value
    return None


def encode(part: dict) -> bytes:
    """``part`` ({key: value}) as a file of sections: ``version`` and ``inputs_digest`` are in
    the table too (what a reader checks before reading anything else)."""
    table: dict = {"version": part.get("version"), "inputs_digest": part.get("inputs_digest"), "places": {}}
    chunks: list[bytes] = []
    at = 0

    def place(data: bytes) -> tuple[int, int]:
        nonlocal at
        start = at
        chunks.append(data)
        pad = -len(data) % ALIGN
        chunks.append(b"\0" * pad)
        at += len(data) + pad
        return start, len(data)

    for key, value in part.items():
        raw = packed_postings(value)
        if raw is not None:
            table["places"][key] = ("postings", {p: place(raw[p]) for p in PARTS})
        else:
            table["places"][key] = ("marshal", place(marshal.dumps(value)))
    head = marshal.dumps(table)
    head += b"\0" * (-(len(MAGIC) + LENGTH + len(head)) % ALIGN)  # the sections start aligned
    return b"".join([MAGIC, len(head).to_bytes(LENGTH, "little"), head, *chunks])


def _absolute(table: dict, base: int) -> dict:
    """The table's places as offsets in the file (they are written from the sections' start)."""
    places = {}
    for key, (kind, where) in table["places"].items():
        if kind == "postings":
            places[key] = (kind, {p: (start + base, size) for p, (start, size) in where.items()})
        else:
            places[key] = (kind, (where[0] + base, where[1]))
    return places


class Sections:
    """A file of sections, mapped: its version, its build's digest, and each value on demand."""

    def __init__(self, buffer, table: dict) -> None:
        self._buffer = buffer
        self.version = table.get("version")
        self.inputs_digest = table.get("inputs_digest")
        self.places: dict = table["places"]  # absolute offsets (``_absolute``)

    def keys(self):
        return self.places.keys()

    def value(self, key: str):
        """The value kept under ``key`` (KeyError when the file keeps none)."""
        kind, where = self.places[key]
        if kind == "postings":
            return Postings.mapped(self._buffer, where)
        start, size = where
        return marshal.loads(self._buffer[start: start + size])


def open_sections(path: Path) -> Sections | None:
    """The file's sections, or None when it is missing, not a file of sections, or damaged."""
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size < len(MAGIC) + LENGTH:
                return None
            try:
                buffer = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
            except (OSError, ValueError):  # a file system that cannot map: read it whole
                buffer = handle.read()
    except OSError:
        return None
    try:
        if buffer[: len(MAGIC)] != MAGIC:
            return None
        length = int.from_bytes(buffer[len(MAGIC): len(MAGIC) + LENGTH], "little")
        start = len(MAGIC) + LENGTH
        table = marshal.loads(buffer[start: start + length])
        if not isinstance(table, dict) or not isinstance(table.get("places"), dict):
            return None
        table["places"] = _absolute(table, start + length)
        for kind, where in table["places"].values():
            ends = [s + n for s, n in (where.values() if kind == "postings" else [where])]
            if max(ends, default=0) > size:
                return None  # cut short
    except Exception:  # noqa: BLE001 - a damaged table: the file is read as none (built again)
        return None
    return Sections(buffer, table)


def read(path: Path) -> dict | None:
    """Every value of the file, with its version and digest, or None (``open_sections``)."""
    sections = open_sections(path)
    if sections is None:
        return None
    try:
        values = {key: sections.value(key) for key in sections.keys()}
    except (EOFError, ValueError, TypeError):
        return None
    return {"version": sections.version, "inputs_digest": sections.inputs_digest, **values}


def write(target: Path, part: dict) -> bool:
    """Write ``part`` to ``target`` through a file beside it renamed over it; False when the
    folder cannot be written (a read-only cache: built again next time)."""
    temporary = target.with_name(target.name + f".{os.getpid()}.tmp")
    try:
        temporary.write_bytes(encode(part))
        os.replace(temporary, target)
    except OSError:
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass
        return False
    return True
