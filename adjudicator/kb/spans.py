"""Does a record's line span hold exactly its text?

A record cites its document by a line span; a reader who opens the document at those
lines must find the record's text there, and nothing of another entry around it.
`check` compares a record's cleaned text with its span of the source and says what is
wrong, if anything.

The parsers clean the text; the comparison allows exactly the repairs named in
`REPAIRS` and nothing else.  Most are absorbed by comparing letters and digits only
(after folding case and accents); the rest are the documents' own repair tables, applied
to the source lines before comparing (`repaired_lines`), so a repair that is not in a
table is a mismatch.
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Callable, Iterable

from .records import Block, Record

# Every repair a parser may make between the source and a record's text, named once.
REPAIRS: dict[str, str] = {
    "spacing": "white space, line breaks and non-breaking spaces normalised (compared on letters and digits only)",
    "markup": "Markdown emphasis, bullets, list dashes and punctuation dropped or normalised",
    "hyphenation": "a word broken across two lines joined (compared on letters and digits only)",
    "step-number": "a procedure step's number written before its text, where the source prints a bare bullet "
                   "(MEQ Steps of Combat) or a number of its own",
    "icons": "an icon lost or garbled in the conversion restored as its word (Rules Reference table REPAIRS; "
             "Quest Companion icons in brackets, inferred from the keyword the sentence names)",
    "mojibake": "characters the conversion damaged restored (Quest Companion table _MOJIBAKE)",
    "typos": "typos and fused words of the Quest Companion corrected (its table _TYPOS)",
    "dash-glyph": "the METW conversion's 'p;' for a dash written as a dash",
    "cross-references": "an entry's 'See also:' line is kept as links, not text, and still belongs to its span",
}

# Per document, the function that applies that document's repair tables to its lines.
LINE_REPAIRS: dict[str, str] = {
    "lotr-rr": "adjudicator.lotr.rules_reference:repaired_lines",
    "lotr-qc": "adjudicator.lotr.companion_repairs:repaired_lines",
    "metw-rules": "adjudicator.metw.paragraphs:repaired_lines",
}

SEE_ALSO = re.compile(r"^\W*See(?: also)?:", re.IGNORECASE)
STEP_MARKER = re.compile(r"^\s*(?:\d{1,2}|[a-h])\.\s+")


def comparable(text: str) -> str:
    """Letters and digits only, lower case, accents folded: the form texts are compared in."""
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def block_key(block: Block) -> str:
    return comparable(STEP_MARKER.sub("", block.text, count=1))


def repaired_lines(doc_key: str, lines: list[str]) -> list[str]:
    target = LINE_REPAIRS.get(doc_key)
    if not target:
        return lines
    module, func = target.split(":")
    fix: Callable[[list[str]], list[str]] = getattr(importlib.import_module(module), func)
    return fix(lines)


class SourceText:
    """A document's repaired lines in comparable form, with the line of every character."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.keys = [comparable(line) for line in lines]

    def window(self, spans: Iterable[tuple[int, int]]) -> tuple[str, list[int]]:
        text: list[str] = []
        owner: list[int] = []
        for start, end in spans:
            for number in range(start, min(end, len(self.lines)) + 1):
                key = self.keys[number - 1]
                text.append(key)
                owner.extend([number] * len(key))
        return "".join(text), owner

    def has_text(self, number: int) -> bool:
        return 1 <= number <= len(self.keys) and bool(self.keys[number - 1])


@dataclass
class SpanCheck:
    record: Record
    missing: list[Block] = field(default_factory=list)  # blocks whose text is not in the span
    loose_start: int = 0  # a first line of the span that none of the record's text needs
    loose_end: int = 0  # a last line of the span that none of the record's text needs
    covered: set[int] = field(default_factory=set)

    @property
    def ok(self) -> bool:
        return not self.missing and not self.loose_start and not self.loose_end

    def describe(self) -> str:
        r = self.record
        parts = []
        if self.missing:
            first = self.missing[0]
            parts.append(f"{len(self.missing)} of {len(r.blocks)} blocks not in the span "
                         f"(first from L{first.line}: {first.text[:50]!r})")
        if self.loose_start:
            parts.append(f"starts on L{self.loose_start}, which its text does not need")
        if self.loose_end:
            parts.append(f"ends on L{self.loose_end}, which its text does not need")
        return f"{r.id} {r.span.label()}: " + "; ".join(parts)


def record_spans(record: Record) -> list[tuple[int, int]]:
    """The record's span and the extra spans of text the parser moved into it."""
    spans = [(record.span.start, record.span.end)]
    spans += [tuple(s) for s in record.data.get("extra_spans", [])]
    return spans


def check(record: Record, source: SourceText) -> SpanCheck:
    result = SpanCheck(record)
    spans = record_spans(record)
    text, owner = source.window(spans)
    covered: set[int] = set()
    position = 0

    def cover(key: str, in_order: bool = True) -> bool:
        nonlocal position
        if not key:
            return True
        at = text.find(key, position) if in_order else -1
        if at < 0:
            at = text.find(key)
        if at < 0:
            return False
        covered.update(owner[at: at + len(key)])
        position = at + len(key)
        return True

    title = comparable(record.title)
    lead = source.keys[record.span.start - 1] if source.has_text(record.span.start) else ""
    if record.data.get("heading_line") == record.span.start:
        covered.add(record.span.start)  # the heading the parser found the record under
    elif lead and title and (lead in title or title.startswith(lead) or lead.startswith(title)):
        covered.add(record.span.start)
    for block in record.blocks:
        if not cover(block_key(block)):
            result.missing.append(block)
    if title and record.span.start not in covered:
        cover(title, in_order=False)
    # the entry's own cross-references ("See also: ..."), after its text, are part of it
    first_text = min(covered, default=0)
    for start, end in spans:
        covered.update(n for n in range(start, min(end, len(source.lines)) + 1)
                       if first_text and n > first_text and SEE_ALSO.match(source.lines[n - 1]))
    result.covered = covered
    lines_with_text = [n for s, e in spans for n in range(s, e + 1) if source.has_text(n)]
    if lines_with_text:
        first, last = lines_with_text[0], lines_with_text[-1]
        if first not in covered:
            result.loose_start = first
        if last not in covered and last != first:
            result.loose_end = last
        elif last not in covered:
            result.loose_end = 0
    return result


def check_all(records: list[Record], lines_by_doc: dict[str, list[str]]) -> list[SpanCheck]:
    sources = {key: SourceText(repaired_lines(key, lines)) for key, lines in lines_by_doc.items()}
    return [check(r, sources[r.span.doc]) for r in records if r.span.doc in sources]


def nested(records: list[Record]) -> list[tuple[Record, Record]]:
    """(inner, outer) pairs: a record whose span lies inside another record's span of the
    same document (the smallest such outer record; equal spans pair the later with the earlier)."""
    out = []
    by_doc: dict[str, list[Record]] = {}
    for record in records:
        by_doc.setdefault(record.span.doc, []).append(record)
    for group in by_doc.values():
        ordered = sorted(group, key=lambda r: (r.span.start, -r.span.end))
        for index, inner in enumerate(ordered):
            best = None
            for outer in ordered[:index]:
                if outer.span.start <= inner.span.start and inner.span.end <= outer.span.end:
                    if best is None or (outer.span.end - outer.span.start) <= (best.span.end - best.span.start):
                        best = outer
            if best is not None:
                out.append((inner, best))
    return out
