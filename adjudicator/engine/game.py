"""One interface for every game's engine, and the registry of games.

A game (LOTR LCG, METW, Middle-earth Quest, or a fourth) implements `Game`: load a
situation file, replay it into a `ReplayResult` (each step handed to ``on_step`` as it is
written), check it into a `CheckReport`, describe its board and its record titles.  The
registry maps the ``game:`` field of a situation file to its `Game`; everything else
(reading files, the number of players, expectations, the CLI and its rendering) is shared
and knows no game by name::

    from adjudicator.engine import game
    loaded = game.open_situation("scenarios/meq/combat-example.yaml")   # InputError: exit 2
    result = game.replay(loaded, on_step=print)        # result.exit_code: 0, 1 or 3
    report = game.check(game.open_situation(path))     # report.violations, report.legal
"""

from __future__ import annotations

import importlib
import re
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from msgspec import Struct

from adjudicator.compiled import regex
from adjudicator.engine import expect as E
from adjudicator.engine.outcome import CheckReport, ReplayResult, Violation
from adjudicator.engine.situation import Problems, did_you_mean, parse_yaml, read_text
from adjudicator.engine.trace import Interpretation, Step, Trace
from adjudicator.errors import InputError

# The games, by the value of a situation file's `game:` field: "module:class", imported on use.
REGISTRY: dict[str, str] = {
    "lotr": "adjudicator.lotr.game:LotrGame",
    "metw": "adjudicator.metw.game:MetwGame",
    "meq": "adjudicator.meq.game:MeqGame",
}
DEFAULT_GAME = "lotr"  # a file without a `game:` field

STDIN = "-"


class PlayerCount(Struct, frozen=True):
    """How many players (or heroes, ...) a game allows, and the records that say so."""

    low: int
    high: int
    rules: tuple[str, ...]
    counted: str = "players"  # what is counted, as a player would say it
    interpretation: Interpretation | None = None  # where the documents leave the number open

    def problem(self, count: int) -> str | None:
        if self.low <= count <= self.high:
            return None
        allowed = f"{self.low} to {self.high}" if self.low != self.high else str(self.low)
        return f"the situation has {count} {self.counted}; the game allows {allowed}"


class Board(Struct, frozen=True):
    """A picture of the table for people: a title and rows of (area, what is there)."""

    title: str
    rows: tuple[tuple[str, str], ...] = ()


class Game(ABC):
    """What a game's engine provides.  Subclasses set the class attributes and implement
    the abstract methods; nothing else in the package names a game."""

    name: str = ""  # the `game:` field
    title: str = ""  # the game's name for people
    players: PlayerCount | None = None
    stops: str = ""  # what --stop takes, for help and errors ("" when the game cannot stop early)
    has_abilities: bool = False  # whether --abilities/--no-abilities means something
    # the fields the game's final state leaves out when they are empty: in an expectation's
    # path they read as null (any other key a record lacks is a mistake in the path)
    state_left_out: frozenset[str] = frozenset()

    # -- files --------------------------------------------------------------------------

    @abstractmethod
    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the game's situation files."""

    @abstractmethod
    def load(self, file: str, text: str) -> Any:
        """Build the game's situation from the text of a file (InputError listing every problem)."""

    def title_of(self, situation: Any) -> str:
        return str(getattr(situation, "title", "") or "")

    def count_players(self, situation: Any) -> int | None:
        """How many of `players.counted` the situation has (None: not applicable)."""
        return None

    def entry_expectations(self, situation: Any, root, problems: Problems) -> list[E.Expectation]:
        """Expectations written on the file's entries (besides the top-level ``expect:``)."""
        return []

    # -- engine -------------------------------------------------------------------------

    @abstractmethod
    def replay(
        self,
        situation: Any,
        *,
        on_step: Callable[[Step], None] | None = None,
        stop: str | None = None,
        board: bool = False,
        abilities: bool = True,
        strict: bool = True,
    ) -> ReplayResult:
        """Play the situation forward.  ``stop`` overrides where it stops (`stops` says what
        it takes; InputError otherwise); ``board`` asks for snapshots of the table in
        ``trace.snapshots``; ``strict=False`` records an illegal declaration in
        ``violations`` and plays on, where the game can (else it stops as when strict)."""

    @abstractmethod
    def check(self, situation: Any, *, abilities: bool = True) -> CheckReport:
        """Every violation of the position and of its declarations."""

    # -- presentation (data only: the CLI draws it) ----------------------------------------

    def board(self, picture: dict[str, Any]) -> Board:
        """The table in a snapshot (`Trace.snapshots`), as rows for people."""
        return Board("the table", tuple((str(k), _short(v)) for k, v in picture.items()))

    def record_titles(self, ids: set[str]) -> dict[str, str]:
        """Short names of cited records the game knows without the knowledge base."""
        return {}


