"""The knowledge base's value types: documents, spans, text blocks and records.

Every parser (one per source document) turns a document's lines into a list of
`Record`s.  A record is what the engine cites and what lookups return, so its id is
stable across rebuilds: it is made from the rulebook's own numbering or from a slug of
the entry's title, never from a position in the file.

Id scheme (``game:document:local``):

- ``lotr:rr:<slug>``             Rules Reference glossary entry (``lotr:rr:engagement-check``)
- ``lotr:rr:golden-rules``       the Golden Rules; ``lotr:rr:grim-rule`` the Grim Rule
- ``lotr:rr:step:<id>``          Appendix I framework step (``lotr:rr:step:6.4.3``)
- ``lotr:rr:flow:<slug>``        Appendix I sections (action windows, attack resolutions)
- ``lotr:rr:window:<id>``        an action window of the round sequence chart, after step <id>
- ``lotr:rr:anatomy:<slug>``     Appendix II;  ``lotr:rr:campaign:<slug>`` Appendix III
- ``lotr:faq:<n.nn>``            FAQ 1.9 rule clarification (``lotr:faq:1.24``)
- ``lotr:faq:q:<n>``             FAQ 1.9 question and answer, numbered in document order
- ``lotr:errata:<set>-<n>``      card erratum (``lotr:errata:core-12``); ``lotr:errata:rulebook-p14``
- ``lotr:faq:<slug>``            other FAQ sections (``lotr:faq:expert-game``)
- ``lotr:qc:...``, ``metw:...``, ``meq:...`` for the other documents.

The text of a record comes from the source document at build time; what the project
itself writes (summaries, synonyms, the framework table) lives in ``rules_db/``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import Enum

from adjudicator.record_ids import ID_PATTERN, slugify  # noqa: F401  (slugify: the parsers import it from here)

TYPE_CHECKING = False  # typing's, without importing typing at every lookup's start (annotations only)
if TYPE_CHECKING:
    from typing import Any

GAMES = ("lotr", "metw", "meq")


class Authority(str, Enum):
    """Who stands behind a record's text."""

    OFFICIAL = "official"  # published by the game's publisher
    FAN = "fan"  # community content (e.g. A Long-extended Party pages)


class Kind(str, Enum):
    """What a record is, as a rulebook reader would name it."""

    GLOSSARY = "glossary"  # a glossary entry (term and its rules)
    RULE = "rule"  # a rules section that is not a glossary entry (Golden Rules, a chapter)
    STEP = "step"  # a framework step of the round structure
    CLARIFICATION = "clarification"  # a numbered FAQ rule clarification
    QA = "qa"  # a question and its answer
    ERRATA = "errata"  # a correction of a card's or a rulebook's text
    SCENARIO = "scenario"
    RULING = "ruling"  # a scenario or card ruling
    CARD = "card"
    KEYWORD = "keyword"
    SECTION = "section"  # navigation or supporting material (anatomy, scoring sheet)
    EXAMPLE = "example"  # a worked example, standing alone


@dataclass(frozen=True)
class Span:
    """Where a record's text stands in a source document: 1-based, inclusive lines."""

    doc: str  # document key, e.g. "lotr-rr"
    start: int
    end: int

    def __post_init__(self) -> None:
        if self.start < 1 or self.end < self.start:
            raise ValueError(f"bad line span {self.start}-{self.end} in {self.doc}")

    def label(self) -> str:
        return f"L{self.start}" if self.start == self.end else f"L{self.start}–L{self.end}"


@dataclass
class Block:
    """One paragraph of a record's cleaned text.

    ``style`` is "para", "bullet", "step" (a numbered sub-step), "heading" or "note".
    ``example`` marks a worked example ("For example, ..."): illustration, not rules.
    """

    text: str
    style: str = "para"
    example: bool = False
    line: int = 0  # first source line of the block


@dataclass
class Link:
    """A typed edge between records: "see-also", "redirect", "touches", "diverges", ..."""

    rel: str
    target: str  # a record id, or an unresolved title (prefixed "?") when no record matched
    note: str = ""


@dataclass
class Record:
    """One cited unit of a source document: its id, kind, title, text and line span."""

    id: str
    game: str
    kind: Kind
    title: str
    span: Span
    authority: Authority = Authority.OFFICIAL
    path: list[str] = field(default_factory=list)  # breadcrumb, document first
    blocks: list[Block] = field(default_factory=list)
    summary: str = ""  # one line in the project's own words (rules_db/summaries)
    aliases: list[str] = field(default_factory=list)  # other names that find this record
    links: list[Link] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)  # normalised card refs, "CORE 5"
    also_in: list[Span] = field(default_factory=list)  # the same entry in other documents
    notes: list[str] = field(default_factory=list)  # for readers: typos kept as printed, divergences, fan content
    data: dict[str, Any] = field(default_factory=dict)  # kind-specific fields

    def __post_init__(self) -> None:
        if not ID_PATTERN.match(self.id):
            raise ValueError(f"malformed record id {self.id!r}")
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r} for {self.id}")
        self.kind = Kind(self.kind)
        self.authority = Authority(self.authority)

    @property
    def text(self) -> str:
        """The whole cleaned text, one block a paragraph, bullets marked."""
        return "\n".join(("• " + b.text) if b.style == "bullet" else b.text for b in self.blocks)

    @property
    def rules_text(self) -> str:
        """The text without worked examples."""
        return "\n".join(b.text for b in self.blocks if not b.example)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["kind"] = self.kind.value
        out["authority"] = self.authority.value
        return out


def log_repair(record: Record, text: str) -> None:
    """Record how a parser repaired the layout of a record's text (a step moved back from
    after a sidebar, numbers restored, a merge).  This is bookkeeping for maintainers,
    kept in ``data["repairs"]`` and never among the notes a reader is shown."""
    repairs = record.data.setdefault("repairs", [])
    if text not in repairs:
        repairs.append(text)


def unique_id(base: str, taken) -> str:
    """``base``, or the first of ``base-2``, ``base-3``... that is not in ``taken``."""
    candidate, n = base, 2
    while candidate in taken:
        candidate = f"{base}-{n}"
        n += 1
    return candidate
