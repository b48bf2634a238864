"""Drawing replays and checks for people (Rich), the same for every game.

Everything here draws what the shared interface returned (adjudicator.engine.game): the
trace's steps with the rules that decided them, the board pictures the game describes as
rows, the pending decision, the illegal declaration, the notes and the expectations.  No
game logic, and no game named.
"""

from __future__ import annotations

import sys

from .render import console

TYPE_CHECKING = False  # typing's, without importing typing at every lookup's start (annotations only)
if TYPE_CHECKING:
    from typing import Any


# ---------------------------------------------------------------------------- cited records


def cited_records(ids: set[str], *, build: bool = False) -> dict[str, Any]:
    """The cited records from the knowledge base: the last build (never building: a replay
    stays fast), or one opened and built on first use (``build``, for --explain).  Empty
    when there is none: the knowledge base is optional."""
    if not ids:
        return {}
    try:
        store = _kb_store(build)
        return {} if store is None else {rec.id: rec for rec in store.get_many(sorted(ids))}
    except Exception:  # the knowledge base is optional for a replay  # noqa: BLE001
        return {}


def cited_titles(ids: set[str]) -> dict[str, str]:
    """The titles of the cited records in the last build (never building), as
    `cited_records` would give them; read without making records of the rows."""
    if not ids:
        return {}
    try:
        store = _kb_store(False)
        return {} if store is None else store.titles(sorted(ids))
    except Exception:  # the knowledge base is optional for a replay  # noqa: BLE001
        return {}


def _kb_store(build: bool):
    if build:
        from adjudicator.kb.api import open_kb

        return open_kb(quiet=True).store
    from adjudicator.kb.pointer import read_pointer
    from adjudicator.kb.store import Store
    from adjudicator.paths import cache_dir

    pointer = read_pointer(cache_dir())
    if not pointer:
        return None
    return Store(cache_dir() / pointer["dir"] / "kb.sqlite")


def titles_for(game, ids: set[str], records: dict[str, Any] | None) -> dict[str, str]:
    """Each cited id's title: the knowledge base's (``records``, or else the last build's),
    else the game's own, else empty."""
    local = game.record_titles(ids)
    kb = cited_titles(ids) if records is None else {cid: rec.title for cid, rec in records.items()}
    return {cid: (kb[cid] if cid in kb else local.get(cid, "")) for cid in ids}


def explained(records: dict[str, Any], ids: set[str]) -> dict[str, Any]:
    """The --explain part of the JSON: each cited record's title, text and source lines."""
    out: dict[str, Any] = {}
    for cid in sorted(ids):
        rec = records.get(cid)
        out[cid] = None if rec is None else {"title": rec.title, "text": rec.text, "source": rec.span.label()}
    return out


def all_ids(result) -> set[str]:
    ids = set(result.trace.cited_ids()) | {s.cause["rule"] for s in result.trace.steps if s.cause and "rule" in s.cause}
    if result.trace.pending is not None:
        ids |= set(result.trace.pending.citations)
    if result.illegal is not None:
        ids |= set(result.illegal.rules)
    return ids


# ---------------------------------------------------------------------------- steps


def cause_label(cause: dict[str, Any] | None, titles: dict[str, str]) -> str:
    """What produced a step, for people: the rule (with its title), the card's effect, or the
    card ability (adjudicator.engine.emitter)."""
    if not cause:
        return "not recorded"
    if "rule" in cause:
        rid = cause["rule"]
        return f"rule {rid} ({titles[rid]})" if titles.get(rid) else f"rule {rid}"
    if "ability" in cause:
        whose = [f"card {cause['card']}"] if cause.get("card") else []
        whose += [f"controlled by {cause['controller']}"] if cause.get("controller") else []
        whose += [f"{cause['source']} card"] if cause.get("source") else []
        return f"ability {cause['ability']}" + (f" ({', '.join(whose)})" if whose else "")
    kind = f" ({cause['kind']})" if cause.get("kind") else ""
    effect = f", effects[{cause['effect']}]" if cause.get("effect") is not None else ""
    op = f": {cause['op']}" if cause.get("op") else ""
    return f"card {cause['card']}{kind}{effect}{op}"


def step_lines(step, titles: dict[str, str], records: dict[str, Any] | None) -> list[str]:
    from .render import escape

    where = step.step or step.phase or "-"
    lines = [f"[bold]{escape(where):>6}[/bold]  {escape(step.text or step.event)}"]
    if step.changes:
        lines.append("        [cyan]" + escape("; ".join(c.label() for c in step.changes)) + "[/cyan]")
    cites = ", ".join(f"{cid} ({titles[cid]})" if titles.get(cid) else cid for cid in step.citations)
    lines.append("        [dim]by " + escape(cites) + "[/dim]")
    if step.interpretation:
        i = step.interpretation
        note = f": {i.note}" if i.note else ""
        lines.append(f"        [yellow]interpretation: {escape(i.name)} (leaning on {escape(i.rule)}){escape(note)}[/yellow]")
    if records is not None:  # --explain
        lines.append(f"        [magenta]cause: {escape(cause_label(step.cause, titles))}[/magenta]")
        for cid in step.citations:
            rec = records.get(cid)
            if rec is None:
                lines.append(f"          [dim]{escape(cid)}: not in the knowledge base (build it with `adjudicator index`)[/dim]")
                continue
            text = rec.text if len(rec.text) < 600 else rec.text[:600] + "…"
            lines.append(f"          [dim]{escape(cid)} ({escape(rec.span.label())}): {escape(text)}[/dim]")
    return lines


