"""The action windows of the Rules Reference's round sequence chart, one record each.

The chart (Appendix I, ``lotr:rr:flow:round-sequence``) prints an ACTION WINDOW between two
framework steps wherever players may act.  A question whether a player may act at a point of
the round ("after the shadow cards are dealt", "before I commit") is decided by the one window
between the two steps that bound that point, one line of a chart of 131; so each window is a
record of its own: the step it follows, the window, the step it precedes, with the lines that
print them (``lotr:rr:window:<step>``, the step the window follows).

What is a window and which step follows it are values: the chart as parsed (``chart_steps``:
each step's line and whether a window is printed after it) and the framework table
(``rules_db/lotr/framework.yaml``: each step's phase and flow, in play order).  The record's
text is the chart's own lines; its data names both steps by id and phase.
"""

from __future__ import annotations

from adjudicator.kb.records import Block, Kind, Record, Span

WINDOW_MARK = "ACTION WINDOW"


def _framework_steps() -> list[dict]:
    from adjudicator.paths import RULES_DB
    from adjudicator.yamlio import load_yaml

    return list(load_yaml(RULES_DB / "lotr" / "framework.yaml").get("steps", []))


def with_phases(chart: list[dict], steps: list[dict] | None = None) -> list[dict]:
    """The chart's steps, each with its phase as the framework table gives it (a value: which
    phase a step belongs to is not read from its printed title)."""
    steps = _framework_steps() if steps is None else steps
    phase = {str(s["id"]): str(s.get("phase", "")) for s in steps}
    return [{**step, "phase": phase[str(step["id"])]} if str(step["id"]) in phase else step for step in chart]


def _first_sentence(text: str) -> str:
    """A step's chart title up to its first full stop: the name, not the loop instruction
    printed after it on the next lines ("Enemy attack ends. If ... return to ...")."""
    head, dot, _ = text.partition(". ")
    return head + dot.strip() if dot else text


def _names(step: dict, printed: dict) -> list[str]:
    """A step's names: the framework table's name and aliases, and the chart's title without
    what its parentheses add."""
    short = _first_sentence(printed["title"]).split(" (")[0].rstrip(". ")
    return list(dict.fromkeys([str(step.get("name", "")), *map(str, step.get("aliases", [])), short]))


def window_records(lines: list[str], chart: list[dict], path: list[str], game: str, doc: str,
                   steps: list[dict] | None = None) -> list[Record]:
    """One record per action window the chart prints after a step: the step, the window and
    the next step of the same flow (the framework table's order), cited on the chart's lines."""
    steps = _framework_steps() if steps is None else steps
    printed = {str(s["id"]): s for s in chart}
    order: dict[str, list[dict]] = {}
    for step in steps:
        order.setdefault(str(step.get("flow", "main")), []).append(step)
    records = []
    for flow, flow_steps in order.items():
        for index, step in enumerate(flow_steps[:-1]):
            sid, nxt = str(step["id"]), flow_steps[index + 1]
            nid = str(nxt["id"])
            before, after = printed.get(sid), printed.get(nid)
            if before is None or after is None or not before.get("window") or after["line"] < before["line"]:
                continue
            mark = next((n for n in range(before["line"], after["line"] + 1) if WINDOW_MARK in lines[n - 1]), None)
            if mark is None:
                continue
            first = f"{sid} {_first_sentence(before['title'])}"
            last = f"{nid} {_first_sentence(after['title'])}"
            records.append(Record(
                id=f"{game}:rr:window:{sid}", game=game, kind=Kind.RULE,
                title=f"Action window between {first} and {last}", span=Span(doc, before["line"], after["line"]), path=path,
                blocks=[Block(first, "step", line=before["line"]), Block(WINDOW_MARK.lower(), "para", line=mark),
                        Block(last, "step", line=after["line"])],
                data={"window": {"after": sid, "before": nid, "phase": str(step.get("phase", "")), "flow": flow,
                                 "after_names": _names(step, before), "before_names": _names(nxt, after)}},
            ))
    return records
