"""Rendering replays and checks for people (Rich).  No game logic: it draws what the
engine returned."""

from __future__ import annotations

from typing import Any

from .render import console


def _titles(ids: set[str], explain: bool) -> dict[str, tuple[str, str]]:
    """id -> (title, text), from the knowledge base when it is built, else local names."""
    out: dict[str, tuple[str, str]] = {}
    try:
        if explain:
            from adjudicator.kb.api import open_kb

            kb = open_kb(quiet=True)
        else:
            from adjudicator.kb.api import KnowledgeBase
            from adjudicator.kb.build import read_pointer
            from adjudicator.kb.sources import cache_dir

            pointer = read_pointer(cache_dir())
            kb = KnowledgeBase(cache_dir() / pointer["dir"], pointer) if pointer else None
        if kb is not None:
            for rec in kb.store.get_many(sorted(ids)):
                out[rec.id] = (rec.title, rec.text if explain else "")
    except Exception:  # the knowledge base is optional for a replay
        pass
    from adjudicator.lotr.engine.citations import TITLES
    from adjudicator.lotr.engine.framework import STEPS

    for cid in ids:
        if cid in out:
            continue
        if cid in TITLES:
            out[cid] = (TITLES[cid], "")
        elif cid.startswith("lotr:rr:step:"):
            out[cid] = (f"{cid.rsplit(':', 1)[1]} {STEPS[cid.rsplit(':', 1)[1]]['name']}", "")
        elif cid.startswith("lotr:faq:q:"):
            out[cid] = (f"FAQ 1.9 Q{cid.rsplit(':', 1)[1]}", "")
        elif cid.startswith("lotr:faq:"):
            out[cid] = (f"FAQ 1.9 ({cid.rsplit(':', 1)[1]})", "")
        elif cid.startswith("lotr:qc:keyword:"):
            out[cid] = (f"Quest Companion: {cid.rsplit(':', 1)[1].capitalize()}", "")
        else:
            out[cid] = (cid, "")
    return out


def _step_lines(step, titles, explain: bool) -> list[str]:
    from rich.markup import escape

    sid = step.step or "-"
    lines = [f"[bold]{sid:>6}[/bold]  {escape(step.text or step.event)}"]
    if step.changes:
        lines.append("        [cyan]" + escape("; ".join(c.label() for c in step.changes)) + "[/cyan]")
    cites = ", ".join(f"{cid} ({titles[cid][0]})" for cid in step.citations)
    lines.append("        [dim]by " + escape(cites) + "[/dim]")
    if step.interpretation:
        i = step.interpretation
        lines.append(f"        [yellow]interpretation: {escape(i.name)} (leaning on {escape(i.rule)})[/yellow]")
    if explain:
        for cid in step.citations:
            text = titles[cid][1]
            if text:
                short = text if len(text) < 600 else text[:600] + "…"
                lines.append(f"          [dim]{escape(cid)}: {escape(short)}[/dim]")
    return lines


def print_trace(trace, *, explain: bool = False, board: bool = False) -> None:
    out = console()
    ids = set(trace.cited_ids())
    if trace.pending is not None:
        ids |= set(trace.pending.citations)
    titles = _titles(ids, explain)
    for step in trace.steps:
        for line in _step_lines(step, titles, explain):
            out.print(line)
        if board and step.index in trace.snapshots:
            draw_board(trace.snapshots[step.index])
    _pending(trace, titles)
    final = trace.final_state or {}
    if final.get("outcome"):
        out.print(f"[bold]Game over: the players {final['outcome']}[/bold] (score {final['score']['total']})")


def _pending(trace, titles) -> None:
    if trace.pending is None:
        return
    from rich.markup import escape

    out = console()
    p = trace.pending
    out.print(f"[bold yellow]Stopped at {p.step}: a decision is needed[/bold yellow] ({escape(p.key)}" + (f", {escape(p.player)}" if p.player else "") + ")")
    out.print("  " + escape(p.question))
    for o in p.options:
        out.print(f"   - {escape(o.label)}  [dim]{escape(', '.join(o.citations))}[/dim]")
    if p.example:
        import json

        out.print("  add to decisions: " + escape(json.dumps(p.example, ensure_ascii=False)))


def draw_board(pic: dict[str, Any]) -> None:
    from rich.table import Table

    out = console()
    table = Table(title=f"Round {pic['round']}, after {pic['step']} · first player {pic['first_player']}", title_justify="left")
    table.add_column("area")
    table.add_column("cards")

    def cards(items):
        parts = []
        for c in items:
            bits = []
            if c.get("damage"):
                bits.append(f"{c['damage']} dmg")
            if c.get("progress"):
                bits.append(f"{c['progress']} prog")
            if c.get("resources"):
                bits.append(f"{c['resources']} res")
            if c.get("exhausted"):
                bits.append("exhausted")
            parts.append(c["label"] + (f" ({', '.join(bits)})" if bits else ""))
        return ", ".join(parts) or "-"

    for p in pic["players"]:
        status = " (eliminated)" if p.get("eliminated") else ""
        table.add_row(f"{p['name']} threat {p['threat']}{status}", cards(p["heroes"] + p["allies"]))
        table.add_row(f"  engaged with {p['name']}", cards(p["engaged"]))
    table.add_row(f"staging area ({pic['staging_threat']} threat)", cards(pic["staging_area"]))
    table.add_row("active location", cards([pic["active_location"]]) if pic["active_location"] else "-")
    q = pic.get("quest")
    table.add_row("quest", f"{q['label']} {q.get('progress', 0)}/{q['quest_points']}" if q else "-")
    out.print(table)


def page(trace, *, explain: bool = False) -> None:
    """Interactive paging: Enter or n forward, b back, q quit."""
    import sys

    out = console()
    ids = set(trace.cited_ids())
    titles = _titles(ids, explain)
    steps = trace.steps
    i = 0
    last_board = None
    while steps:
        out.clear() if sys.stdout.isatty() else None
        step = steps[i]
        out.print(f"[dim]step {i + 1} of {len(steps)}[/dim]")
        for line in _step_lines(step, titles, explain):
            out.print(line)
        boards = [k for k in trace.snapshots if k <= step.index]
        if boards:
            last_board = trace.snapshots[max(boards)]
            draw_board(last_board)
        try:
            key = input("[Enter/n] next  [b] back  [q] quit > ").strip().lower()
        except EOFError:
            break
        if key == "q":
            break
        if key == "b":
            i = max(0, i - 1)
        elif i + 1 < len(steps):
            i += 1
        else:
            break
    _pending(trace, _titles(set(trace.pending.citations), False) if trace.pending else {})


def print_check(result, file: str) -> None:
    from rich.markup import escape

    out = console()
    if result.legal:
        out.print(f"[green]legal[/green]: {escape(file)} (checked to step {result.checked_to})")
    else:
        out.print(f"[red]not legal[/red]: {len(result.violations)} violation(s) in {escape(file)}")
        for v in result.violations:
            where = f"line {v.line}, " if v.line else ""
            step = f"step {v.step}: " if v.step and v.line else ""
            out.print(f" - {escape(where)}{escape(step)}{escape(v.message)}  [dim]{escape(', '.join(v.rules))}[/dim]")
    if result.pending is not None:
        out.print(f"[yellow]decisions checked up to step {result.pending.step}, where one is missing: {escape(result.pending.question)}[/yellow]")