def draw_board(board) -> None:
    from .render import escape
    from rich.table import Table

    table = Table(title=escape(board.title), title_justify="left")
    table.add_column("area")
    table.add_column("what is there")
    for area, what in board.rows:
        table.add_row(escape(area), escape(what))
    console().print(table)


def print_replay(loaded, result, *, explain: bool = False, board: bool = False) -> None:
    from .render import escape

    out = console()
    ids = all_ids(result)
    records = cited_records(ids, build=True) if explain else None
    titles = titles_for(loaded.game, ids, records)
    title = result.title or loaded.game.title
    out.print(f"[bold]{escape(title)}[/bold]  [dim]({escape(loaded.file)})[/dim]")
    chunk: list[str] = []  # one Rich call per board, not per line
    snapshots = result.trace.snapshots
    for step in result.trace.steps:
        chunk.extend(step_lines(step, titles, records))
        if board and step.index in snapshots:
            out.print("\n".join(chunk))
            chunk = []
            draw_board(loaded.game.board(snapshots[step.index]))
    if chunk:
        out.print("\n".join(chunk))
    print_ending(result, titles)


def print_ending(result, titles: dict[str, str]) -> None:
    """The pending decision, the notes, the expectations (stdout); an illegal declaration
    (stderr, as the "no" of exit code 1)."""
    from .render import escape

    out = console()
    pending = result.trace.pending
    if pending is not None:
        where = f" at {pending.step}" if pending.step else ""
        who = f", {pending.player}" if pending.player else ""
        out.print(f"[bold yellow]Stopped{escape(where)}: a decision is needed[/bold yellow] ({escape(pending.key)}{escape(who)})")
        out.print("  " + escape(pending.question))
        for o in pending.options:
            out.print(f"   - {escape(o.label)}  [dim]{escape(', '.join(o.citations))}[/dim]")
        if pending.example:
            import json

            out.print("  answer it in the file, e.g. " + escape(json.dumps(pending.example, ensure_ascii=False)))
    for note in result.notes:
        out.print(f"[yellow]note[/yellow]: {escape(note)}")
    missed = [c for c in result.expectations if not c.ok]
    for checked in missed:
        out.print(f"[red]✗[/red] expected at {escape(checked.describe())}")
    if result.expectations and not missed:
        out.print(f"[green]✓[/green] the {len(result.expectations)} expectations of the file are met")
    elif missed:
        out.print(f"[red]{len(missed)} of the {len(result.expectations)} expectations of the file missed[/red]")
    if result.illegal is not None:
        v = result.illegal
        rules = ", ".join(f"{r} ({titles[r]})" if titles.get(r) else r for r in v.rules)
        where = f"{v.where}: " if v.where else ""
        sys.stdout.flush()
        sys.stderr.write(f"Error: {where}{v.message}\n  rule: {rules}\n")


# ---------------------------------------------------------------------------- paging


def page(loaded, result, *, explain: bool = False) -> None:
    """Page through the steps: Enter or n forward, b back, q quit (a terminal only: the
    command refuses --step without one)."""
    out = console()
    ids = all_ids(result)
    records = cited_records(ids, build=True) if explain else None
    titles = titles_for(loaded.game, ids, records)
    steps = result.trace.steps
    snapshots = result.trace.snapshots
    i = 0
    while steps:
        out.clear()
        step = steps[i]
        out.print(f"[dim]step {i + 1} of {len(steps)}[/dim]")
        out.print("\n".join(step_lines(step, titles, records)))
        shown = [k for k in snapshots if k <= step.index]
        if shown:
            draw_board(loaded.game.board(snapshots[max(shown)]))
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
    print_ending(result, titles)


# ---------------------------------------------------------------------------- check


def print_check(report) -> None:
    from .render import escape

    out = console()
    illegal = report.illegal
    if report.legal:
        reached = f" (checked to {report.checked_to})" if report.checked_to else ""
        out.print(f"[green]legal[/green]: {escape(report.file)}{escape(reached)}")
    else:
        out.print(f"[red]not legal[/red]: {len(illegal)} violation(s) in {escape(report.file)}")
    for v in report.violations:
        where = f"line {v.line}, " if v.line else ""
        step = f"{v.step}: " if v.step and v.line else ""
        mark = "-" if v.severity == "illegal" else "[yellow]note[/yellow]:"
        out.print(f" {mark} {escape(where)}{escape(step)}{escape(v.message)}  [dim]{escape(', '.join(v.rules))}[/dim]")
    for note in report.notes:
        out.print(f"[yellow]note[/yellow]: {escape(note)}")
    if report.pending is not None:
        where = f" up to {report.pending.step}" if report.pending.step else ""
        out.print(f"[yellow]declarations checked{escape(where)}, where a decision is missing: "
                  f"{escape(report.pending.question)}[/yellow]")
