"""Rendering ``adjudicator timing order FILE`` for people (Rich): the resolution order of the
abilities sharing a moment, with the rule for each tier (`adjudicator.lotr.abilities.timing.order_file`
computes it; ``--json`` prints that result as it is)."""

from __future__ import annotations

from rich.console import Console

from .render import console

TYPE_CHECKING = False  # typing's, without importing typing at every lookup's start (annotations only)
if TYPE_CHECKING:
    from typing import Any


def render_order(result: dict[str, Any]) -> None:
    """Print an `order_file` result for people (Rich)."""
    out: Console = console()
    out.print(f"[bold]{result['title']}[/bold]")
    if result.get("occurrence"):
        out.print(f"moment: {result['occurrence']}  ·  first player: {result['first_player']}")
    if result.get("ruling"):
        out.print(f"ruling: {result['ruling']}")
    for row in result["order"]:
        who = f" · {row['controller']}" if row["controller"] else ""
        out.print(f"{row['position']:>3}. [bold]{row['label']}[/bold]  \\[{row['tier']} · {row['timing']}{who} · {row['status']}]")
        out.print(f"     {row['why']}")
        out.print(f"     [dim]by {', '.join(row['rules'])}[/dim]")
    for d in result["decisions"]:
        state = "declared" if d["declared"] else "not declared: shown in file order"
        out.print(f"decision for {d['who']} ({d['role']}): {d['what']}: {' / '.join(d['options'])} ({state})  [dim]{', '.join(d['rules'])}[/dim]")
    for c in result["cancelled"]:
        extra = f"; {c['keywords']}" if c.get("keywords") else ""
        out.print(f"cancelled: {c['label']} by {c['by']}: {c['still_counts']}{extra}  [dim]{', '.join(c['rules'])}[/dim]")
    if result.get("replacement"):
        r = result["replacement"]
        out.print(f"the occurrence resolves as: {r['resolves_as']}" + (f" (superseding {', '.join(r['superseded'])})" if r["superseded"] else "")
                  + f"  [dim]{', '.join(r['rules'])}[/dim]")
    for n in result["not_resolved"]:
        out.print(f"not resolved: {n['label']}: {n['reason']}  [dim]{', '.join(n['rules'])}[/dim]")
    for n in result["notes"]:
        out.print(f"note: {n['note']}  [dim]{', '.join(n['rules'])}[/dim]")
