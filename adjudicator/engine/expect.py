"""Expectations: the outcome a situation file says its replay reaches, compared with the
outcome the replay reached.  One checker for every game.

A file's ``expect:`` block (and, in games whose entries carry their own, each entry's
``expect``) is read into `Expectation`s, each remembering the line it was written on;
`compare` looks each one up in the replay's *facts* (`facts_of`) and says whether it
holds.  The values are written by hand from the rules' worked examples: the checker never
compares the engine with its own verdict.

The vocabulary (every key optional; an unknown key is an input error with "did you mean")::

    expect:
      state: {players.P1.threat: 33}     # final-state paths and their values
      results: {combat.rounds: 2}        # the results of the file's entries (see each game's docs)
      cites: [lotr:rr:forced]            # ids the trace cites somewhere
      not_cites: [lotr:rr:surge]         # ids it must not cite
      step_cites: {"5.3": [...]}         # ids cited at a step
      pending: undefended_hero           # the decision the replay stops for (null: none)
      illegal: [lotr:rr:cannot]          # ids among the rules of the declaration that stops the replay (null: none)
      violations: [lotr:rr:cannot]       # ids `check` reports
      legal: false                       # check's verdict
      outcome: won                       # the game's outcome, when it ends
      interpretations: [first player decides]   # readings the trace applied
      events: [{event: timing, contains: "Dungeon Torch"}]   # trace steps that occur
      no_events: [...]                   # trace steps that do not
      exit_code: 3                       # the replay's verdict (0 done, 1 illegal, 3 stopped)

Paths are dotted.  In a mapping a part is a key; in a list it is an index (``0``), or the
name or label of an item (``players.Tom``); ``labels`` or ``names`` after a list gives
the labels (names) of its items.  A path that leads nowhere matches ``null`` (the final
state leaves empty fields out) and nothing else.  A value is compared whole: a mapping has the same keys,
a list the same items in the same order, ``2`` equals ``2.0`` but ``true`` is not ``1``.
An entry's own ``expect`` (METW actions) lists a few keys of its result: a mapping there
names only the keys that must match, at any depth.

When a file states any expectation and says nothing of ``pending`` or ``illegal``, the
replay is expected neither to stop for a decision nor to meet an illegal declaration.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from adjudicator.engine.situation import Node, Problems, did_you_mean

# Each key of an expect: block and what it compares.
KEYS = {
    "state": "paths into the final state and their values",
    "results": "paths into the results of the file's entries and their values",
    "cites": "record ids the trace cites",
    "not_cites": "record ids the trace does not cite",
    "step_cites": "a step id -> the record ids cited at that step",
    "pending": "the key of the decision the replay stops for (null: none)",
    "illegal": "record ids among the rules of the declaration that stops the replay as illegal (null: none)",
    "violations": "record ids the check reports",
    "legal": "the check's verdict (true or false)",
    "outcome": "the game's outcome when it ends (null: not ended)",
    "interpretations": "the names of readings the trace applies",
    "events": "trace steps that occur: {event, contains}",
    "no_events": "trace steps that do not occur: {event, contains}",
    "exit_code": "the replay's verdict: 0 done, 1 illegal, 3 stopped for a decision",
}

_IDS = {"type": "array", "items": {"type": "string"}}
_ANY = {"description": "the value at that path: a number, text, true or false, null, a list or a mapping"}
_STEPS = {"type": "array", "items": {"type": "object", "properties": {"event": {"type": "string"},
                                                                       "contains": {"type": "string"}},
                                      "required": ["event"], "additionalProperties": False}}
SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "the expected outcome (docs/expectations.md), checked by `replay` (exit 1 when one is missed) "
                   "and by the golden-situation tests",
    "properties": {
        "state": {"type": "object", "description": KEYS["state"], "additionalProperties": _ANY},
        "results": {"type": "object", "description": KEYS["results"], "additionalProperties": _ANY},
        "cites": {**_IDS, "description": KEYS["cites"]},
        "not_cites": {**_IDS, "description": KEYS["not_cites"]},
        "step_cites": {"type": "object", "additionalProperties": _IDS, "description": KEYS["step_cites"]},
        "pending": {"type": ["string", "null"], "description": KEYS["pending"]},
        "illegal": {"type": ["array", "null"], "items": {"type": "string"}, "description": KEYS["illegal"]},
        "violations": {**_IDS, "description": KEYS["violations"]},
        "legal": {"type": "boolean", "description": KEYS["legal"]},
        "outcome": {"type": ["string", "null"], "description": KEYS["outcome"]},
        "interpretations": {**_IDS, "description": KEYS["interpretations"]},
        "events": {**_STEPS, "description": KEYS["events"]},
        "no_events": {**_STEPS, "description": KEYS["no_events"]},
        "exit_code": {"enum": [0, 1, 3], "description": KEYS["exit_code"]},
    },
    "additionalProperties": False,
}

# Facts that need the position checked (`check`), computed only when asked for.
CHECK_FACTS = ("violations", "legal")

MISSING = type("Missing", (), {"__repr__": lambda self: "(absent)", "__bool__": lambda self: False})()


# ---------------------------------------------------------------------------- paths


def lookup(data: Any, path: str) -> Any:
    """Follow a dotted path (module docstring); `MISSING` where it leads nowhere."""
    value = data
    for part in path.split(".") if path else ():
        if isinstance(value, dict):
            value = value[part] if part in value else MISSING
        elif isinstance(value, (list, tuple)):
            if part in ("labels", "names"):
                key = "label" if part == "labels" else "name"
                value = [v.get(key, v.get("name")) if isinstance(v, dict) else v for v in value]
            elif part.lstrip("-").isdigit():
                i = int(part)
                value = value[i] if -len(value) <= i < len(value) else MISSING
            else:
                named = [v for v in value if isinstance(v, dict) and part in (v.get("label"), v.get("name"))]
                value = named[0] if named else MISSING
        else:
            value = MISSING
        if value is MISSING:
            return MISSING
    return value


def equal(expected: Any, actual: Any) -> bool:
    """The same value: mappings with the same keys, lists of the same length, item by
    item; ``2`` equals ``2.0``, but ``true`` is not ``1``."""
    if actual is MISSING:
        return expected is None  # nothing there: null
    if isinstance(expected, dict):
        return isinstance(actual, dict) and set(expected) == set(actual) and all(equal(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, (list, tuple)):
        return (isinstance(actual, (list, tuple)) and len(expected) == len(actual)
                and all(equal(e, a) for e, a in zip(expected, actual)))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return isinstance(expected, bool) and isinstance(actual, bool) and expected == actual
    return expected == actual


def matches(expected: Any, actual: Any) -> bool:
    """Like `equal`, but a mapping lists only the keys that must match (others are not
    compared), at any depth: the rule for an entry's own ``expect`` (a few keys of its result)."""
    if actual is MISSING:
        return expected is None
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, (list, tuple)):
        return (isinstance(actual, (list, tuple)) and len(expected) == len(actual)
                and all(matches(e, a) for e, a in zip(expected, actual)))
    return equal(expected, actual)


