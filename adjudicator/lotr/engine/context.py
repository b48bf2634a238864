"""The replay context: the game, the trace, the declared decisions, and the few helpers
every rule module uses to write a trace step, ask for a decision, or refuse one.

Handlers for framework steps register themselves with `handles`; the framework walker
(`framework.py`) calls them in the order of the step table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from adjudicator.engine.decisions import DecisionNeeded, IllegalDecision, Option, PendingDecision
from adjudicator.engine.situation import fold
from adjudicator.engine.trace import Change, Interpretation, Trace
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.situation import Entry, Situation
from adjudicator.lotr.engine.state import Card, Game, Player

HANDLERS: dict[str, Callable[["Replay"], str | None]] = {}


def handles(*step_ids: str):
    """Register a function as the handler of framework step(s)."""

    def register(fn):
        for sid in step_ids:
            HANDLERS[sid] = fn
        return fn

    return register


class GameOver(Exception):
    """The game has ended (won or lost); the replay stops."""


@dataclass(frozen=True)
class Violation:
    """A declared decision or a position the rules do not allow."""

    message: str
    rules: tuple[str, ...]
    line: int = 0
    step: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"message": self.message, "rules": list(self.rules), "line": self.line, "step": self.step}


class Replay:
    def __init__(self, situation: Situation, trace: Trace, *, strict: bool = True, board: bool = False) -> None:
        self.situation = situation
        self.g: Game = situation.game
        self.decisions = situation.decisions
        self.trace = trace
        self.strict = strict
        self.board = board
        self.violations: list[Violation] = []
        # Listeners see every trace step as it is written, in the middle of the resolution
        # that wrote it: the place where card abilities and triggered effects (issue 5)
        # will hook in.  Each is called as listener(replay, step).
        self.listeners: list[Callable[["Replay", Any], None]] = []
        self.active_order: list[str] | None = None  # players in turn (planning, combat)
        self.active_pos = 0
        self.attack: dict | None = None  # the attack being resolved
        self.attack_orders: dict[tuple[str, int], list[str]] = {}  # declared enemy attack orders

    # -- trace -------------------------------------------------------------------------

    def emit(
        self,
        event: str,
        text: str,
        cites: Iterable[str],
        changes: Iterable[Change] = (),
        interpretation: Interpretation | None = None,
    ) -> None:
        cites = tuple(cites)
        if interpretation is not None:
            cites += (interpretation.rule,)
        step = self.trace.add(self.g.step, self.g.phase, event, text, tuple(changes), cites, interpretation)
        for listener in self.listeners:
            listener(self, step)

    # -- decisions ---------------------------------------------------------------------

    def ask(
        self,
        key: str,
        question: str,
        options: list[Option],
        cites: Iterable[str],
        player: str | None = None,
        example: dict[str, Any] | None = None,
    ) -> None:
        raise DecisionNeeded(
            PendingDecision(
                key=key,
                question=question,
                options=tuple(options),
                step=self.g.step,
                player=player,
                citations=tuple(cites),
                example=_with_round(example or {}, self.g.round),
            )
        )

    def illegal(self, entry: Entry | None, message: str, rules: Iterable[str]) -> None:
        """A declared decision breaks a rule: raise (replay) or record it (check)."""
        rules = tuple(rules)
        line = entry.line if entry is not None else 0
        if self.strict:
            where = f"{self.situation.file}:{line}" if line else self.situation.file
            raise IllegalDecision(message, rules, where)
        self.violations.append(Violation(message, rules, line, self.g.step))

    def take(self, steps: tuple[str, ...], key: str, player: str | None = None, match=None) -> Entry | None:
        entry = self.decisions.find(steps, key, player, self.g.round, match)
        if entry is not None:
            entry.used = True
        return entry

    # -- lookups -----------------------------------------------------------------------

    def find(self, cards: Iterable[Card], name: str) -> Card | None:
        """A card among ``cards`` by label, else by name when only one copy matches."""
        cards = list(cards)
        key = fold(name)
        for c in cards:
            if fold(c.label) == key:
                return c
        named = [c for c in cards if fold(c.name) == key]
        return named[0] if len(named) == 1 else None

    def character(self, ref: Any, default_player: Player | None = None) -> tuple[Player, Card] | None:
        """A character by name (``"Legolas"``) or ``{player, character}``, searching the
        default player's first, then everyone's."""
        if isinstance(ref, dict):
            p = self.g.player(ref.get("player", "")) if ref.get("player") else None
            name = ref["character"]
            pool = [p] if p else self.g.in_player_order()
        else:
            name = ref
            pool = ([default_player] if default_player else []) + [p for p in self.g.in_player_order() if p is not default_player]
        for p in pool:
            c = self.find(p.characters, name)
            if c is not None:
                return p, c
        return None

    def enemy_anywhere(self, name: str) -> tuple[Player | None, Card] | None:
        for p in self.g.in_player_order():
            c = self.find(p.engaged, name)
            if c is not None:
                return p, c
        c = self.find(self.g.staging, name)
        return (None, c) if c is not None else None


def _with_round(example: dict[str, Any], round_: int) -> dict[str, Any]:
    """An example decision entry pinned to the round it answers."""
    if not example or "step" not in example:
        return example
    out = {"step": example["step"], "round": round_}
    out.update((k, v) for k, v in example.items() if k != "step")
    return out


def change(target: str, field: str, before: Any, after: Any) -> Change:
    return Change(target, field, before, after)


FIRST_PLAYER_DECIDES = Interpretation(
    "the first player decides",
    C.FIRST_PLAYER,
    "the documents leave this choice open; the first player has the final say",
)
