"""The replay context: the game, the trace, the declared decisions, the event bus and the
hooks, and the few helpers every rule module uses to emit an event, ask for a decision, or
refuse one.

Handlers for framework steps register themselves with `handles`; the framework walker
(`framework.py`, through `steps.run_step`) calls them in the order of the step table.
Everything that happens is emitted as a typed event (`events`): ``r.emit(event, cites,
changes)`` writes the trace step rendered from it and publishes it on ``r.bus``, where card
abilities and other listeners subscribe by event type.  Where a card can change the
framework itself, the rule modules ask ``r.hooks`` (`hooks.Hooks`).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from msgspec import Struct

from adjudicator.engine.decisions import DecisionNeeded, IllegalDecision, Option, PendingDecision
from adjudicator.engine.emitter import Emitter
from adjudicator.engine.situation import fold
from adjudicator.engine.trace import Change, Interpretation, Step, Trace
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine import events as EV
from adjudicator.lotr.engine.hooks import Hooks
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


class Violation(Struct, frozen=True):
    """A declared decision or a position the rules do not allow."""

    message: str
    rules: tuple[str, ...]
    line: int = 0
    step: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"message": self.message, "rules": list(self.rules), "line": self.line, "step": self.step}


class Replay:
    def __init__(self, situation: Situation, trace: Trace, *, strict: bool = True, board: bool = False,
                 hooks: Hooks | None = None) -> None:
        self.situation = situation
        self.g: Game = situation.game
        self.decisions = situation.decisions
        self.trace = trace
        self.emitter = Emitter(trace, where=lambda: (self.g.step, self.g.phase))  # writes every step
        self.strict = strict
        self.board = board
        self.violations: list[Violation] = []
        self.bus = EV.Bus()  # listeners subscribe by event type (events.Bus)
        self.hooks: Hooks = hooks if hooks is not None else Hooks()  # where a card changes the framework
        self.active_order: list[str] | None = None  # players in turn (planning, combat)
        self.active_pos = 0
        self.attack: dict | None = None  # the attack being resolved
        self.attack_orders: dict[tuple[str, int], list[str]] = {}  # declared enemy attack orders
        # what the rule modules keep during a replay
        self.staging_now: list = []  # keywords.Staged: the cards being staged, the innermost last
        self.window_plays_made: set[int] = set()  # decision entries whose plays a window has made
        self.allies_played: dict[int, list[tuple[str, str]]] = {}  # round -> (player, ally) played
        self.cannot_attack_noted: set[tuple[str, int]] = set()  # (enemy, round) said once
        self.attacked_whom: dict[str, str] = {}  # enemy -> the player it attacked this combat phase (FAQ Q56)
        self.quest_flipped = False  # the end of Setup's flip is done
        self.reached: dict[str, set[int]] = {}  # step id -> the rounds in which it came (unused decisions say why)
        self.event_being_played: tuple[Player, Card] | None = None  # an event card paid for, resolving (in no zone)
        self.setup_searches = 0  # encounter deck searches during setup step 7
        # setup step 7 shuffles a searched encounter deck with the setup's own shuffle (setup_steps)
        self.searched_encounter_shuffle: Callable[["Replay", str], None] | None = None
        self.ability_state: Any = None  # the card abilities' own state (lasting effects, limits...): theirs alone
        self.hooks.attach(self)

    # -- trace -------------------------------------------------------------------------

    def emit(
        self,
        event: EV.Event,
        cites: Iterable[str],
        changes: Iterable[Change] = (),
        interpretation: Interpretation | None = None,
    ) -> Step:
        """Write the trace step of ``event`` (rendered from it, citing ``cites``) with the shared
        emitter (adjudicator.engine.emitter) and publish the event to its subscribers."""
        cause = event.cause
        if cause is not None and cause.label:  # a card's own rulings on a point cited here (hooks.rulings_on)
            cites = tuple(cites)
            cites += tuple(x for x in self.hooks.rulings_on(cause, cites) if x not in cites)
        who = cause.to_dict() if cause is not None and (cause.label or cause.rule) else None  # None: the first rule cited
        step = self.emitter(event.kind, EV.render(event), cites, changes, cause=who, interpretation=interpretation,
                            data=event)
        self.bus.publish(self, event)
        return step

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
        named = [c for c in cards if fold(c.card.design_key) == key] or [c for c in cards if fold(c.name) == key]
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
