"""Expectations: the outcome a situation file says its replay reaches, compared with the
outcome the replay reached.  One checker for every game.

A file's ``expect:`` block (and, in games whose entries carry their own, each entry's
``expect``) is read into `Expectation`s, each remembering the line it was written on;
`compare` looks each one up in the replay's *facts* (`facts_of`) and says whether it
holds.  The values are written by hand from the rules' worked examples: the checker never
compares the engine with its own verdict.

The vocabulary (every key optional; an unknown key is an input error with "did you mean")::

    expect:
      state: {players.P1.threat: 33}     # final-state paths and their values (absent: no such item)
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
the labels (names) of its items.  Where a path leads nowhere it says why:

- a key a record does not have (a mapping whose keys are field names: lower-case words)
  is a missed expectation naming the path and the nearest keys ("did you mean"), whatever
  the value written: a misspelled path cannot pass;
- a field the game's state leaves out when it is empty (`Game.state_left_out`: a card's
  ``modifiers``, a player's ``eliminated``) reads as ``null``;
- no such item in a list or in a mapping keyed by names (a card not in play, a procedure
  that did not run), or a part after a ``null``, is *absent*: only the value ``absent``
  matches it, and ``absent`` matches nothing else (not ``null``, not ``[]``).

A value is compared whole: a mapping has the same keys,
a list the same items in the same order, ``2`` equals ``2.0`` but ``true`` is not ``1``.
An entry's own ``expect`` (METW actions) lists a few keys of its result: a mapping there
names only the keys that must match, at any depth.

When a file states any expectation and says nothing of ``pending`` or ``illegal``, the
replay is expected neither to stop for a decision nor to meet an illegal declaration.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from msgspec import Struct

from adjudicator.compiled import regex
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
_ANY = {"description": "the value at that path: a number, text, true or false, null, a list or a mapping; "
                       "absent: no such item there (a card not in play)"}
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

# The value that says a path leads to nothing: no such item (a card not in play).
ABSENT = "absent"


class Nowhere:
    """Where a path leads nowhere (falsy; never equal to a value)."""

    def __bool__(self) -> bool:
        return False


class Absent(Nowhere):
    """No such item: ``part`` is not in the list or name-keyed mapping at ``where``."""

    def __init__(self, where: str = "", part: str = "") -> None:
        self.where, self.part = where, part

    def __repr__(self) -> str:
        return "(absent)"

    def explain(self) -> str:
        if not self.part:
            return "absent"
        inside = f"in {self.where}" if self.where else "at the top"
        return f"absent (no {self.part!r} {inside}; write `absent` to expect it not there)"


class Unknown(Nowhere):
    """A key the record at ``where`` does not have: a mistake in the expectation."""

    def __init__(self, where: str, key: str, known: Iterable[str]) -> None:
        self.where, self.key, self.known = where, key, sorted(set(known))

    def __repr__(self) -> str:
        return f"(no key {self.key!r})"

    def explain(self) -> str:
        close = did_you_mean(self.key, self.known)
        hint = f"did you mean {', '.join(close)}?" if close else f"its keys: {', '.join(self.known)}"
        return f"no key {self.key!r} under {self.where or 'the top'} ({hint})"


MISSING = Absent()  # absent, with no more said (a fact the replay does not give)

_FIELD = regex(r"[a-z_][a-z0-9_]*\Z")

# Mappings keyed by names whatever their keys look like: the results of a game's entries
# by procedure name (MEQ: ``results.combat``, ``results.combat#2``).
_KEYED_BY_NAME = frozenset({"results"})


def is_record(value: dict, where: str = "") -> bool:
    """A mapping of fields (a card, a player, a result): non-empty, every key a lower-case
    word.  Other mappings are keyed by names (characters, companies, locations)."""
    return bool(value) and where not in _KEYED_BY_NAME and all(isinstance(k, str) and _FIELD.match(k) for k in value)


# ---------------------------------------------------------------------------- paths


def lookup(data: Any, path: str, left_out: Iterable[str] = ()) -> Any:
    """Follow a dotted path (module docstring): the value, or a `Nowhere` that says why
    there is none (`Absent`, `Unknown`).  ``left_out`` names the fields the state leaves out
    when they are empty: they read as None."""
    value = data
    where = ""
    for part in path.split(".") if path else ():
        if isinstance(value, dict):
            if part in value:
                value = value[part]
            elif part in left_out:
                value = None
            elif is_record(value, where):
                return Unknown(where, part, [*value, *(k for k in left_out if k not in value)])
            else:
                return Absent(where, part)
        elif isinstance(value, (list, tuple)):
            if part in ("labels", "names"):
                key = "label" if part == "labels" else "name"
                value = [v.get(key, v.get("name")) if isinstance(v, dict) else v for v in value]
            elif part.lstrip("-").isdigit():
                i = int(part)
                if not -len(value) <= i < len(value):
                    return Absent(where, part)
                value = value[i]
            else:
                named = [v for v in value if isinstance(v, dict) and part in (v.get("label"), v.get("name"))]
                if not named:
                    return Absent(where, part)
                value = named[0]
        else:  # past a null or a plain value: the thing the path goes into is not there
            return Absent(where, part)
        where = f"{where}.{part}" if where else part
    return value


def equal(expected: Any, actual: Any) -> bool:
    """The same value: mappings with the same keys, lists of the same length, item by
    item; ``2`` equals ``2.0``, but ``true`` is not ``1``.  Nothing there (`Nowhere`) equals
    no value: `absent` is compared by `compare`."""
    if isinstance(actual, Nowhere):
        return False
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
    if isinstance(actual, Nowhere):
        return False
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, (list, tuple)):
        return (isinstance(actual, (list, tuple)) and len(expected) == len(actual)
                and all(matches(e, a) for e, a in zip(expected, actual)))
    return equal(expected, actual)


# ---------------------------------------------------------------------------- expectations


class Expectation(Struct, frozen=True):
    """One thing the file expects.  ``kind`` says how it is compared: ``value`` (the fact at
    ``path`` equals ``expected``), ``absent`` (``path`` leads to no item), ``subset`` (it holds the keys ``expected`` lists), ``cited``/``not_cited`` (an id), ``cited_at`` (an id at
    step ``path``), ``illegal`` (ids of the refusal, or None), ``interpretation``, ``violation``, ``event``/``no_event`` ({event,
    contains}), ``contains`` (words in the text at ``path``, case folded)."""

    key: str  # as shown to people: "state.players.Tom.threat", "cites lotr:rr:forced"
    kind: str
    path: str
    expected: Any
    line: int = 0


class Checked(Struct, frozen=True):
    expectation: Expectation
    ok: bool
    got: Any

    @property
    def key(self) -> str:
        return self.expectation.key

    def to_dict(self) -> dict[str, Any]:
        got = None if isinstance(self.got, Nowhere) else self.got
        out = {"key": self.expectation.key, "expected": self.expectation.expected, "got": got,
               "absent": isinstance(self.got, Absent), "ok": self.ok, "line": self.expectation.line}
        if isinstance(self.got, Unknown):
            out["error"] = self.got.explain()
        return out

    def describe(self) -> str:
        e = self.expectation
        where = f"line {e.line}: " if e.line else ""
        if self.ok:
            return f"{where}{e.key}"
        if isinstance(self.got, Unknown):  # a mistake in the path, not a value the replay reached
            return f"{where}{e.key}: {self.got.explain()}"
        got = self.got.explain() if isinstance(self.got, Absent) else repr(self.got)
        expected = ABSENT if e.kind == "absent" else repr(e.expected)
        return f"{where}{e.key}: expected {expected}, got {got}"


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
                expected = sub.plain()
                out.append(Expectation(full, "absent" if expected == ABSENT else "value", full, expected, sub_line))
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


def facts_of(result, check: Callable[[], Any] | None = None, left_out: Iterable[str] = ()) -> dict[str, Any]:
    """The facts of a `ReplayResult` the expectations are compared with (``check`` gives
    the `CheckReport` when an expectation needs it; ``left_out``: the fields the game's
    state leaves out when empty, `Game.state_left_out`)."""
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
        "_left_out": frozenset(left_out),
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
    left_out = facts.get("_left_out") or ()
    out: list[Checked] = []
    for e in expectations:
        if e.kind == "value":
            if e.path in CHECK_FACTS:
                report = _check_report(facts)
                got = report.legal if report is not None else MISSING
            else:
                got = lookup(facts, e.path, left_out)
            out.append(Checked(e, equal(e.expected, got), got))
        elif e.kind == "absent":  # no such item: the path leads nowhere, and not by a mistake in it
            got = lookup(facts, e.path, left_out)
            out.append(Checked(e, isinstance(got, Absent), got))
        elif e.kind == "illegal":  # null: no illegal declaration; else each id among its rules
            got = facts.get("illegal")
            ok = got is None if e.expected is None else got is not None and all(r in got for r in e.expected)
            out.append(Checked(e, ok, got))
        elif e.kind == "subset":
            got = lookup(facts, e.path, left_out)
            out.append(Checked(e, matches(e.expected, got), got))
        elif e.kind == "contains":
            got = lookup(facts, e.path, left_out)
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
