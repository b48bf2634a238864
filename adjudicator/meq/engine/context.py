"""What every procedure works with: the state, the trace, the declared decisions, the readings.

`Context.emit` (the shared `Emitter`) writes one trace step with its citations (at least one),
changes and cause, at the framework step of the current phase unless it names one; `Context.ask`
stops the replay for a decision the situation did not make, naming the full key path of
the missing decision in the file (``play[2].sauron_turn.actions[0].locations``): each
procedure reads its declaration inside ``with ctx.at("travel", 0):`` so that the path
follows it; `Context.reading` gives the `Interpretation` of a named option so the trace
says which reading it used.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from adjudicator.engine import DecisionNeeded, Emitter, IllegalDecision, Interpretation, Option, PendingDecision, Trace

from . import citations as C
from .state import State

# Each open point of the document: option name -> {value: (note, rule it leans on)}.
READINGS: dict[str, dict[str, tuple[str, str]]] = {
    "ambush": {
        "must": ("the rules' 'must' wins over the quick reference's 'may'", C.AMBUSH),
        "may": ("the quick reference's 'may': Sauron may decline the ambush", C.AMBUSH_QUICKREF),
    },
    "damage_floor": {
        "zero": ("attack minus defense below zero deals no damage and heals nothing", C.DEAL_DAMAGE),
        "negative-heals": ("a negative result removes that much damage (a literal reading)", C.DEAL_DAMAGE),
    },
    "defeat_order": {
        "resolution-first": ("combat resolution (stack to rest pool) happens before the defeated hero recovers",
                             C.DEAL_DAMAGE),
        "defeat-first": ("the defeated hero recovers first; his combat stack then goes to his rest pool", C.DEFEATED),
    },
    "finale_check": {
        "end-of-story-step": ("the Finale is checked only at the end of a Story step", C.WINNING),
        "immediately": ("a marker reaching the Finale triggers it at once, whatever the step", C.STORY_STEP),
    },
    "unplaceable_influence": {
        "lost": ("gained influence that cannot legally be placed is not placed", C.PLACE_INFLUENCE),
        "illegal": ("a declaration leaving gained influence unplaced is refused", C.PLACE_INFLUENCE),
    },
    "tied_priority": {
        "ask": ("tied priority numbers: the engine asks which card resolves", C.EVENT_DRAW),
        "first-drawn": ("tied priority numbers: the first card drawn resolves", C.EVENT_DRAW),
    },
    "last_card_defeat": {
        "immediately": ("an empty life pool and empty hand defeat the hero at once, even mid-travel", C.LIFE_POOL),
        "end-of-step": ("defeat by running out of cards waits for the end of the current step", C.LIFE_POOL),
    },
    "dominance": {
        "standard": ("dominance by distance to the Finale", C.DOMINANCE),
        "advanced": ("optional Advanced Dominance: by simulated Story steps", C.ADVANCED_DOMINANCE),
    },
}


# The framework step a trace entry belongs to when a procedure does not name one.
PHASE_STEPS = {
    "hero-rally": "sauron-turn:1", "story": "sauron-turn:2", "plot": "sauron-turn:3", "event": "sauron-turn:4",
    "action": "sauron-turn:5", "hero-draw": "sauron-turn:6", "rest": "hero-turn:1", "ambush": "hero-turn:2",
    "travel": "hero-turn:3", "encounter": "hero-turn:4", "finale": "finale", "combat": "combat",
}


class Context:
    def __init__(self, state: State, trace: Trace, file: str = "<situation>") -> None:
        self.state = state
        self.trace = trace
        self.emit = Emitter(trace, where=self.where)  # writes every step of the replay
        self.file = file
        self.phase = "setup"
        self.turn_over = False  # the current hero's turn ended early
        self.dark_paths: set[str] = set()  # heroes who chose a Dark Path this turn
        self.shadow_turns: set[str] = set()  # player turns in which a Shadow card was played
        self.path: list[str] = []  # where the declaration being read sits in the file
        self.travel_steps = 0  # Travel steps taken this hero turn
        self.hero: Any = None  # the hero whose turn it is (cards resolving without a named hero affect him)
        self.cancelled: dict[str, dict[str, Any]] = {}  # card -> the cancelling effect (its cause, as data)
        self.lasting: list[dict[str, Any]] = []  # card modifications until the end of a turn or combat
        self.event_root = "current_event"  # where the current Event card is written in the file
        self.resolved: list[dict[str, Any]] = []  # cards resolved as data: card, kind, hero, what each effect did

    def where(self) -> tuple[str | None, str]:
        """The framework step and phase a step belongs to when it names none."""
        return PHASE_STEPS.get(self.phase), self.phase

    @contextmanager
    def at(self, key: str, index: int | None = None) -> Iterator[None]:
        """Read the declarations below ``key`` (``index``: an item of the list under it)."""
        self.path.append(key if index is None else f"{key}[{index}]")
        try:
            yield
        finally:
            self.path.pop()

    def key_path(self, key: str = "") -> str:
        """The dotted path of ``key`` inside the declaration being read."""
        parts = self.path + ([key] if key else [])
        out = ""
        for part in parts:
            out += part if not out or part.startswith("[") else "." + part
        return out

    def reading(self, option: str, value: Any | None = None) -> Interpretation:
        value = getattr(self.state.options, option) if value is None else value
        note, rule = READINGS[option][str(value)]
        return Interpretation(f"{option}={value}", rule, note)

    def ask(
        self,
        key: str,
        question: str,
        options: list[tuple[Any, str]],
        cite: tuple[str, ...],
        step: str | None = None,
        player: str | None = None,
        example: dict[str, Any] | None = None,
    ):
        where = self.key_path(key)
        raise DecisionNeeded(
            PendingDecision(
                key=where,
                question=f"{question} (write it at {where})",
                options=tuple(Option(v, label, tuple(cite)) for v, label in options),
                step=step,
                player=player,
                citations=tuple(cite),
                example=example or {key: options[0][0] if options else None},
            )
        )

    def illegal(self, message: str, rules: tuple[str, ...], where: str = "") -> IllegalDecision:
        """The declaration being read breaks ``rules``: ``where`` is the file and the key path."""
        path = self.key_path()
        exc = IllegalDecision(message, rules, where or (f"{self.file}: {path}" if path else self.file))
        exc.key_path = path  # the replay turns it into the declaration's line
        return exc
