"""Pending decisions: the replay stops and asks instead of guessing.

When the rules require a choice the situation file does not make (which hero takes
undefended damage, which of two tied enemies engages), the engine raises
`DecisionNeeded` carrying a `PendingDecision`: what is asked, who decides, and the legal
options, each with the record ids that make it legal.  The replay catches it, records
it as the trace's ``pending`` and stops; the CLI then exits with `EXIT_DECISION` (3).

Exit codes of the replay commands: 0 done, 1 a "no" (illegal play, check failed),
2 bad input, 3 stopped for a decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.errors import AdjudicatorError

EXIT_DECISION = 3


@dataclass(frozen=True)
class Option:
    """One legal answer: ``value`` is what to write in the situation file."""

    value: Any
    label: str
    citations: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "label": self.label, "citations": list(self.citations)}


@dataclass(frozen=True)
class PendingDecision:
    """A choice the rules require and the situation did not make.

    ``key`` is the decision's field name in the situation file (``undefended_hero``),
    ``step`` the framework step where it is made, ``player`` who decides (or None for the
    group), ``example`` a decision entry that would answer it.
    """

    key: str
    question: str
    options: tuple[Option, ...]
    step: str | None = None
    player: str | None = None
    citations: tuple[str, ...] = ()
    example: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "question": self.question,
            "step": self.step,
            "player": self.player,
            "options": [o.to_dict() for o in self.options],
            "citations": list(self.citations),
            "example": self.example,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "PendingDecision":
        """The decision back from its `to_dict` form."""
        options = tuple(Option(o["value"], o["label"], tuple(o.get("citations") or ())) for o in data.get("options") or ())
        return cls(data["key"], data["question"], options, data.get("step"), data.get("player"),
                   tuple(data.get("citations") or ()), dict(data.get("example") or {}))


class DecisionNeeded(Exception):
    """Raised inside an engine to stop the replay for a decision."""

    exit_code = EXIT_DECISION

    def __init__(self, pending: PendingDecision) -> None:
        super().__init__(pending.question)
        self.pending = pending


class IllegalDecision(AdjudicatorError):
    """A declared decision the rules do not allow (an exhausted character committing).

    ``rules`` are the record ids that forbid it; ``where`` is ``file:line`` of the
    decision.  The CLI exits 1: the answer to "is this legal?" is no.
    """

    exit_code = 1

    def __init__(self, message: str, rules: tuple[str, ...] = (), where: str = "") -> None:
        super().__init__((where + ": " if where else "") + message, hint=("rule: " + ", ".join(rules)) if rules else "")
        self.rules = tuple(rules)
        self.where = where
        self.reason = message