# ---------------------------------------------------------------------------- expectations


@dataclass(frozen=True)
class Expectation:
    """One thing the file expects.  ``kind`` says how it is compared: ``value`` (the fact at
    ``path`` equals ``expected``), ``subset`` (it holds the keys ``expected`` lists), ``cited``/``not_cited`` (an id), ``cited_at`` (an id at
    step ``path``), ``illegal`` (ids of the refusal, or None), ``interpretation``, ``violation``, ``event``/``no_event`` ({event,
    contains}), ``contains`` (words in the text at ``path``, case folded)."""

    key: str  # as shown to people: "state.players.Tom.threat", "cites lotr:rr:forced"
    kind: str
    path: str
    expected: Any
    line: int = 0


@dataclass(frozen=True)
class Checked:
    expectation: Expectation
    ok: bool
    got: Any

    @property
    def key(self) -> str:
        return self.expectation.key

    def to_dict(self) -> dict[str, Any]:
        got = None if self.got is MISSING else self.got
        return {"key": self.expectation.key, "expected": self.expectation.expected, "got": got,
                "absent": self.got is MISSING, "ok": self.ok, "line": self.expectation.line}

    def describe(self) -> str:
        e = self.expectation
        where = f"line {e.line}: " if e.line else ""
        if self.ok:
            return f"{where}{e.key}"
        return f"{where}{e.key}: expected {e.expected!r}, got {self.got!r}"


def read_block(node: Node | None, problems: Problems, extra: Iterable[str] = ()) -> list[Expectation]:
    """The expectations of one ``expect:`` block (a `Node` with line marks).  ``extra``
    names further facts a kind of file provides, each compared whole (the timing-order
    files' ``order``)."""
    extra = tuple(extra)
    known = (*KEYS, *extra)
    out: list[Expectation] = []
    if node is None:
        return out
    if not isinstance(node.value, dict):
        problems.add(node, "a mapping of expectations (docs/expectations.md)", "something else")
        return out
    for key, child in node.items():
        line = node.key_lines.get(key, (child.line, child.column))[0]
        if key not in known:
            problems.add(child, "an expectation key: " + ", ".join(known), repr(key), did_you_mean(key, known))
            continue
        value = child.plain()
        if key in ("state", "results"):
            if not isinstance(value, dict):
                problems.add(child, f"a mapping of paths to values ({key}.path: value)", "something else")
                continue
            for path, sub in child.items():
                sub_line = child.key_lines.get(path, (sub.line, 0))[0]
                full = f"{key}.{path}"
                out.append(Expectation(full, "value", full, sub.plain(), sub_line))
        elif key in ("cites", "not_cites", "interpretations", "violations"):
            kind = {"cites": "cited", "not_cites": "not_cited", "interpretations": "interpretation",
                    "violations": "violation"}[key]
            for item in child:
                out.append(Expectation(f"{key} {item.value}", kind, key, item.value, item.line))
        elif key == "step_cites":
            for step, ids in child.items():
                for item in ids:
                    out.append(Expectation(f"step_cites {step} {item.value}", "cited_at", str(step), item.value, item.line))
        elif key in ("events", "no_events"):
            kind = "event" if key == "events" else "no_event"
            for item in child:
                out.append(Expectation(f"{key} {item.plain()}", kind, key, item.plain(), item.line))
        elif key == "illegal":
            out.append(Expectation(key, "illegal", key, value, line))
        else:  # pending, legal, outcome, exit_code: one fact each
            out.append(Expectation(key, "value", key, value, line))
    return out


