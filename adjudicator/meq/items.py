"""The units inside a section of the Middle-earth Quest rules: numbered steps, lettered
sub-steps, bullets (often with a bold label) and plain paragraphs.

The conversion prints these inconsistently: ``1. **Name:** text``, `` - a. **Name:** text``,
``- a. *Name:* text``, ``- **Label:** text`` and, with the opening ``**`` lost,
``- Label:** text``.  `split_items` reads all of them into `Item`s carrying the number,
letter and label they show; which items are procedure steps, picture callouts or
examples is decided by `adjudicator.meq.rules`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .outline import IMAGE_GAP, Paragraph

NUM_RE = re.compile(r"^\s*(\d{1,2})\.\s+(.*)$")
LETTER_RE = re.compile(r"^\s*-\s*([a-h])\.\s+(.*)$")
BULLET_RE = re.compile(r"^\s*-\s+(.*)$")
BOLD_LABEL_RE = re.compile(r"^\*\*(.+?)\*\*\s*(.*)$")
ITALIC_LABEL_RE = re.compile(r"^\*([^*]+?):\*\s*(.*)$")
BROKEN_LABEL_RE = re.compile(r"^([A-Z][^*:]{0,60}?)\s*:\*\*\s*(.*)$")
EXAMPLE_START_RE = re.compile(r"^\**\s*(?:example\s*:|for example\b)", re.IGNORECASE)
NOTE_START_RE = re.compile(r"^\**\s*(?:note\b|important\s*:|exception\s*:|remember\b|also note\b)", re.IGNORECASE)


def clean(text: str) -> str:
    """Markdown emphasis and stray ``**`` removed, spaces normalised."""
    text = text.replace("\u00a0", " ").replace("*", "")
    return re.sub(r"\s{2,}", " ", text).strip()


def split_label(rest: str) -> tuple[str, str]:
    """(label, text) of an item's text; label is "" when the item shows none."""
    for pattern in (BOLD_LABEL_RE, ITALIC_LABEL_RE, BROKEN_LABEL_RE):
        match = pattern.match(rest.strip())
        if match:
            label = clean(match.group(1)).rstrip(" :")
            if label and len(label) <= 70 and not label.endswith("."):
                return label, match.group(2)
    return "", rest


@dataclass
class Item:
    line: int  # first line, 1-based
    end: int  # last line
    style: str  # "step" (numbered or lettered), "bullet" or "para"
    raw: str  # the text as printed (markup kept), continuation lines joined
    number: str = ""  # "3" for "3.", "" otherwise
    letter: str = ""  # "c" for "- c."
    label: str = ""
    text: str = ""  # cleaned text after the label
    gap: int = 0  # blank lines before the paragraph this item opens (0 when it does not open one)
    callout: bool = False  # part of a numbered callout list of a missing picture
    example: bool = False
    note: bool = False
    extra: list[str] = field(default_factory=list)  # continuation paragraphs (cleaned)

    @property
    def full_text(self) -> str:
        head = f"{self.label}: {self.text}" if self.label else self.text
        return clean(" ".join([head] + self.extra)) if self.extra else clean(head)

    @property
    def labelled(self) -> bool:
        return bool(self.label)


def split_items(paras: list[Paragraph]) -> list[Item]:
    """Every list item and paragraph of a section, in order."""
    items: list[Item] = []
    for para in paras:
        current: Item | None = None
        for offset, line in enumerate(para.lines):
            number = para.line + offset
            gap = para.gap if offset == 0 else 0
            match = LETTER_RE.match(line)
            if match:
                label, text = split_label(match.group(2))
                current = Item(number, number, "step", line.strip(), letter=match.group(1), label=label,
                               text=clean(text), gap=gap)
                items.append(current)
                continue
            match = NUM_RE.match(line)
            if match:
                label, text = split_label(match.group(2))
                current = Item(number, number, "step", line.strip(), number=match.group(1), label=label,
                               text=clean(text), gap=gap)
                items.append(current)
                continue
            match = BULLET_RE.match(line)
            if match:
                label, text = split_label(match.group(1))
                current = Item(number, number, "bullet", line.strip(), label=label, text=clean(text), gap=gap)
                items.append(current)
                continue
            if current is None:
                current = Item(number, number, "para", line.strip(), text=clean(line), gap=gap)
                items.append(current)
            else:
                current.raw += " " + line.strip()
                current.text = clean(current.text + " " + line)
                current.end = number
    for item in items:
        if item.style == "para":
            item.example = bool(EXAMPLE_START_RE.match(item.raw))
            item.note = bool(NOTE_START_RE.match(item.raw))
    mark_callouts(items)
    return items


def mark_callouts(items: list[Item]) -> None:
    """A list whose first item follows a picture's blank lines labels that picture: it and the
    list items after it (up to the next plain paragraph) are callouts, not a procedure."""
    inside = False
    for item in items:
        if item.style == "para":
            inside = False
            continue
        if item.gap >= IMAGE_GAP:
            inside = True
        item.callout = inside
