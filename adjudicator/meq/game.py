"""The Middle-earth Quest engine behind the shared `Game` interface (adjudicator.engine.game).

A MEQ situation's ``play`` is a list of entries, each one procedure of the rules.  Its
results, in the replay's JSON and for expectations, map each procedure's name to what it
came to (the second entry of a name is ``name#2``).  ``--stop N`` replays the first N
entries; ``--board`` draws the state after each entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from adjudicator.engine.decisions import PendingDecision
from adjudicator.engine.game import Board, Game, PlayerCount, entries_stop
from adjudicator.engine.outcome import CheckReport, ReplayResult, Violation
from adjudicator.engine.trace import Interpretation, Step

NUMBER_OF_PLAYERS = "meq:rules:getting-started:number-of-players"  # up to four: Sauron and the hero players
ONE_HERO_EACH = "meq:rules:getting-started:setup"  # setup: one hero (sheet, figure, deck) for every hero-side player
HEROES_ARE_PLAYERS = Interpretation(
    "one hero per hero player",
    ONE_HERO_EACH,
    "up to four players, one of them Sauron, and each hero player takes one hero: at most three heroes "
    "(a situation about Sauron's side alone may have none)",
)


@dataclass
class MeqSituation:
    file: str
    text: str
    doc: Any
    state: Any
    title: str = ""


class MeqGame(Game):
    name = "meq"
    title = "Middle-earth Quest"
    players = PlayerCount(0, 3, (NUMBER_OF_PLAYERS, ONE_HERO_EACH), "heroes", HEROES_ARE_PLAYERS)
    stops = "N, the number of play entries to replay"

    @property
    def state_left_out(self) -> frozenset[str]:  # type: ignore[override]
        from adjudicator.meq.engine.state import ACTIONS

        return frozenset(ACTIONS)  # action_tokens lists only the actions with tokens on them

    def schema(self) -> dict[str, Any]:
        from adjudicator.meq.engine.loader import SCHEMA

        return SCHEMA

    def load(self, file: str, text: str) -> MeqSituation:
        from adjudicator.meq.engine.loader import load

        doc, state = load(file, text)
        title = doc.get("title").value if doc.get("title") is not None else ""
        return MeqSituation(file, text, doc, state, str(title or ""))

    def count_players(self, situation: MeqSituation) -> int:
        return len(situation.state.heroes)

    def replay(
        self,
        situation: MeqSituation,
        *,
        on_step: Callable[[Step], None] | None = None,
        stop: str | None = None,
        board: bool = False,
        abilities: bool = True,
        strict: bool = True,  # an illegal declaration stops a MEQ replay either way
    ) -> ReplayResult:
        from adjudicator.meq.engine import replay

        entries = None
        if stop:
            entries = entries_stop(stop, len(situation.doc.get("play").value if situation.doc.get("play") else []))
        return replay(situation.file, on_step, loaded=(situation.doc, situation.state), entries=entries, board=board)

    def check(self, situation: MeqSituation, *, abilities: bool = True) -> CheckReport:
        from adjudicator.meq.engine import check

        report = check(situation.file, situation.text)
        violations = [Violation(tuple(f["rules"]), f["message"], situation.file, 0, None, f["severity"])
                      for f in report["findings"]]
        pending = report.get("pending")
        notes = [f"assumed: {note}" for note in report.get("assumed", [])]
        return CheckReport("meq", situation.file, violations, PendingDecision.from_dict(pending) if pending else None,
                           notes=notes)

    def board(self, pic: dict[str, Any]) -> Board:
        rows: list[tuple[str, str]] = []
        markers = ", ".join(f"{k} {v}" for k, v in pic.get("markers", {}).items())
        rows.append(("story track", f"{markers or '-'}; stage {pic.get('stage')}"))
        rows.append(("Shadow Pool", str(pic.get("shadow_pool", 0))))
        rows.append(("influence", ", ".join(f"{k} {v}" for k, v in pic.get("influence", {}).items()) or "-"))
        plots = [p for p in pic.get("plots", []) if p]
        rows.append(("plots", ", ".join(plots) or "-"))
        tracks = pic.get("action_tokens", {})
        if tracks:
            rows.append(("action tokens", "; ".join(f"{k}: {', '.join(map(str, v))}" for k, v in tracks.items())))
        for name, h in pic.get("heroes", {}).items():
            rows.append((f"{name} at {h['location']}",
                         f"life {h['life']}, hand {len(h['hand'])}, rest {h['rest']}, damage {h['damage']}, "
                         f"favor {h['favor']}, corruption {h['corruption']}"
                         + (f", items: {', '.join(h['items'])}" if h.get("items") else "")))
        for name, m in pic.get("minions", {}).items():
            if m.get("in_play"):
                rows.append((f"{name} at {m['location'] or '-'}", f"damage {m['damage']} of health {m['health']}"))
        tokens = pic.get("tokens", [])
        if tokens:
            rows.append(("monster tokens", ", ".join(f"{t['monster'] or 'face down'} at {t['location']}" for t in tokens)))
        if pic.get("winner"):
            rows.append(("winner", str(pic["winner"])))
        return Board("after the entry", tuple(rows))
