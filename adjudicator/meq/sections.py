"""The sections of the Middle-earth Quest rules: the model the rules, glossary and quick
reference parsers share (a section under its heading, with its items), and the helpers
they all use to turn items into blocks and ids.  It imports none of them, so that
`rules` can use `glossary` and `quickref` without a cycle."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from adjudicator.kb.records import Block, Kind, slugify, unique_id

from .items import Item, clean
from .outline import Heading

GAME = "meq"
ROOT = "MEQ"
QUICKREF = "QUICK REFERENCE"
GLOSSARY_CHAPTER = "COMPONENT OVERVIEW"


@dataclass
class Section:
    heading: Heading
    id: str
    path: list[str]
    kind: Kind
    items: list[Item]
    start: int
    end: int
    tags: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # for readers
    repairs: list[str] = field(default_factory=list)  # how the layout was repaired: bookkeeping, never a note
    extra_spans: list[tuple[int, int]] = field(default_factory=list)
    flavour: int = 0
    captions: int = 0

    @property
    def title(self) -> str:
        return self.heading.title

    @property
    def raw(self) -> str:
        return self.heading.raw

    @property
    def leaf(self) -> str:
        return leaf_slug(self.heading)

    @property
    def quickref(self) -> bool:
        return self.heading.chapter.raw == QUICKREF

    @property
    def procedure(self) -> bool:
        """Does this section hold a numbered procedure (not a picture's callouts or an example)?"""
        return (
            self.kind is Kind.RULE
            and not self.quickref
            and any(i.style == "step" and i.number and not i.callout and not i.example for i in self.items)
        )


def leaf_slug(heading: Heading) -> str:
    return slugify(re.sub(r"^[0-9A-C]\)\s*", "", heading.raw)) or "section"



def item_block(item: Item) -> Block:
    marker = ""
    if item.style == "step":
        marker = f"{item.letter}. " if item.letter else f"{item.number}. "
    style = "note" if item.note else item.style
    return Block(text=marker + item.full_text, style=style, example=item.example, line=item.line)


def word_key(text: str) -> str:
    """The words of a heading or label, lower case, apostrophes dropped: what MEQ headings,
    labels and quick-reference items are matched by."""
    return " ".join(re.findall(r"[a-z0-9]+", clean(text).lower().replace("’", "'").replace("'", "")))



def unique(candidate: str, used: set[str]) -> str:
    """A free id for ``candidate`` (see `unique_id`), marked as used."""
    rid = unique_id(candidate, used)
    used.add(rid)
    return rid
