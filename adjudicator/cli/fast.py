"""The quick way in: the lookups people run most, dispatched without building the Typer app.

Importing Typer (and click, which it vendors) and building the command tree costs more
than most lookups themselves.  `dispatch` reads the arguments of the commands in
`COMMANDS` by the same rules click applies, and calls the same function the Typer command
calls (``run_rule``, ``run_replay``, ...).  It accepts only what it fully understands; for
anything else (``--help``, a root option such as ``--sources`` or ``--width``, an unknown
or repeated option, a value that is empty, too long, not UTF-8 or not among the choices,
a missing or extra argument, shell completion) it returns None and the Typer app runs, so
that behaviour and error messages are the same either way (tests/test_fast_dispatch.py
compares the two, byte for byte, and checks this table against the Typer declarations).
"""

from __future__ import annotations

import os
import sys

from .options import CHOICES, MAX_QUERY_CHARS, text_problem

FLAG, CHOICE, INT, TEXT, SWITCH = "flag", "choice", "int", "text", "switch"


class Option:
    """One option of a command: the parameter of the run_* function it sets, its kind
    (FLAG, CHOICE, INT, TEXT, SWITCH for --abilities/--no-abilities), its default, its
    choices, an INT's bounds, and whether it may be given more than once.  (A plain class:
    a dataclass would import `inspect` and compile its methods on every start-up.)"""

    __slots__ = ("name", "kind", "default", "choices", "low", "high", "multiple")

    def __init__(self, name: str, kind: str, default: object = None, choices: tuple[str, ...] = (),
                 low: int = 0, high: int = 0, multiple: bool = False) -> None:
        self.name, self.kind, self.default, self.choices = name, kind, default, choices
        self.low, self.high, self.multiple = low, high, multiple


class Command:
    """A command the fast path answers: the module and run_* function the Typer command
    calls, its arguments ((parameter, TEXT or "file"), all required) and its options."""

    __slots__ = ("module", "function", "arguments", "options")

    def __init__(self, module: str, function: str, arguments: tuple[tuple[str, str], ...],
                 options: dict[str, Option] | None = None) -> None:
        self.module, self.function, self.arguments = module, function, arguments
        self.options = {} if options is None else options


JSON = {"--json": Option("json", FLAG, False)}
GAME = {"--game": Option("game", CHOICE, None, CHOICES["--game"])}
ABILITIES = {"--abilities": Option("abilities", SWITCH, None), "--no-abilities": Option("abilities", SWITCH, None)}
KB = "adjudicator.cli.kb_commands"
COMPANION = "adjudicator.cli.companion_commands"
ENGINE = "adjudicator.cli.engine_commands"

COMMANDS: dict[str, Command] = {
    "rule": Command(KB, "run_rule", (("name", TEXT),), {**GAME, **JSON}),
    "show": Command(KB, "run_show", (("record_id", TEXT),), {**JSON}),
    "faq": Command(KB, "run_faq", (("query", TEXT),), {**JSON}),
    "errata": Command(KB, "run_errata", (("card", TEXT),), {**JSON}),
    "search": Command(KB, "run_search", (("query", TEXT),), {
        "--kind": Option("kind", CHOICE, [], CHOICES["--kind"], multiple=True),
        "--source": Option("source", CHOICE, [], CHOICES["--source"], multiple=True),
        **GAME, "--limit": Option("limit", INT, 10, low=1, high=100), **JSON}),
    "card": Command(COMPANION, "run_card", (("name", TEXT),), {
        "--printed": Option("printed", FLAG, False), **GAME, **JSON}),
    "keyword": Command(COMPANION, "run_keyword", (("name", TEXT),), {**JSON}),
    "ask": Command(COMPANION, "run_ask", (("question", TEXT),), {
        "--limit": Option("limit", INT, 3, low=0, high=10), **GAME, **JSON}),
    "replay": Command(ENGINE, "run_replay", (("file", "file"),), {
        **JSON, "--explain": Option("explain", FLAG, False), "--board": Option("board", FLAG, False),
        "--step": Option("step", FLAG, False), "--stop": Option("stop", TEXT, None), **ABILITIES}),
    "check": Command(ENGINE, "run_check", (("file", "file"),), {**JSON, **ABILITIES}),
}
COMPLETION_VARIABLE = "_ADJUDICATOR_COMPLETE"  # set by the shell completion scripts: Typer answers


def parse(args: list[str]) -> tuple[Command, dict] | None:
    """The command and the keyword arguments of its run_* function, or None when the
    arguments are anything but plainly valid."""
    if not args or args[0] not in COMMANDS or os.environ.get(COMPLETION_VARIABLE):
        return None
    command = COMMANDS[args[0]]
    values: dict = {}
    positional: list[str] = []
    seen: set[str] = set()
    tokens = args[1:]
    i = 0
    while i < len(tokens):
        token = tokens[i]
        i += 1
        if token == "-" or not token.startswith("-"):
            positional.append(token)
            continue
        name, equals, value = token.partition("=")
        option = command.options.get(name)
        if option is None or (name in seen and not option.multiple) or (option.kind == SWITCH and option.name in values):
            return None  # --help, -h, --, an unknown or repeated option: Typer's to answer
        seen.add(name)
        if option.kind in (FLAG, SWITCH):
            if equals:
                return None
            values[option.name] = name != "--no-abilities" if option.kind == SWITCH else True
            continue
        if not equals:
            if i >= len(tokens):
                return None
            value = tokens[i]
            i += 1
        converted = _convert(option, value)
        if converted is None:
            return None
        if option.multiple:
            values.setdefault(option.name, []).append(converted)
        else:
            values[option.name] = converted
    if len(positional) != len(command.arguments):
        return None
    for (parameter, kind), value in zip(command.arguments, positional):
        if kind == "file":
            if "\x00" in value:
                return None
        elif _text(value) is None:
            return None
        values[parameter] = value
    for option in command.options.values():
        values.setdefault(option.name, list(option.default) if option.multiple else option.default)
    return command, values


def _text(value: str) -> str | None:
    """A text value click's conventions would pass unchanged (not empty, UTF-8, no NUL,
    short enough not to be cut with a note), else None."""
    if value.startswith("-") or text_problem(value) is not None or len(value) > MAX_QUERY_CHARS:
        return None
    return value


def _convert(option: Option, value: str):
    if option.kind == CHOICE:
        lowered = value.lower()
        return lowered if lowered in option.choices else None
    if option.kind == INT:
        if not value.isascii() or not value.isdigit() or len(value) > 12:
            return None
        number = int(value)
        return number if option.low <= number <= option.high else None
    return _text(value)


def dispatch(args: list[str]) -> int | None:
    """Run a lookup without Typer and return its exit code, or None: run the Typer app."""
    parsed = parse(args)
    if parsed is None:
        return None
    command, values = parsed
    import importlib

    function = getattr(importlib.import_module(command.module), command.function)
    return invoke(function, values)


def invoke(function, values: dict) -> int:
    """Call a command's function as Typer's runner does (typer.core._main, standalone mode
    off): Ctrl-C exits 130, end of input is "Aborted." and 1, a closed pipe exits 1."""
    import errno

    try:
        result = function(**values)
    except EOFError:
        sys.stderr.write("\nAborted.\n")
        return 1
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        _quiet_streams()
        return 1
    return result if isinstance(result, int) else 0


def _quiet_streams() -> None:
    """After a closed pipe: flushing at exit must not fail again (click's PacifyFlushWrapper)."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
