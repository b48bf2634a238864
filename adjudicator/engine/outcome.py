"""What a replay and a check return, the same for every game.

- `ReplayResult`: the trace (steps, final state, pending decision, board snapshots), the
  results of the file's entries, the illegal declaration that stopped the replay if any,
  the expectations of the file with what the replay reached, notes for people;
- `CheckReport`: every `Violation` of a position and its declarations, with the rule
  ids and where (file and line when known);
- exit codes, one meaning for every game and command: 0 done (legal), 1 a "no" (an
  illegal declaration or position, a missed expectation), 2 bad input (raised as
  `InputError`), 3 the replay stopped for a decision it was not given.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from msgspec import Struct

from adjudicator.engine.decisions import EXIT_DECISION
from adjudicator.engine.trace import Trace

EXIT_DONE = 0
EXIT_NO = 1
EXIT_BAD_INPUT = 2


class Violation(Struct, frozen=True):
    """A rule broken by the position or by a declaration: the record ids that forbid it,
    what is wrong (``message``, a sentence for people), and where (file, line; the step or
    entry)."""

    rules: tuple[str, ...]
    message: str
    file: str = ""
    line: int = 0
    step: str | None = None
    severity: str = "illegal"  # "illegal" (a "no") or "note" (worth saying, not a "no")

    @property
    def where(self) -> str:
        if self.file and self.line:
            return f"{self.file}:{self.line}"
        return self.file

    def to_dict(self) -> dict[str, Any]:
        return {"rules": list(self.rules), "message": self.message, "file": self.file or None, "line": self.line or None,
                "step": self.step, "severity": self.severity}


@dataclass
class ReplayResult:
    """What a replay came to, the same for every game: its trace, notes, expectations and exit code."""

    game: str
    file: str
    trace: Trace
    title: str = ""
    results: Any = None  # what each entry of the file came to (games with entries: METW actions, MEQ play)
    illegal: Violation | None = None  # the declaration that stopped the replay
    violations: list[Violation] = field(default_factory=list)  # refused and played past (strict=False)
    expectations: list = field(default_factory=list)  # `expect.Checked`, in the file's order
    notes: list[str] = field(default_factory=list)  # for people: values assumed, decisions never used
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific fields of the JSON (documented per game)

    @property
    def verdict(self) -> int:
        """The replay's own exit code, before expectations: 1 illegal, 3 stopped, 0 done."""
        if self.illegal is not None:
            return EXIT_NO
        if self.trace.pending is not None:
            return EXIT_DECISION
        return EXIT_DONE

    @property
    def missed(self) -> list:
        return [c for c in self.expectations if not c.ok]

    @property
    def exit_code(self) -> int:
        """1 when a declaration is illegal or an expectation is missed, else 3 when the
        replay stopped for a decision, else 0."""
        if self.missed:
            return EXIT_NO
        return self.verdict

    def to_dict(self) -> dict[str, Any]:
        out = self.trace.to_dict()
        out.update({
            "file": self.file,
            "title": self.title,
            "results": self.results,
            "illegal": self.illegal.to_dict() if self.illegal is not None else None,
            "violations": [v.to_dict() for v in self.violations],
            "expectations": [c.to_dict() for c in self.expectations],
            "notes": list(self.notes),
            "exit_code": self.exit_code,
        })
        out.update(self.extra)
        return out


@dataclass
class CheckReport:
    """What `check` found in a situation, the same for every game: its violations and notes."""

    game: str
    file: str
    violations: list[Violation] = field(default_factory=list)  # severity "illegal" and "note"
    pending: Any = None  # the missing decision that stopped the replay of the declarations
    checked_to: str | None = None  # how far the declarations were replayed (a step id, an entry)
    unused: list[dict[str, Any]] = field(default_factory=list)  # declared decisions never used
    notes: list[str] = field(default_factory=list)

    @property
    def illegal(self) -> list[Violation]:
        return [v for v in self.violations if v.severity == "illegal"]

    @property
    def legal(self) -> bool:
        return not self.illegal

    @property
    def exit_code(self) -> int:
        return EXIT_DONE if self.legal else EXIT_NO

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "file": self.file,
            "legal": self.legal,
            "violations": [v.to_dict() for v in self.violations],
            "checked_to": self.checked_to,
            "pending": self.pending.to_dict() if self.pending is not None else None,
            "unused_decisions": self.unused,
            "notes": list(self.notes),
        }