def entries_stop(stop: str, count: int) -> int:
    """``--stop N`` for games whose situations are lists of entries: replay the first N
    (1 to the number the file has)."""
    text = stop.strip()
    if not re.fullmatch(r"\d+", text) or not 1 <= int(text) <= max(count, 1):
        raise InputError(f"--stop {stop!r}: expected the number of entries to replay, 1 to {max(count, 1)} "
                         "(this game's situations are lists of entries)")
    return int(text)


def _short(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_short(v)}" for k, v in value.items()) or "-"
    if isinstance(value, (list, tuple)):
        return ", ".join(_short(v) for v in value) or "-"
    return "-" if value is None else str(value)


# ---------------------------------------------------------------------------- registry

_GAMES: dict[str, Game] = {}


def names() -> list[str]:
    return list(REGISTRY)


def get(name: str) -> Game:
    """The `Game` registered under ``name`` (InputError with "did you mean" otherwise)."""
    if name not in _GAMES:
        if name not in REGISTRY:
            close = did_you_mean(name, REGISTRY, n=1)
            raise InputError(f"game {name!r}: expected one of {', '.join(REGISTRY)}",
                             hint=f"did you mean {close[0]}?" if close else "")
        module, _, cls = REGISTRY[name].partition(":")
        _GAMES[name] = getattr(importlib.import_module(module), cls)()
    return _GAMES[name]


_GAME_FIELD = regex(r"^game:[ \t]*['\"]?([^'\"#\s]*)['\"]?[ \t]*(?:#.*)?$", re.MULTILINE)


def game_named_in(text: str, file: str = "<situation>") -> Game:
    """The game a situation's text names in its top-level ``game:`` field (LOTR when none)."""
    match = _GAME_FIELD.search(text)
    if match is None:
        return get(DEFAULT_GAME)
    value = match.group(1).lower()
    if value not in REGISTRY:
        line = text.count("\n", 0, match.start()) + 1
        close = did_you_mean(value, REGISTRY, n=1)
        raise InputError(f"{file}:{line}: game: expected one of {', '.join(REGISTRY)}, got {value!r}",
                         hint=f"did you mean {close[0]}?" if close else "")
    return get(value)


# ---------------------------------------------------------------------------- situations


@dataclass
class Loaded:
    """A situation file read and built by its game."""

    game: Game
    file: str
    text: str
    situation: Any
    title: str = ""
    _expectations: list[E.Expectation] | None = field(default=None, repr=False)

    def fresh(self) -> Any:
        """The situation built again (a replay changes the one it plays)."""
        return self.game.load(self.file, self.text)


def read_situation(file: str) -> str:
    """The text of a situation file, or of standard input for ``-`` (at most
    `situation.MAX_SITUATION_BYTES`; InputError naming the cause otherwise)."""
    if file == STDIN:
        return read_text(STDIN, stream=sys.stdin.buffer)
    return read_text(file)


def open_situation(file: str | Path, text: str | None = None) -> Loaded:
    """Read a situation file (``-``: standard input), find its game, build it."""
    file = str(file)
    if text is None:
        text = read_situation(file)
    shown = "<stdin>" if file == STDIN else file
    game = game_named_in(text, shown)
    situation = game.load(shown, text)
    return Loaded(game, shown, text, situation, game.title_of(situation))


