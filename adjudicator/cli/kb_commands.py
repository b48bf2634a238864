"""Knowledge-base commands: sources, index, rule, timing, show, faq, errata, search.

`register` declares them on the Typer app; the lookups' bodies are the module-level
``run_*`` functions, which the fast path (`adjudicator.cli.fast`) calls without Typer.
Importing this module imports neither Typer nor Rich.
"""

from __future__ import annotations

import sys
from pathlib import Path

JSON_HELP = "Print JSON on stdout (stable field names, no colour)."
GAMES = ("lotr", "metw", "meq")


def _check_game(game: str | None) -> str | None:
    if game is None:
        return None
    from adjudicator.errors import InputError

    if game not in GAMES:
        import difflib

        close = difflib.get_close_matches(game, GAMES, n=1)
        raise InputError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}",
                         hint=f"did you mean {close[0]}?" if close else "")
    return game


def _kb():
    from adjudicator.kb.api import open_kb

    return open_kb()


def register(app: typer.Typer) -> None:
    import typer

    sources = typer.Typer(help="The source documents the knowledge base is built from.", no_args_is_help=True)
    app.add_typer(sources, name="sources")

    @sources.command("list")
    def sources_list(json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
        """Show which documents were found, what each is, and whether the index is current."""
        from adjudicator.kb.api import status

        data = status()
        if json:
            from .render import emit_json

            emit_json(data)
            return
        from rich.table import Table

        from .render import console

        table = Table(title=f"Sources in {data['folder']} ({data['origin']})", title_justify="left")
        for column in ("document", "key", "version", "authority", "lines", "file"):
            table.add_column(column, overflow="fold")
        for doc in sorted(data["documents"], key=lambda d: d["key"]):
            table.add_row(doc["name"], doc["key"], doc["version"], doc["authority"], str(doc["lines"]), doc["file"])
        console().print(table)
        for problem in data["problems"]:
            console().print(f"[yellow]not used[/]: {problem['file']}: {problem['reason']}")
        index = data["index"]
        state = "[green]current[/]" if index["current"] else "[yellow]not built for these sources (built on next lookup)[/]"
        console().print(f"Index: {index['folder']}: {state}" + (f", built {index['built']}" if index["built"] else ""))

    @sources.command("add")
    def sources_add(
        files: list[Path] = typer.Argument(..., help="Document files to copy into the user's sources folder."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Copy source documents into the user's data folder (each must be recognised)."""
        from adjudicator.kb.sources import add, data_dir

        added = add(list(files))
        target = data_dir() / "sources"
        rows = [{"file": str(path), "key": doc.key, "title": doc.type.title, "stored_as": str(target / f"{doc.key}.txt")}
                for path, doc in added]
        if json:
            from .render import emit_json

            emit_json({"added": rows})
            return
        from .render import console

        for row in rows:
            console().print(f"added {row['file']}: {row['title']} -> {row['stored_as']}")

    @app.command("index")
    def index(
        force: bool = typer.Option(False, "--force", help="Rebuild even if the index is current."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Build the knowledge base (SQLite store and Whoosh index) in the user's cache folder."""
        from adjudicator.kb.api import _stat_key
        from adjudicator.kb.build import build
        from adjudicator.kb.sources import cache_dir, require, scan

        result = require(scan())
        key = _stat_key(result.folder)
        if json or not sys.stderr.isatty():  # a progress bar only for a person watching
            report = build(result, cache_dir(), force=force, stat_key=key)
        else:
            from rich.progress import Progress

            from .render import err_console

            with Progress(console=err_console(), transient=True) as bar:
                task = bar.add_task("building", total=100)

                def progress(stage: str, done: int, total: int) -> None:
                    bar.update(task, description=stage, completed=100 * done / max(total, 1))

                report = build(result, cache_dir(), force=force, progress=progress, stat_key=key)
        data = {
            "built": report.built,
            "folder": str(report.folder),
            "seconds": round(report.seconds, 3),
            "counts": report.counts,
            "total": sum(sum(kinds.values()) for kinds in report.counts.values()),
            "problems": [{"file": str(p.path), "reason": p.reason} for p in report.problems],
        }
        if json:
            from .render import emit_json

            emit_json(data)
            return
        from rich.table import Table

        from .render import console, note

        verb = "Built" if report.built else "Already current:"
        console().print(f"{verb} {data['total']} records in {report.folder} ({data['seconds']} s)")
        table = Table()
        table.add_column("document")
        table.add_column("records by kind")
        for doc, kinds in sorted(report.counts.items()):
            table.add_row(doc, ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
        console().print(table)
        for problem in data["problems"]:  # warnings: stderr, not mixed into the report
            note(f"warning: not used: {problem['file']}: {problem['reason']}")

    @app.command("rule")
    def rule(
        name: str = typer.Argument(..., help="A rules term, forgivingly matched: 'engagement check', 'engagment'."),
        game: str | None = typer.Option(None, "--game", help="lotr, metw or meq (default: the game the name is about; "
                                        "another game's entry of that name is named)."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Show a rules entry by name: its text, See also links, source lines and the FAQ entries about it."""
        run_rule(name, game, json)

    @app.command("show")
    def show(
        record_id: str = typer.Argument(..., metavar="ID", help="A record id, e.g. lotr:rr:step:5.3 or lotr:faq:1.24."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Show any record by its id (the ids the engine cites)."""
        run_show(record_id, json)

    @app.command("timing")
    def timing(
        step: str | None = typer.Argument(None, help="A framework step id (e.g. 6.4.3) to show its text, or 'order'."),
        file: Path | None = typer.Argument(None, metavar="[FILE]", help="With 'order': a file of abilities that share a moment."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Print the round sequence (framework steps 0.0–7.5, attack sub-flows, action windows), or one step.

        `timing order FILE` settles a timing dispute: the order in which abilities that share a moment
        resolve, the rule for each tier, and the decisions left to the first player."""
        run_timing(step, file, json)

    @app.command("faq")
    def faq(
        query: str = typer.Argument(..., help="A clarification number (1.24), a question (Q14), or a card or term name."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Show a numbered FAQ clarification, or the Q&A pairs and errata that mention a name."""
        run_faq(query, json)

    @app.command("errata")
    def errata(
        card: str = typer.Argument(..., help="A card name (forgiving), or a set code and number: 'CORE 12'."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Show the corrected wording of a card and where it comes from."""
        run_errata(card, json)

    @app.command("search")
    def search(
        query: str = typer.Argument(..., help="Words to search for: 'ranged attack staging area'."),
        kind: list[str] = typer.Option([], "--kind", help="Only these kinds (glossary, step, clarification, qa, errata, ...)."),
        source: list[str] = typer.Option([], "--source", help="Only these documents (lotr-rr, lotr-faq, lotr-qc, metw-rules, meq-rules, or RR/FAQ/QC)."),
        game: str | None = typer.Option(None, "--game", help="lotr, metw or meq (default: the game the words are about, "
                                        "and a second game that fits them nearly as well)."),
        limit: int = typer.Option(10, "--limit", min=1, max=100, help="How many hits."),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
    ) -> None:
        """Rank rules entries, steps, clarifications, Q&A and errata together (BM25F)."""
        run_search(query, kind, source, game, limit, json)


def search_hint(exc, query: str, game: str | None = None):
    """A lookup that found no such name also points to `search`, which finds words in any
    record ("rule 'ranged attack'": the Ranged entry is found by search, not by that name)."""
    import shlex

    if len(query) <= 100:
        command = f"adjudicator search {shlex.quote(query)}" + (f" --game {game}" if game else "")
        exc.hint = (exc.hint + "; or " if exc.hint else "") + f"look for the words in every record: {command}"
    return exc


def run_rule(name: str, game: str | None, json: bool) -> None:
    """`adjudicator rule` (the Typer command and the fast path both call this)."""
    from adjudicator.errors import NotFound
    from adjudicator.kb import lookup

    kb = _kb()
    game = _check_game(game)
    detection, others = None, []
    try:
        if game:  # a step named by its number ("step 6.4.2") first, else the entry of that name
            from adjudicator.ask.game_detection import numbered_step

            record = numbered_step(kb, name, game) or lookup.find_rule(kb, name, game)
        else:  # the game the name is about (adjudicator.ask.game_detection), the others named
            from adjudicator.ask.game_detection import find_rule_in_games

            record, detection, others = find_rule_in_games(kb, name)
    except NotFound as exc:
        raise search_hint(exc, name, game) from None
    touching = lookup.touching(kb, record.id)
    if json:
        from .kb_render import record_json
        from .render import emit_json

        emit_json(record_json(record, kb.store, {"query": name, "faq": [
            {"id": r.id, "kind": r.kind.value, "title": r.title, "summary": r.summary} for r in touching],
            "game_detection": detection.to_dict() if detection else None,
            "other_games": [{"id": r.id, "game": r.game, "title": r.title} for r in others]}))
        return
    from .kb_render import print_record

    if detection is not None:  # no --game: say which game's entry this is, as ask and search do
        _print_game_assumed(record.game, detection)
    print_record(record, kb.store, touching)
    _print_other_games(name, others)


def run_show(record_id: str, json: bool) -> None:
    """`adjudicator show` (the Typer command and the fast path both call this)."""
    from adjudicator.kb import lookup

    kb = _kb()
    record = lookup.show(kb, record_id)
    touching = lookup.touching(kb, record.id)
    if json:
        from .kb_render import record_json
        from .render import emit_json

        emit_json(record_json(record, kb.store, {"faq": [r.id for r in touching]}))
        return
    from .kb_render import print_record

    print_record(record, kb.store, touching)


def run_timing(step: str | None, file: Path | None, json: bool) -> None:
    """`adjudicator timing` (the Typer command and the fast path both call this)."""
    from adjudicator.errors import InputError
    from adjudicator.kb import lookup

    if step == "order":
        if file is None:
            raise InputError("timing order needs a FILE of abilities (see scenarios/lotr/timing/ for examples)")
        from adjudicator.lotr.abilities.timing import order_file

        from .engine_commands import situation_file
        from .timing_render import render_order

        result = order_file(situation_file(str(file)))
        if json:
            from .render import emit_json

            emit_json(result)
        else:
            render_order(result)
        return
    if file is not None:
        raise InputError(f"unexpected extra argument {str(file)!r}; only 'timing order FILE' takes a file")
    kb = _kb()
    if step:
        record = lookup.find_step(kb, step)
        if json:
            from .kb_render import record_json
            from .render import emit_json

            emit_json(record_json(record, kb.store))
            return
        from .kb_render import print_record

        print_record(record, kb.store, lookup.touching(kb, record.id))
        return
    steps = lookup.timing_steps(kb)
    if json:
        from .render import emit_json

        emit_json({"steps": steps})
        return
    _print_timing(steps)


def run_faq(query: str, json: bool) -> None:
    """`adjudicator faq` (the Typer command and the fast path both call this)."""
    from adjudicator.kb import lookup

    kb = _kb()
    answer = lookup.faq(kb, query)
    if json:
        from .kb_render import record_json
        from .render import emit_json

        emit_json({"query": query, "results": [record_json(r, kb.store) for r in answer.records]})
        return
    from .kb_render import print_record
    from .render import console

    if not answer.by_number:
        console().print(f"{len(answer.records)} FAQ entries mention {query!r}:")
    for record in answer.records:
        print_record(record, kb.store)


def run_errata(card: str, json: bool) -> None:
    """`adjudicator errata` (the Typer command and the fast path both call this)."""
    from adjudicator.kb import lookup

    kb = _kb()
    records = lookup.errata(kb, card)
    if json:
        from .kb_render import record_json
        from .render import emit_json

        emit_json({"query": card, "results": [record_json(r, kb.store) for r in records]})
        return
    from .kb_render import print_record

    for record in records:
        print_record(record, kb.store, heading_style="bold green")


def run_search(query: str, kind: list[str], source: list[str], game: str | None, limit: int, json: bool) -> None:
    """`adjudicator search` (the Typer command and the fast path both call this)."""
    from adjudicator.errors import InputError

    kinds = [k.lower() for k in kind]
    valid_kinds = {"glossary", "rule", "step", "clarification", "qa", "errata", "scenario", "ruling", "card",
                   "keyword", "section", "example"}
    bad = [k for k in kinds if k not in valid_kinds]
    if bad:
        import difflib

        close = difflib.get_close_matches(bad[0], sorted(valid_kinds), n=1)
        raise InputError(f"unknown kind {bad[0]!r}; expected one of {', '.join(sorted(valid_kinds))}",
                         hint=f"did you mean {close[0]}?" if close else "")
    docs = [_doc_key(s) for s in source]
    kb = _kb()
    games, detection = ([_check_game(game)] if game else []), None
    if not games and not docs:  # the games the query is about (adjudicator.ask.game_detection)
        from adjudicator.ask.game_detection import search_games

        games, detection = search_games(kb, query)
    hits = kb.index.search(query, kinds=kinds, docs=docs, games=games, limit=limit)
    if not kinds or "step" in kinds:  # "step 6.4.2": the step the documents number so comes first
        from adjudicator.ask.game_detection import steps_first

        hits = steps_first(kb, query, hits, games, docs, limit)
    if not hits:  # nothing found: exit 1, as grep does
        _no_hits(query, json)
    if json:
        from .kb_render import plain_snippet
        from .render import emit_json

        emit_json({"query": query, "game": games[0] if games else None, "games": games,
                   "game_detection": detection.to_dict() if detection else None, "hits": [
            {"rank": i, "id": h.id, "kind": h.kind, "game": h.game, "title": h.title, "source": h.doc,
             "lines": [int(x) for x in h.lines.split("-")], "authority": h.authority, "score": h.score,
             "summary": h.summary, "snippet": plain_snippet(h.snippet)} for i, h in enumerate(hits, 1)]})
        return
    if detection is not None:
        from .render import console

        console().print(f"[dim]Searching {' and '.join(games)}: {detection.describe()} · --game to choose[/]")
    _print_hits(query, hits)


DOC_ALIASES = {"rr": "lotr-rr", "faq": "lotr-faq", "qc": "lotr-qc", "companion": "lotr-qc", "metw": "metw-rules",
               "meq": "meq-rules"}


def _doc_key(value: str) -> str:
    from adjudicator.errors import InputError

    key = value.lower()
    key = DOC_ALIASES.get(key, key)
    valid = ("lotr-rr", "lotr-faq", "lotr-qc", "metw-rules", "meq-rules")
    if key not in valid:
        import difflib

        close = difflib.get_close_matches(key, valid, n=1)
        raise InputError(f"unknown source {value!r}; expected one of {', '.join(valid)} (or RR, FAQ, QC)",
                         hint=f"did you mean {close[0]}?" if close else "")
    return key


def _no_hits(query: str, json: bool) -> None:
    """A search that finds nothing: the empty answer, then exit 1."""
    if json:
        from .render import emit_json

        emit_json({"query": query, "hits": []})
    else:
        from .render import console

        console().print(f"No matches for {query!r}.", markup=False)
    raise SystemExit(1)


def _print_game_assumed(game: str, detection) -> None:
    """The game a lookup without --game answered from, in ask's words ("Game: ... · --game to
    choose another"); the detection's reasons only when they point to that game."""
    from adjudicator.ask.game_detection import GAME_NAMES

    from .render import Text, console

    line = Text("Game: ", style="dim")
    line.append(detection.describe() if detection.game == game else GAME_NAMES.get(game, game), style="dim")
    line.append(" · --game to choose another", style="dim")
    console().print(line)


def _print_other_games(name: str, others) -> None:
    """The same name's entries in the other games (rule without --game)."""
    if not others:
        return
    from .render import console

    for record in others:
        console().print(f"[yellow]Also in {record.game.upper()}:[/] {record.title}  [dim]{record.id} · "
                        f"adjudicator rule {name!r} --game {record.game}[/]")


def _print_hits(query: str, hits) -> None:
    from .render import Text

    from .kb_render import DOC_SHORT, snippet_text
    from .render import console

    for rank, hit in enumerate(hits, 1):
        start, end = hit.lines.split("-")
        head = Text()
        head.append(f"{rank:>2}. ", style="bold")
        head.append(hit.title, style="bold cyan")
        head.append(f"  {hit.id} · {hit.kind} · {DOC_SHORT.get(hit.doc, hit.doc)} L{start}–L{end}", style="dim")
        if hit.authority != "official":
            head.append(f" · {hit.authority}", style="yellow")
        console().print(head)
        if hit.snippet:
            line = Text("    ")
            line.append_text(snippet_text(hit.snippet))
            console().print(line)
        elif hit.summary:
            console().print("    " + hit.summary)


def _print_timing(steps: list[dict]) -> None:
    from rich.table import Table

    from .render import console

    flows = {"main": "Round sequence", "enemy-attack": "Enemy attack resolution (from 6.4a)",
             "player-attack": "Player attack resolution (from 6.8a)"}
    for flow, title in flows.items():
        table = Table(title=title, title_justify="left", show_lines=False)
        table.add_column("step", style="bold")
        table.add_column("phase")
        table.add_column("name")
        table.add_column("then")
        table.add_column("source", style="dim")
        for step in (s for s in steps if s["flow"] == flow):
            then = []
            if step["action_window_after"]:
                then.append("[red]ACTION WINDOW[/]")
            if step["kind"] == "window":
                then.append("[red]special action window[/]")
            if step["loop_to"]:
                then.append(f"loop to {step['loop_to']}")
            if step["subflow"]:
                then.append(f"→ {step['subflow'].replace('-', ' ')} flow")
            table.add_row(step["id"], step["phase"], step["name"], ", ".join(then), step["lines"] or "")
        console().print(table)
