"""The scenario state the Quest Companion's rulings define, read from
rules_db/lotr/scenario_state.yaml (trackers, kinds of token, conditions of winning, effects named
by a scenario's word): data only, read once, with no engine import (engine/scenario_state.py
applies it; engine/state.py asks `is_attribute` for a card's stats)."""

from __future__ import annotations

from functools import lru_cache

from adjudicator.paths import RULES_DB
from adjudicator.yamlio import load_yaml

# the counted things that are not tokens of the table's token kinds: a card's own damage, progress, resources
CARD_COUNTS = ("damage", "progress", "resources")


@lru_cache(maxsize=1)
def data() -> dict:
    path = RULES_DB / "lotr" / "scenario_state.yaml"
    return (load_yaml(path) or {}) if path.is_file() else {}


@lru_cache(maxsize=1)
def trackers() -> dict[str, dict]:
    """Each tracker's name -> its row (start, lose, quest_points, damage_on, ruling)."""
    return {str(t["name"]): dict(t) for t in data().get("trackers") or []}


@lru_cache(maxsize=1)
def tokens() -> dict[str, dict]:
    """Each kind of scenario token -> its row (attribute, ruling)."""
    return {str(t["name"]): dict(t) for t in data().get("tokens") or []}


@lru_cache(maxsize=1)
def attributes() -> frozenset[str]:
    return frozenset(name for name, row in tokens().items() if row.get("attribute"))


def is_attribute(stat: str) -> bool:
    """Whether tokens named ``stat`` are attribute tokens (+1 of that stat each)."""
    return stat in attributes()


def wins() -> list[dict]:
    return list(data().get("wins") or [])


@lru_cache(maxsize=1)
def effects() -> dict[str, dict]:
    """Each scenario effect's name ("capture steeds") -> its row (effects, ruling)."""
    return {str(e["name"]): dict(e) for e in data().get("effects") or []}


def tracker_named(name: str) -> str | None:
    """The tracker ``name`` names (case ignored), or None."""
    low = name.strip().lower()
    return next((t for t in trackers() if t.lower() == low), None)


@lru_cache(maxsize=1)
def objectives() -> dict[str, dict]:
    """Each objective whose damage decides the game (its card's name) -> its row (ruling)."""
    return {str(o["card"]): dict(o) for o in data().get("objectives") or []}


@lru_cache(maxsize=1)
def face_down_enemies() -> dict[str, dict]:
    """Each face-down enemy a scenario makes of a player card (Reanimated Dead) -> its row (figures, traits, ruling)."""
    return {str(e["name"]): dict(e) for e in data().get("face_down_enemies") or []}
