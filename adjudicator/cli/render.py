"""Output for people (Rich) and scripts (--json on stdout, no colour codes).

Wrapping: on a terminal, Rich wraps at the terminal's width; when the output is not a
terminal (a pipe, a file) nothing is hard-wrapped, so that `adjudicator ask ... | grep`
sees whole sentences; ``--width N`` wraps at N columns either way.

Not on a terminal, the output has no colour and no wrapping, and Rich is not needed to
write it: `console` is then a `PlainConsole` and `Text` a `PlainText`, which write the same
bytes Rich would (its markup, emoji codes and control-character rules), without importing
Rich (a third of a lookup's time).  Anything they do not handle plainly (a table, a panel,
a tab, a line too long, markup they cannot match, colour forced by the environment) goes
to a Rich console set up the same way.  Renderers take ``Text`` and ``escape`` from here.
"""

from __future__ import annotations

import json
import os
import sys

from adjudicator.compiled import regex

TYPE_CHECKING = False  # typing's, without importing typing at every lookup's start (annotations only)
if TYPE_CHECKING:
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
            _console = PlainConsole() if _without_rich() else _plain_rich_console()
        else:
            _console = _console_class()(highlight=False, soft_wrap=False)
    return _console


def _plain_rich_console():
    return _console_class()(highlight=False, soft_wrap=True, width=UNWRAPPED)


# Environment variables with which Rich would colour or lay out output that is not a
# terminal (force-color.org, Rich's own, a notebook): then Rich writes it.
RICH_ENVIRONMENT = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "DATABRICKS_RUNTIME_VERSION")


def _without_rich() -> bool:
    """Whether this run's people's output is plain text that needs no Rich."""
    return plain() and not any(name in os.environ for name in RICH_ENVIRONMENT)


def __getattr__(name: str):
    """``Text``: Rich's when Rich writes the output, else `PlainText` (decided per run)."""
    if name == "Text":
        if _without_rich():
            return PlainText
        from rich.text import Text

        return Text
    raise AttributeError(name)


# -- plain output without Rich ------------------------------------------------------------

_STRIPPED = {7: None, 8: None, 11: None, 12: None, 13: None}  # bell, backspace, VT, FF, CR: Rich drops them
_TAG = regex(r"((\\*)\[([a-z#/@][^[]*?)])")  # a markup tag, after any backslashes
_ESCAPABLE = regex(r"(\\*)(\[[a-z#/@][^[]*?])")
LONGEST_PLAIN_LINE = 4000  # Rich's unwrapped width is UNWRAPPED cells; a character takes at most two


def escape(text: str) -> str:
    """``text`` made safe to put in console markup: a bracket that would open a tag is
    preceded by a backslash (and backslashes before it doubled), as Rich's escape does."""
    text = _ESCAPABLE.sub(lambda m: f"{m.group(1)}{m.group(1)}\\{m.group(2)}", text)
    if text.endswith("\\") and not text.endswith("\\\\"):
        text += "\\"
    return text


def _emojis(text: str) -> str | None:
    """Emoji codes (``:smile:``) replaced, as Rich does in printed strings; None when
    Rich's table cannot be had (`adjudicator.cli.emoji`)."""
    if text.count(":") < 2:
        return text
    from .emoji import replace

    return replace(text)


def _segment(text: str) -> str | None:
    text = _emojis(text.replace("\\[", "["))
    return None if text is None else text.translate(_STRIPPED)


