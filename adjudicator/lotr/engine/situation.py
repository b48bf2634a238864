"""A situation as the replay sees it: the game, the declared decisions (indexed by step and
round), where the replay starts and stops, the abilities block.  `loader` builds one from a
situation file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.lotr.engine.cards import CardBook
from adjudicator.lotr.engine.state import Game


@dataclass
class Entry:
    """One declared decision: its fields, where it stands in the file, whether used."""

    data: dict[str, Any]
    line: int
    index: int
    used: bool = False
    why: str = ""  # why the replay did not use it, when it knows better than "its step never came"

    @property
    def step(self) -> str:
        return self.data["step"]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


@dataclass
class Decisions:
    """The declared decisions, indexed by step and round so that a lookup costs the entries
    of that step and round only (a replay's cost grows linearly with its rounds)."""

    entries: list[Entry] = field(default_factory=list)
    _index: dict[tuple[str, int | None], list[Entry]] = field(default_factory=dict, repr=False, compare=False)
    _indexed: int = field(default=-1, repr=False, compare=False)  # how many entries the index holds

    def _by_step(self) -> dict[tuple[str, int | None], list[Entry]]:
        if self._indexed != len(self.entries):  # built once (entries are added as the file is read)
            self._index = {}
            for e in self.entries:
                self._index.setdefault((str(e.step), e.get("round")), []).append(e)
            self._indexed = len(self.entries)
        return self._index

    def at(self, steps: tuple[str, ...], round_: int) -> list[Entry]:
        """The entries declared for one of ``steps`` in round ``round_`` (or in no round), in
        file order."""
        index = self._by_step()
        found = [e for s in steps for key in ((s, round_), (s, None)) for e in index.get(key, ())]
        if len(steps) > 1 or len(found) > 1:
            found.sort(key=lambda e: e.index)
        return found

    def find(self, steps: tuple[str, ...], key: str, player: str | None, round_: int, match=None) -> Entry | None:
        """The first unused entry at one of ``steps`` carrying ``key`` for ``player``."""
        for e in self.at(steps, round_):
            if e.used or key not in e.data:
                continue
            if e.get("player") is not None and player is not None and e.get("player") != player:
                continue
            if match is not None and not match(e):
                continue
            return e
        return None

    def unused(self) -> list[Entry]:
        return [e for e in self.entries if not e.used]


@dataclass
class Stop:
    """Where a replay stops: the end of a step, phase, round or game, a step, or a number of rounds."""

    kind: str = "end-of-round"  # end-of-step | end-of-phase | end-of-round | end-of-game | step | rounds
    step: str | None = None
    round: int | None = None
    rounds: int = 1


@dataclass
class Situation:
    """A LOTR situation read from its file: the game, the decisions, the cards and where to stop."""

    file: str
    game: Game
    decisions: Decisions
    book: CardBook
    start: str = "0.0"
    stop: Stop = field(default_factory=Stop)
    title: str = ""
    abilities: dict[str, Any] = field(default_factory=dict)  # the abilities block (docs/abilities.md)
    flip_quest: bool = False  # the end of Setup: the quest card is flipped as the replay starts
    deck_order: str = "seed"  # start: setup: "listed" (the deck lists are the shuffled order) or "seed"
    first_player_given: bool = False  # first_player: named by the situation (else a setup decision)
