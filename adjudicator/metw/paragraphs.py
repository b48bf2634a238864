"""Cutting a section's body into paragraphs and typed blocks.

The conversion lost blank lines, so paragraphs are recovered from what is left:
a labelled block (``Clarification:``, ``Note:``, ``Example``, ``Standard Rules Only:`` ...),
a bullet (``- `` or the doubled ``- · ``), or a short line that ends a sentence and is
followed by a capitalised line (the text is hard-wrapped at about 70-80 characters, so a
paragraph's last line is usually short).  Labelled blocks become records of their own:
a clarification keeps the paragraph it opens; an example runs until the next label or
heading; a label whose text ends with a colon keeps the list that follows it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

NOISE_RE = re.compile(r"^\s*\|(Return to Table of Contents\|)?\s*$")
LABEL_RE = re.compile(
    r"^(Clarification|Note|Suggestion|Standard Rules Only|Standard Game Only|Timing Example|Example|IMPORTANT)(?::|$)"
)
# labels that also stand in the middle of a line after a finished sentence
MIDLINE_LABEL_RE = re.compile(r"(?<=[.!?)\"]) (?=(?:Note|Standard Rules Only|Standard Game Only):)")
BULLET_RE = re.compile(r"^-\s+(?:·\s+)?")
SHORT_LINE = 62  # a sentence-final line shorter than this ends its paragraph

LABEL_KINDS = {
    "Clarification": "clarification",
    "Note": "note",
    "Suggestion": "suggestion",
    "Standard Rules Only": "standard-only",
    "Standard Game Only": "standard-only",
    "Example": "example",
    "Timing Example": "example",
    "IMPORTANT": "important",
}


@dataclass
class Piece:
    """A run of text on one source line."""

    line: int
    text: str
    starts: bool = False  # known to start a paragraph (cut from the middle of its line)


@dataclass
class Para:
    start: int
    end: int
    texts: list[str] = field(default_factory=list)
    label: str = ""  # the label kind ("clarification", "example", ...) or ""
    bullet: bool = False

    @property
    def text(self) -> str:
        return clean(" ".join(t.strip() for t in self.texts if t.strip()))


@dataclass
class Region:
    """A labelled block: the paragraphs a Clarification, Note or Example covers."""

    kind: str
    label: str  # the label as printed ("Clarification", "Timing Example")
    paras: list[Para]

    @property
    def start(self) -> int:
        return self.paras[0].start

    @property
    def end(self) -> int:
        return self.paras[-1].end


DASH_GLYPH_RE = re.compile(r"(?<![A-Za-z])p;")


def repaired_lines(lines: list[str]) -> list[str]:
    """The lines with the ``p;`` dash glyph written as a dash (what the records' text is cut from)."""
    return [DASH_GLYPH_RE.sub("–", line) for line in lines]


def clean(text: str) -> str:
    """Normalise conversion damage: the ``p;`` dash glyph, doubled spaces."""
    text = DASH_GLYPH_RE.sub("–", text)
    text = re.sub(r"\s+,", ",", text)
    return re.sub(r"\s{2,}", " ", text).strip()


def split_midline_labels(pieces: list[Piece]) -> list[Piece]:
    out: list[Piece] = []
    for piece in pieces:
        parts = MIDLINE_LABEL_RE.split(piece.text)
        if len(parts) == 1:
            out.append(piece)
            continue
        out.extend(Piece(piece.line, part) for part in parts if part.strip())
    return out


def split_midline_breaks(pieces: list[Piece], cuts: dict[int, list[str]]) -> list[Piece]:
    """Cut a line where a glued paragraph starts (``cuts``: line -> the words it starts with)."""
    if not cuts:
        return pieces
    out: list[Piece] = []
    for piece in pieces:
        rest = piece
        for words in cuts.get(piece.line, []):
            col = rest.text.find(words)
            if col <= 0:
                continue
            out.append(Piece(rest.line, rest.text[:col], rest.starts))
            rest = Piece(rest.line, rest.text[col:], True)
        out.append(rest)
    return out


def _sentence_end(text: str) -> bool:
    stripped = text.rstrip()
    return bool(stripped) and stripped[-1] in ".!?)\"" and len(stripped) < SHORT_LINE


def paragraphs(pieces: list[Piece], breaks: frozenset[int] = frozenset(), joins: frozenset[int] = frozenset()) -> list[Para]:
    """Group pieces into paragraphs; ``breaks`` are lines known to start a paragraph, ``joins``
    lines known to continue one (a piece marked ``starts`` always opens one)."""
    paras: list[Para] = []
    current: Para | None = None
    previous_text = ""
    for piece in split_midline_labels(pieces):
        text = piece.text.strip()
        if not text or NOISE_RE.match(text):
            current = None  # a separator ends the paragraph
            previous_text = ""
            continue
        label = LABEL_RE.match(text)
        bullet = BULLET_RE.match(text)
        if label:
            current = Para(piece.line, piece.line, [text], label=LABEL_KINDS[label.group(1)])
            paras.append(current)
        elif bullet:
            body = BULLET_RE.sub("", text)
            continues = (
                current is not None
                and current.bullet
                and not previous_text.rstrip().endswith((".", ":", ";"))
                and body[:1].islower()
                and piece.line not in breaks
            )
            if continues:  # a bullet cut mid-sentence ("- number of companies.")
                current.texts.append(body)
                current.end = piece.line
            else:
                current = Para(piece.line, piece.line, [body], bullet=True)
                paras.append(current)
        elif (
            current is None
            or piece.starts
            or piece.line in breaks
            or (_sentence_end(previous_text) and text[:1].isupper() and piece.line not in joins)
        ):
            current = Para(piece.line, piece.line, [text])
            paras.append(current)
        else:
            current.texts.append(text)
            current.end = piece.line
        previous_text = text
    return paras


def label_name(para: Para) -> str:
    match = LABEL_RE.match(para.texts[0].strip())
    return match.group(1) if match else ""


def regions(paras: list[Para], breaks: frozenset[int] = frozenset()) -> list[Region]:
    """The labelled blocks among ``paras``, each with the paragraphs it covers."""
    out: list[Region] = []
    index = 0
    while index < len(paras):
        para = paras[index]
        if not para.label:
            index += 1
            continue
        covered = [para]
        index += 1
        opens_list = para.text.rstrip().endswith(":")
        while index < len(paras):
            nxt = paras[index]
            if nxt.label or nxt.start in breaks:
                break
            if para.label == "example":
                pass  # an example runs until the next label or heading
            elif opens_list and nxt.bullet:
                pass  # the list the label introduces
            elif opens_list and covered[-1].bullet and not nxt.bullet and covered[-1] is not para:
                # one closing paragraph after the list belongs to it
                covered.append(nxt)
                index += 1
                break
            else:
                break
            covered.append(nxt)
            index += 1
        out.append(Region(para.label, label_name(para), covered))
    return out
