"""The source documents the project knows, and how each is recognised by its content.

A file is recognised by phrases that stand in its text (never by its name): each
`DocumentType` lists marker phrases, all of which must occur in the first part of the
file.  Whether a copy is complete is judged by what it must contain: its closing
sections (in order, in the second half of the file) and a census of its entries (scenario
pages, Q&A pairs, framework steps, ...), each within a tolerance of the complete
document's count; a copy missing a part is refused, naming what is missing.  A
recognised file becomes a `SourceDocument` with its metadata and sha256.  Files that are
empty, binary, truncated or unknown get a `SourceProblem` naming the file and why; the
other documents still build.
"""

from __future__ import annotations

import hashlib
import importlib
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .records import Record

MAX_BYTES = 8 * 1024 * 1024  # a source larger than this is not a rules document


@dataclass(frozen=True)
class Census:
    """One kind of entry a complete copy holds ``expected`` of, counted by ``pattern``
    (a regular expression over whole lines, matched in multiline mode)."""

    what: str  # "scenario pages"
    pattern: str
    expected: int

    def count(self, text: str) -> int:
        return len(re.findall(self.pattern, text, re.MULTILINE))


TOLERANCE = 0.05  # a copy may hold 5% fewer entries of a kind than the complete one (other printings)


@dataclass(frozen=True)
class DocumentType:
    key: str  # stable key used in record spans, e.g. "lotr-rr"
    title: str
    game: str
    version: str
    date: str
    authority: str  # "official", or "mixed" where official text and fan content share a file
    markers: tuple[str, ...]  # phrases that must all occur in the head of the file
    tail_markers: tuple[str, ...]  # phrases in the last part of a complete file (truncation check)
    min_lines: int  # fewer lines than this means the file was cut short
    parser: str  # "module:function" turning (lines, document) into records
    short: str  # how citations name it: "RR", "FAQ"
    name: str = ""  # a short display name
    closing: tuple[str, ...] = ()  # how its closing sections' headings begin, in the order they stand
    census: tuple[Census, ...] = ()  # its entries, by kind

    def load_parser(self) -> Callable[[list[str], "SourceDocument"], list[Record]]:
        module, func = self.parser.split(":")
        return getattr(importlib.import_module(module), func)


DOCUMENT_TYPES: tuple[DocumentType, ...] = (
    DocumentType(
        key="lotr-rr",
        title="The Lord of the Rings: The Card Game — Rules Reference (revised core set)",
        game="lotr",
        version="revised core set",
        date="2021",
        authority="official",
        markers=("Using this Document", "The Golden Rules", "The Grim Rule", "Glossary"),
        tail_markers=("Appendix I", "Appendix III"),
        min_lines=1500,
        parser="adjudicator.lotr.rules_reference:parse",
        short="RR",
        name="LOTR LCG Rules Reference",
        closing=("Appendix I:", "Appendix II:", "Appendix III:"),
        census=(Census("framework steps", r"^\d\.\d+(?:\.\d+)? \S", 76),),
    ),
    DocumentType(
        key="lotr-faq",
        title="The Lord of the Rings: The Card Game — FAQ",
        game="lotr",
        version="1.9",
        date="2017-10-16",
        authority="official",
        markers=("FAQ version 1.9", "LOTR Errata"),
        tail_markers=("Frequently Asked Questions", "Scenario Name"),
        min_lines=900,
        parser="adjudicator.lotr.faq:parse",
        short="FAQ",
        name="LOTR LCG FAQ 1.9",
        closing=("Rule Clarification", "Expert Game", "Scoring", "Frequently Asked Questions", "Scenario Name"),
        census=(Census("rule clarifications", r"^\(1\.\d\d\) \S", 59), Census("questions", r"^Q: ", 89),
                Census("answers", r"^A: ", 89)),
    ),
    DocumentType(
        key="lotr-qc",
        title="The Quest Companion (website dump)",
        game="lotr",
        version="website dump",
        date="",
        authority="mixed",
        markers=("The Quest Companion", "Overview & Components"),
        tail_markers=("Back",),
        min_lines=10000,
        parser="adjudicator.lotr.companion:parse",
        short="QC",
        name="Quest Companion (LOTR LCG)",
        closing=("Number of Players", "Timing & Gameplay"),
        census=(Census("pages", r"^Back$", 600), Census("scenario pages", r"^Rate this Quest!$", 136),
                Census("FAQ pages", r"^FAQ \(1\.\d\d\) ", 60),
                Census("card ruling sections", r"^(?:Errata|Q & A|Ruling)$", 117)),
    ),
    DocumentType(
        key="meq-rules",
        title="Middle-earth Quest — Rules of Play",
        game="meq",
        version="2009",
        date="2009",
        authority="official",
        markers=("MIDDLE-EARTH QUEST", "RULES OF PLAY"),
        tail_markers=(),
        min_lines=1500,
        parser="adjudicator.meq.rules:parse",
        short="MEQ",
        name="Middle-earth Quest rules",
        closing=("INDEX", "QUICK REFERENCE", "QUICK INDEX"),
        census=(Census("headings", r"^[A-Z][A-Z ,'&-]{6,}$", 139),),
    ),
    DocumentType(
        key="metw-rules",
        title="Middle-earth: The Wizards — Rules (Starter and Standard)",
        game="metw",
        version="unlimited",
        date="",
        authority="official",
        markers=("THE WIZARDS", "Starter Rules", "Standard Rules"),
        tail_markers=(),
        min_lines=1800,
        parser="adjudicator.metw.rules:parse",
        short="METW",
        name="Middle-earth: The Wizards rules",
        closing=("· Part II ·", "10 · Playing and Drawing Cards"),
        census=(Census("numbered sections", r"^\d+ · \S", 20),),
    ),
)

