"""Comparing a METW replay with the values its file states: each action's ``expect`` (a few
keys of its result), ``expect_error`` and ``expect_pending``, and the top-level ``expect``
block (final-state paths, cited ids, the pending decision, interpretations, trace steps).
The values are written by hand in the files; nothing here reads the engine's own verdict."""

from __future__ import annotations

from typing import Any


def subset(expected: Any, actual: Any) -> bool:
    """An action's expect names only the keys that must match, at any depth."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and subset(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(subset(e, a) for e, a in zip(expected, actual))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return isinstance(expected, bool) and isinstance(actual, bool) and expected == actual
    return expected == actual


def path(data: Any, dotted: str) -> Any:
    for part in dotted.split("."):
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        else:
            return KeyError(dotted)
    return data


def misses(run, data: dict[str, Any]) -> list[str]:
    """Every expectation of a replayed situation that is not met."""
    out = []
    actions = data.get("actions") or []
    for entry in run.results:
        action = actions[entry["index"]]
        where = f"line {entry['line']} {entry['procedure']}"
        if "illegal" in entry:
            if "expect_error" not in action or action["expect_error"].lower() not in entry["illegal"]["reason"].lower():
                out.append(f"{where}: illegal: {entry['illegal']['reason']}")
            continue
        if "pending" in entry:
            if action.get("expect_pending") != entry["pending"]["key"]:
                out.append(f"{where}: stopped for {entry['pending']['key']}")
            continue
        if "expect_error" in action or "expect_pending" in action:
            out.append(f"{where}: expected a refusal or a stop, it went through")
        for key, value in (action.get("expect") or {}).items():
            got = path(entry["result"], key)
            if not subset(value, got):
                out.append(f"{where}: {key} = {got!r}, expected {value!r}")
    if len(run.results) < len(actions):
        out.append(f"only {len(run.results)} of {len(actions)} actions ran")
    expect = data.get("expect") or {}
    for key, value in (expect.get("state") or {}).items():
        got = path(run.trace.final_state, key)
        if got != value:
            out.append(f"state {key} = {got!r}, expected {value!r}")
    if "pending" in expect and (run.trace.pending.key if run.trace.pending else None) != expect["pending"]:
        out.append(f"pending {run.trace.pending.key if run.trace.pending else None}, expected {expect['pending']}")
    applied = {s.interpretation.name for s in run.trace.steps if s.interpretation}
    out += [f"interpretation {n!r} not applied" for n in expect.get("interpretations") or () if n not in applied]
    cited = run.trace.cited_ids()
    out += [f"{c} not cited" for c in expect.get("cites") or () if c not in cited]
    out += [f"{c} cited" for c in expect.get("not_cites") or () if c in cited]
    for want in expect.get("events") or ():
        if not any(s.event == want["event"] and want.get("contains", "") in s.text for s in run.trace.steps):
            out.append(f"no {want} step")
    for want in expect.get("no_events") or ():
        if any(s.event == want["event"] and want.get("contains", "") in s.text for s in run.trace.steps):
            out.append(f"a {want} step")
    return out
