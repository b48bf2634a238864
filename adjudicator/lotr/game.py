"""The LOTR LCG engine behind the shared `Game` interface (adjudicator.engine.game)."""

from __future__ import annotations

import re
from typing import Any, Callable

from adjudicator.engine.decisions import IllegalDecision
from adjudicator.engine.game import Board, Game, PlayerCount
from adjudicator.engine.outcome import CheckReport, ReplayResult, Violation
from adjudicator.engine.trace import Interpretation, Step

# The documents give the number of players only for a single game of an epic multiplayer
# event (each group or team of 1 to 4 players plays its own game): the standard game mode
# supports 1-4 players.  Applied to every LOTR situation.
STANDARD_MODE = "lotr:qc:ruling:attack-on-dol-guldur:general"
TEAM_OF_ONE_TO_FOUR = "lotr:qc:qa:what-is-the-difference-between-a-group-and-a"
ONE_TO_FOUR_PLAYERS = Interpretation(
    "a game has 1 to 4 players",
    STANDARD_MODE,
    "the standard game mode supports 1-4 players (stated on the epic multiplayer scenarios' pages; each team "
    "of 1-4 plays its own game); the engine applies it to every game",
)


class LotrGame(Game):
    name = "lotr"
    title = "The Lord of the Rings: The Card Game"
    players = PlayerCount(1, 4, (STANDARD_MODE, TEAM_OF_ONE_TO_FOUR), "players", ONE_TO_FOUR_PLAYERS)
    stops = "a step id (5.3), end-of-step, end-of-phase, end-of-round, end-of-game, or N rounds (2r)"
    has_abilities = True

    @property
    def state_left_out(self) -> frozenset[str]:  # type: ignore[override]
        from adjudicator.lotr.engine.state import LEFT_OUT_WHEN_EMPTY

        return LEFT_OUT_WHEN_EMPTY

    def schema(self) -> dict[str, Any]:
        from adjudicator.lotr.engine.schema import SCHEMA

        return SCHEMA

    def load(self, file: str, text: str):
        from adjudicator.lotr.engine import api

        return api.load(file, text=text)

    def count_players(self, situation) -> int:
        return len(situation.game.players)

    def replay(
        self,
        situation,
        *,
        on_step: Callable[[Step], None] | None = None,
        stop: str | None = None,
        board: bool = False,
        abilities: bool = True,
        strict: bool = True,
    ) -> ReplayResult:
        from adjudicator.lotr.engine import api

        if stop:
            api.override_stop(situation, stop)
        illegal = None
        sink: list = []

        def keep(step: Step) -> None:  # the steps written before an illegal declaration
            sink.append(step)
            if on_step is not None:
                on_step(step)

        try:
            trace = api.replay(situation, on_step=keep, board=board, abilities=abilities, strict=strict)
        except IllegalDecision as exc:
            from adjudicator.engine.trace import Trace

            trace = Trace("lotr")
            trace.steps, trace.count = sink, len(sink)
            trace.final_state = situation.game.picture()
            illegal = Violation(exc.rules, exc.reason, situation.file, _line_of(exc.where), situation.game.step)
        final = trace.final_state or {}
        notes = [_unused_note(e) for e in final.get("unused_decisions", [])]
        if final.get("outcome"):
            notes.append(f"game over: the players {final['outcome']} (score {final['score']['total']})")
        played_past = [Violation(v.rules, v.message, situation.file, v.line, v.step)
                       for v in getattr(trace, "violations", ())]
        return ReplayResult("lotr", situation.file, trace, title=situation.title, illegal=illegal,
                            violations=played_past, notes=notes)

    def check(self, situation, *, abilities: bool = True) -> CheckReport:
        from adjudicator.lotr.engine import api

        result = api.check(situation, abilities=abilities)
        violations = [Violation(v.rules, v.message, situation.file, v.line, v.step) for v in result.violations]
        notes = [_unused_note(e) for e in result.unused]
        return CheckReport("lotr", situation.file, violations, result.pending, result.checked_to, result.unused, notes)

    def board(self, pic: dict[str, Any]) -> Board:
        rows: list[tuple[str, str]] = []
        for p in pic["players"]:
            status = " (eliminated)" if p.get("eliminated") else ""
            rows.append((f"{p['name']} threat {p['threat']}{status}", _cards(p["heroes"] + p["allies"])))
            if p.get("prisoners"):  # Escape from Dol Guldur: the player's heroes held face down, out of every use
                rows.append((f"  {p['name']}'s prisoner", _cards(p["prisoners"])))
            rows.append((f"  engaged with {p['name']}", _cards(p["engaged"])))
        rows.append((f"staging area ({pic['staging_threat']} threat)", _cards(pic["staging_area"])))
        rows.append(("active location", _cards([pic["active_location"]]) if pic["active_location"] else "-"))
        q = pic.get("quest")
        rows.append(("quest", f"{q['label']} {q.get('progress', 0)}/{q['quest_points']}" if q else "-"))
        if pic.get("set_aside"):  # out of play until an effect brings them in (the Nazgûl of Dol Guldur)
            rows.append(("set aside (out of play)", ", ".join(pic["set_aside"])))
        title = f"Round {pic['round']}, after {pic['step']} · first player {pic['first_player']}"
        return Board(title, tuple(rows))

    def record_titles(self, ids: set[str]) -> dict[str, str]:
        from adjudicator.lotr.engine.citations import TITLES
        from adjudicator.lotr.engine.framework import STEPS

        out: dict[str, str] = {}
        for cid in ids:
            tail = cid.rsplit(":", 1)[1]
            if cid in TITLES:
                out[cid] = TITLES[cid]
            elif cid.startswith("lotr:rr:step:") and tail in STEPS:
                out[cid] = f"{tail} {STEPS[tail]['name']}"
            elif cid.startswith("lotr:faq:q:"):
                out[cid] = f"FAQ 1.9 Q{tail}"
            elif cid.startswith("lotr:faq:"):
                out[cid] = f"FAQ 1.9 ({tail})"
            elif cid.startswith("lotr:qc:keyword:"):
                out[cid] = f"Quest Companion: {tail.capitalize()}"
        return out


def _line_of(where: str) -> int:
    match = re.search(r":(\d+)$", where or "")
    return int(match.group(1)) if match else 0


def _cards(items) -> str:
    parts = []
    for c in items:
        bits = ["face down"] if c.get("facedown") else []
        if c.get("damage"):
            bits.append(f"{c['damage']} dmg")
        if c.get("progress"):
            bits.append(f"{c['progress']} prog")
        if c.get("resources"):
            bits.append(f"{c['resources']} res")
        if c.get("exhausted"):
            bits.append("exhausted")
        parts.append(c["label"] + (f" ({', '.join(bits)})" if bits else ""))
    return ", ".join(parts) or "-"


def _unused_note(e: dict[str, Any]) -> str:
    """A declared decision, response or play that was not used, and why (its ``reason``)."""
    what = (f"the {e['abilities'][:-1]} of {e.get('card')} at line {e['line']}" if e.get("abilities")
            else f"the decision at line {e['line']} (step {e.get('step')})")
    return f"{what} was not used: {e['reason']}" if e.get("reason") else f"{what} was never used"
