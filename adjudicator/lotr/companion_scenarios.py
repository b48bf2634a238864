"""A Quest Companion scenario page, read into its parts.

In order: the header (``Official difficulty (N)`` when given, ``User rating (x)``,
``rated by N players``), ``Keywords`` (keyword headings from our keyword list, each
with its paragraphs), ``Rulings`` (sub-headings with paragraphs), ``Strategy Tip``,
``FAQ & Errata`` (card entries), and ``Difficulty level`` with ``Easy Mode``: either a
list of encounter sets with ``Nx Card`` removals, or the generic gold-border text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .companion_cards import CardEntry, parse_faq_block
from .companion_pages import BULLET, Line, Page

SECTIONS = ("Keywords", "Rulings", "Strategy Tip", "FAQ & Errata", "Difficulty level")
DIFFICULTY = re.compile(r"^Official difficulty \((\d+)\)$")
RATING = re.compile(r"^User rating \(([\d.]+)\)$")
VOTES = re.compile(r"^rated by (\d+) players?$")
REMOVAL = re.compile(r"^(\d+)x\s+(.+)$")
FAN_NOTE = "A Long-extended Party"


@dataclass
class Section:
    heading: str
    line: int  # the heading's line (or the first text line of a headless section)
    lines: list[Line] = field(default_factory=list)
    sub: list[int] = field(default_factory=list)  # lines of nested sub-headings

    @property
    def end(self) -> int:
        return self.lines[-1].no if self.lines else self.line


@dataclass
class Removal:
    encounter_set: str
    card: str
    quantity: int
    line: int


@dataclass
class Scenario:
    title: str
    line: int
    end: int
    difficulty: int | None = None
    rating: float | None = None
    votes: int | None = None
    keywords: list[Section] = field(default_factory=list)
    rulings: list[Section] = field(default_factory=list)
    strategy: list[Line] = field(default_factory=list)
    faq: list[CardEntry] = field(default_factory=list)
    easy_mode: str = "none"  # "list", "generic" or "none"
    easy_lines: list[Line] = field(default_factory=list)
    removals: list[Removal] = field(default_factory=list)
    header: list[Line] = field(default_factory=list)  # difficulty, rating, votes: the lines before the first section
    fan: bool = False  # an A Long-extended Party scenario
    modes: list[str] = field(default_factory=list)  # "epic", "hard": extra modes its rulings describe


def is_subheading(ln: Line) -> bool:
    """A ruling sub-heading: a short line of its own, not a sentence or a list item."""
    t = ln.text
    if ln.raw.startswith((" ", "\u00a0")) or not t or len(t) > 70:
        return False
    return not t.endswith((".", ":", "?", ",", ";"))


def _split_sections(page: Page) -> dict[str, list[Line]]:
    parts: dict[str, list[Line]] = {"header": []}
    current = "header"
    for ln in page.lines:
        if ln.text in SECTIONS and ln.text not in parts:
            current = ln.text
            parts[current] = []
            continue
        parts[current].append(ln)
    return parts


def _keyword_sections(lines: list[Line], keyword_names: dict[str, str], subs: set[str]) -> list[Section]:
    out: list[Section] = []
    for ln in lines:
        if ln.text in keyword_names and not ln.raw.startswith(" "):
            out.append(Section(keyword_names[ln.text], ln.no))
        elif out:
            if ln.text in subs:
                out[-1].sub.append(ln.no)
            out[-1].lines.append(ln)
    return out


def _ruling_sections(lines: list[Line]) -> list[Section]:
    out: list[Section] = []
    for ln in lines:
        if is_subheading(ln):
            out.append(Section(ln.text, ln.no))
        else:
            if not out:
                out.append(Section("", ln.no))  # text before any sub-heading
            out[-1].lines.append(ln)
    return out


def _easy_mode(sc: Scenario, lines: list[Line]) -> None:
    body = [ln for ln in lines if ln.text != "Easy Mode"]
    sc.easy_lines = body
    if not body:
        sc.easy_mode = "none"
        return
    current_set = ""
    for ln in body:
        m = BULLET.match(ln.raw.replace("\u00a0", " "))
        if not m:
            continue
        item = ln.text.lstrip("\u2022 ").strip()
        indent = len(m.group(1))
        r = REMOVAL.match(item)
        if indent <= 2 and not r:
            current_set = item
        elif r:
            sc.removals.append(Removal(current_set, r.group(2).strip(), int(r.group(1)), ln.no))
    sc.easy_mode = "list" if sc.removals else "generic"


def parse_scenario(page: Page, keyword_names: dict[str, str], subs: set[str]) -> Scenario:
    """Read a scenario page.  ``keyword_names`` maps a heading as written to its keyword name."""
    sc = Scenario(page.title, page.line, page.end)
    parts = _split_sections(page)
    sc.header = parts.get("header", [])
    for ln in sc.header:
        if m := DIFFICULTY.match(ln.text):
            sc.difficulty = int(m.group(1))
        elif m := RATING.match(ln.text):
            sc.rating = float(m.group(1))
        elif m := VOTES.match(ln.text):
            sc.votes = int(m.group(1))
    sc.keywords = _keyword_sections(parts.get("Keywords", []), keyword_names, subs)
    sc.rulings = _ruling_sections(parts.get("Rulings", []))
    sc.strategy = parts.get("Strategy Tip", [])
    sc.faq = parse_faq_block(parts.get("FAQ & Errata", []))
    _easy_mode(sc, parts.get("Difficulty level", []))
    for r in sc.rulings:
        if r.heading == FAN_NOTE:
            sc.fan = True
        if "Epic Multiplayer" in r.heading and "epic" not in sc.modes:
            sc.modes.append("epic")
        if r.heading == "Hard Mode" and "hard" not in sc.modes:
            sc.modes.append("hard")
    return sc