def unmarked(markup: str) -> str | None:
    """The text Rich prints for console ``markup`` without colour, or None when the markup
    holds anything but plain style tags that open and close in order (then Rich is asked)."""
    if "[" not in markup:
        text = _emojis(markup)
        return None if text is None else text.translate(_STRIPPED)
    out: list[str] = []
    open_tags: list[str] = []
    position = 0
    for match in _TAG.finditer(markup):
        whole, backslashes, tag = match.groups()
        start, end = match.span()
        if start > position:
            out.append(markup[position:start])
        position = end
        if backslashes:
            literal, escaped = divmod(len(backslashes), 2)
            out.append("\\" * literal)
            if escaped:
                out.append(whole[len(backslashes):])
                continue
        name = tag.partition("=")[0]
        if name.startswith("@"):
            return None
        if not name.startswith("/"):
            open_tags.append(name)
            continue
        closing = name[1:].strip()
        if not closing:
            if not open_tags:
                return None
            open_tags.pop()
        elif closing in open_tags:
            del open_tags[len(open_tags) - 1 - open_tags[::-1].index(closing)]
        else:
            return None
    if position < len(markup):
        out.append(markup[position:])
    parts = [_segment(part) for part in out]
    return None if any(part is None for part in parts) else "".join(parts)


class PlainText:
    """Rich's `Text` where no colour is written: the characters, without the styles (Rich
    drops the same control characters).  Printed by Rich too (``__rich__``)."""

    __slots__ = ("plain",)

    def __init__(self, text: str = "", style=None, *, justify=None, overflow=None, no_wrap=None, end="\n",
                 tab_size=None, spans=None) -> None:
        self.plain = text.translate(_STRIPPED)

    def append(self, text, style=None) -> "PlainText":
        if isinstance(text, PlainText):
            self.plain += text.plain
        elif isinstance(text, str):
            self.plain += text.translate(_STRIPPED)
        else:
            raise TypeError("Only str or Text can be appended to Text")
        return self

    def append_text(self, text: "PlainText") -> "PlainText":
        self.plain += text.plain
        return self

    def stylize(self, style, start: int = 0, end: int | None = None) -> None:
        """Styles are not written without colour."""

    def copy(self) -> "PlainText":
        copied = PlainText()
        copied.plain = self.plain
        return copied

    def __add__(self, other):
        if isinstance(other, (str, PlainText)):
            return self.copy().append(other)
        return NotImplemented

    def __str__(self) -> str:
        return self.plain

    def __len__(self) -> int:
        return len(self.plain)

    def __bool__(self) -> bool:
        return bool(self.plain)

    def __contains__(self, other) -> bool:
        return str(other) in self.plain

    def __rich__(self):
        from rich.text import Text

        return Text(self.plain)


class PlainConsole:
    """Writes what a Rich console with no colour, no wrapping and no highlighting writes,
    for strings (console markup) and `PlainText`; anything else it hands to such a Rich
    console (created on first need), so the bytes are the same either way."""

    def __init__(self) -> None:
        self._rich = None

    def rich(self):
        if self._rich is None:
            self._rich = _plain_rich_console()
        return self._rich

    def __getattr__(self, name: str):  # any other method: Rich's
        return getattr(self.rich(), name)

    def print(self, *objects, sep: str = " ", end: str = "\n", markup: bool | None = None,
              highlight: bool | None = None, **other) -> None:
        text = None if other or highlight else self._plain(objects, sep, markup)
        if text is None:
            self.rich().print(*objects, sep=sep, end=end, markup=markup, highlight=highlight, **other)
            return
        try:
            sys.stdout.write(text + end)
            sys.stdout.flush()
        except BrokenPipeError:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise SystemExit(BROKEN_PIPE_EXIT) from None

    @staticmethod
    def _plain(objects, sep: str, markup: bool | None) -> str | None:
        parts = []
        for item in objects:
            if isinstance(item, PlainText):
                parts.append(item.plain)
            elif isinstance(item, str):
                part = unmarked(item) if markup is not False else _emojis(item)
                if part is None:
                    return None
                parts.append(part.translate(_STRIPPED))
            else:
                return None
        text = sep.translate(_STRIPPED).join(parts)
        if "\t" in text or any(len(line) > LONGEST_PLAIN_LINE for line in text.split("\n")):
            return None  # tabs are expanded, and a line past the width cropped, by Rich
        return text


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
