"""Card designs: the printed figures the framework needs (no card text).

`CardDef` is one design; `CardBook` finds designs by name forgivingly (case,
diacritics and punctuation folded: Eowyn = Éowyn, Nazgul = Nazgûl), with "did you
mean" for a miss.  The Core Set comes from ``rules_db/lotr/cards/core-set.yaml``;
situation files may define more designs inline (any card: stats, traits, keywords).
"""

from __future__ import annotations

from adjudicator.compiled import regex
from adjudicator.paths import RULES_DB
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from adjudicator.engine.situation import did_you_mean, fold
from adjudicator.yamlio import load_yaml_copy  # parsed once, then read from the cache folder

CARD_TYPES = ("hero", "ally", "attachment", "event", "enemy", "location", "treachery", "objective", "quest", "objective-ally",
              "contract", "side-quest")  # a side quest: a quest card kept in the staging area (engine/quest_stages.py)  # a contract: its rules are not in the engine (The Burglar's Turn is in the library for its ruling)
PLAYER_TYPES = ("hero", "ally", "attachment", "event")
CHARACTER_TYPES = ("hero", "ally")
# An objective-ally is both an objective and an ally (Quest Companion, Objective-Ally Cards):
# an encounter card, in the staging area until a player takes control of it as an ally.
DUAL_TYPES = {"objective-ally": ("objective", "ally")}
SPHERES = ("leadership", "tactics", "spirit", "lore", "neutral", "baggins", "fellowship")
STATS = (
    "threat_cost", "cost", "engagement_cost", "willpower", "threat", "attack", "defense",
    "hit_points", "quest_points", "victory", "travel_threat", "escape",
    "pass",  # a bold PASS in the text box (The Long Dark: 1 when the card has it, read by a locate test)
    "eyes",  # Sauron's Eye icons (Mount Doom: counted when the card is discarded for a Fortitude test)
)
KEYWORD_NAMES = (
    "surge", "doomed", "guarded", "ranged", "sentinel", "restricted", "victory", "archery",
    "indestructible", "permanent", "time",
    "peril",  # the revealing player resolves the card alone; what it makes happen follows the usual steps (FAQ Q85)
)
NUMERIC_KEYWORDS = ("doomed", "victory", "archery", "time")

_KEYWORD = regex(r"^\s*([A-Za-z]+)\s*(\d+|X)?\s*\.?\s*$")


def parse_keyword(text: str) -> tuple[str, int] | None:
    """``"Doomed 1"`` -> ("doomed", 1); ``"Surge"`` -> ("surge", 1); unknown -> None."""
    m = _KEYWORD.match(str(text))
    if not m:
        return None
    name = m.group(1).lower()
    if name not in KEYWORD_NAMES:
        return None
    if name in NUMERIC_KEYWORDS:
        if m.group(2) is None or m.group(2) == "X":
            return (name, 0) if m.group(2) == "X" else None
        return (name, int(m.group(2)))
    return None if m.group(2) is not None else (name, 1)


@dataclass(frozen=True)
class CardDef:
    """A card's printed figures: name, type, sphere, statistics, traits and keywords."""

    name: str
    type: str
    sphere: str | None = None
    encounter_set: str | None = None
    unique: bool = False
    stats: tuple[tuple[str, int], ...] = ()
    traits: tuple[str, ...] = ()
    keywords: tuple[tuple[str, int], ...] = ()  # ("surge", 2) means two instances
    cost_x: bool = False
    set: str | None = None
    number: int | None = None
    aliases: tuple[str, ...] = ()
    inline: bool = False
    # two designs of one title (the objective-ally Arwen Undómiel and the player's ally): the
    # second has a key of its own ("Arwen Undómiel (ally)"), which a situation names it by and
    # its abilities are filed under; its name stays the card's title (Unique Cards compare titles)
    key: str = ""
    stage: int | None = None  # a quest card's stage number (1 for 1A/1B ...)
    # a double-sided side quest: the design on its other side, and when it is turned over ("defeated": instead
    # of going to the victory display; "chosen": as it is made the current quest): engine/quest_stages.py
    back: str = ""
    flips: str = ""

    @property
    def design_key(self) -> str:
        return self.key or self.name

    def stat(self, name: str) -> int | None:
        for key, value in self.stats:
            if key == name:
                return value
        return None

    def keyword(self, name: str) -> int:
        """The keyword's value (numeric keywords summed, others counted); 0 if absent."""
        return sum(v for k, v in self.keywords if k == name)

    def is_a(self, kind: str) -> bool:
        """Whether the design counts as a card of ``kind``: its type, or one of the types a dual
        type holds (an objective-ally is an objective and an ally)."""
        return self.type == kind or kind in DUAL_TYPES.get(self.type, ())

    @property
    def ref(self) -> str:
        return f"{self.set} {self.number}" if self.set and self.number else self.name

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.type}
        if self.sphere:
            out["sphere"] = self.sphere
        if self.encounter_set:
            out["encounter_set"] = self.encounter_set
        out["unique"] = self.unique
        out.update(dict(self.stats))
        if self.cost_x:
            out["cost"] = "X"
        if self.traits:
            out["traits"] = list(self.traits)
        if self.keywords:
            out["keywords"] = [k.capitalize() + (f" {v}" if k in NUMERIC_KEYWORDS else "") for k, v in self.keywords]
        if self.set:
            out["set"], out["number"] = self.set, self.number
        return out


