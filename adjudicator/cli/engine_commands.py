"""Engine commands: replay, check, schema.  Parse options, make one library call
(adjudicator.engine.game, the same for every game), render (engine_render).

Exit codes, for every game: 0 done (check: legal), 1 a "no" (an illegal declaration or
position, a missed expectation), 2 bad input, 3 the replay stopped for a decision it was
not given.

The bodies of replay and check are the module-level ``run_*`` functions, which the fast
path (`adjudicator.cli.fast`) calls without Typer: this module imports Typer only in
`register`.
"""

from __future__ import annotations

import sys

JSON_HELP = "Print JSON on stdout (stable field names, no colour)."
FILE_HELP = ("A situation file (YAML; `-` reads standard input); its `game:` field names the game (lotr when absent).  "
             "A packaged situation is named from the project's folder (scenarios/lotr/travel.yaml) when no such "
             "file is here.")
GAMES = "lotr, metw, meq"


def register(app: typer.Typer) -> None:
    import typer

    @app.command("replay")
    def replay_command(
        file: str = typer.Argument(..., metavar="FILE", help=FILE_HELP),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
        explain: bool = typer.Option(
            False, "--explain", help="Show the text of each cited record (from the knowledge base); with --json, a records map."),
        board: bool = typer.Option(
            False, "--board", help="Draw the table at each snapshot (LOTR: after each phase; METW, MEQ: after each entry); "
                                   "with --json, a boards list."),
        step: bool = typer.Option(
            False, "--step", help="Page through the trace at a terminal (Enter/n next, b back, q quit)."),
        stop: str | None = typer.Option(
            None, "--stop", metavar="STOP",
            help="Where to stop, overriding the file.  LOTR: a step id (5.3), end-of-step, end-of-phase, end-of-round, "
                 "end-of-game or N rounds (2r); METW and MEQ: N, the number of entries to replay; METW also a phase "
                 "(site: stop where the site phase begins).",
        ),
        abilities: bool | None = typer.Option(
            None, "--abilities/--no-abilities",
            help="LOTR: replay card abilities (the default: the Core Set library and the file's abilities block); "
                 "--no-abilities replays the framework only.",
        ),
    ) -> None:
        """Play a situation forward by the rules, citing the rule that decided each step.

        Exit codes: 0 replayed to the stop, 1 a declared decision breaks a rule or an
        expectation of the file is missed, 2 bad input, 3 stopped for a decision the file
        does not make (the options are listed).
        """
        run_replay(file, json, explain, board, step, stop, abilities)

    @app.command("check")
    def check_command(
        file: str = typer.Argument(..., metavar="FILE", help=FILE_HELP),
        json: bool = typer.Option(False, "--json", help=JSON_HELP),
        abilities: bool | None = typer.Option(
            None, "--abilities/--no-abilities",
            help="LOTR: check card abilities and rules printed on cards too (the default, as replay does); "
                 "--no-abilities checks the framework only.",
        ),
    ) -> None:
        """Check a position and its declared decisions: every violation with its rule.

        Exit codes: 0 legal, 1 not legal (each violation listed with its rule), 2 bad input.
        """
        run_check(file, json, abilities)

    @app.command("schema")
    def schema_command(
        game: str = typer.Option("lotr", "--game", metavar="GAME", help=f"Whose situation files: {GAMES}."),
        json: bool = typer.Option(True, "--json/--no-json", help="The schema is JSON either way."),
    ) -> None:
        """Print the JSON Schema of a game's situation files (docs/situation-format.md, docs/metw.md, docs/meq.md)."""
        from adjudicator.engine import game as G

        from .render import emit_json

        emit_json(G.get(game).schema())


def run_replay(file: str, json: bool, explain: bool, board: bool, step: bool, stop: str | None, abilities: bool | None) -> None:
    """`adjudicator replay` (the Typer command and the fast path both call this)."""
    from adjudicator.engine import game as G
    from adjudicator.errors import InputError

    if step and json:
        raise InputError("--step pages through the trace for people; it cannot be used with --json")
    if step and not _at_a_terminal(file):
        raise InputError("--step pages through the trace at a terminal, and "
                         + ("the situation comes from standard input" if file == G.STDIN else "there is none here")
                         + ": drop --step (the whole trace is printed), or run it in a terminal")
    loaded = G.open_situation(situation_file(file))
    _abilities_apply(loaded.game, abilities)
    result = G.replay(loaded, stop=stop, board=board or step, abilities=True if abilities is None else abilities)
    if json:
        from . import engine_render as R
        from .render import emit_json

        data = result.to_dict()
        if explain:
            data["records"] = R.explained(R.cited_records(R.all_ids(result), build=True), R.all_ids(result))
        if board:
            data["boards"] = [{"after_step": index, **_board_dict(loaded.game.board(pic))}
                              for index, pic in sorted(result.trace.snapshots.items())]
        emit_json(data)
        if result.illegal is not None:
            v = result.illegal
            sys.stderr.write(f"Error: {v.where + ': ' if v.where else ''}{v.message}\n  rule: {', '.join(v.rules)}\n")
    else:
        from . import engine_render as R

        if step:
            R.page(loaded, result, explain=explain)
        else:
            R.print_replay(loaded, result, explain=explain, board=board)
    if result.exit_code:
        raise SystemExit(result.exit_code)


def run_check(file: str, json: bool, abilities: bool | None) -> None:
    """`adjudicator check` (the Typer command and the fast path both call this)."""
    from adjudicator.engine import game as G

    loaded = G.open_situation(situation_file(file))
    _abilities_apply(loaded.game, abilities)
    report = G.check(loaded, abilities=True if abilities is None else abilities)
    if json:
        from .render import emit_json

        emit_json(report.to_dict())
    else:
        from .engine_render import print_check

        print_check(report)
    if report.exit_code:
        raise SystemExit(report.exit_code)


def situation_file(file: str) -> str:
    """The file to read for FILE: a file of that name here wins; else a packaged situation
    named from the project's folder (``scenarios/lotr/travel.yaml``, as `card` and `ask`
    print them), so the commands they print work from any folder with an installed copy.
    When both exist and differ, a note on stderr says which was used."""
    from pathlib import Path

    from adjudicator.paths import packaged

    if file == "-":
        return file
    bundled = packaged(file)
    if bundled is None:
        return file
    local = Path(file)
    if not local.exists():
        return str(bundled)
    try:
        same = local.samefile(bundled) or local.read_bytes() == bundled.read_bytes()
    except OSError:
        same = False
    if not same:
        sys.stderr.write(f"note: using {local} in this folder; the packaged situation of that name is {bundled}\n")
    return file


def _at_a_terminal(file: str) -> bool:
    """--step reads keys from standard input and clears the screen: both must be a terminal."""
    return file != "-" and sys.stdin.isatty() and sys.stdout.isatty()


def _abilities_apply(game, abilities: bool | None) -> None:
    if abilities is not None and not game.has_abilities:
        from adjudicator.errors import InputError

        flag = "--abilities" if abilities else "--no-abilities"
        raise InputError(f"{flag}: {game.title} situations have no card abilities to switch on or off "
                         "(their cards are described in the file)")


def _board_dict(board) -> dict:
    return {"title": board.title, "rows": [{"area": area, "what": what} for area, what in board.rows]}
