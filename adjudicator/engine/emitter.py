"""One way to write a trace step, for every game's engine.

An engine writes each thing that happened through an `Emitter`: what happened (the event's
name and the text for people), the records that decide it (at least one: a step with no
citation is refused), the state changes, the cause, and the interpretation applied where
the documents leave a point open::

    emit = Emitter(trace, where=lambda: (game.step, game.phase))
    emit("engage", "Hill Troll engages P2", [C.ENGAGEMENT_CHECK],
         [Change("Hill Troll", "zone", "staging area", "engaged with P2")])
    with emit.caused_by(by_card("Foul Weather", 0, "damage", kind="peril")):
        deal_damage(...)        # every step written here names the card's effect as its cause

The cause of a step (``Step.cause``, ``"cause"`` in the JSON) is always a value, never a
phrase of its text:

- ``{"rule": id}``: the rule that produced it (`by_rule`); when no cause is given or in
  force, the rule the step cites first;
- ``{"card": name, "effect": index, "op": op, "kind": kind}``: a card's effect as data
  (`by_card`: the card's name, the index of the effect in its list of effects, its op, and
  what kind of card it is);
- ``{"ability": label, "card", "controller", "source"}``: a card ability of the LOTR engine.

A cause given to the call wins over the one in force (`caused_by`), which wins over the
rule.  The step's location (its framework step id and phase) comes from ``where`` unless
the call names it.  The text passes through `words` as the step is made: it is for people
only, and the tests replace it with nonsense there to show that no behaviour reads it.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator

from adjudicator.engine.trace import Change, Interpretation, Step, Trace
from adjudicator.record_ids import ID_PATTERN


def by_rule(record_id: str) -> dict[str, Any]:
    """The cause of a step the rules produce: the record id of the rule."""
    return {"rule": record_id}


def by_card(name: str, effect: int | None = None, op: str | None = None, *, kind: str | None = None) -> dict[str, Any]:
    """The cause of a step a card's effect produces: the card, the index of the effect in its
    effects (None: the card as a whole), the effect's op and the kind of card."""
    return {"card": name, "effect": effect, "op": op, "kind": kind}


def checked(cause: dict[str, Any]) -> dict[str, Any]:
    """``cause`` if it is one of the three shapes (ValueError otherwise)."""
    if not isinstance(cause, dict):
        raise ValueError(f"a step's cause is a mapping, not {cause!r}")
    if "rule" in cause:
        if set(cause) != {"rule"} or not isinstance(cause["rule"], str) or not ID_PATTERN.match(cause["rule"]):
            raise ValueError(f"a rule cause is {{'rule': record id}}, not {cause!r}")
    elif "ability" in cause:
        if not cause["ability"]:
            raise ValueError(f"an ability cause names the ability: {cause!r}")
    elif not cause.get("card") or not isinstance(cause["card"], str):
        raise ValueError(f"a step's cause is a rule, a card or an ability, not {cause!r}")
    return cause


def words(text: str) -> str:
    """The text of a step as it is made (for people only; the tests replace it here)."""
    return text


def _nowhere() -> tuple[str | None, str]:
    return None, ""


class Emitter:
    """Writes steps to a `Trace`: calling it (or `emit`) writes one step and returns it."""

    def __init__(self, trace: Trace, where: Callable[[], tuple[str | None, str]] = _nowhere) -> None:
        self.trace = trace
        self.where = where  # the framework step id and the phase a step belongs to when the call names none
        self._causes: list[dict[str, Any]] = []

    @property
    def cause(self) -> dict[str, Any] | None:
        """The cause in force (`caused_by`), or None: the rule each step cites first."""
        return self._causes[-1] if self._causes else None

    @contextmanager
    def caused_by(self, cause: dict[str, Any]) -> Iterator[None]:
        """Every step written inside names ``cause``, unless the call gives its own."""
        self._causes.append(checked(cause))
        try:
            yield
        finally:
            self._causes.pop()

    def emit(
        self,
        event: str,
        text: str,
        citations: Iterable[str],
        changes: Iterable[Change] = (),
        *,
        cause: dict[str, Any] | None = None,
        interpretation: Interpretation | None = None,
        step: str | None = None,
        phase: str | None = None,
        data: Any = None,
    ) -> Step:
        """Write one step: ``event`` happened (``text`` says it to people), decided by
        ``citations`` (the interpretation's rule is cited too), changing ``changes``.
        ``data`` keeps the typed event the step was rendered from (not serialised)."""
        cites = tuple(citations) + ((interpretation.rule,) if interpretation is not None else ())
        if not cites:
            raise ValueError(f"a trace step needs the record that decides it: {event!r} ({text!r}) cites none")
        who = checked(cause) if cause is not None else self.cause or by_rule(cites[0])
        if step is None or not phase:
            here_step, here_phase = self.where()
            step = here_step if step is None else step
            phase = phase or here_phase
        return self.trace.add(step, phase, event, words(text), tuple(changes), cites, interpretation, cause=who,
                              data=data)

    __call__ = emit