def expectations(loaded: Loaded) -> list[E.Expectation]:
    """The expectations the file states (read once, with their lines)."""
    if loaded._expectations is None:
        found: list[E.Expectation] = []
        if "expect" in loaded.text:
            root = parse_yaml(loaded.text, loaded.file)
            problems = Problems(loaded.file)
            block = root.get("expect") if isinstance(root.value, dict) else None
            found = E.read_block(block, problems) + loaded.game.entry_expectations(loaded.situation, root, problems)
            problems.raise_if_any()
            line = root.key_lines.get("expect", (0, 0))[0] if block is not None else 0
            found = E.with_defaults(found, line)
        loaded._expectations = found
    return loaded._expectations


def player_count_problem(loaded: Loaded) -> Violation | None:
    limit = loaded.game.players
    count = loaded.game.count_players(loaded.situation) if limit is not None else None
    if limit is None or count is None:
        return None
    what = limit.problem(count)
    if what is None:
        return None
    rules = limit.rules + ((limit.interpretation.rule,) if limit.interpretation else ())
    if limit.interpretation is not None:
        what += f" (interpretation: {limit.interpretation.name})"
    return Violation(tuple(dict.fromkeys(rules)), what, loaded.file, 0)


def replay(
    loaded: Loaded,
    *,
    on_step: Callable[[Step], None] | None = None,
    stop: str | None = None,
    board: bool = False,
    abilities: bool = True,
    expectations_checked: bool = True,
    framework_compared: bool = False,
) -> ReplayResult:
    """Replay a loaded situation and compare it with the expectations it states (not when
    ``stop`` overrides where the file stops, nor when card abilities are switched off: they
    describe the file's own stop under the whole rules -- unless ``framework_compared`` asks
    for them anyway: the golden tests show that a situation about a card ability misses one
    without the abilities).

    A player count the game does not allow stops the replay before its first step (the
    rules do not describe such a game): the result is illegal (exit 1)."""
    game = loaded.game
    overridden = f"--stop {stop} overrides where it stops" if stop else \
        "--no-abilities replays the framework only, the file's values are for the whole rules" \
        if game.has_abilities and not abilities and not framework_compared else ""
    wanted = expectations(loaded) if expectations_checked and not overridden else []
    too_many = player_count_problem(loaded)
    if too_many is not None:
        trace = Trace(game.name, on_step)
        result = ReplayResult(game.name, loaded.file, trace, title=loaded.title, illegal=too_many)
    else:
        result = game.replay(loaded.situation, on_step=on_step, stop=stop, board=board, abilities=abilities)
        result.title = result.title or loaded.title
    if overridden and expectations_checked and expectations(loaded):
        result.notes.append(f"the file's expectations are not checked: {overridden}")
    if wanted:
        compared = result
        if too_many is None and E.needs_check(wanted):
            # a file about a refused declaration states the outcome with the refusal recorded
            # and play going on, as `check` replays it
            compared = game.replay(loaded.fresh(), abilities=abilities, strict=False)
            result.notes.append("the file expects violations: its expectations are compared with a replay that "
                                "records each refused declaration and plays on")
        facts = E.facts_of(compared, check=lambda: check(Loaded(game, loaded.file, loaded.text, loaded.fresh()),
                                                         abilities=abilities), left_out=game.state_left_out)
        result.expectations = E.compare(wanted, facts)
    return result


def check(loaded: Loaded, *, abilities: bool = True) -> CheckReport:
    """Check a loaded situation.  A player count the game does not allow is reported with
    its rule, and the declarations are then not replayed (no game of that size exists to
    replay them in), so a check stays linear in the size of the file."""
    too_many = player_count_problem(loaded)
    if too_many is not None:
        return CheckReport(loaded.game.name, loaded.file, [too_many],
                           notes=["the declarations were not replayed: the game does not allow this number of "
                                  + loaded.game.players.counted])
    report = loaded.game.check(loaded.situation, abilities=abilities)
    report.file = report.file or loaded.file
    return report


def verify(file: str | Path, *, abilities: bool = True) -> ReplayResult:
    """Replay a situation file and compare it with its expectations (the golden tests);
    ``abilities=False`` compares them with the replay without card abilities."""
    return replay(open_situation(file), abilities=abilities, framework_compared=not abilities)
