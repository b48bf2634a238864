"""The command-line tool: parse arguments, make one library call, render.

Command modules register themselves on the Typer app; each keeps its heavy imports
(Whoosh, sqlite-utils, the engine) inside the command functions, so that a lookup
imports only what it needs.  The common lookups (rule, faq, search, ask, card, replay,
...) with plainly valid arguments skip Typer altogether (`fast.dispatch`): they call the
same functions, and anything else goes to the Typer app.  `conventions.apply` then gives every command the shared
behaviour (choices, placeholders, text checks, examples).  Library errors
(`AdjudicatorError`) become one line on stderr and the error's exit code; a folder that
cannot be written (a full disk, a read-only cache) is one line and exit 2; a traceback
only with ``--debug``.

Exit codes: 0 found or done, 1 nothing found or a "no", 2 bad input or usage, 3 a replay
stopped for a decision (`examples.EXIT_CODES`).
"""

from __future__ import annotations

import gc
import os
import sys

# Command modules, in the order their commands appear in --help.  Each defines
# register(app) and imports nothing heavy at module level.
COMMAND_MODULES = (
    "adjudicator.cli.kb_commands",
    "adjudicator.cli.engine_commands",
    "adjudicator.cli.companion_commands",
    "adjudicator.cli.mcp_command",
)

HELP = "Rules reference and adjudication assistant for Lord of the Rings games."


def _root_epilog() -> str:
    from .examples import EXIT_CODES

    lines = ["\b", "Exit codes:"] + [f"  {code}  {meaning}" for code, meaning in EXIT_CODES]
    lines += ["", "\b", "Example:", "  adjudicator rule 'engagement check'",
              "Run 'adjudicator COMMAND --help' for a command's options and an example."]
    return "\n".join(lines)


def _version(value: bool) -> None:
    if value:
        from adjudicator import __version__

        sys.stdout.write(f"adjudicator {__version__}\n")
        raise SystemExit(0)


def build_app():
    import importlib

    import typer

    app = typer.Typer(
        name="adjudicator",
        help=HELP,
        epilog=_root_epilog(),
        add_completion=True,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    @app.callback()
    def _root(
        sources: str = typer.Option(
            None, "--sources", help="Folder of source documents (else ADJUDICATOR_SOURCES, else the user data folder)."
        ),
        width: int = typer.Option(
            None, "--width", min=20, max=1000,
            help="Wrap output at this many columns (default: the terminal's width; no wrapping when output is not a terminal).",
        ),
        debug: bool = typer.Option(False, "--debug", help="Show tracebacks for errors."),
        version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
    ) -> None:
        """Rules reference and adjudication assistant for Lord of the Rings games."""
        if sources:
            from adjudicator.kb.sources import use_option

            use_option(sources)
        if width:
            from . import render

            render.set_width(width)
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


def build_command():
    """The click command tree, with the shared conventions applied."""
    import typer

    from .conventions import apply

    command = typer.main.get_command(build_app())
    apply(command)
    return command


def main(argv: list[str] | None = None, *, fast: bool = True) -> int:
    """Run the command line; ``fast=False`` always takes the Typer app (the tests compare).
    Without ``argv`` it is the program itself (the console script, ``python -m
    adjudicator``): the process ends next, see `_ending`."""
    args = list(sys.argv[1:] if argv is None else argv)
    if argv is None:
        from .deferred import defer_inspect

        defer_inspect()  # inspect and ipaddress (deferred.DEFERRED): most commands never use them
        from adjudicator import compiled

        from .fast import COMMANDS

        # dataclasses' methods from the cache folder (saved below): a file for each quick lookup, one for the rest
        compiled.install(args[0] if args and args[0] in COMMANDS else "other")
    collecting = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, *collecting[1:])
    try:
        code = _main(args, fast)
    finally:
        ending = argv is None and fast and _quick(args)
        if not ending:
            gc.set_threshold(*collecting)
        if argv is None:
            from adjudicator import compiled

            compiled.save()  # what this run compiled that the cache folder did not hold
            gc.freeze()
        if ending:
            # a quick lookup's process ends next (`_ending`): its objects are frozen before the
            # threshold comes back, or the next allocation would collect every object the run
            # made (3 to 10 ms of an `ask`, for memory the process gives back at once)
            gc.set_threshold(*collecting)
    if argv is None and fast:
        _ending(args, code)
    return code


def _quick(args: list[str]) -> bool:
    """Whether the fast path answers ``args`` (a lookup or a replay, `fast.parse`)."""
    from .fast import parse

    return parse(args) is not None


