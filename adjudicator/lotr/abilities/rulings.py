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

from adjudicator.engine.situation import load_yaml_data, read_text

RULINGS_FILE = FAQ_TABLE / "rulings.yaml"
RULINGS_FILES = (RULINGS_FILE, FAQ_TABLE / "companion.yaml")
SITUATIONS = SCENARIOS / "lotr" / "faq"
SITUATION_DIRS = (SITUATIONS, SCENARIOS / "lotr" / "rulings")


def run(path: str | Path):
    """Replay a ruling situation with its card abilities; returns (trace, data)."""
    from adjudicator.lotr.engine import api

    situation = api.load(path)
    data = load_yaml_data(read_text(path))
    # a situation whose ruling makes a decision illegal expects the refusal (`violations`): the
    # replay records it and goes on instead of stopping
    strict = "violations" not in (data.get("expect") or {})
    return api.replay(situation, abilities=True, strict=strict), data


def resolve_path(state: Any, path: str) -> Any:
    """Follow a dotted path into a final state; list items are picked by name or label; a
    trailing ``labels`` lists the labels of a list of cards."""
    head, _, last = path.rpartition(".")
    if last == "labels":
        cards = resolve_path(state, head) if head else state
        return [c["label"] if isinstance(c, dict) else c for c in cards]
    value = state
    for part in path.split("."):
        if isinstance(value, list):
            match = [v for v in value if isinstance(v, dict) and part in (v.get("name"), v.get("label"))]
            if not match:
                raise KeyError(f"{part!r} not found at {path!r}")
            value = match[0]
        elif isinstance(value, dict):
            value = value.get(part)
        else:
            raise KeyError(f"cannot follow {part!r} in {path!r}")
    return value


def check(path: str | Path) -> list[str]:
    """Replay a ruling situation and list every way it misses its expected outcome."""
    trace, data = run(path)
    expect = data.get("expect") or {}
    problems = []
    if "violations" in expect:
        found = {rule for v in trace.violations for rule in v.rules}
        problems.extend(f"no violation of {rule}" for rule in expect["violations"] if rule not in found)
        if not trace.violations:
            problems.append("no decision was refused")
    want_pending = expect.get("pending")
    if trace.pending is not None and want_pending != trace.pending.key:
        problems.append(f"stopped for a decision: {trace.pending.question}")
    if want_pending and trace.pending is None:
        problems.append(f"expected to stop for a decision ({want_pending})")
    for key, want in (expect.get("state") or {}).items():
        try:
            got = resolve_path(trace.final_state, key)
        except KeyError as exc:
            problems.append(str(exc))
            continue
        if got != want:
            problems.append(f"{key}: expected {want!r}, got {got!r}")
    cited = trace.cited_ids()
    for cid in expect.get("cites") or []:
        if cid not in cited:
            problems.append(f"the trace does not cite {cid}")
    for cid in expect.get("not_cites") or []:
        if cid in cited:
            problems.append(f"the trace cites {cid}")
    for step, wanted in (expect.get("step_cites") or {}).items():
        at = {c for s in trace.steps if s.step == step for c in s.citations}
        problems.extend(f"the trace does not cite {cid} at {step}" for cid in wanted if cid not in at)
    if "outcome" in expect and trace.final_state.get("outcome") != expect["outcome"]:
        problems.append(f"outcome: expected {expect['outcome']!r}, got {trace.final_state.get('outcome')!r}")
    applied = {s.interpretation.name for s in trace.steps if s.interpretation}
    problems.extend(f"no interpretation {name!r}" for name in expect.get("interpretations") or [] if name not in applied)
    for ev in expect.get("events") or []:
        if not any(s.event == ev["event"] and ev.get("contains", "") in s.text for s in trace.steps):
            problems.append(f"no {ev['event']} step containing {ev.get('contains', '')!r}")
    for ev in expect.get("no_events") or []:
        if any(s.event == ev["event"] and ev.get("contains", "") in s.text for s in trace.steps):
            problems.append(f"an unexpected {ev['event']} step containing {ev.get('contains', '')!r}")
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
