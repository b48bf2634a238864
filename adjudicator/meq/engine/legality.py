"""What is illegal in a described Middle-earth Quest position, each finding with the
rule that forbids it (``adjudicator check``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import citations as C
from .influence import connected_strongholds, limit
from .loader import load
from .replay import replay
from .state import ATTRIBUTES, State
from .story import MINION_ENTRY, shadow_pool_cap


@dataclass(frozen=True)
class Finding:
    message: str
    rules: tuple[str, ...]
    severity: str = "illegal"  # "illegal" or "note"

    def to_dict(self) -> dict[str, Any]:
        return {"message": self.message, "rules": list(self.rules), "severity": self.severity}


def position_findings(state: State) -> list[Finding]:
    out: list[Finding] = []
    cap = shadow_pool_cap(state)
    if state.shadow_pool > cap:
        out.append(Finding(f"the Shadow Pool holds {state.shadow_pool}, more than 4 × the current stage = {cap}",
                           (C.SHADOW_POOL,)))
    for name, amount in sorted(state.influence.items()):
        loc = state.board.locations.get(name)
        if loc is None or amount <= 0:
            continue
        if loc.haven:
            out.append(Finding(f"{name} is a Haven holding {amount} influence", (C.PLACING_INFLUENCE,)))
        elif loc.stronghold:
            if amount > loc.stronghold_max:
                out.append(Finding(f"{name} holds {amount} influence, over its maximum {loc.stronghold_max}",
                                   (C.MAX_INFLUENCE,)))
        else:
            cap_here = limit(state, name)
            if cap_here is None and amount > 1:
                out.append(Finding(f"{name} is cut off from every Shadow Stronghold yet holds {amount} influence "
                                   "(all but one should have been removed)", (C.MAX_INFLUENCE,)))
            elif cap_here is not None and amount > max(1, cap_here):
                out.append(Finding(f"{name} holds {amount} influence, more than the influence strength {cap_here} of "
                                   f"{', '.join(connected_strongholds(state, name))}", (C.MAX_INFLUENCE,)))
    for track, spaces in state.action_tokens.items():
        if sorted(spaces) != list(range(len(spaces))):
            out.append(Finding(f"action tokens on the {track} track must fill it from the left", (C.ACTION_TRACKS,)))
    if sum(len(v) for v in state.action_tokens.values()) > 3:
        out.append(Finding("more than three action tokens on the Action Track area (the fourth clears the others)",
                           (C.ACTION_STEP,)))
    for hero in state.heroes.values():
        for attribute in ATTRIBUTES:
            if hero.levels.get(attribute, 0) > 2:
                out.append(Finding(f"{hero.name} has raised {attribute} {hero.levels[attribute]} times (at most twice)",
                                   (C.LEVELS,)))
        if hero.life == 0 and not hero.hand:
            out.append(Finding(f"{hero.name} has no cards in life pool or hand: he should have been defeated",
                               (C.HERO_DAMAGE, C.LIFE_POOL)))
    for foe in state.foes.values():
        if foe.minion and foe.in_play and foe.damage >= foe.health > 0:
            out.append(Finding(f"{foe.name} has {foe.damage} damage with health {foe.health}: it should have been "
                               "defeated", (C.MINIONS,)))
        for stage, names in MINION_ENTRY.items():
            if foe.minion and foe.in_play and foe.name in names and stage not in state.stages_entered:
                out.append(Finding(f"{foe.name} is in play but no marker has entered stage {stage}", (C.PLACING_MINIONS,)))
    for foe in state.foes.values():
        if foe.minion and foe.in_play and not foe.location:
            out.append(Finding(f"{foe.name} is in play but stands on no location", (C.MINIONS,)))
    names = [p.name for p in state.plots if p is not None]
    for name in sorted({n for n in names if names.count(n) > 1}):
        out.append(Finding(f"the plot {name!r} is active twice (each card exists once)", (C.PLAYING_PLOTS,)))
    for token in state.tokens:
        loc = state.board.locations.get(token.location)
        if loc is not None and loc.haven:
            out.append(Finding(f"monster token {token.id} stands on the Haven {token.location}: tokens are placed and "
                               "moved only where influence lies, and Havens never hold influence",
                               (C.PLACE_TOKEN, C.MOVE_COMMAND, C.PLACING_INFLUENCE)))
    for plot in state.plots:
        if plot is not None and plot.location and state.board.locations and plot.location not in state.board.locations:
            out.append(Finding(f"plot {plot.name!r} affects {plot.location}, not a location of the board",
                               (C.AFFECTED_PLOT,), "note"))
    if state.markers and state.track.shadow_falls > state.track.finale:
        out.append(Finding("The Shadow Falls lies beyond the Finale", (C.STORY_TRACK,)))
    return out


def check(path: str | Path, text: str | None = None) -> dict[str, Any]:
    """Findings about the position, then about its declarations (by replaying them)."""
    _, state = load(path, text)
    findings = position_findings(state)
    result = replay(path, text=text)
    if result.illegal is not None:
        findings.append(Finding(result.illegal.message, result.illegal.rules))
    pending = result.trace.pending.to_dict() if result.trace.pending is not None else None
    return {
        "file": str(path),
        "legal": not any(f.severity == "illegal" for f in findings),
        "findings": [f.to_dict() for f in findings],
        "pending": pending,
        "assumed": list(state.assumed),
    }
