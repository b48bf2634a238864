"""The trace of a replay: one `Step` per thing that happened, each citing the records
that decided it.

A `Trace` is a sink, in the manner of sqlite-utils' tracer: give it an ``on_step``
callable and it is called with every step as the engine produces it; it also keeps the
steps (unless ``keep=False``) and serialises to the stable JSON contract::

    {"game": "lotr", "steps": [...], "final_state": {...}, "pending": null | {...}}

Each step serialises as ``{"index", "step", "phase", "event", "text", "changes",
"citations", "interpretation", "cause"}``; ``step`` is the framework step id or null,
``citations`` is never empty, ``interpretation`` is null or ``{"name", "rule", "note"}``,
``cause`` is null or what produced the step: ``{"rule": id}`` or ``{"ability", "card",
"controller", "source"}`` (a card's ability).  ``text`` is for people only: an engine
that builds its steps from typed events keeps the event itself in ``Step.data`` (not
serialised), and behaviour reads that, never the text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from adjudicator.record_ids import ID_PATTERN


@dataclass(frozen=True)
class Change:
    """One state change: ``target``'s ``field`` went from ``before`` to ``after``.

    ``target`` is a name a player would use (``P1``, ``Hill Troll``); ``field`` is a
    short attribute name (``threat``, ``zone``, ``damage``, ``progress``).
    """

    target: str
    field: str
    before: Any = None
    after: Any = None

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target, "field": self.field, "from": self.before, "to": self.after}

    def label(self) -> str:
        return f"{self.target} {self.field} {_show(self.before)} → {_show(self.after)}"


def _show(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@dataclass(frozen=True)
class Interpretation:
    """A point the documents leave open: the name of the reading the engine applied and
    the record id of the rule it leaned on."""

    name: str
    rule: str
    note: str = ""

    def __post_init__(self) -> None:
        if not ID_PATTERN.match(self.rule):
            raise ValueError(f"interpretation {self.name!r} leans on a malformed record id {self.rule!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "rule": self.rule, "note": self.note}


@dataclass(frozen=True)
class Step:
    """One entry of the trace.  Constructing a step without a citation raises ValueError."""

    index: int
    step: str | None
    phase: str
    event: str
    text: str = ""
    changes: tuple[Change, ...] = ()
    citations: tuple[str, ...] = ()
    interpretation: Interpretation | None = None
    cause: dict[str, Any] | None = None  # what produced it: {"rule": id} or a card ability
    data: Any = field(default=None, compare=False, repr=False)  # the typed event it was rendered from

    def __post_init__(self) -> None:
        if not self.citations:
            raise ValueError(f"trace step {self.event!r} at {self.step} has no citation")
        for cid in self.citations:
            if not isinstance(cid, str) or not ID_PATTERN.match(cid):
                raise ValueError(f"trace step {self.event!r} cites a malformed record id {cid!r}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "step": self.step,
            "phase": self.phase,
            "event": self.event,
            "text": self.text,
            "changes": [c.to_dict() for c in self.changes],
            "citations": list(self.citations),
            "interpretation": self.interpretation.to_dict() if self.interpretation else None,
            "cause": self.cause,
        }


class Trace:
    """Collects steps and hands each to ``on_step``.

    ``snapshots`` maps a step index to a picture of the state taken right after that step
    (the engine decides when to take one, e.g. at the end of each phase); the CLI draws the
    board from them.  They are not part of the JSON contract.
    """

    def __init__(
        self,
        game: str,
        on_step: Callable[[Step], None] | None = None,
        *,
        keep: bool = True,
    ) -> None:
        self.game = game
        self.on_step = on_step
        self.keep = keep
        self.steps: list[Step] = []
        self.count = 0
        self.final_state: dict[str, Any] | None = None
        self.pending: Any = None  # a PendingDecision
        self.snapshots: dict[int, dict[str, Any]] = {}

    def add(
        self,
        step: str | None,
        phase: str,
        event: str,
        text: str = "",
        changes: tuple[Change, ...] | list[Change] = (),
        citations: tuple[str, ...] | list[str] = (),
        interpretation: Interpretation | None = None,
        cause: dict[str, Any] | None = None,
        data: Any = None,
    ) -> Step:
        entry = Step(
            index=self.count,
            step=step,
            phase=phase,
            event=event,
            text=text,
            changes=tuple(changes),
            citations=tuple(dict.fromkeys(citations)),
            interpretation=interpretation,
            cause=cause,
            data=data,
        )
        self.count += 1
        if self.keep:
            self.steps.append(entry)
        if self.on_step is not None:
            self.on_step(entry)
        return entry

    def snapshot(self, picture: dict[str, Any]) -> None:
        """Remember a picture of the state as of the last step."""
        self.snapshots[self.count - 1] = picture

    def cited_ids(self) -> set[str]:
        return {cid for s in self.steps for cid in s.citations}

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "steps": [s.to_dict() for s in self.steps],
            "final_state": self.final_state,
            "pending": self.pending.to_dict() if self.pending is not None else None,
        }
