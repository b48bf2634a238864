"""Cleaning the plain-text conversions: bullets, Markdown leftovers, damaged icons, broken lines.

Parsers work on paragraphs (runs of non-blank lines, which these files separate with
blank lines) and turn them into `Block`s.  Repairs of damaged icons are data: a
`Repair` names the line it applies to, the damaged token and the word it stood for, so
that every repair is visible, testable and skipped when the line does not hold it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.errors import AdjudicatorError

from .records import Block


class ParseError(AdjudicatorError):
    """A document does not have the layout its parser expects."""

BULLET_RE = re.compile(r"^\s*(?:-\s*)?(?:♦|◊|•)\s+|^\s*-\s+(?!\d+\.)")
NUMBERED_RE = re.compile(r"^\s*-?\s*(?:\*\*)?(\d{1,2})[.)](?!\d)(?:\*\*)?\s*")
EXAMPLE_RE = re.compile(r"\b(?:For example|Example)\s*[:,]", re.IGNORECASE)


@dataclass(frozen=True)
class Repair:
    """Replace ``damaged`` by ``word`` on source line ``line`` (the nth occurrence, or all)."""

    line: int
    damaged: str
    word: str
    occurrence: int = 0  # 0: every occurrence; n: only the nth (1-based)
    reason: str = "icon lost in the text conversion"

    def apply(self, text: str) -> tuple[str, bool]:
        if self.damaged not in text:
            return text, False
        if self.occurrence == 0:
            return text.replace(self.damaged, self.word), True
        parts = text.split(self.damaged)
        if len(parts) <= self.occurrence:
            return text, False
        head = self.damaged.join(parts[: self.occurrence])
        tail = self.damaged.join(parts[self.occurrence :])
        return head + self.word + tail, True


def apply_repairs(lines: list[str], repairs: list[Repair]) -> tuple[list[str], list[Repair]]:
    """Return a copy of ``lines`` with the repairs made, and the repairs that did not apply."""
    out = list(lines)
    missed = []
    for repair in repairs:
        index = repair.line - 1
        if 0 <= index < len(out):
            out[index], done = repair.apply(out[index])
            if done:
                continue
        missed.append(repair)
    return out, missed


def guarded(document: str):
    """Decorate a document parser: a malformed id or span that damaged text produced
    becomes a ParseError naming the document, never a bare ValueError."""
    import functools

    def wrap(parser):
        @functools.wraps(parser)
        def parse(lines, doc):
            try:
                return parser(lines, doc)
            except ParseError:
                raise
            except ValueError as exc:
                raise ParseError(f"{document}: {exc}") from exc

        return parse

    return wrap


def find_headings(lines: list[str], headings: dict[str, str], document: str) -> dict[str, int]:
    """The 1-based line of each heading (key -> heading text), searched in document order.

    A missing heading means the file does not have the layout its parser expects."""
    marks: dict[str, int] = {}
    position = 0
    for key, heading in headings.items():
        for number in range(position, len(lines)):
            if lines[number].strip() == heading:
                marks[key] = number + 1
                position = number + 1
                break
        else:
            raise ParseError(f"{document}: heading {heading!r} not found")
    return marks


def last_text_line(lines: list[str], start: int, end: int) -> int:
    """The last non-blank line between ``start`` and ``end`` (1-based), or ``start``."""
    for number in range(end, start - 1, -1):
        if lines[number - 1].strip():
            return number
    return start


def strip_markdown(text: str) -> str:
    """Drop ``**bold**`` and ``*italic*`` markers left over from the conversion."""
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
    return text.replace("**", "")


def normalise_spaces(text: str) -> str:
    text = text.replace("\u00a0", " ").replace("\t", " ")
    return re.sub(r" {2,}", " ", text).strip()


def paragraphs(lines: list[str], start: int, end: int) -> list[tuple[int, str]]:
    """Paragraphs between 1-based lines ``start`` and ``end`` inclusive, as (first line, text).

    A paragraph is a run of non-blank lines, its lines joined with a space; a line that
    opens with a bullet or a step number starts a paragraph of its own.
    """
    out: list[tuple[int, str]] = []
    current: list[str] = []
    first = 0
    for number in range(start, end + 1):
        line = lines[number - 1] if number - 1 < len(lines) else ""
        if line.strip():
            if current and (BULLET_RE.match(line) or NUMBERED_RE.match(line)):
                out.append((first, " ".join(current)))
                current = []
            if not current:
                first = number
            current.append(line.strip())
        elif current:
            out.append((first, " ".join(current)))
            current = []
    if current:
        out.append((first, " ".join(current)))
    return out


def to_block(text: str, line: int) -> Block:
    """One paragraph as a Block: bullet and numbered markers normalised, Markdown dropped."""
    style = "para"
    match = NUMBERED_RE.match(text)
    if match:
        style = "step"
        text = f"{match.group(1)}. " + text[match.end() :]
    else:
        bullet = BULLET_RE.match(text)
        if bullet:
            style = "bullet"
            text = text[bullet.end() :]
    return Block(normalise_spaces(strip_markdown(text)), style=style, line=line)


def split_examples(block: Block) -> list[Block]:
    """Split a block at "For example," into the rule and a block tagged as an example."""
    match = EXAMPLE_RE.search(block.text)
    if not match:
        return [block]
    if match.start() == 0:
        return [Block(block.text, block.style, example=True, line=block.line)]
    head = block.text[: match.start()].rstrip()
    tail = block.text[match.start() :]
    return [Block(head, block.style, line=block.line), Block(tail, "para", example=True, line=block.line)]


def join_continuations(blocks: list[Block]) -> list[Block]:
    """Join a block that continues the previous sentence (it starts in lower case)."""
    out: list[Block] = []
    for block in blocks:
        starts_lower = block.text[:1].islower()
        if out and starts_lower and not out[-1].text.rstrip().endswith((".", ":", "!", "?")):
            out[-1] = Block(out[-1].text.rstrip() + " " + block.text, out[-1].style, out[-1].example, out[-1].line)
        else:
            out.append(block)
    return out