TYPES_BY_KEY = {t.key: t for t in DOCUMENT_TYPES}


@dataclass
class SourceDocument:
    type: DocumentType
    path: Path
    sha256: str
    lines: list[str] = field(repr=False)

    @property
    def key(self) -> str:
        return self.type.key


@dataclass
class SourceProblem:
    path: Path
    reason: str
    key: str = ""  # the document it is a damaged copy of, when it was recognised

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}"


HEAD_CHARS = 60_000


def recognise(path: Path) -> SourceDocument | SourceProblem:
    """Read one file and say which document it is, or why it cannot be used."""
    try:
        info = path.stat()
        size = info.st_size
        if not stat.S_ISREG(info.st_mode):
            return SourceProblem(path, "not a regular file (a device, a pipe or a folder)")
        if size == 0:
            return SourceProblem(path, "empty file")
        if size > MAX_BYTES:
            return SourceProblem(path, f"too large for a rules document ({size} bytes)")
        raw = path.read_bytes()
    except OSError as exc:
        return SourceProblem(path, f"cannot be read ({exc.strerror or exc})")
    if b"\x00" in raw[:65536]:
        return SourceProblem(path, "binary file, not a plain-text document")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    if not text.strip():
        return SourceProblem(path, "empty file (only white space)")
    head = text[:HEAD_CHARS]
    lines = text.splitlines()
    for doc_type in DOCUMENT_TYPES:
        if all(marker in head for marker in doc_type.markers):
            missing = missing_parts(doc_type, text, lines)
            if missing:
                return SourceProblem(path, f"incomplete copy of the {doc_type.short}: missing " + "; ".join(missing),
                                     doc_type.key)
            return SourceDocument(doc_type, path, hashlib.sha256(raw).hexdigest(), lines)
    return SourceProblem(path, "not a recognised rules document (no known title or headings found)")


def missing_parts(doc_type: DocumentType, text: str, lines: list[str]) -> list[str]:
    """What a copy lacks that the complete document has: closing sections (in their
    order), entries of each kind beyond the tolerance, or length."""
    missing = []
    position = 0
    for heading in doc_type.closing:
        found = re.compile("^" + re.escape(heading), re.MULTILINE).search(text, position)
        if found is None:
            missing.append(f"its section {heading!r}")
        else:
            position = found.end()
    for census in doc_type.census:
        count = census.count(text)
        if count < census.expected * (1 - TOLERANCE):
            missing.append(f"{census.expected - count} of its {census.expected} {census.what} ({count} found)")
    tail = "\n".join(lines[len(lines) // 2 :])
    missing += [f"the phrase {m!r} near its end" for m in doc_type.tail_markers if m not in tail]
    if len(lines) < doc_type.min_lines and not missing:
        missing.append(f"length ({len(lines)} lines; a complete copy has at least {doc_type.min_lines})")
    return missing
