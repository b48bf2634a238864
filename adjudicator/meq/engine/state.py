"""The state of a Middle-earth Quest position, as plain data.

A situation file builds it (`adjudicator.meq.engine.loader`); the procedures in
`story`, `sauron`, `travel`, `combat`, `hero` and `finale` read and change it, writing
each change to the trace.  Positions on the story track are whole numbers: 0 is the
start space, ``track.finale`` the Finale space.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SAURON_MARKERS = ("yellow", "red", "black")
MARKERS = ("heroes",) + SAURON_MARKERS
ATTRIBUTES = ("fortitude", "strength", "agility", "wisdom")
ACTIONS = ("place_influence", "draw_shadow_and_plot", "command")
CARD_TYPES = ("melee", "ranged")
ICONS = ("hill", "mountain", "forest", "plains", "swamp", "any")


@dataclass
class Track:
    """The story track's geometry (the document does not print it: see rules_db/meq)."""

    finale: int
    shadow_falls: int
    stage_starts: dict[int, int]  # stage -> first space of that stage (2 and 3)
    assumed: bool = True

    def stage_of(self, position: int) -> int:
        stage = 1
        for number, start in sorted(self.stage_starts.items()):
            if position >= start:
                stage = number
        return stage


@dataclass
class Location:
    name: str
    region: str = ""
    haven: bool = False
    stronghold_max: int | None = None  # the red number of a Shadow Stronghold
    perilous: bool = False  # permanently perilous (peril frame)
    colour: str = ""  # the region's colour, matched against monster token colours

    @property
    def stronghold(self) -> bool:
        return self.stronghold_max is not None


@dataclass
class Path:
    a: str
    b: str
    icon: str
    cost: int
    water: bool = False


@dataclass
class Board:
    locations: dict[str, Location] = field(default_factory=dict)
    paths: list[Path] = field(default_factory=list)

    def neighbours(self, name: str) -> list[str]:
        out = []
        for p in self.paths:
            if p.a == name:
                out.append(p.b)
            elif p.b == name:
                out.append(p.a)
        return out

    def path_between(self, a: str, b: str) -> Path | None:
        for p in self.paths:
            if {p.a, p.b} == {a, b}:
                return p
        return None

    def distances_from(self, start: str) -> dict[str, int]:
        seen = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for name in frontier:
                for other in self.neighbours(name):
                    if other not in seen:
                        seen[other] = seen[name] + 1
                        nxt.append(other)
            frontier = nxt
        return seen


@dataclass
class Ability:
    """A combat card's ability in the engine's small vocabulary (see docs/meq.md)."""

    timing: str = "current"  # "current" or "next_round"
    condition: dict[str, Any] = field(default_factory=dict)
    effect: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    cause: dict[str, Any] | None = None  # the card (or monster, minion) it is printed on, as data (emitter.by_card)


@dataclass
class CombatCard:
    name: str
    type: str  # melee | ranged
    attack: int
    defense: int
    cost: int
    icon: str = ""
    abilities: list[Ability] = field(default_factory=list)


@dataclass
class Hero:
    name: str
    fortitude: int
    strength: int
    agility: int
    wisdom: int
    location: str = ""
    life: int = 0  # cards in the life pool (a count; its faces are secret)
    hand: list[str] = field(default_factory=list)
    rest: int = 0
    damage: int = 0
    favor: int = 0
    items: list[str] = field(default_factory=list)
    corruption: int = 0
    levels: dict[str, int] = field(default_factory=dict)  # increases taken per attribute
    quests_done: list[str] = field(default_factory=list)
    quests: list[str] = field(default_factory=list)  # Quests in his play area, not yet completed

    def attribute(self, name: str) -> int:
        return int(getattr(self, name))


@dataclass
class Foe:
    """A monster type or a minion: the attributes on its reference card or Minion space."""

    name: str
    health: int
    fortitude: int
    strength: int
    wisdom: int
    deck: str = ""
    minion: bool = False
    location: str = ""  # minions only
    damage: int = 0  # minions keep damage between combats
    starting_locations: list[str] = field(default_factory=list)
    in_play: bool = False
    abilities: list[Ability] = field(default_factory=list)  # a monster's special ability (Melee/Ranged trigger)


@dataclass
class Token:
    location: str
    monster: str | None  # None: a blank token
    id: str = ""


