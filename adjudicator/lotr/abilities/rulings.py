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

A ruling is cited where the engine applies the point it decides: each id the file names in
``ruling:`` is in its ``expect: cites`` (or cited by the decision the replay stops for, or
by a refused declaration it expects) and the replay cites it at a step where it is not
*routine*.  An id is routine for a kind of step (the step's ``event``) when the phase
cites it whenever that step happens: every step of that kind cites it in a plain round
played with cards that have no text (``scenarios/lotr/rulings/baseline/plain-round.yaml``;
the travel rules at every travel, the willpower rules at every quest resolution).  A
framework step's own record (``lotr:rr:step:...``) is routine wherever it is cited.  A card's ``rulings:`` in the card
data are not cited by the replay at all (they link the card to its rulings for `adjudicator
card`); only a card's erratum rides on the steps its ability causes.
"""

from __future__ import annotations

from adjudicator.paths import FAQ_TABLE, SCENARIOS
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from adjudicator.engine.expect import lookup as resolve_path  # noqa: F401  (the one dotted-path lookup)
from adjudicator.engine.situation import load_yaml_data, read_text
from adjudicator.engine.game import verify
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.engine import api

RULINGS_FILE = FAQ_TABLE / "rulings.yaml"
RULINGS_FILES = (RULINGS_FILE, FAQ_TABLE / "companion.yaml")
SITUATIONS = SCENARIOS / "lotr" / "faq"
SITUATION_DIRS = (SITUATIONS, SCENARIOS / "lotr" / "rulings")
LOTR = SCENARIOS / "lotr"
STEP_RECORD = C.step("0.0").rsplit(":", 1)[0] + ":"  # a framework step's own record: cited by the step itself
BASELINE = SCENARIOS / "lotr" / "rulings" / "baseline" / "plain-round.yaml"  # what each phase always cites


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
    `violations` is compared with a replay that records the refusal and goes on), and every
    ruling it names that the replay does not cite where the point is applied."""
    result = verify(path, abilities=True)
    problems = [c.describe() for c in result.missed]
    trace, data = run(path)
    return problems + citation_problems(trace, data)


def citation_problems(trace, data: dict[str, Any]) -> list[str]:
    """How a ruling situation fails to name its ruling honestly: a ruling id missing from its
    ``expect: cites``, or cited by the replay only where it is routine (module docstring)."""
    expected = cited_expectations(data)
    refusals = set((data.get("expect") or {}).get("violations") or ()) | set((data.get("expect") or {}).get("illegal") or ())
    routine = routine_citations()
    steps = cited_steps(trace)
    problems = []
    for ruling in situation_rulings(data):
        if ruling in refusals:
            continue  # the refused declaration names it (the expectation checks the refusal's rules)
        asked = trace.pending is not None and ruling in trace.pending.citations
        if ruling not in expected and not asked:
            problems.append(f"the ruling {ruling} is not in expect: cites")
        elif not deciding_steps(steps, ruling, routine):
            where = sorted({s.event for s in steps if ruling in s.citations})
            problems.append(f"the ruling {ruling} is not cited where the replay applies it"
                            + (f" (only routinely, at {', '.join(where)})" if where else " (not cited at all)"))
    return problems


@dataclass(frozen=True)
class _Asked:
    """The decision a replay stops for, as a citing step (``event``: ``pending <key>``)."""

    event: str
    citations: tuple[str, ...]


def cited_steps(trace) -> list[Any]:
    """The trace's steps and, when it stops for a decision, that decision: where it cites."""
    steps = list(trace.steps)
    if trace.pending is not None:
        steps.append(_Asked(f"pending {trace.pending.key}", tuple(trace.pending.citations)))
    return steps


def cited_expectations(data: dict[str, Any]) -> set[str]:
    """The ids a situation's ``expect:`` block says the trace cites (``cites``, ``step_cites``)."""
    expect = data.get("expect") or {}
    ids = set(expect.get("cites") or ())
    for listed in (expect.get("step_cites") or {}).values():
        ids.update(listed or ())
    return ids


def deciding_steps(steps: Iterable[Any], cid: str, routine: dict[str, frozenset[str]]) -> list[Any]:
    """The trace steps that cite ``cid`` where it is not routine (module docstring)."""
    if cid.startswith(STEP_RECORD):
        return []
    return [s for s in steps if cid in s.citations and cid not in routine.get(s.event, ())]


def golden_files() -> list[Path]:
    """Every LOTR situation that replays as a golden file (not the timing files, not pending)."""
    return sorted(p for p in LOTR.rglob("*.yaml") if "timing" not in p.relative_to(LOTR).parts
                  and "pending" not in p.parent.parts)


@lru_cache(maxsize=1)
def routine_citations() -> dict[str, frozenset[str]]:
    """For each kind of trace step, the ids the phase cites whenever that step happens: the
    ids every step of that kind cites in a plain round played with cards that have no text
    (`BASELINE`)."""
    trace, _ = run(BASELINE)
    seen: dict[str, list[frozenset[str]]] = {}
    for s in cited_steps(trace):
        seen.setdefault(s.event, []).append(frozenset(s.citations))
    return {kind: frozenset.intersection(*uses) for kind, uses in seen.items()}


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
