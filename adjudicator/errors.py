"""The project's errors, in the manner of python-chess: all are ValueErrors, each message
carries what a user needs to find the problem (file, line, the name that missed).

The CLI turns an `AdjudicatorError` into ``Error: ...`` on stderr and its ``exit_code``:
2 for bad input (the default), 1 for a lookup that found nothing (`NotFound`).  A name
that matches nothing is one or the other by where it came from: the question of a lookup
(`rule`, `card`, `faq`: `NotFound`, exit 1, the answer is "nothing"), or a value inside
the input (a card or version in a situation file, an option's value: `UnknownName`, an
`InputError`, exit 2).  Engine code raises `UnknownName`, never `NotFound`.
"""

from __future__ import annotations

import errno


class AdjudicatorError(ValueError):
    """Base class; ``exit_code`` is what the CLI exits with."""

    exit_code = 2

    def __init__(self, message: str, *, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class InputError(AdjudicatorError):
    """Malformed input: a bad file, option or argument."""


class SourcesError(AdjudicatorError):
    """No usable source documents where they were looked for."""


class StorageError(AdjudicatorError):
    """A folder the tool writes to (the cache, the data folder) cannot be written: a full
    disk, a read-only folder, a name too long.  Nothing half-written is left behind."""

    @classmethod
    def from_os_error(cls, exc: OSError, doing: str) -> "StorageError":
        named = exc.filename is not None and str(exc.filename) not in doing
        return cls(f"{doing}: {os_error_message(exc) if named else _cause(exc)}")


def _did_you_mean(suggestions: list[str]) -> str:
    return ("did you mean: " + ", ".join(suggestions) + "?") if suggestions else ""


class NotFound(AdjudicatorError):
    """A lookup whose name or id matches nothing; ``suggestions`` are the near misses.
    Exit 1: the question was well formed, the answer is "nothing"."""

    exit_code = 1

    def __init__(self, message: str, suggestions: list[str] | None = None) -> None:
        self.suggestions = list(suggestions or [])
        super().__init__(message, hint=_did_you_mean(self.suggestions))


class UnknownName(InputError):
    """A name inside the input (a card, a version, a step in a situation file) that
    matches nothing; ``suggestions`` are the near misses.  Exit 2: the input is bad."""

    def __init__(self, message: str, suggestions: list[str] | None = None) -> None:
        self.suggestions = list(suggestions or [])
        super().__init__(message, hint=_did_you_mean(self.suggestions))


class Ambiguous(AdjudicatorError):
    """A name that matches several things equally well."""

    def __init__(self, message: str, candidates: list[str]) -> None:
        self.candidates = list(candidates)
        super().__init__(message, hint="candidates: " + ", ".join(self.candidates))


_CAUSES = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is exceeded",
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENAMETOOLONG: "the file name is too long",
    errno.ENOENT: "no such file or folder",
    errno.EISDIR: "it is a folder, not a file",
    errno.ENOTDIR: "a part of the path is not a folder",
}


def os_error_message(exc: OSError) -> str:
    """``cannot write /x/y: the disk is full``: the file and the cause, in one line."""
    cause = _cause(exc)
    name = exc.filename
    if isinstance(name, bytes):
        name = name.decode("utf-8", "backslashreplace")
    if name is not None and len(str(name)) > 300:
        name = str(name)[:300] + "…"
    return f"{name}: {cause}" if name is not None else cause


def _cause(exc: OSError) -> str:
    return _CAUSES.get(exc.errno or 0) or exc.strerror or str(exc)
