"""The command-line tool: parse arguments, make one library call, render.

Command modules register themselves on the Typer app; each keeps its heavy imports
(Whoosh, sqlite-utils, the engine) inside the command functions, so that a lookup
imports only what it needs.  Library errors (`AdjudicatorError`) become one line on
stderr and the error's exit code; a traceback only with ``--debug``.
"""

from __future__ import annotations

import os
import sys

# Command modules, in the order their commands appear in --help.  Each defines
# register(app) and imports nothing heavy at module level.
COMMAND_MODULES = (
    "adjudicator.cli.kb_commands",
    "adjudicator.cli.engine_commands",
    "adjudicator.cli.companion_commands",
)


def build_app():
    import importlib

    import typer

    app = typer.Typer(
        name="adjudicator",
        help="Rules reference and adjudication assistant for Lord of the Rings games.",
        add_completion=False,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    @app.callback()
    def _root(
        sources: str = typer.Option(
            None, "--sources", metavar="DIR", help="Folder of source documents (else ADJUDICATOR_SOURCES, else the user data folder)."
        ),
        debug: bool = typer.Option(False, "--debug", help="Show tracebacks for errors."),
    ) -> None:
        """Rules reference and adjudication assistant for Lord of the Rings games."""
        if sources:
            os.environ["ADJUDICATOR_SOURCES"] = sources
        if debug:
            os.environ["ADJUDICATOR_DEBUG"] = "1"

    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # a command group not written yet
                continue
            raise
        module.register(app)
    return app


def main(argv: list[str] | None = None) -> int:
    from adjudicator.errors import AdjudicatorError

    debug = "--debug" in (argv if argv is not None else sys.argv[1:])
    try:
        app = build_app()
        app(args=argv, prog_name="adjudicator", standalone_mode=True)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except AdjudicatorError as exc:
        if debug or os.environ.get("ADJUDICATOR_DEBUG"):
            raise
        from adjudicator.cli.render import print_error

        print_error(exc)
        return exc.exit_code
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130
    return 0
