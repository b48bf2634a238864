"""Glossary records: the rulebook's "Commonly Used Terms" and terms defined in the text.

A glossary entry stands on its own bullet line, ``- Term: definition``, continued on the
following lines until the next entry.  Terms defined elsewhere are listed in
``rules_db/metw/terms.yaml`` with the section that defines them; the record's span is
the first line of that section naming the term.
"""

from __future__ import annotations

import re

from adjudicator.kb.records import Block, Kind, Link, Record, Span, slugify

from .paragraphs import NOISE_RE, clean

ENTRY_RE = re.compile(r"^- ([A-Z][^:]{0,40}):\s*(.*)$")


def glossary_entries(lines: list[str], start: int, end: int) -> list[tuple[str, int, int, str]]:
    """(term, first line, last line, text) for each entry between lines ``start`` and ``end``."""
    entries: list[list] = []
    for number in range(start, end + 1):
        text = lines[number - 1]
        if NOISE_RE.match(text) or not text.strip():
            continue
        match = ENTRY_RE.match(text.strip())
        if match:
            entries.append([match.group(1).strip(), number, number, [match.group(2)]])
        elif entries:
            entries[-1][2] = number
            entries[-1][3].append(text.strip())
    return [(term, first, last, clean(" ".join(parts))) for term, first, last, parts in entries]


def glossary_records(lines: list[str], section: Record, summaries: dict[str, str]) -> list[Record]:
    out = []
    seen: set[str] = set()
    for term, first, last, text in glossary_entries(lines, section.span.start + 1, section.span.end):
        slug = slugify(term)
        if slug in seen:
            continue
        seen.add(slug)
        out.append(
            Record(
                id=f"metw:glossary:{slug}",
                game="metw",
                kind=Kind.GLOSSARY,
                title=term,
                span=Span(section.span.doc, first, last),
                path=section.path + [term],
                blocks=[Block(text, line=first)],
                summary=summaries.get(slug, ""),
                aliases=_aliases(term),
                links=[Link("part-of", section.id)],
                data={"mode": "both", "part": "intro", "source": "glossary"},
            )
        )
    return out


def _aliases(term: str) -> list[str]:
    aliases = []
    if "/" in term:
        aliases.extend(p.strip() for p in term.split("/"))
    if term.endswith("s") and not term.endswith("ss"):
        aliases.append(term[:-1])
    return aliases


def defined_terms(lines: list[str], records: list[Record], terms: list[dict]) -> list[Record]:
    """Records for the terms the text defines outside the glossary."""
    by_id = {r.id: r for r in records}
    taken = {r.id for r in records}
    out = []
    for entry in terms:
        term = entry["term"]
        record_id = f"metw:glossary:{slugify(term)}"
        section = by_id.get("metw:" + entry["in"])
        if section is None or record_id in taken:
            continue
        needle = entry.get("find", term).lower()
        line = next(
            (n for n in range(section.span.start, section.span.end + 1) if needle in lines[n - 1].lower()),
            None,
        )
        if line is None:
            continue
        taken.add(record_id)
        block = next((b for b in reversed(section.blocks) if b.line and b.line <= line), None)
        out.append(
            Record(
                id=record_id,
                game="metw",
                kind=Kind.GLOSSARY,
                title=term,
                span=Span(section.span.doc, line, line),
                path=section.path + [term],
                blocks=[Block(block.text, line=block.line)] if block else [],
                summary=entry.get("summary", ""),
                aliases=list(entry.get("aliases", [])),
                links=[Link("defined-in", section.id)],
                data={"mode": entry.get("mode", section.data.get("mode", "both")), "part": section.data.get("part"), "source": "text"},
            )
        )
    return out
