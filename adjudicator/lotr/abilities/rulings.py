"""Rulings as executable situations (``scenarios/lotr/faq/``, ``scenarios/lotr/rulings/``)
and the rulings table (``faq/rulings.yaml`` for FAQ 1.9, ``faq/companion.yaml`` for the
Quest Companion's own rulings; faq/README.md).

A ruling situation is an ordinary situation file (docs/situation-format.md; `adjudicator
replay` plays it), naming the ruling it reproduces, with an ``abilities:`` block for the
players' responses and choices (docs/abilities.md) and the expected outcome::

    ruling: lotr:faq:q:14
    title: Dungeon Torch adds to the refresh threat raise
    start: "7.3"
    players: [...]
    abilities: {responses: [...], plays: [...], delayed_order: [...], cards: [...]}
    expect:
      state: {players.Tom.threat: 33}          # final-state paths (as the engine tests read them)
      cites: [lotr:faq:q:14, lotr:rr:forced]   # ids the trace must cite (the ruling where the engine cites it)
      events: [{event: timing, contains: "Dungeon Torch"}]
      no_events: [...]
      pending: ability                         # when the replay must stop for a decision
      violations: [lotr:rr:cannot]             # rules a refused decision breaks (the replay goes on)
"""

from __future__ import annotations

from adjudicator.paths import FAQ_TABLE, SCENARIOS
from pathlib import Path
from typing import Any

from adjudicator.engine.expect import lookup as resolve_path  # noqa: F401  (the one dotted-path lookup)
from adjudicator.engine.situation import load_yaml_data, read_text
from adjudicator.engine.game import verify
from adjudicator.lotr.engine import api

RULINGS_FILE = FAQ_TABLE / "rulings.yaml"
RULINGS_FILES = (RULINGS_FILE, FAQ_TABLE / "companion.yaml")
SITUATIONS = SCENARIOS / "lotr" / "faq"
SITUATION_DIRS = (SITUATIONS, SCENARIOS / "lotr" / "rulings")


def run(path: str | Path):
    """Replay a ruling situation with its card abilities; returns (trace, data)."""
    situation = api.load(path)
    data = load_yaml_data(read_text(path))
    # a situation whose ruling makes a decision illegal expects the refusal (`violations`): the
    # replay records it and goes on instead of stopping
    strict = "violations" not in (data.get("expect") or {})
    return api.replay(situation, abilities=True, strict=strict), data


def check(path: str | Path) -> list[str]:
    """Replay a ruling situation and list every way it misses its expected outcome (the
    shared checker of expect: blocks, adjudicator.engine.expect: a situation expecting
    `violations` is compared with a replay that records the refusal and goes on)."""
    result = verify(path, abilities=True)
    problems = [c.describe() for c in result.missed]
    return problems


def situation_files() -> list[Path]:
    """Every ruling situation, in both folders."""
    return sorted(p for d in SITUATION_DIRS for p in d.glob("*.yaml"))


def situation_rulings(data: dict[str, Any]) -> list[str]:
    """The record ids a situation file reproduces: ``ruling:`` (one id or a list)."""
    ruling = data.get("ruling")
    return [ruling] if isinstance(ruling, str) else list(ruling or [])


def rulings_table() -> list[dict[str, Any]]:
    """Every row of the rulings table, FAQ 1.9's then the Quest Companion's."""
    rows: list[dict[str, Any]] = []
    for path in RULINGS_FILES:
        rows.extend(load_yaml_data(path.read_text(encoding="utf-8"))["rulings"])
    return rows
