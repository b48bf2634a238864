"""Rendering knowledge-base records: Rich for people, plain dicts for --json."""

from __future__ import annotations

from .render import console
from adjudicator.kb.divergence import record_line

TYPE_CHECKING = False  # typing's, without importing typing at every lookup's start (annotations only)
if TYPE_CHECKING:
    from typing import Any

DOC_SHORT = {"lotr-rr": "RR", "lotr-faq": "FAQ 1.9", "lotr-qc": "Quest Companion", "metw-rules": "METW rules",
             "meq-rules": "MEQ rules"}


def source_label(doc: str, start: int, end: int) -> str:
    lines = f"L{start}" if start == end else f"L{start}–L{end}"
    return f"{DOC_SHORT.get(doc, doc)} {lines}"


def record_json(record, store=None, extra: dict | None = None) -> dict[str, Any]:
    out = {
        "id": record.id,
        "game": record.game,
        "kind": record.kind.value,
        "title": record.title,
        "path": record.path,
        "source": {"doc": record.span.doc, "lines": [record.span.start, record.span.end],
                   "label": source_label(record.span.doc, record.span.start, record.span.end)},
        "also_in": [{"doc": s.doc, "lines": [s.start, s.end], "label": source_label(s.doc, s.start, s.end)}
                    for s in record.also_in],
        "authority": record.authority.value,
        "summary": record.summary,
        "text": record.text,
        "blocks": [{"text": b.text, "style": b.style, "example": b.example, "line": b.line} for b in record.blocks],
        "aliases": record.aliases,
        "links": [{"rel": l.rel, "target": l.target, "note": l.note} for l in record.links],
        "cards": record.cards,
        "notes": record.notes,
        "data": record.data,
    }
    if extra:
        out.update(extra)
    return out


def _title_of(store, rid: str) -> str:
    if rid.startswith("?"):
        return rid[1:] + " (no entry)"
    record = store.get(rid) if store else None
    return record.title if record else rid


def print_record(record, store=None, touching=(), heading_style="bold cyan") -> None:
    from .render import Text

    body = Text()
    crumbs = " › ".join(record.path) if record.path else ""
    body.append(f"{record.id}", style="dim")
    body.append(f"  ·  {record.kind.value}  ·  {source_label(record.span.doc, record.span.start, record.span.end)}", style="dim")
    if record.authority.value != "official":
        body.append(f"  ·  {record.authority.value} content", style="yellow")
    body.append("\n")
    if crumbs:
        body.append(crumbs + "\n", style="dim")
    if record.summary:
        body.append("In short: ", style="bold")
        body.append(record.summary + "\n")
    body.append("\n")
    for block in record.blocks:
        if block.example:
            body.append("Example: " if not block.text.lower().startswith(("example", "for example")) else "", style="italic magenta")
            body.append(block.text + "\n", style="italic")
        elif block.style == "bullet":
            body.append("  • " + block.text + "\n")
        elif block.style == "step":
            body.append("  " + block.text + "\n")
        elif block.style == "question":
            body.append("Q: ", style="bold")
            body.append(block.text + "\n")
            body.append("A: ", style="bold")
        elif block.style == "patch":
            body.append(block.text + "\n", style="green")
        else:
            body.append(block.text + "\n")
    for note in record.notes:
        body.append(f"Note: {note}\n", style="yellow")
    for div in record.data.get("divergences", []):
        body.append(record_line(record.id, div) + "\n", style="yellow")
    see = [l for l in record.links if l.rel in ("see-also", "step")]
    if see:
        body.append("\nSee also: ", style="bold")
        body.append(", ".join(f"{_title_of(store, l.target)} [{l.target.lstrip('?')}]" for l in see) + "\n")
    if record.also_in:
        body.append("Also in: ", style="bold")
        body.append(", ".join(source_label(s.doc, s.start, s.end) for s in record.also_in) + "\n")
    if touching:
        body.append("\nFAQ entries about this:\n", style="bold")
        for other in touching:
            line = other.summary or other.title
            body.append(f"  {other.id}", style="cyan")
            body.append(f"  {line}\n")
    from .render import plain

    if plain():  # not a terminal: no box sized to a width, no wrapped lines
        heading = Text(record.title, style=heading_style)
        console().print(heading)
        console().print(body)
        return
    from rich.panel import Panel

    console().print(Panel(body, title=Text(record.title, style=heading_style), title_align="left", expand=True))


def snippet_text(snippet: str):
    """A search snippet with its matched words highlighted."""
    from .render import Text

    from adjudicator.kb.ranking import MARK_END, MARK_START

    text = Text()
    bold = False
    buffer = ""
    for char in snippet:
        if char in (MARK_START, MARK_END):
            text.append(buffer, style="bold yellow" if bold else None)
            buffer = ""
            bold = char == MARK_START
        else:
            buffer += char
    text.append(buffer, style="bold yellow" if bold else None)
    return text


def plain_snippet(snippet: str) -> str:
    from adjudicator.kb.ranking import MARK_END, MARK_START

    return snippet.replace(MARK_START, "**").replace(MARK_END, "**")
