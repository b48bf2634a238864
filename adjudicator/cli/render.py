"""Output for people (Rich) and scripts (--json on stdout, no colour codes)."""

from __future__ import annotations

import json
import sys
from typing import Any

_console = None
_err_console = None


def console():
    global _console
    if _console is None:
        from rich.console import Console

        _console = Console(highlight=False, soft_wrap=False)
    return _console


def err_console():
    global _err_console
    if _err_console is None:
        from rich.console import Console

        _err_console = Console(stderr=True, highlight=False)
    return _err_console


def emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=_default) + "\n")


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
