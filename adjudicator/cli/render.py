"""Output for people (Rich) and scripts (--json on stdout, no colour codes).

Wrapping: on a terminal, Rich wraps at the terminal's width; when the output is not a
terminal (a pipe, a file) nothing is hard-wrapped, so that `adjudicator ask ... | grep`
sees whole sentences; ``--width N`` wraps at N columns either way.
"""

from __future__ import annotations

import json
import sys
from typing import Any

_console = None
_err_console = None
_width: int | None = None

BROKEN_PIPE_EXIT = 141  # 128 + SIGPIPE: the reader went away (`adjudicator ... | head`); not a "no"
UNWRAPPED = 10_000  # the width of a line that is never wrapped (the output is not a terminal)


def set_width(width: int | None) -> None:
    """``--width``: wrap at ``width`` columns, terminal or not."""
    global _width, _console
    _width = width
    _console = None


def plain() -> bool:
    """True when the output is not wrapped (not a terminal and no --width): renderers
    that draw boxes sized to the width (a panel) lay out plain lines instead."""
    return _width is None and not _isatty()


def _isatty() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _console_class():
    from rich.console import Console

    class PipeAwareConsole(Console):
        def on_broken_pipe(self) -> None:
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise SystemExit(BROKEN_PIPE_EXIT)

    return PipeAwareConsole


def console():
    global _console
    if _console is None:
        if _width is not None:
            _console = _console_class()(highlight=False, soft_wrap=False, width=_width)
        elif plain():
            _console = _console_class()(highlight=False, soft_wrap=True, width=UNWRAPPED)
        else:
            _console = _console_class()(highlight=False, soft_wrap=False)
    return _console


def err_console():
    global _err_console
    if _err_console is None:
        _err_console = _console_class()(stderr=True, highlight=False)
    return _err_console


def emit_json(data: Any) -> None:
    try:
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=_default) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(BROKEN_PIPE_EXIT) from None


def _default(obj: Any) -> Any:
    if hasattr(obj, "to_dict"):
        return obj.to_dict()
    if hasattr(obj, "value"):
        return obj.value
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    return str(obj)


def note(message: str) -> None:
    """A warning or notice for people: stderr, never mixed into the answer on stdout."""
    sys.stderr.write(message.rstrip("\n") + "\n")


def _one_line(text: str) -> str:
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # a file name that is not UTF-8
    return text if len(text) <= 2000 else text[:2000] + f"… ({len(text)} characters)"


def short_line(text: str, limit: int = 300) -> str:
    """A message that may quote a user's (huge) argument, cut to ``limit`` characters."""
    text = _one_line(text)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


def print_error(exc) -> None:
    message = f"Error: {_one_line(exc.message)}"
    if getattr(exc, "hint", ""):
        message += f"\n  {_one_line(exc.hint)}"
    sys.stderr.write(message + "\n")


def print_os_error(exc: OSError) -> int:
    """One line for an error of the environment (exit 2): what could not be done and why."""
    from adjudicator.errors import os_error_message

    sys.stderr.write(f"Error: {_one_line(os_error_message(exc))}\n")
    return 2