@dataclass
class Plot:
    name: str
    marker: str  # yellow | red | black
    advance: int
    influence: int = 0  # Shadow Pool requirement
    favor: int = 0  # cost to discard
    location: str = ""
    requires: dict[str, Any] = field(default_factory=dict)  # its italic requirements, as conditions (cards.py)
    effects: list[dict[str, Any]] = field(default_factory=list)  # what it does when played (cards.py)


@dataclass
class Options:
    """Named readings of points the document leaves open; defaults documented in docs/meq.md."""

    ambush: str = "must"  # must | may
    damage_floor: str = "zero"  # zero | negative-heals
    defeat_order: str = "resolution-first"  # resolution-first | defeat-first
    finale_check: str = "end-of-story-step"  # end-of-story-step | immediately
    unplaceable_influence: str = "lost"  # lost | illegal
    tied_priority: str = "ask"  # ask | first-drawn
    last_card_defeat: str = "immediately"  # immediately | end-of-step
    dominance: str = "standard"  # standard | advanced (optional rule)
    high_stakes: bool = False


@dataclass
class State:
    track: Track
    markers: dict[str, int]
    board: Board = field(default_factory=Board)
    stages_entered: set[int] = field(default_factory=lambda: {1})
    first_turn: bool = False
    players: int = 3
    influence: dict[str, int] = field(default_factory=dict)
    shadow_pool: int = 0
    plots: list[Plot | None] = field(default_factory=lambda: [None, None, None])
    plot_hand: list[str] = field(default_factory=list)
    action_tokens: dict[str, list[int]] = field(default_factory=dict)  # track -> covered space indexes
    action_values: dict[str, list[int]] = field(default_factory=dict)
    heroes: dict[str, Hero] = field(default_factory=dict)
    foes: dict[str, Foe] = field(default_factory=dict)
    tokens: list[Token] = field(default_factory=list)
    cards: dict[str, CombatCard] = field(default_factory=dict)
    plot_cards: dict[str, Plot] = field(default_factory=dict)
    options: Options = field(default_factory=Options)
    finale: bool = False
    winner: str | None = None
    finale_adjust: int = 0
    characters: dict[str, str] = field(default_factory=dict)  # character -> location ("" in the area)
    favor_on: dict[str, int] = field(default_factory=dict)  # favor tokens lying on locations
    current_event: dict[str, Any] | None = None  # the Event card on the Current Event Card space
    assumed: list[str] = field(default_factory=list)  # data the document lacks, supplied by assumption

    @property
    def minions(self) -> dict[str, Foe]:
        return {n: f for n, f in self.foes.items() if f.minion}

    def picture(self) -> dict[str, Any]:
        """The state as plain data (the trace's final_state)."""
        return {
            "markers": dict(self.markers),
            "stage": self.track.stage_of(max(self.markers.values())),
            "stages_entered": sorted(self.stages_entered),
            "finale": self.finale,
            "winner": self.winner,
            "finale_adjust": self.finale_adjust,
            "shadow_pool": self.shadow_pool,
            "influence": {k: v for k, v in sorted(self.influence.items()) if v},
            "plots": [p.name if p else None for p in self.plots],
            "action_tokens": {k: [self.action_values[k][i] for i in v] for k, v in self.action_tokens.items() if v},
            "current_event": self.current_event.get("name") if self.current_event else None,
            "heroes": {
                h.name: {
                    "location": h.location,
                    "life": h.life,
                    "hand": list(h.hand),
                    "rest": h.rest,
                    "damage": h.damage,
                    "favor": h.favor,
                    "items": list(h.items),
                    "corruption": h.corruption,
                    "quests_done": list(h.quests_done),
                    "quests": list(h.quests),
                    **{a: h.attribute(a) for a in ATTRIBUTES},
                }
                for h in self.heroes.values()
            },
            "minions": {
                m.name: {"location": m.location, "damage": m.damage, "in_play": m.in_play, "health": m.health,
                         "fortitude": m.fortitude}
                for m in self.minions.values()
            },
            "tokens": [{"location": t.location, "monster": t.monster} for t in self.tokens],
            "characters": {n: loc for n, loc in sorted(self.characters.items()) if loc},
            "favor_on": {k: v for k, v in sorted(self.favor_on.items()) if v},
        }
