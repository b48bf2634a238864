"""The framework step table (Rules Reference, Appendix I), as data: ``rules_db/lotr/framework.yaml``.

``STEPS`` maps each step id to its row (phase, kind, flow, window, name); ``MAIN`` is the
round's main flow in order, ``SUBFLOWS`` the attack sub-flows; ``PHASE_START`` and
``PHASE_END`` the milestones beginning and ending each phase (and 0.0 / 0.1 the round);
``WINDOWS`` the steps followed by an action window.
"""

from __future__ import annotations

from typing import Any

from adjudicator.paths import RULES_DB
from adjudicator.yamlio import load_yaml_copy  # parsed once, then read from the cache folder

FRAMEWORK_FILE = RULES_DB / "lotr" / "framework.yaml"


def _load_table() -> tuple[dict[str, dict[str, Any]], list[str], dict[str, list[str]], dict[str, str]]:
    data = load_yaml_copy(FRAMEWORK_FILE)
    steps = {str(s["id"]): s for s in data["steps"]}
    main = [sid for sid, s in steps.items() if s["flow"] == "main"]
    subflows: dict[str, list[str]] = {}
    for sid, s in steps.items():
        if s["flow"] != "main":
            subflows.setdefault(s["flow"], []).append(sid)
    names = {p["id"]: p["name"] for p in data["phases"]}
    return steps, main, subflows, names


STEPS, MAIN, SUBFLOWS, PHASE_NAMES = _load_table()
MAIN_INDEX = {sid: i for i, sid in enumerate(MAIN)}
PHASE_END = {"round": "0.1"}
for _sid in MAIN:
    PHASE_END[STEPS[_sid]["phase"]] = _sid if STEPS[_sid]["phase"] != "round" else "0.1"
# the milestone beginning each phase (and 0.0 the round): "at the beginning of" abilities resolve there
PHASE_START = {"round": "0.0"}
for _sid in MAIN:
    PHASE_START.setdefault(STEPS[_sid]["phase"], _sid)
STARTS = {sid: phase for phase, sid in PHASE_START.items()}
WINDOWS = frozenset(sid for sid, s in STEPS.items() if s.get("window")) | {"2.2"}  # 2.2: the planning window itself


# Action windows an effect opens in the middle of its resolution (not steps of the chart): a play
# declared with this name as its ``step`` is used there.
EFFECT_WINDOWS = ("fortitude test",)  # Mount Doom: after the cards are discarded, before the result


def has_window(step_id: str) -> bool:
    """Whether players may take actions after ``step_id``: an action window follows it in the
    chart (Appendix I: Action Windows), or it is the planning phase's special window (2.2), or an
    effect's own window (`EFFECT_WINDOWS`)."""
    return step_id in WINDOWS or step_id in EFFECT_WINDOWS
