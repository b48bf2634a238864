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
    state: str = UNTAPPED  # items tap independently of their bearer (only those whose text says so)
    cost: dict[str, Any] = field(default_factory=dict)  # what using it takes: {tap: by | item, discard: item, skill}
    effects: list[dict[str, Any]] = field(default_factory=list)  # what using it does (cards as data, see cards.py)


@dataclass
class Ally:
    name: str
    mind: int = 0
    prowess: int = 0
    body: int = 0
    mp: int = 0
    state: str = UNTAPPED
    unique: bool = True
    skills: list[str] = field(default_factory=list)
    race: str = ""
    site: str = ""  # where it may be played
    items: list[Item] = field(default_factory=list)  # always empty: allies can not bear items
    in_play: bool = True
    controller: str = ""  # the character he is placed under (set when the situation is built)

    # An ally counts as a character for combat (Starter §10 Allies): the combat procedures
    # read these as they read a character's.
    wizard = False
    hobbit = False


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
    home_site: str = ""
    items: list[Item] = field(default_factory=list)
    allies: list[Ally] = field(default_factory=list)
    corruption_cards: list[Item] = field(default_factory=list)  # name + cp
    in_play: bool = True
    line: int = 0  # where the situation file describes him
    orphaned_from: str | None = None  # his controller left play; placed again in the next organization phase
    orphaned_turn: int = 0  # the turn his controller left play
    effects: list[dict[str, Any]] = field(default_factory=list)  # special abilities as data (cards.py)

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
    tapped: bool = False  # a site taps when an item, ally, faction or information card is played there
    playable: list[str] | None = None  # item kinds playable there (minor, major, greater, gold-ring); None: not described
    automatic_attacks: list[Any] = field(default_factory=list)  # creature references

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
    faced_races: list[str] = field(default_factory=list)  # races of the creatures faced this turn (Orc, ...)
    moved: bool = False  # its movement this turn is done (a company moves once a turn)
    origin: str = ""  # its site of origin while it moves
    returned: bool = False  # a card made it return to its site of origin: no more hazards
    joins: str = ""  # the company it combines with at the end of the movement/hazard phase
    split_at: str = ""  # the non-Haven site it split at this organization phase
    by_site_path: bool = False  # it moved by the site path printed on a site card
    entered: bool = False  # it entered and explored its site this site phase
    site_attacks: list[str] = field(default_factory=list)  # automatic-attacks it faced this site phase
    resource_played: str = ""  # the item, ally, faction or information card it attempted this site phase


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
class Turn:
    """Where the game stands in the player turn (Standard §4) and what the per-phase and
    per-turn limits have used up so far."""

    number: int = 1
    phase: str | None = None  # None: the situation states no phase (each procedure stands alone)
    character_played: str = ""  # one character or Wizard per organization phase (or one discard instead)
    influence_attempt: str = ""  # one influence attempt on an opponent's card per site phase
    untapped: bool = False  # the untap phase was declared (untap_phase)
    company: str = ""  # the company taking its part of the movement/hazard or site phase
    companies_done: list[str] = field(default_factory=list)  # companies whose part of this phase is over
    short_of_influence: bool = False  # general influence was already exceeded when the organization phase began
    stop_at: str = ""  # the replay stops where this phase begins (--stop PHASE)


@dataclass
class Effect:
    """A card effect that lasts: a modification, a region-type change, an attached
    corruption card...  ``until`` is when it ends: attack, end-of-turn, long-event
    (its player's next long-event phase), permanent."""

    card: str
    op: str
    player: str
    target: str = ""  # a character, company, or "" for everything the op reads
    stat: str = ""
    value: int = 0
    until: str = "end-of-turn"
    ends_for: str = ""  # a long-event: the player whose long-event phase removes it
    when: dict[str, Any] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)  # op-specific: from/to/map for retype
    cause: dict[str, Any] | None = None  # the card's effect that made it, as data (emitter.by_card)


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
    turn: "Turn" = field(default_factory=lambda: Turn())
    effects: list["Effect"] = field(default_factory=list)  # card effects lasting beyond their play (cards.py)
    discarded: list[str] = field(default_factory=list)  # cards discarded (by combat, effects), in order
    out_of_play: list[str] = field(default_factory=list)  # eliminated characters and allies, in order

    def company_members(self, company: str) -> list[Character]:
        return [c for c in self.characters.values() if c.company == company and c.in_play]

    def player_characters(self, player: str) -> list[Character]:
        return [c for c in self.characters.values() if c.player == player and c.in_play]

    def followers(self, controller: str) -> list[Character]:
        return [c for c in self.characters.values() if c.controller == controller and c.in_play]

    def opponent(self, player: str) -> str:
        others = [p for p in self.players if p != player]
        return others[0] if others else ""

    def unused_gi(self, player: str) -> int:
        """20 (or the player's pool) minus the minds of his non-follower characters; a Wizard
        costs nothing and an orphaned follower does not count until his next organization phase."""
        used = sum(c.mind or 0 for c in self.player_characters(player)
                   if c.controller is None and not c.wizard and c.orphaned_from is None)
        return self.players[player].general_influence - used

    def allies_of(self, company: str) -> list[Ally]:
        return [a for c in self.company_members(company) for a in c.allies if a.in_play]

    def ally(self, name: str) -> Ally | None:
        return next((a for c in self.characters.values() if c.in_play for a in c.allies if a.name == name and a.in_play), None)

    def hazard_limit(self, company: Company) -> int | None:
        """The company's hazard limit for this movement/hazard phase, once its size is fixed."""
        if company.size_at_start is None:
            return None
        mods = sum(e.value for e in self.effects if e.stat == "hazard_limit" and e.target in ("", company.name))
        return max(2, company.size_at_start) + mods

    def picture(self) -> dict[str, Any]:
        """The state as plain data (the trace's final_state, the board, the `expect: state` paths)."""
        return {
            "turn": {"number": self.turn.number, "player": self.turn_player, "phase": self.turn.phase},
            "players": {
                p.name: {
                    "lost": p.lost,
                    "unused_general_influence": self.unused_gi(p.name),
                    "factions": [f.name for f in p.factions],
                    "mp_pile": [c.name for c in p.mp_pile],
                    "hand": list(p.hand),
                }
                for p in self.players.values()
            },
            "characters": {
                c.name: {
                    "player": c.player,
                    "company": c.company,
                    "state": c.state if c.in_play else "out",
                    "controller": c.controller,
                    "orphaned": c.orphaned_from is not None,
                    "items": [i.name for i in c.items],
                    "allies": {a.name: (a.state if a.in_play else "out") for a in c.allies},
                    "corruption_points": c.corruption_points(),
                }
                for c in self.characters.values()
            },
            "companies": {
                k.name: {"player": k.player, "site": k.site, "new_site": k.new_site or None,
                         "members": [c.name for c in self.company_members(k.name)],
                         "size": k.size_at_start, "hazard_limit": self.hazard_limit(k),
                         "hazards_played": k.hazards_played, "moved": k.moved,
                         "faced": list(k.faced), "resource_played": k.resource_played or None}
                for k in self.companies.values()
            },
            "sites": {s.name: {"tapped": s.tapped} for s in self.sites.values()},
            "effects": [{"card": e.card, "op": e.op, "target": e.target, "stat": e.stat or None, "value": e.value,
                         "until": e.until} for e in self.effects],
            "discarded": list(self.discarded),
            "out_of_play": list(self.out_of_play),
            "winner": self.winner,
        }


def half_up(value: float) -> int:
    return int(math.ceil(value))