DEFAULTS = {"pending": "no stop for a decision (pending: null)", "illegal": "no illegal declaration (illegal: null)"}


def with_defaults(expectations: list[Expectation], line: int = 0) -> list[Expectation]:
    """A file that states an outcome expects no stop and no illegal declaration unless it says so."""
    if not expectations:
        return expectations
    stated = {e.path for e in expectations}
    extra = [Expectation(DEFAULTS[k], "illegal" if k == "illegal" else "value", k, None, line)
             for k in ("pending", "illegal") if k not in stated]
    return expectations + extra


def needs_check(expectations: Iterable[Expectation]) -> bool:
    return any(e.kind == "violation" or e.path in CHECK_FACTS for e in expectations)


# ---------------------------------------------------------------------------- facts


def facts_of(result, check: Callable[[], Any] | None = None) -> dict[str, Any]:
    """The facts of a `ReplayResult` the expectations are compared with (``check`` gives
    the `CheckReport` when an expectation needs it)."""
    trace = result.trace
    final = trace.final_state or {}
    facts: dict[str, Any] = {
        "state": final,
        "results": result.results,
        "pending": trace.pending.key if trace.pending is not None else None,
        "illegal": list(result.illegal.rules) if result.illegal is not None else None,
        "outcome": final.get("outcome"),
        "exit_code": result.verdict,
        "steps": trace.steps,
        "_check": check,
    }
    return facts


def _check_report(facts: dict[str, Any]):
    if "_report" not in facts:
        facts["_report"] = facts["_check"]() if facts.get("_check") else None
    return facts["_report"]


def _has(got: Any, wanted: Any) -> bool:
    """``wanted`` is an item of the list ``got``, or words in the text ``got`` (case folded)."""
    if isinstance(got, (list, tuple)):
        return wanted in got
    return isinstance(got, str) and str(wanted).casefold() in got.casefold()


def compare(expectations: Iterable[Expectation], facts: dict[str, Any]) -> list[Checked]:
    """Compare each expectation with the facts; one `Checked` each, in the file's order."""
    steps = facts.get("steps") or ()
    cited: set[str] | None = facts.get("cited")
    out: list[Checked] = []
    for e in expectations:
        if e.kind == "value":
            if e.path in CHECK_FACTS:
                report = _check_report(facts)
                got = report.legal if report is not None else MISSING
            else:
                got = lookup(facts, e.path)
            out.append(Checked(e, equal(e.expected, got), got))
        elif e.kind == "illegal":  # null: no illegal declaration; else each id among its rules
            got = facts.get("illegal")
            ok = got is None if e.expected is None else got is not None and all(r in got for r in e.expected)
            out.append(Checked(e, ok, got))
        elif e.kind == "subset":
            got = lookup(facts, e.path)
            out.append(Checked(e, matches(e.expected, got), got))
        elif e.kind == "contains":
            got = lookup(facts, e.path)
            out.append(Checked(e, _has(got, e.expected), got))
        elif e.kind in ("cited", "not_cited"):
            if cited is None:
                cited = {cid for s in steps for cid in s.citations}
            present = e.expected in cited
            out.append(Checked(e, present if e.kind == "cited" else not present, present))
        elif e.kind == "cited_at":
            at = {cid for s in steps if s.step == e.path for cid in s.citations}
            out.append(Checked(e, e.expected in at, sorted(at)))
        elif e.kind == "interpretation":
            names = sorted({s.interpretation.name for s in steps if s.interpretation is not None})
            out.append(Checked(e, e.expected in names, names))
        elif e.kind == "violation":
            report = _check_report(facts)
            rules = sorted({r for v in report.violations for r in v.rules}) if report is not None else MISSING
            out.append(Checked(e, rules is not MISSING and e.expected in rules, rules))
        elif e.kind in ("event", "no_event"):
            want = e.expected
            hit = any(s.event == want.get("event") and str(want.get("contains", "")) in s.text for s in steps)
            out.append(Checked(e, hit if e.kind == "event" else not hit, hit))
        else:  # pragma: no cover - the readers make only the kinds above
            raise ValueError(e.kind)
    return out
