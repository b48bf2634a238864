"""Engine commands: replay, check, schema.  Parse options, make one library call, render.

Exit codes: 0 done (check: legal), 1 illegal (a declared decision or a position),
2 bad input, 3 the replay stopped for a decision it was not given.
"""

from __future__ import annotations

from typing import Any, Optional

import typer

from .render import console

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
        abilities: bool = typer.Option(
            True, "--abilities/--no-abilities",
            help="Replay card abilities (the Core Set library and the file's abilities block); --no-abilities replays the framework only.",
        ),
    ) -> None:
        """Play a situation forward by the rules, citing the rule that decided each step.

        Exit codes: 0 replayed to the stop, 1 a declared decision breaks a rule, 2 bad input,
        3 stopped for a decision the file does not make (the options are listed).
        """
        if _game_of(file) == "metw":  # METW hook (see the end of this module)
            return _metw_replay(file, json)
        if _game_of(file) == "meq":  # MEQ hook: rendering in adjudicator.meq.cli_render
            from adjudicator.meq.cli_render import run_replay

            _meq_exit(run_replay(file, json, explain))
            return
        from adjudicator.engine.decisions import EXIT_DECISION
        from adjudicator.lotr.engine import api

        situation = api.load(file)
        if stop:
            api.override_stop(situation, stop)
        trace = api.replay(situation, board=board or step, abilities=abilities)
        if json:
            from .render import emit_json

            emit_json(trace.to_dict())
        else:
            if step:
                page(trace, explain=explain)
            else:
                from rich.markup import escape

                console().print(f"[bold]{escape(situation.title)}[/bold]  [dim]({escape(file)})[/dim]")
                print_trace(trace, explain=explain, board=board)
        if trace.pending is not None:
            raise typer.Exit(EXIT_DECISION)

    @app.command("check")
    def check_command(
        file: str = typer.Argument(..., metavar="FILE", help="A situation file (YAML)."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
        abilities: bool = typer.Option(
            True, "--abilities/--no-abilities",
            help="Check card abilities and rules printed on cards too (as replay does); --no-abilities checks the framework only.",
        ),
    ) -> None:
        """Check a position and its declared decisions: every violation with its rule (exit 1 if any)."""
        if _game_of(file) == "metw":  # METW hook (see the end of this module)
            return _metw_check(file, json)
        if _game_of(file) == "meq":  # MEQ hook: rendering in adjudicator.meq.cli_render
            from adjudicator.meq.cli_render import run_check

            _meq_exit(run_check(file, json))
            return
        from adjudicator.lotr.engine import api

        result = api.check(api.load(file), abilities=abilities)
        if json:
            from .render import emit_json

            emit_json(result.to_dict())
        else:
            print_check(result, file)
        if not result.legal:
            raise typer.Exit(1)

    @app.command("schema")
    def schema_command(
        game: str = typer.Option("lotr", "--game", metavar="GAME", help="Whose situation files: lotr, metw or meq."),
        json: bool = typer.Option(True, "--json/--no-json", help="The schema is JSON either way."),
    ) -> None:
        """Print the JSON Schema of situation files (see docs/situation-format.md)."""
        import importlib

        from adjudicator.errors import InputError

        modules = {"lotr": "adjudicator.lotr.engine.schema", "metw": "adjudicator.metw.engine.schema", "meq": "adjudicator.meq.engine.loader"}
        if game not in modules:
            import difflib

            close = difflib.get_close_matches(game, list(modules), n=1)
            raise InputError(f"--game {game!r}: expected one of lotr, metw, meq", hint=f"did you mean {close[0]}?" if close else "")
        try:
            schema = importlib.import_module(modules[game]).SCHEMA
        except (ImportError, AttributeError):
            raise InputError(f"no situation schema for {game} yet") from None
        from .render import emit_json

        emit_json(schema)


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


def _meq_exit(code: int) -> None:
    """MEQ hook: exit with the code adjudicator.meq.cli_render returned (0 ends normally)."""
    if code:
        raise typer.Exit(code)


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


# -- rendering for people (Rich): draws what the engine returned, no game logic --------


def _titles(ids: set[str], explain: bool) -> dict[str, tuple[str, str]]:
    """id -> (title, text), from the knowledge base when it is built, else local names."""
    out: dict[str, tuple[str, str]] = {}
    try:
        if explain:
            from adjudicator.kb.api import open_kb

            kb = open_kb(quiet=True)
            store = kb.store
        else:  # titles only: read the last build if there is one, never build (keeps a replay fast)
            import json as _json

            from adjudicator.kb.sources import cache_dir
            from adjudicator.kb.store import Store

            pointer = _json.loads((cache_dir() / "current.json").read_text(encoding="utf-8"))
            store = Store(cache_dir() / pointer["dir"] / "kb.sqlite")
        for rec in store.get_many(sorted(ids)):
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
    chunk: list[str] = []  # printed in chunks: one Rich call per phase, not per line
    for step in trace.steps:
        chunk.extend(_step_lines(step, titles, explain))
        if board and step.index in trace.snapshots:
            out.print("\n".join(chunk))
            chunk = []
            draw_board(trace.snapshots[step.index])
    if chunk:
        out.print("\n".join(chunk))
    _pending(trace, titles)
    final = trace.final_state or {}
    for e in final.get("unused_decisions", []):
        from rich.markup import escape

        out.print(f"[yellow]note[/yellow]: the decision at line {e['line']} (step {escape(str(e['step']))}) was never used")
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
            bits = ["face down"] if c.get("facedown") else []
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
        if p.get("prisoners"):  # Escape from Dol Guldur: the player's heroes held face down, out of every use
            table.add_row(f"  {p['name']}'s prisoner", cards(p["prisoners"]))
        table.add_row(f"  engaged with {p['name']}", cards(p["engaged"]))
    table.add_row(f"staging area ({pic['staging_threat']} threat)", cards(pic["staging_area"]))
    table.add_row("active location", cards([pic["active_location"]]) if pic["active_location"] else "-")
    q = pic.get("quest")
    table.add_row("quest", f"{q['label']} {q.get('progress', 0)}/{q['quest_points']}" if q else "-")
    if pic.get("set_aside"):  # out of play until an effect brings them in (the Nazgûl of Dol Guldur)
        table.add_row("set aside (out of play)", ", ".join(pic["set_aside"]))
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
    for e in result.unused:
        out.print(f"[yellow]note[/yellow]: the decision at line {e['line']} (step {escape(str(e['step']))}) was never used")
    if result.pending is not None:
        out.print(f"[yellow]decisions checked up to step {result.pending.step}, where one is missing: {escape(result.pending.question)}[/yellow]")
