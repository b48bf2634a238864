"""The project's errors, in the manner of python-chess: all are ValueErrors, each message
carries what a user needs to find the problem (file, line, the name that missed).

The CLI turns an `AdjudicatorError` into ``Error: ...`` on stderr and its ``exit_code``.
"""

from __future__ import annotations


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


class NotFound(AdjudicatorError):
    """A name or id that matches nothing; ``suggestions`` are the near misses."""

    def __init__(self, message: str, suggestions: list[str] | None = None) -> None:
        self.suggestions = list(suggestions or [])
        hint = ("did you mean: " + ", ".join(self.suggestions) + "?") if self.suggestions else ""
        super().__init__(message, hint=hint)


class Ambiguous(AdjudicatorError):
    """A name that matches several things equally well."""

    def __init__(self, message: str, candidates: list[str]) -> None:
        self.candidates = list(candidates)
        super().__init__(message, hint="candidates: " + ", ".join(self.candidates))
