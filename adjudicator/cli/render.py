"""Output for people (Rich) and scripts (--json on stdout, no colour codes)."""

from __future__ import annotations

import json
import sys
from typing import Any

_console = None
_err_console = None


BROKEN_PIPE_EXIT = 141  # 128 + SIGPIPE: the reader went away (`adjudicator ... | head`); not a "no"


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


def print_error(exc) -> None:
    message = f"Error: {exc.message}"
    if getattr(exc, "hint", ""):
        message += f"\n  {exc.hint}"
    sys.stderr.write(message + "\n")