def _ending(args: list[str], code: int) -> None:
    """The program is done: end the process now, when what it ran is a lookup or a replay
    (the fast path's commands, which read and write nothing that outlives them but the
    caches, already closed) and nothing else is left to run at exit.

    Python's shutdown collects and frees every object one by one (the modules, the card
    library, a replay's events): some 15 ms of a replay, a fifth of its run, for memory the
    operating system frees at once.  `main` first freezes the collector's generations (what
    is frozen is not traversed); here, with standard output and error flushed, the process
    exits with the command's code.  Python's own exit runs instead when an exit handler is
    registered (a profiler's or coverage's report, a temporary folder), another thread
    runs, a profiler or tracer is set, a stream cannot be flushed (its error is reported as
    before), or the command went to the Typer app."""
    import atexit

    from .fast import parse

    handlers = getattr(atexit, "_ncallbacks", None)
    threading = sys.modules.get("threading")
    if (handlers is None or handlers() or sys.getprofile() is not None or sys.gettrace() is not None
            or (threading is not None and threading.active_count() > 1) or parse(args) is None):
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        return
    os._exit(code)


# The cycle collector ran some 50 to 80 times while a command imported its modules (every
# class, function and module made is a new tracked object), about 4 ms of a replay or a card
# lookup, to free a few hundred objects.  A command collects every 100,000 new objects
# instead of every 700: a long replay or the MCP server still collects, less often.
GC_THRESHOLD = 100_000


def _main(args: list[str], fast: bool) -> int:
    from adjudicator.errors import AdjudicatorError

    _safe_streams()
    from . import render

    render.set_width(None)  # each run decides its own wrapping (a test may call main many times)
    debug = "--debug" in args or bool(os.environ.get("ADJUDICATOR_DEBUG"))
    try:
        if fast:  # the common lookups without building the Typer app (cli/fast.py); None: anything else
            from .fast import dispatch

            code = dispatch(args)
            if code is not None:
                return code
        return _run(build_command(), args)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except AdjudicatorError as exc:
        if debug:
            raise
        from .render import print_error

        print_error(exc)
        return exc.exit_code
    except OSError as exc:  # the environment, not the input: a full disk, a read-only folder
        if debug:
            raise
        from .render import print_os_error

        return print_os_error(exc)
    except KeyboardInterrupt:
        sys.stderr.write("Interrupted.\n")
        return 130
    return 0


def _run(command, args: list[str]) -> int:
    """Run the click command; a usage error is the usage line, a hint and one short line
    (an argument of 60,000 characters is not echoed whole)."""
    from .conventions import click_exceptions

    exceptions = click_exceptions()
    try:
        result = command.main(args=args, prog_name="adjudicator", standalone_mode=False)
    except exceptions.ClickException as exc:
        from .render import short_line

        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError":  # `adjudicator` alone: the help, as a usage error
            sys.stderr.write(exc.format_message() + "\n")
            return exc.exit_code
        if ctx is not None:
            sys.stderr.write(ctx.get_usage() + "\n")
            sys.stderr.write(f"Try '{ctx.command_path} -h' for help.\n\n")
        sys.stderr.write(f"Error: {short_line(exc.format_message())}\n")
        hint = _root_option_hint(command, exc)
        if hint:
            sys.stderr.write(hint + "\n")
        return exc.exit_code
    except exceptions.Abort:
        sys.stderr.write("Aborted.\n")
        return 1
    return result if isinstance(result, int) else 0


def _root_option_hint(command, exc) -> str:
    """A root option (--width, --sources, --debug) given after the command's name is no option
    of that command: say where it goes ("adjudicator --width N ask ...")."""
    name = getattr(exc, "option_name", None)
    if type(exc).__name__ != "NoSuchOption" or not name:
        return ""
    root = next((param for param in command.params if name in getattr(param, "opts", ())), None)
    if root is None:
        return ""
    value = "" if getattr(root, "is_flag", False) else f" {root.metavar or 'VALUE'}"
    ctx = getattr(exc, "ctx", None)
    sub = getattr(ctx, "info_name", None) or "COMMAND"
    return f"{name} is an option of adjudicator itself: give it before the command: adjudicator {name}{value} {sub} ..."


def _safe_streams() -> None:
    """Output never fails on a character the stream cannot encode (a file name that is not
    UTF-8 echoed back): it is written escaped instead."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream.errors == "strict":
                stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError):  # replaced by a test's capture
            pass
