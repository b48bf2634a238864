"""Engine commands: replay, check, schema.  Parse options, make one library call, render.

Exit codes: 0 done (check: legal), 1 illegal (a declared decision or a position),
2 bad input, 3 the replay stopped for a decision it was not given.
"""

from __future__ import annotations

from typing import Optional

import typer

JSON_HELP = "Print JSON on stdout (stable field names, no colour)."


def register(app: typer.Typer) -> None:
    @app.command("replay")
    def replay_command(
        file: str = typer.Argument(..., metavar="FILE", help="A situation file (YAML); see `adjudicator schema`."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
        explain: bool = typer.Option(False, "--explain", help="Show the text of each cited record (from the knowledge base)."),
        board: bool = typer.Option(False, "--board", help="Draw the table after each phase."),
        step: bool = typer.Option(False, "--step", help="Page through the trace interactively (Enter/n next, b back, q quit)."),
        stop: Optional[str] = typer.Option(
            None, "--stop", metavar="STOP",
            help="Where to stop, overriding the file: a step id (5.3), end-of-phase, end-of-round, end-of-game, or N rounds (2r).",
        ),
    ) -> None:
        """Play a situation forward by the rules, citing the rule that decided each step."""
        if _game_of(file) == "metw":  # METW hook (see the end of this module)
            return _metw_replay(file, json)
        from adjudicator.engine.decisions import EXIT_DECISION
        from adjudicator.lotr.engine import api

        situation = api.load(file)
        if stop:
            api.override_stop(situation, stop)
        trace = api.replay(situation, board=board or step)
        if json:
            from .render import emit_json

            emit_json(trace.to_dict())
        else:
            from . import engine_render

            if step:
                engine_render.page(trace, explain=explain)
            else:
                engine_render.print_trace(trace, explain=explain, board=board)
        if trace.pending is not None:
            raise typer.Exit(EXIT_DECISION)

    @app.command("check")
    def check_command(
        file: str = typer.Argument(..., metavar="FILE", help="A situation file (YAML)."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Check a position and its declared decisions: every violation with its rule (exit 1 if any)."""
        if _game_of(file) == "metw":  # METW hook (see the end of this module)
            return _metw_check(file, json)
        from adjudicator.lotr.engine import api

        result = api.check(api.load(file))
        if json:
            from .render import emit_json

            emit_json(result.to_dict())
        else:
            from . import engine_render

            engine_render.print_check(result, file)
        if not result.legal:
            raise typer.Exit(1)

    @app.command("schema")
    def schema_command(
        json: bool = typer.Option(True, "--json/--no-json", help="The schema is JSON either way."),
    ) -> None:
        """Print the JSON Schema of situation files (see docs/situation-format.md)."""
        from adjudicator.lotr.engine.schema import SCHEMA

        from .render import emit_json

        emit_json(SCHEMA)


# ---------------------------------------------------------------------------- other games
# Situation files name their game (`game: metw`); METW files go to adjudicator.metw.engine.
# Added by the METW engineer as a small, separate dispatch; remove when a general one exists.


def _game_of(file: str) -> str | None:
    """The `game:` field of a situation file, or None when it cannot be read (the LOTR path reports why)."""
    import re
    from pathlib import Path

    try:
        head = Path(file).read_text(encoding="utf-8-sig", errors="replace")[:20000]
    except OSError:
        return None
    match = re.search(r"^game:\s*['\"]?([a-z]+)", head, re.MULTILINE)
    return match.group(1) if match else None


def _metw_replay(file: str, json: bool) -> None:
    from adjudicator.engine.decisions import EXIT_DECISION
    from adjudicator.metw.engine import replay

    run = replay(file)
    if json:
        from .render import emit_json

        emit_json(run.to_dict())
    else:
        _metw_print(run)
    if run.trace.pending is not None:
        raise typer.Exit(EXIT_DECISION)
    if not run.ok:
        raise typer.Exit(1)


def _metw_print(run) -> None:
    from .render import console

    out = console()
    if run.situation.title:
        out.print(f"[bold]{run.situation.title}[/bold]" + (f"  [dim]({run.situation.source})[/dim]" if run.situation.source else ""))
    for step in run.trace.steps:
        reading = f"  [italic]reading: {step.interpretation.name}[/italic]" if step.interpretation else ""
        out.print(f"{step.index:>3}. {step.text}{reading}", highlight=False)
        out.print(f"      [dim]{', '.join(step.citations)}[/dim]", highlight=False)
    for entry in run.results:
        for e in entry.get("expectations", []) or []:
            mark = "[green]✓[/green]" if e["ok"] else "[red]✗[/red]"
            out.print(f"{mark} line {entry['line']} {entry['procedure']}: {e['key']} = {e['actual']!r}"
                      + ("" if e["ok"] else f" (expected {e['expected']!r})"), highlight=False)
    if run.trace.pending is not None:
        p = run.trace.pending
        out.print(f"[yellow]Stopped: {p.question}[/yellow] options: {', '.join(str(o.value) for o in p.options)}", highlight=False)
    if run.illegal:
        out.print(f"[red]Illegal:[/red] {run.illegal['reason']}  [dim]{', '.join(run.illegal['rules'])}[/dim]", highlight=False)


def _metw_check(file: str, json: bool) -> None:
    from adjudicator.metw.engine import check

    report = check(file)
    if json:
        from .render import emit_json

        emit_json(report)
    else:
        from .render import console

        out = console()
        if report["legal"]:
            out.print(f"{file}: legal")
        for f in report["findings"]:
            where = f"line {f['line']}: " if f.get("line") else ""
            out.print(f"[red]✗[/red] {where}{f['what']}  [dim]{', '.join(f['rules'])}[/dim]", highlight=False)
    if not report["legal"]:
        raise typer.Exit(1)
