"""The METW game state as plain data: players, companies, characters and the cards they hold.

Card values come from the situation file (the rules text holds no card texts); each
dataclass keeps only what the rules' procedures read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

UNTAPPED, TAPPED, WOUNDED = "untapped", "tapped", "wounded"
MP_TYPES = ("character", "item", "faction", "ally", "kill", "misc")
REGION_TYPES = ("c", "f", "b", "w", "s", "d")  # coastal sea, free-domain, border-land, wilderness, shadow-land, dark-domain
SITE_TYPES = ("h", "F", "B", "r", "S", "D")  # haven, free-hold, border-hold, ruins & lairs, shadow-hold, dark-hold


@dataclass
class Item:
    name: str
    cp: int = 0
    mp: int = 0
    mp_type: str = "item"  # major, greater and ring items score item points; others misc
    kind: str = "minor"  # minor | major | greater | gold-ring | special
    use: str = ""  # weapon | shield | armor | ""
    di_bonus: int = 0
    prowess_bonus: int = 0
    prowess_max: int | None = None
    body_bonus: int = 0
    body_max: int | None = None
    unique: bool = False


@dataclass
class Ally:
    name: str
    mind: int = 0
    prowess: int = 0
    body: int = 0
    mp: int = 0
    state: str = UNTAPPED
    unique: bool = True


@dataclass
class Character:
    name: str
    player: str
    mind: int | None = 0  # None for a Wizard ("–")
    di: int = 0
    prowess: int = 0
    body: int = 0
    race: str = "Man"
    skills: list[str] = field(default_factory=list)
    mp: int = 0
    corruption_modifier: int = 0
    state: str = UNTAPPED
    controller: str | None = None  # the character whose direct influence holds him
    company: str = ""
    items: list[Item] = field(default_factory=list)
    allies: list[Ally] = field(default_factory=list)
    corruption_cards: list[Item] = field(default_factory=list)  # name + cp
    in_play: bool = True
    line: int = 0  # where the situation file describes him

    @property
    def wizard(self) -> bool:
        return self.race == "Wizard"

    @property
    def hobbit(self) -> bool:
        return self.race == "Hobbit"

    @property
    def tapped(self) -> bool:
        return self.state in (TAPPED, WOUNDED)

    def total_di(self) -> int:
        return self.di + sum(i.di_bonus for i in self.items)

    def corruption_points(self) -> int:
        return sum(c.cp for c in self.corruption_cards) + sum(i.cp for i in self.items)


@dataclass
class Faction:
    name: str
    mp: int = 0
    value: int = 0  # the influence number needed to bring it into play
    standard_modifications: dict[str, int] = field(default_factory=dict)  # race -> modifier
    site: str = ""
    unique: bool = True


@dataclass
class Site:
    name: str
    type: str  # one of SITE_TYPES
    nearest_haven: str = ""
    path: list[str] = field(default_factory=list)  # site path from the nearest Haven
    haven_paths: dict[str, list[str]] = field(default_factory=dict)  # Haven -> path (Havens only)
    region: str = ""
    draws: int = 1  # cards drawn when moving there (or away from it, to a Haven)
    opponent_draws: int | None = None

    @property
    def haven(self) -> bool:
        return self.type == "h"


@dataclass
class Region:
    name: str
    type: str
    adjacent: list[str] = field(default_factory=list)


@dataclass
class Company:
    name: str
    player: str
    site: str = ""
    new_site: str = ""  # the face-down site card played, "" when not moving
    regions: list[str] = field(default_factory=list)  # region cards played (standard)
    size_at_start: int | None = None  # fixed at the start of the movement/hazard phase
    hazards_played: int = 0
    faced: list[str] = field(default_factory=list)  # attacks faced this turn (names)


@dataclass
class Player:
    name: str
    general_influence: int = 20
    factions: list[Faction] = field(default_factory=list)
    mp_pile: list[Item] = field(default_factory=list)  # defeated creatures and stored cards (name, mp, mp_type)
    hand: list[str] = field(default_factory=list)
    extra_mp: dict[str, int] = field(default_factory=dict)  # other points by type
    lost: bool = False


@dataclass
class Options:
    """Readings of points the rules text leaves open or states twice (see the option table)."""

    rules: str = "standard"  # starter | standard
    mp_half_cap: str = "example"  # example | literal-round-up
    excess_strikes_basis: str = "characters"  # characters | size
    on_guard_rule: str = "revised"  # revised | old
    long_event_order: str = "full-summary"  # full-summary | brief-summary

    @property
    def standard(self) -> bool:
        return self.rules == "standard"


@dataclass
class Game:
    players: dict[str, Player] = field(default_factory=dict)
    characters: dict[str, Character] = field(default_factory=dict)
    companies: dict[str, Company] = field(default_factory=dict)
    sites: dict[str, Site] = field(default_factory=dict)
    regions: dict[str, Region] = field(default_factory=dict)
    options: Options = field(default_factory=Options)
    turn_player: str = ""
    winner: list[str] | None = None

    def company_members(self, company: str) -> list[Character]:
        return [c for c in self.characters.values() if c.company == company and c.in_play]

    def player_characters(self, player: str) -> list[Character]:
        return [c for c in self.characters.values() if c.player == player and c.in_play]

    def followers(self, controller: str) -> list[Character]:
        return [c for c in self.characters.values() if c.controller == controller and c.in_play]

    def opponent(self, player: str) -> str:
        others = [p for p in self.players if p != player]
        return others[0] if others else ""

    def picture(self) -> dict[str, Any]:
        """The state as plain data (the trace's final_state)."""
        return {
            "players": {
                p.name: {
                    "lost": p.lost,
                    "factions": [f.name for f in p.factions],
                    "mp_pile": [c.name for c in p.mp_pile],
                }
                for p in self.players.values()
            },
            "characters": {
                c.name: {
                    "player": c.player,
                    "company": c.company,
                    "state": c.state if c.in_play else "out",
                    "controller": c.controller,
                    "items": [i.name for i in c.items],
                }
                for c in self.characters.values()
            },
            "companies": {
                k.name: {"site": k.site, "new_site": k.new_site or None, "hazards_played": k.hazards_played}
                for k in self.companies.values()
            },
            "winner": self.winner,
        }


def half_up(value: float) -> int:
    return int(math.ceil(value))
