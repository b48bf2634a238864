"""The Quest Companion's pages: where each begins and ends, what kind it is, where it sits.

The dump is a crawl of a web app whose every page is wrapped in ``Home`` / ``Back``
buttons.  A page begins on the line after a ``Back`` (its title is the first non-blank
line there; a ``Home`` there means an empty shell) and runs to the next ``Home`` or
``Back``.  Keying on ``Back`` rather than ``Home`` matters: one ``Back`` has no
``Home`` before it, and keying on ``Home`` would merge the two reference sheets.

The hierarchy exists only in the numbered table-of-contents lists at the foot of parent
pages: a numbered block is a table of contents when every item is a page title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .companion_repairs import repair_line

# Lines that are website chrome wherever they stand.
CHROME = frozenset({"See also", "Rate this Quest!", "Related Quests", "easymode", "Options", "The Quest Companion is free"})
SHEET_TITLES = ("Number of Players", "Timing & Gameplay")
CARD_SECTION_HEADS = ("Errata", "Q & A", "Ruling")
FAQ_TITLE = re.compile(r"^FAQ \((1\.\d\d)\) (.+)$")
NUMBERED = re.compile(r"^(\s*)(\d+)\.\s+(.*)$")
BULLET = re.compile(r"^(\s*)\u2022\s*(.*)$")

# Page kinds
RULES, FAQ, GLOSSARY_INDEX, GLOSSARY, SCENARIO, SHEET, CARD = (
    "rules", "faq", "glossary-index", "glossary", "scenario", "sheet", "card",
)


@dataclass
class Line:
    no: int  # 1-based line number in the source
    raw: str
    text: str  # repaired
    repairs: list[str] = field(default_factory=list)

    @property
    def indent(self) -> int:
        return len(self.raw) - len(self.raw.lstrip(" \u00a0"))


@dataclass
class Page:
    index: int  # 0-based position among the titled pages
    title: str
    line: int  # the title's line
    end: int  # the page's last line of text (website buttons such as "See also" left out)
    lines: list[Line]  # body: non-blank, non-chrome lines after the title
    kind: str = RULES
    parent: int | None = None  # index of the page whose contents list names this one
    children: list[int] = field(default_factory=list)
    toc_lines: set[int] = field(default_factory=set)  # body lines that are contents-list items
    path: list[str] = field(default_factory=list)

    @property
    def content(self) -> list[Line]:
        """The body without its contents list."""
        return [ln for ln in self.lines if ln.no not in self.toc_lines]

    @property
    def navigation_only(self) -> bool:
        """A page whose body is only a contents list."""
        return bool(self.toc_lines) and not self.content


def split_pages(lines: list[str]) -> tuple[list[Page], int]:
    """Split the dump into titled pages; also return how many empty shells were skipped."""
    pages: list[Page] = []
    shells = 0
    n = len(lines)
    i = 0
    while i < n:
        if lines[i].strip() != "Back":
            i += 1
            continue
        j = i + 1
        while j < n and not lines[j].strip():
            j += 1
        if j >= n or lines[j].strip() in ("Home", "Back"):
            shells += 1
            i = j
            continue
        title, _ = repair_line(lines[j].strip())
        body: list[Line] = []
        end = j + 1
        k = j + 1
        while k < n and lines[k].strip() not in ("Home", "Back"):
            raw = lines[k]
            if raw.strip() and raw.strip() not in CHROME:
                text, notes = repair_line(raw.strip())
                body.append(Line(k + 1, raw, text, notes))
            k += 1
        body = _drop_stray_tokens(body, lines)
        # the page ends on its last line of text: the website's buttons after it are not part of it
        end = body[-1].no if body else j + 1
        pages.append(Page(len(pages), title, j + 1, end, body))
        i = k
    return pages, shells


def _drop_stray_tokens(body: list[Line], lines: list[str]) -> list[Line]:
    """Remove a stray token left after a ``See also`` button (one page has ``OWN``)."""
    out = []
    for ln in body:
        prev = [x for x in lines[max(0, ln.no - 4) : ln.no - 1] if x.strip()]
        if ln.text == "OWN" and prev and prev[-1].strip() == "See also":
            continue
        out.append(ln)
    return out


def classify(pages: list[Page]) -> None:
    """Give every page its kind: positional for the rules and glossary, by content after."""
    glossary_at = next((p.index for p in pages if p.title == "Glossary"), None)
    first_scenario = None
    for p in pages:
        first = p.lines[0].text if p.lines else ""
        if first.startswith(("Official difficulty (", "User rating (")):
            p.kind = SCENARIO
            if first_scenario is None:
                first_scenario = p.index
        elif p.title in SHEET_TITLES and first_scenario is not None:
            p.kind = SHEET
        elif first in CARD_SECTION_HEADS and first_scenario is not None:
            p.kind = CARD
        elif glossary_at is not None and p.index == glossary_at:
            p.kind = GLOSSARY_INDEX
        elif glossary_at is not None and p.index > glossary_at and first_scenario is None:
            p.kind = GLOSSARY
        elif FAQ_TITLE.match(p.title):
            p.kind = FAQ
        else:
            p.kind = RULES


def _numbered_blocks(page: Page) -> list[list[tuple[Line, str]]]:
    """Runs of consecutive indented numbered lines (``  N. Title``) in a page body."""
    blocks: list[list[tuple[Line, str]]] = []
    run: list[tuple[Line, str]] = []
    for ln in page.lines:
        m = NUMBERED.match(ln.raw.replace("\u00a0", " "))
        if m and m.group(1):
            run.append((ln, m.group(3).strip()))
            continue
        if run:
            blocks.append(run)
        run = []
    if run:
        blocks.append(run)
    return blocks


def build_hierarchy(pages: list[Page], document_title: str = "Quest Companion") -> None:
    """Find the contents lists, link parents and children, and set breadcrumb paths."""
    by_title: dict[str, list[int]] = {}
    for p in pages:
        by_title.setdefault(p.title, []).append(p.index)
    for p in pages:
        for block in _numbered_blocks(p):
            titles = [t for _, t in block]
            if not all(t in by_title for t in titles):
                continue
            p.toc_lines.update(ln.no for ln, _ in block)
            for t in titles:
                child = next(
                    (c for c in by_title[t] if c > p.index and pages[c].parent is None and c not in p.children),
                    None,
                )
                if child is not None:
                    pages[child].parent = p.index
                    p.children.append(child)
    # "A Long Extended Party" has no contents list, but the page after it (its
    # Deckbuilding rules) belongs to it: the website opens it from there.
    for p in pages:
        if p.title == "A Long Extended Party" and not p.children and p.index + 1 < len(pages):
            nxt = pages[p.index + 1]
            if nxt.kind == RULES and nxt.parent is None:
                nxt.parent = p.index
                p.children.append(nxt.index)
    section = {
        RULES: "Rules",
        FAQ: "Rules",
        GLOSSARY_INDEX: "Glossary",
        GLOSSARY: "Glossary",
        SCENARIO: "Scenarios",
        SHEET: "Reference sheets",
        CARD: "Card rulings",
    }
    for p in pages:
        chain = []
        cur: Page | None = p
        while cur is not None:
            chain.append(cur.title)
            cur = pages[cur.parent] if cur.parent is not None else None
        chain.reverse()
        head = [document_title, section[p.kind]]
        if p.kind == GLOSSARY and chain and chain[0] == "Glossary":
            chain = chain[1:]
        if p.kind == GLOSSARY_INDEX:
            chain = []
        p.path = head + chain


def read_pages(lines: list[str]) -> tuple[list[Page], int]:
    pages, shells = split_pages(lines)
    classify(pages)
    build_hierarchy(pages)
    return pages, shells


# Worked examples name their players: a paragraph that opens with one of these names,
# or with "For example" / "Example", illustrates a rule rather than stating it.
EXAMPLE_NAMES = (
    "Tom", "Kris", "Tyler", "Jennifer", "Karl", "Eric", "David", "Tristan", "Ian", "Jason",
    "Caleb", "Matt", "Mercedes", "Brandon", "Jeremy", "Tony",
)
_EXAMPLE_START = re.compile(
    r"^(?:(?:" + "|".join(EXAMPLE_NAMES) + r")(?:'s)?\b|For example\b|Example\b|E\.g\.)"
)


def is_example(text: str) -> bool:
    return bool(_EXAMPLE_START.match(text))


def to_blocks(lines: list[Line], headings: set[int] | None = None) -> list:
    """Turn body lines into record blocks: one block a line (the dump's paragraphs are lines)."""
    from adjudicator.kb.records import Block

    headings = headings or set()
    blocks = []
    in_example = False
    for ln in lines:
        raw = ln.raw.replace("\u00a0", " ")
        if ln.no in headings:
            blocks.append(Block(ln.text, "heading", False, ln.no))
            in_example = False
            continue
        m = BULLET.match(raw)
        if m:
            blocks.append(Block(re.sub(r"^\u2022\s*", "", ln.text), "bullet", in_example, ln.no))
            continue
        m = NUMBERED.match(raw)
        if m:
            blocks.append(Block(ln.text, "step", in_example, ln.no))
            continue
        in_example = is_example(ln.text)
        blocks.append(Block(ln.text, "para", in_example, ln.no))
    return blocks
