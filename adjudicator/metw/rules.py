"""Parser for the METW rules text (key ``metw-rules``): sections, labelled blocks, glossary.

Records made here (ids after ``metw:``):

- ``intro:<slug>``, ``starter:part``, ``starter:<n>``, ``starter:<n>:<slug>``, ``standard:...``:
  every heading of the manifest (``rules_db/metw/headings.yaml``) with its path
  (``METW › Starter › 7 Combat › Resolving Strikes``), line span and mode;
- ``<section>:clarification:<k>``, ``:note:<k>``, ``:suggestion:<k>``, ``:standard-only:<k>``,
  ``:important:<k>``, ``:example:<k>``: labelled blocks as records of their own (same
  authority as the section; Clarifications often carry core rules);
- ``glossary:<slug>``: the 56 "Commonly Used Terms" and the terms the text defines
  elsewhere (``rules_db/metw/terms.yaml``).

Every record's data holds ``mode``: "starter", "standard" (Part II, and the passages marked
"Standard Rules Only" or opening "In the Standard Rules/Game"), or "both" (front matter).
"""

from __future__ import annotations

import re
from typing import Any

from adjudicator.kb.records import Block, Kind, Link, Record, Span

from .glossary import defined_terms, glossary_records
from .headings import Heading, load_specs, locate
from .paragraphs import NOISE_RE, Para, Piece, Region, paragraphs, regions, split_midline_breaks

GAME = "metw"
STANDARD_NOTE_RE = re.compile(r"^(?:Note|Clarification):\s*In the Standard (?:Rules|Game)")


def parse(lines: list[str], doc: Any) -> list[Record]:
    """The records of the METW rules document (``lines[n-1]`` is line n)."""
    from .data import load

    parts, specs = load_specs()
    extra = load("annotations") or {}
    return build_records(
        lines,
        doc.key if hasattr(doc, "key") else str(doc),
        specs,
        parts,
        breaks=frozenset(extra.get("paragraph_breaks", [])),
        joins=frozenset(extra.get("paragraph_joins", [])),
        cuts=_midline_breaks(extra.get("midline_breaks", [])),
        annotations=extra.get("notes", {}),
        glossary_summaries=load("glossary") or {},
        terms=load("terms") or [],
        block_summaries=load("block_summaries") or {},
    )


def build_records(
    lines: list[str],
    doc_key: str,
    specs,
    parts: dict[str, str],
    *,
    breaks: frozenset[int] = frozenset(),
    joins: frozenset[int] = frozenset(),
    cuts: dict[int, list[str]] | None = None,
    annotations: dict[str, list[str]] | None = None,
    glossary_summaries: dict[str, str] | None = None,
    terms: list[dict] | None = None,
    block_summaries: dict[str, str] | None = None,
) -> list[Record]:
    located = locate(lines, specs)
    annotations = annotations or {}
    records: list[Record] = []
    stack: list[tuple[int, str]] = []  # (level, title) of the enclosing headings
    example_no = 0
    ends: dict[int, int] = {}  # id of a block -> the last line of its paragraph
    headings = located.headings
    for index, heading in enumerate(headings):
        spec = heading.spec
        nxt = headings[index + 1] if index + 1 < len(headings) else None
        pieces = split_midline_breaks(body_pieces(lines, heading, nxt), cuts or {})
        stack = [(lvl, t) for lvl, t in stack if lvl < spec.level]
        path = ["METW", parts.get(spec.part, spec.part)] + [t for lvl, t in stack if lvl > 0]
        if spec.level > 0:
            path.append(spec.title)
        stack.append((spec.level, spec.title))
        paras = paragraphs(pieces, breaks, joins)
        labelled = regions(paras, breaks)
        end = max([heading.line + (1 if spec.cont else 0)] + [p.line for p in pieces if not NOISE_RE.match(p.text)])
        mode = "both" if spec.part == "intro" else spec.part
        record_id = f"{GAME}:{spec.id}"
        in_example = {id(p) for r in labelled if r.kind == "example" for p in r.paras}
        blocks = [
            Block(p.text, style=_style(p), example=spec.example or id(p) in in_example, line=p.start)
            for p in paras
        ]
        ends.update((id(b), p.end) for b, p in zip(blocks, paras))
        if spec.example:
            example_no += 1
        section = Record(
            id=record_id,
            game=GAME,
            kind=Kind.EXAMPLE if spec.example else (Kind.SECTION if spec.part == "intro" and spec.level <= 1 and spec.id != "intro:commonly-used-terms" else Kind.RULE),
            title=spec.title,
            span=Span(doc_key, heading.line, end),
            path=path,
            blocks=blocks,
            summary=spec.summary,
            notes=list(annotations.get(spec.id, [])),
            data={
                "mode": mode,
                "part": spec.part,
                "level": spec.level,
                "section": _section_number(spec.id),
                "heading_line": heading.line,
                **({"example_no": example_no} if spec.example else {}),
            },
        )
        records.append(section)
        counters: dict[str, int] = {}
        for region in labelled:
            counters[region.kind] = counters.get(region.kind, 0) + 1
            if region.kind == "example":
                example_no += 1
            record = _labelled_record(region, section, counters[region.kind], example_no, doc_key, annotations)
            ends.update((id(b), p.end) for b, p in zip(record.blocks, region.paras))
            record.summary = (block_summaries or {}).get(record.id.split(":", 1)[1], record.summary)
            records.append(record)
    if located.missing and records:
        records[0].notes.append("headings not found in this copy: " + ", ".join(s.title for s in located.missing))
    glossary = [r for r in records if r.id == f"{GAME}:intro:commonly-used-terms"]
    if glossary:
        records.extend(glossary_records(lines, glossary[0], glossary_summaries or {}))
    records.extend(defined_terms(records, terms or [], ends))
    return records


