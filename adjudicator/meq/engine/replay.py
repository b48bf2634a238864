"""Replaying a Middle-earth Quest situation file, and checking its position.

``replay(path)`` loads the file, runs each entry of ``play`` (a procedure and its
declarations) and returns the shared `ReplayResult`: the trace (every step citing its
section), the results of each procedure (by its name: ``combat``, the second one
``combat#2``), a pending decision if a choice or draw was missing, or the illegal
declaration that stopped it.  Whether the results are the values the file expects is for
the shared checker (adjudicator.engine.expect) to say.  ``check(path)``
(`adjudicator.meq.engine.legality`) lists what is illegal in the described position and
in its declarations.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from adjudicator.engine import DecisionNeeded, IllegalDecision, Step, Trace
from adjudicator.engine.outcome import ReplayResult, Violation
from adjudicator.engine.situation import Node
from adjudicator.errors import InputError

from . import citations as C
from .context import Context
from .entries import run
from .loader import load


def run_entry(ctx: Context, name: str, body: dict[str, Any]) -> Any:
    return run(ctx, name, body)


def replay(
    path: str | Path,
    on_step: Callable[[Step], None] | None = None,
    text: str | None = None,
    *,
    loaded: tuple | None = None,
    entries: int | None = None,
    board: bool = False,
) -> ReplayResult:
    """Replay the file's ``play`` entries (the first ``entries`` of them when given).
    ``loaded`` is what `load` returned for it (else the file is loaded); ``board`` takes a
    snapshot of the state after each entry."""
    doc, state = loaded if loaded is not None else load(path, text)
    data = doc.plain()
    trace = Trace("meq", on_step)
    ctx = Context(state, trace, str(path))
    result = ReplayResult("meq", str(path), trace, title=data.get("title", ""), results={},
                          notes=[f"assumed: {note}" for note in state.assumed],
                          extra={"assumed": list(state.assumed), "options": vars(state.options)})
    if state.track.assumed:
        track = state.track
        ctx.emit("assumed", f"story track assumed (not printed in the rules): Finale on space {track.finale}, "
                 f"The Shadow Falls on {track.shadow_falls}, stages II and III from "
                 f"{track.stage_starts.get(2)} and {track.stage_starts.get(3)}", (C.STORY_TRACK,))
    counts: dict[str, int] = {}
    play_nodes = list(doc.get("play") or [])
    play = list(data.get("play") or [])
    if entries is not None:
        play = play[:entries]
    try:
        for index, entry in enumerate(play):
            (name, body), = entry.items()
            try:
                with ctx.at("play", index), ctx.at(name):
                    value = run_entry(ctx, name, body or {})
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
                if isinstance(exc, IllegalDecision):
                    raise
                node = play_nodes[index]
                if isinstance(exc, InputError):  # the engine's own words: placed at the entry's line
                    raise InputError(f"{path}:{node.line}:{node.column}: {exc.message}", hint=exc.hint) from None
                raise InputError(f"{path}:{node.line}:{node.column}: play[{index}].{name}: expected a well-formed "
                                 f"{name} declaration (see docs/meq.md), got one the engine cannot read "
                                 f"({type(exc).__name__}: {exc})") from None
            counts[name] = counts.get(name, 0) + 1
            key = name if counts[name] == 1 else f"{name}#{counts[name]}"
            result.results[key] = value
            if board:
                trace.snapshot(state.picture())
    except DecisionNeeded as stop:
        trace.pending = stop.pending
    except IllegalDecision as exc:
        node = node_at(doc, getattr(exc, "key_path", "")) or (play_nodes[index] if index < len(play_nodes) else None)
        result.illegal = Violation(tuple(exc.rules), exc.reason, str(path), node.line if node is not None else 0,
                                   getattr(exc, "key_path", None) or None)
    trace.final_state = state.picture()
    result.extra["cards_resolved"] = ctx.resolved  # each card resolved as data, the cause of its effects' steps
    return result


def node_at(doc: Node, key_path: str) -> Node | None:
    """The deepest node of the file on ``key_path`` (``play[1].travel.combat.rounds[0]``)."""
    node, found = doc, None
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", key_path or ""):
        if part.startswith("["):
            index = int(part[1:-1])
            children = list(node) if isinstance(node.value, list) else []
            node = children[index] if index < len(children) else None
        else:
            node = node.get(part) if isinstance(node.value, dict) else None
        if node is None:
            break
        found = node
    return found