def card_from_mapping(data: dict[str, Any], *, inline: bool = False) -> CardDef:
    """Build a design from a plain mapping (a card-data entry or an inline definition).

    The mapping must already be checked (schema); unknown keywords raise ValueError.
    """
    stats = []
    cost_x = False
    for key in STATS:
        value = data.get(key)
        if value is None:
            continue
        if key == "cost" and value == "X":
            cost_x = True
            continue
        stats.append((key, int(value)))
    keywords = []
    for kw in data.get("keywords") or ():
        parsed = parse_keyword(kw)
        if parsed is None:
            raise ValueError(f"unknown keyword {kw!r}")
        keywords.append(parsed)
    if data.get("victory") and not any(k == "victory" for k, _ in keywords):
        keywords.append(("victory", int(data["victory"])))
    return CardDef(
        name=str(data["name"]),
        type=str(data["type"]),
        sphere=data.get("sphere"),
        encounter_set=data.get("encounter_set"),
        unique=bool(data.get("unique", False)),
        stats=tuple(stats),
        traits=tuple(data.get("traits") or ()),
        keywords=tuple(keywords),
        cost_x=cost_x,
        set=data.get("set"),
        number=data.get("number"),
        aliases=tuple(data.get("aliases") or ()),
        inline=inline,
        key=str(data.get("key") or ""),
        stage=int(data["stage"]) if data.get("stage") is not None else None,
        back=str(data.get("back") or ""),
        flips=str(data.get("flips") or ""),
    )


class CardBook:
    """Card designs by folded name (and by alias)."""

    def __init__(self, cards: Iterable[CardDef] = ()) -> None:
        self._designs: dict[str, CardDef] = {}  # by folded name, in the order added
        self._by_fold: dict[str, CardDef] = {}  # names and aliases
        for card in cards:
            self.add(card)

    @property
    def cards(self) -> list[CardDef]:
        return list(self._designs.values())

    def add(self, card: CardDef) -> None:
        """Add a design; an inline design of the same name replaces the stored one.  A design
        with a key of its own is found by that key (and its aliases); by its title only while no
        design without a key has that title."""
        key = fold(card.design_key)
        self._designs.pop(key, None)
        self._designs[key] = card
        for name in (card.design_key, *card.aliases):
            self._by_fold[fold(name)] = card
        title = fold(card.name)
        if card.key and title in self._by_fold and not self._by_fold[title].key:
            return  # the title keeps naming the design without a key
        self._by_fold[title] = card

    def get(self, name: str) -> CardDef | None:
        return self._by_fold.get(fold(name))

    def names(self) -> list[str]:
        return [c.name for c in self.cards]

    def suggest(self, name: str) -> list[str]:
        return did_you_mean(name, [n for c in self.cards for n in dict.fromkeys((c.name, c.design_key, *c.aliases))])

    def copy(self) -> "CardBook":
        book = CardBook()
        book._designs = dict(self._designs)
        book._by_fold = dict(self._by_fold)
        return book


CARDS_DIR = RULES_DB / "lotr" / "cards"


@lru_cache(maxsize=1)
def core_set() -> CardBook:
    """The Core Set designs from the project's card data."""
    data = load_yaml_copy(CARDS_DIR / "core-set.yaml")
    return CardBook(card_from_mapping(entry) for entry in data["cards"])


@lru_cache(maxsize=1)
def card_book() -> CardBook:
    """Every design of the card library: the Core Set, then each other product file of
    ``rules_db/lotr/cards/`` (one file per product; their abilities are in ``abilities/``)."""
    book = core_set().copy()
    for path in sorted(p for p in CARDS_DIR.glob("*.yaml") if p.name != "core-set.yaml"):
        for entry in load_yaml_copy(path)["cards"]:
            book.add(card_from_mapping(entry))
    return book
