"""Small helpers shared by the METW procedures: asking for a missing roll or choice,
and checking a declared choice against the legal ones."""

from __future__ import annotations

from typing import Any, Iterable

from adjudicator.engine import DecisionNeeded, IllegalDecision, Option, PendingDecision

ROLLS = tuple(range(2, 13))


def need(key: str, question: str, options: Iterable[Any], citations: Iterable[str], *, step: str,
         player: str | None = None, example: dict[str, Any] | None = None, labels: dict[Any, str] | None = None) -> None:
    """Stop the replay: the rules need ``key`` and the situation does not give it."""
    cites = tuple(citations)
    opts = tuple(Option(o, (labels or {}).get(o, str(o)), cites) for o in options)
    raise DecisionNeeded(
        PendingDecision(key=key, question=question, options=opts, step=step, player=player,
                        citations=cites, example=example or {key: opts[0].value if opts else None})
    )


def roll(value: Any, key: str, question: str, citations: Iterable[str], *, step: str, player: str | None = None) -> int:
    """A 2D6 result from the situation, or a stop asking for it."""
    if value is None:
        need(key, question, ROLLS, citations, step=step, player=player)
    if not isinstance(value, int) or isinstance(value, bool) or not 2 <= value <= 12:
        raise IllegalDecision(f"{key} must be a roll of two dice (2 to 12), got {value!r}", tuple(citations))
    return value


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)
