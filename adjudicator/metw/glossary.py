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


def defined_terms(records: list[Record], terms: list[dict], ends: dict[int, int]) -> list[Record]:
    """Records for the terms the text defines outside the glossary.

    A term's record cites the paragraph that defines it, all its lines: the first paragraph
    of its section that opens with the term (``- Discard Pile - ...``, ``Havens [ h ]: ...``),
    else the first that names it; a paragraph ending with a colon keeps the list it introduces.  A term that names its whole section (``Untap Phase``)
    gets the section's text and span; the build merges such a duplicate into the section,
    keeping the term's id as an alias.  ``ends`` maps a block (by id) to its last line."""
    by_id = {r.id: r for r in records}
    taken = {r.id for r in records}
    out = []
    for entry in terms:
        term = entry["term"]
        record_id = f"metw:glossary:{slugify(term)}"
        section = by_id.get("metw:" + entry["in"])
        if section is None or record_id in taken:
            continue
        if _squeezed_lower(term) in _squeezed_lower(section.title):
            blocks, span = [Block(b.text, b.style, b.example, b.line) for b in section.blocks], section.span
        else:
            block = _defining_block(section.blocks, _squeezed_lower(entry.get("find", term)))
            if block is None:
                continue
            chosen = [block] + _list_introduced(section.blocks, block)
            blocks = [Block(b.text, b.style, b.example, b.line) for b in chosen]
            span = Span(section.span.doc, block.line, ends.get(id(chosen[-1]), chosen[-1].line))
        taken.add(record_id)
        out.append(
            Record(
                id=record_id,
                game="metw",
                kind=Kind.GLOSSARY,
                title=term,
                span=span,
                path=section.path + [term],
                blocks=blocks,
                summary=entry.get("summary", ""),
                aliases=list(entry.get("aliases", [])),
                links=[Link("defined-in", section.id)],
                data={"mode": entry.get("mode", section.data.get("mode", "both")), "part": section.data.get("part"), "source": "text"},
            )
        )
    return out


LEAD_RE = re.compile(r"^(?:[-·\s]+|(?:Clarification|Note|Suggestion|IMPORTANT)\s*:\s*|The\s+)+")


def _squeezed_lower(text: str) -> str:
    return " ".join(text.lower().split())


def _list_introduced(blocks: list[Block], block: Block) -> list[Block]:
    """The bullets right after ``block`` when its text ends with a colon (the list it introduces)."""
    if not block.text.rstrip().endswith(":"):
        return []
    position = next(i for i, b in enumerate(blocks) if b is block)
    out = []
    for nxt in blocks[position + 1 :]:
        if nxt.style != "bullet":
            break
        out.append(nxt)
    return out


def _defining_block(blocks: list[Block], needle: str) -> Block | None:
    naming = [b for b in blocks if needle in _squeezed_lower(b.text)]
    opening = [b for b in naming if _squeezed_lower(LEAD_RE.sub("", b.text)).startswith(needle)]
    return (opening or naming or [None])[0]
