"""The outline of the Middle-earth Quest rules: headings, their levels, and the noise around them.

The rulebook's text conversion marks headings as ALL-CAPS lines standing between blank
lines, plus a few title-case subheads ("Maximum Influence", the four hero attributes).
Levels cannot be read from the text (every heading looks the same), so they come from
two small tables written from the printed layout:

- `CHAPTERS`: the top-level headings (each printed with a flavour quote under it);
- `CHILDREN`: for a heading that has subsections, the names of those subsections.

A heading not listed under any open ancestor is a section of its chapter.  Repeated
heading names (MINIONS, PLOT CARDS, ...) are told apart by the path this gives them.

Noise left out of the records:

- front matter (title lines and cover-art garbage before the first chapter);
- flavour quotes and their attributions at the start of a chapter;
- figure captions: a short line standing alone after the run of blank lines that marks
  a removed picture, and the lines ``rules_db/meq/kb.yaml`` names as text printed on a
  picture (``picture_text``);
- back matter that is not rules: credits, the page index, advertisements.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

CHAPTERS = frozenset(
    {
        "INTRODUCTION",
        "GAME OVERVIEW",
        "COMPONENT LIST",
        "COMPONENT OVERVIEW",
        "GETTING STARTED",
        "GAMEPLAY OVERVIEW",
        "SAURON GAME RULES",
        "HERO GAME RULES",
        "OTHER GAME ELEMENTS",
        "COMBAT",
        "WINNING THE GAME",
        "OTHER RULES",
        "STRATEGY TIPS",
        "REGION REFERENCE",
        "FREQUENTLY OVERLOOKED RULES",
        "CREDITS",
        "INDEX",
        "QUICK REFERENCE",
    }
)

# Chapters and headings whose text is not rules and is not kept at all.
DROPPED_CHAPTERS = frozenset({"CREDITS", "INDEX"})
# Headings that open a dropped zone (advertisements, the publisher's address).
DROPPED_HEADINGS = frozenset({"WAR OF THE RING™", "THE CONFRONTATION", "WWW.FANTASYFLIGHTGAMES.COM"})
# Headings that are document metadata, not sections.
METADATA_HEADINGS = frozenset({"MIDDLE-EARTH QUEST™", "MIDDLE-EARTH QUEST", "RULES OF PLAY"})

CHILDREN: dict[str, tuple[str, ...]] = {
    "SAURON TURN IN DETAIL": (
        "THE HERO RALLY STEP", "IMPORTANT TERMS", "THE STORY STEP", "THE PLOT STEP",
        "HERO DECISION MAKING", "THE EVENT STEP", "THE ACTION STEP", "THE HERO DRAW STEP",
    ),
    "THE STORY STEP": (
        "UNDERSTANDING THE STORY TRACK", "UNDERSTANDING THE GAME STAGES", "ADVANCING STORY MARKERS",
        "PLACING MINIONS",
    ),
    "THE PLOT STEP": (
        "PLOT CARDS", "PLAYING PLOT CARDS", "AFFECTED LOCATIONS ON PLOT CARDS", "DISCARDING ACTIVE PLOT CARDS",
        "MULTIPLE ACTIVE PLOT CARDS", "ANATOMY OF A PLOT CARD",
    ),
    "THE EVENT STEP": (
        "DETERMINING DOMINANCE", "AFFECTED LOCATIONS ON EVENT CARDS", "ANATOMY OF AN EVENT CARD",
        "REGION REFERENCE JEWELS",
    ),
    "THE ACTION STEP": (
        "ACTION: PLACE INFLUENCE", "ACTION TRACKS", "INFLUENCE TOKENS", "ACTION: DRAW SHADOW AND PLOT CARDS",
        "SHADOW CARDS", "ACTION: COMMAND MONSTERS AND MINIONS", "MINIONS", "EXAMPLE OF SAURON'S ACTION STEP",
        "MONSTER TOKENS",
    ),
    "INFLUENCE TOKENS": ("INFLUENCE IN THE SHADOW POOL", "INFLUENCE ON LOCATIONS", "EXAMPLE OF PLACING INFLUENCE"),
    "SHADOW CARDS": ("PLAYING SHADOW CARDS", "ANATOMY OF A SHADOW CARD"),
    "HERO TURN IN DETAIL": (
        "THE REST STEP", "UNDERSTANDING THE HERO SHEET", "THE HERO CARD POOLS", "THE AMBUSH STEP",
        "THE TRAVEL STEP", "THE ENCOUNTER STEP", "QUESTS",
    ),
    "THE REST STEP": ("DISCARDING CORRUPTION CARDS", "HEALING"),
    "UNDERSTANDING THE HERO SHEET": ("1) COMBAT CHART", "2) ABILITY", "3) STARTING LOCATION", "4) ATTRIBUTES"),
    "THE HERO CARD POOLS": ("1) THE LIFE POOL", "2) THE REST POOL", "3) THE DAMAGE POOL"),
    "THE TRAVEL STEP": (
        "A) MOVE", "B) COMBAT OR PERIL", "TRAVEL STEP EXAMPLE", "PERIL CARDS", "C) EXPLORE", "FAVOR TOKENS",
        "CHARACTER TOKENS",
    ),
    "CHARACTER TOKENS": ("CONSULTING WITH A CHARACTER",),
    "THE ENCOUNTER STEP": ("ENCOUNTER STEP EXAMPLE", "ANATOMY OF AN ENCOUNTER CARD"),
    "QUESTS": ("COMPLETING QUESTS",),
    "SKILL CARDS": ("TRAINING",),
    "DEALING DAMAGE AND BEING DEFEATED": ("MONSTERS", "MINIONS", "DEALING DAMAGE TO HEROES", "DEFEATED HEROES"),
    "OPTIONAL RULES": ("ADVANCED DOMINANCE", "HIGH STAKES STAGE III"),
    "MISSION CARD REFERENCE": ("SAURON MISSION CARDS", "HERO MISSION CARDS"),
}

# Title-case subheads printed beside (not under) the section they belong to: the hero
# attributes Agility and Wisdom stand in the card-pool column of the printed page.
SUBHEAD_HOMES = {"Agility": "4) ATTRIBUTES", "Wisdom": "4) ATTRIBUTES"}

SMALL_WORDS = frozenset({"a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"})
ROMAN = frozenset({"I", "II", "III", "IV"})

QUOTE_START = ("“", '"', "”")
ATTRIBUTION_START = ("–", "—", "*–", "*—", "The Lord of the Rings", "from the chapter")
IMAGE_GAP = 3  # a removed picture leaves at least this many blank lines


@dataclass
class Heading:
    line: int  # 1-based
    raw: str  # as printed
    level: int
    parent: "Heading | None" = None
    subhead: bool = False  # a title-case subhead
    home: "Heading | None" = None  # where a displaced subhead belongs
    children: list["Heading"] = field(default_factory=list)

    @property
    def title(self) -> str:
        return title_case(self.raw) if not self.subhead else self.raw

    @property
    def ancestors(self) -> list["Heading"]:
        out = []
        node = self.home or self.parent
        while node is not None:
            out.append(node)
            node = node.home or node.parent
        return list(reversed(out))

    @property
    def chapter(self) -> "Heading":
        return self.ancestors[0] if self.ancestors else self


def title_case(raw: str) -> str:
    """ "SAURON TURN IN DETAIL" -> "Sauron Turn in Detail"; keeps roman numerals and 'A)' markers."""
    words = raw.replace("’", "'").split()
    out = []
    first = 1 if words and re.fullmatch(r"[0-9A-C]\)", words[0]) else 0
    for i, word in enumerate(words):
        bare = word.strip(":,()")
        if bare in ROMAN or re.fullmatch(r"[0-9A-C]\)", word):
            out.append(word)
        elif i > first and word.lower() in SMALL_WORDS:
            out.append(word.lower())
        else:
            out.append("-".join(part[:1].upper() + part[1:].lower() for part in word.split("-")))
    return " ".join(out)


def is_caps_heading(text: str) -> bool:
    stripped = text.strip()
    if not 3 <= len(stripped) <= 60 or stripped.startswith(("-", "|", "*")):
        return False
    if any(c.islower() for c in stripped):
        return False
    letters = sum(c.isalpha() for c in stripped)
    if letters < 2 or re.match(r"^\d+\.\s", stripped):
        return False
    return bool(re.match(r"^(?:[1-4]\)\s|[A-C]\)\s|ACTION:\s)?[A-Z0-9][A-Z0-9 '’&:,.!?\-™()]*$", stripped))


def is_subhead(text: str) -> bool:
    """A title-case subhead: a few capitalised words, no sentence punctuation, no markup."""
    stripped = text.strip()
    if not stripped or len(stripped) > 40 or any(c in stripped for c in ".,:;*!?()[]\"“”'’–—|"):
        return False
    words = stripped.split()
    if not 1 <= len(words) <= 5 or stripped.isupper():
        return False
    return all(w[0].isupper() or w in SMALL_WORDS for w in words) and words[0][0].isupper()


def blank(lines: list[str], number: int) -> bool:
    """Is 1-based line ``number`` blank (lines outside the file count as blank)."""
    return not (1 <= number <= len(lines)) or not lines[number - 1].strip()


def blanks_before(lines: list[str], number: int) -> int:
    count = 0
    n = number - 1
    while n >= 1 and not lines[n - 1].strip():
        count += 1
        n -= 1
    return count


def find_headings(lines: list[str]) -> list[Heading]:
    """Every heading and subhead, in order, with its level and parent (dropped zones included,
    marked by level 0)."""
    headings: list[Heading] = []
    stack: list[Heading] = []
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or not (blank(lines, number - 1) and blank(lines, number + 1)):
            continue
        if is_caps_heading(text):
            if text in METADATA_HEADINGS:
                continue
            if text in DROPPED_HEADINGS or text in DROPPED_CHAPTERS:
                heading = Heading(number, text, 0)
                stack = []
            elif text in CHAPTERS:
                heading = Heading(number, text, 1)
                stack = [heading]
            elif not stack:
                continue  # before the first chapter: front matter
            else:
                parent = stack[0]
                for candidate in reversed(stack):
                    if text in CHILDREN.get(candidate.raw, ()):
                        parent = candidate
                        break
                heading = Heading(number, text, parent.level + 1, parent)
                stack = stack[: stack.index(parent) + 1] + [heading]
            headings.append(heading)
        elif stack and is_subhead(text) and blanks_before(lines, number) < IMAGE_GAP:
            owner = stack[-1]
            if owner.subhead:
                owner = owner.parent
            heading = Heading(number, text, owner.level + 1, owner, subhead=True)
            home_name = SUBHEAD_HOMES.get(text)
            if home_name and home_name != owner.raw:
                home = next((h for h in reversed(headings) if h.raw == home_name and h.chapter is owner.chapter), None)
                if home is not None:
                    heading.home = home
                    heading.level = home.level + 1
            headings.append(heading)
            stack = stack[: stack.index(owner) + 1] + [heading]
    for heading in headings:
        if heading.home or heading.parent:
            (heading.home or heading.parent).children.append(heading)
    return headings


@dataclass
class Paragraph:
    line: int  # first line, 1-based
    lines: list[str]
    gap: int  # blank lines before it

    @property
    def end(self) -> int:
        return self.line + len(self.lines) - 1


def paragraphs(lines: list[str], start: int, end: int) -> list[Paragraph]:
    """Runs of non-blank lines between 1-based ``start`` and ``end`` inclusive."""
    out: list[Paragraph] = []
    current: list[str] = []
    first = 0
    gap = 0
    for number in range(start, end + 1):
        text = lines[number - 1] if number <= len(lines) else ""
        if text.strip():
            if not current:
                first = number
                gap = blanks_before(lines, number)
            current.append(text.rstrip())
        elif current:
            out.append(Paragraph(first, current, gap))
            current = []
    if current:
        out.append(Paragraph(first, current, gap))
    return out


def is_flavour(para: Paragraph) -> bool:
    head = para.lines[0].strip()
    return head.startswith(QUOTE_START) or head.startswith(ATTRIBUTION_START)


def is_caption(para: Paragraph) -> bool:
    """A picture's caption: one or two short lines alone after a picture's blank lines."""
    if para.gap < IMAGE_GAP or len(para.lines) > 2:
        return False
    text = " ".join(line.strip() for line in para.lines).replace("*", "").strip()
    if re.match(r"^(?:-|\d+\.)\s", text):
        return False
    return all(len(line.strip()) <= 80 for line in para.lines) and not text.endswith((".", ":"))


def strip_noise(
    paras: list[Paragraph], picture_text: frozenset[int] = frozenset()
) -> tuple[list[Paragraph], list[Paragraph], list[Paragraph]]:
    """Split a section's paragraphs into (kept, flavour, captions).  Flavour quotes count only
    at the start of a section, before any rules text; a paragraph starting on a line of
    ``picture_text`` is text printed on a picture (a full sentence, so not seen as a caption)."""
    kept, flavour, captions = [], [], []
    leading = True
    for para in paras:
        if leading and is_flavour(para):
            flavour.append(para)
            continue
        leading = False
        if is_caption(para) or para.line in picture_text:
            captions.append(para)
        else:
            kept.append(para)
    return kept, flavour, captions
