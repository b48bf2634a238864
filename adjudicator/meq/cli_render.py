"""The Middle-earth Quest side of ``adjudicator replay`` and ``adjudicator check``.

The shared engine commands call `game_of(file)` and, for ``game: meq``, hand the file to
`run_replay` or `run_check`, which make one library call and render the result: Rich for
people, ``--json`` for scripts.  They return the exit code: 0 done (check: legal), 1 an
illegal declaration or position or a failed expectation, 3 stopped for a decision
(bad input raises InputError, which the CLI turns into exit code 2).
"""

from __future__ import annotations

import re
from pathlib import Path

GAME_RE = re.compile(r"^game:\s*['\"]?([A-Za-z]+)['\"]?\s*(?:#.*)?$", re.MULTILINE)


def game_of(file: str) -> str | None:
    """The ``game:`` field of a situation file, read without parsing the YAML (None if absent)."""
    try:
        text = Path(file).read_text(encoding="utf-8-sig", errors="replace")
    except OSError:
        return None
    match = GAME_RE.search(text)
    return match.group(1).lower() if match else None


def run_replay(file: str, json: bool = False, explain: bool = False) -> int:
    from adjudicator.meq.engine import replay

    result = replay(file)
    if json:
        from adjudicator.cli.render import emit_json

        emit_json(result.to_dict())
    else:
        print_replay(result, explain=explain)
    return result.exit_code


def run_check(file: str, json: bool = False) -> int:
    from adjudicator.meq.engine import check

    report = check(file)
    if json:
        from adjudicator.cli.render import emit_json

        emit_json(report)
    else:
        print_check(report)
    return 0 if report["legal"] else 1


def cited_records(ids: set[str], build: bool = False) -> dict:
    """The cited records from the knowledge base: an already built one, or (``build``, for
    --explain) one opened and built on first use.  Empty when there is none."""
    try:
        if build:
            from adjudicator.kb.api import open_kb

            kb = open_kb(quiet=True)
            store = kb.store
        else:  # read the last build only (importing the builder would slow every replay)
            from adjudicator.kb.pointer import read_pointer
            from adjudicator.kb.sources import cache_dir
            from adjudicator.kb.store import Store

            pointer = read_pointer(cache_dir())
            if not pointer:
                return {}
            store = Store(cache_dir() / pointer["dir"] / "kb.sqlite")
        return {rec.id: rec for rec in store.get_many(sorted(ids))}
    except Exception:  # the knowledge base is optional for a replay
        return {}


def print_replay(result, explain: bool = False) -> None:
    from rich.markup import escape
    from rich.table import Table

    from adjudicator.cli.render import console

    out = console()
    records = cited_records(result.trace.cited_ids(), build=explain)
    titles = {rid: rec.title for rid, rec in records.items()}
    if result.title:
        out.print(f"[bold]{result.title}[/bold]")
    for note in result.state.assumed:
        out.print(f"[yellow]assumed:[/yellow] {note}")
    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column("#", justify="right")
    table.add_column("step")
    table.add_column("what happened")
    table.add_column("rule", overflow="fold")
    for step in result.trace.steps:
        text = step.text
        if step.interpretation is not None:
            text += f"\n[italic]reading {step.interpretation.name}: {step.interpretation.note}[/italic]"
        rules = "\n".join(f"{c} ({titles[c]})" if c in titles else c for c in step.citations)
        table.add_row(str(step.index), step.step or step.phase, text, rules)
    out.print(table)
    if explain:
        for rid in sorted(result.trace.cited_ids()):
            rec = records.get(rid)
            if rec is None:
                out.print(f"[dim]{rid}: not in the knowledge base (build it with `adjudicator index`)[/dim]")
                continue
            text = rec.text if len(rec.text) < 700 else rec.text[:700] + "…"
            out.print(f"[bold]{escape(rid)}[/bold] {escape(' › '.join(rec.path))} ({rec.span.label()})\n{escape(text)}")
    if result.illegal is not None:
        out.print(f"[red bold]Illegal:[/red bold] {result.illegal.reason}  (rule: {', '.join(result.illegal.rules)})")
    pending = result.trace.pending
    if pending is not None:
        out.print(f"[yellow bold]Stopped for a decision:[/yellow bold] {pending.question}")
        for option in pending.options:
            out.print(f"  - {option.value!r}: {option.label}")
        out.print(f"  answer with {pending.key!r} in the declaration being replayed (rules: {', '.join(pending.citations)})")
    for e in result.expectations:
        mark = "[green]ok[/green]" if e["ok"] else "[red]FAILED[/red]"
        out.print(f"{mark} expect {e['key']}: {e['expected']!r}" + ("" if e["ok"] else f", got {e['got']!r}"))


def print_check(report: dict) -> None:
    from adjudicator.cli.render import console

    out = console()
    if report["legal"]:
        out.print(f"[green]{report['file']}: legal[/green]")
    for f in report["findings"]:
        colour = "red" if f["severity"] == "illegal" else "yellow"
        out.print(f"[{colour}]{f['severity']}:[/{colour}] {f['message']}  (rule: {', '.join(f['rules'])})")
    if report.get("pending"):
        out.print(f"[yellow]the declarations stop for a decision:[/yellow] {report['pending']['question']}")