def _midline_breaks(entries: list[dict]) -> dict[int, list[str]]:
    cuts: dict[int, list[str]] = {}
    for entry in entries:
        cuts.setdefault(int(entry["line"]), []).append(str(entry["at"]))
    return cuts


def body_pieces(lines: list[str], heading: Heading, nxt: Heading | None) -> list[Piece]:
    """The text from the end of ``heading`` to the start of the next heading."""
    stop_line = nxt.line if nxt else len(lines)
    stop_col = nxt.col if nxt else None
    pieces: list[Piece] = []
    for number in range(heading.body_line, stop_line + 1):
        if number > len(lines):
            break
        text = lines[number - 1]
        if number == heading.body_line:
            text = text[heading.body_col :] if number != stop_line else text[heading.body_col : stop_col]
        elif number == stop_line and nxt is not None:
            text = text[:stop_col]
        if nxt is not None and number == stop_line and number == heading.body_line and stop_col is None:
            text = ""
        if text.strip():
            pieces.append(Piece(number, text))
    return pieces


def _style(para: Para) -> str:
    if para.label and para.label != "example":
        return "note"
    return "bullet" if para.bullet else "para"


def _section_number(local_id: str) -> int | None:
    parts = local_id.split(":")
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None


KIND_OF_LABEL = {
    "clarification": Kind.CLARIFICATION,
    "example": Kind.EXAMPLE,
}


def _labelled_record(
    region: Region, section: Record, number: int, example_no: int, doc_key: str, annotations: dict[str, list[str]]
) -> Record:
    first = region.paras[0].text
    standard = region.kind == "standard-only" or bool(STANDARD_NOTE_RE.match(first))
    record_id = f"{section.id}:{region.kind}:{number}"
    title = f"{region.label or region.kind.title()} ({section.title})"
    if region.kind == "example":
        title = f"Example {example_no} ({section.title})"
    data: dict[str, Any] = {
        "mode": "standard" if standard else section.data["mode"],
        "part": section.data["part"],
        "label": region.label,
        "parent": section.id,
        "section": section.data.get("section"),
    }
    if standard:
        data["standard_only"] = True
    if region.kind == "example":
        data["example_no"] = example_no
    local = record_id.split(":", 1)[1]
    return Record(
        id=record_id,
        game=GAME,
        kind=KIND_OF_LABEL.get(region.kind, Kind.RULE),
        title=title,
        span=Span(doc_key, region.start, region.end),
        path=section.path + [title.split(" (")[0]],
        blocks=[
            Block(p.text, style="bullet" if p.bullet else "para", example=region.kind == "example", line=p.start)
            for p in region.paras
        ],
        summary=_labelled_summary(region, section),
        links=[Link("part-of", section.id)],
        notes=list(annotations.get(local, [])),
        data=data,
    )


def _labelled_summary(region: Region, section: Record) -> str:
    what = {
        "clarification": "Clarification",
        "note": "Note",
        "suggestion": "Playing suggestion",
        "standard-only": "Standard-rules-only passage",
        "important": "Key point",
        "example": "Worked example",
    }[region.kind]
    return f"{what} in {' › '.join(section.path[1:])}."
