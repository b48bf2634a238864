"""The METW engine behind the shared `Game` interface (adjudicator.engine.game).

A METW situation is a list of ``actions``, each running one procedure of the rules.  Its
results, in the replay's JSON and for expectations, are a list with one entry per action
run, in the file's order: ``{"index", "procedure", "line", "result"}``, with ``illegal``
(``{"reason", "rules", "line"}``) for a refused declaration, ``pending`` for a stop, and
``reading``/``branch`` when the file gives them.  An action's own ``expect`` is checked
against its ``result`` (``results.<index>.result.<key>``), ``expect_error`` against its
refusal (words of the reason, or a record id among its rules) and ``expect_pending``
against the key of its stop.  ``--stop N`` replays the first N actions; ``--stop PHASE`` (site, end-of-turn...) stops
where that phase of the turn begins.
"""

from __future__ import annotations

from typing import Any, Callable

from adjudicator.engine import expect as E
from adjudicator.engine.decisions import PendingDecision
from adjudicator.engine.game import Board, Game, PlayerCount, entries_stop
from adjudicator.engine.outcome import CheckReport, ReplayResult, Violation
from adjudicator.engine.trace import Interpretation, Step
from adjudicator.record_ids import ID_PATTERN

TWO_PLAYERS = "metw:intro:using-this-rulesbook"  # Starter and Standard rules: a two-player game
OPPONENT_MAY_BE_LEFT_OUT = Interpretation(
    "a situation may leave out the opponent",
    TWO_PLAYERS,
    "the Starter and Standard rules are for two players (multi-player rules are in the Optional Rules, which the "
    "document lacks); a situation names one or both",
)


class MetwGame(Game):
    name = "metw"
    title = "Middle-earth: The Wizards"
    players = PlayerCount(1, 2, (TWO_PLAYERS,), "players", OPPONENT_MAY_BE_LEFT_OUT)
    stops = "N, the number of actions to replay, or a phase of the turn (site: stop where the site phase begins)"

    def schema(self) -> dict[str, Any]:
        from adjudicator.metw.engine.schema import SCHEMA

        return SCHEMA

    def load(self, file: str, text: str):
        from adjudicator.metw.engine.situation import load

        return load(file, text=text)

    def count_players(self, situation) -> int:
        return len(situation.game.players)

    def entry_expectations(self, situation, root, problems) -> list[E.Expectation]:
        out: list[E.Expectation] = []
        nodes = list(root.get("actions") or [])
        for action in situation.actions:
            node = nodes[action.index]
            at = f"results.{action.index}"
            block = node.get("expect")
            if block is not None:
                if not isinstance(block.value, dict):
                    problems.add(block, "a mapping of result keys and their values", "something else")
                    continue
                for key, child in block.items():
                    line = block.key_lines.get(key, (child.line, 0))[0]
                    out.append(E.Expectation(f"{at}.result.{key}", "subset", f"{at}.result.{key}", child.plain(), line))
            words = node.get("expect_error")
            if words is not None:
                text = str(words.value)
                path = f"{at}.illegal.rules" if ID_PATTERN.match(text) else f"{at}.illegal.reason"
                out.append(E.Expectation(f"{at} refused: {text}", "contains", path, text, words.line))
            key = node.get("expect_pending")
            if key is not None:
                out.append(E.Expectation(f"{at}.pending.key", "value", f"{at}.pending.key", key.value, key.line))
        return out

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
        from adjudicator.metw.engine.replay import replay

        from adjudicator.metw.engine.turn import PHASES

        stop_phase = stop.strip() if stop and stop.strip() in PHASES else None
        if stop and stop_phase is None and not stop.strip().isdigit():
            from adjudicator.engine.situation import did_you_mean
            from adjudicator.errors import InputError

            close = did_you_mean(stop.strip(), PHASES)
            raise InputError(f"--stop {stop!r}: expected the number of entries (actions) to replay or a phase of the turn "
                             f"({', '.join(PHASES)})", hint=f"did you mean {close[0]}?" if close else "")
        if stop and stop_phase is None:
            situation.actions = situation.actions[:entries_stop(stop, len(situation.actions))]
        run = replay(situation=situation, on_step=on_step, board=board, stop_at_illegal=strict, stop_phase=stop_phase)
        illegal, played_past = None, []
        if strict and run.illegal is not None:
            ill = run.illegal
            illegal = Violation(tuple(ill["rules"]), ill["reason"], situation.file, ill.get("line", 0))
        elif not strict:
            played_past = [Violation(tuple(e["illegal"]["rules"]), e["illegal"]["reason"], situation.file, e["line"],
                                     e["procedure"]) for e in run.results
                           if "illegal" in e and situation.actions[e["index"]].expect_error is None]
        extra = {"source": situation.source or None, "options": dict(situation.game.options.__dict__)}
        return ReplayResult("metw", situation.file, run.trace, title=situation.title, results=run.results,
                            illegal=illegal, violations=played_past, extra=extra)

    def check(self, situation, *, abilities: bool = True) -> CheckReport:
        from adjudicator.metw.engine.replay import check

        report = check(situation=situation)
        file = situation.file
        violations = [Violation(tuple(f["rules"]), f["what"], file, f.get("line") or 0, f.get("action"))
                      for f in report["findings"]]
        pending = report["pending"]
        return CheckReport("metw", file, violations, PendingDecision.from_dict(pending) if pending else None)

    def board(self, pic: dict[str, Any]) -> Board:
        rows: list[tuple[str, str]] = []
        turn = pic.get("turn") or {}
        if turn.get("phase"):
            rows.append(("turn", f"{turn.get('number')}: {turn.get('player')}'s {turn['phase']} phase"))
        for name, p in pic.get("players", {}).items():
            lost = " (lost)" if p.get("lost") else ""
            rows.append((f"{name}{lost}", "factions: " + (", ".join(p.get("factions") or []) or "-")
                         + "; marshalling point pile: " + (", ".join(p.get("mp_pile") or []) or "-")))
        for cname, comp in pic.get("companies", {}).items():
            members = [f"{n} ({c['state']}" + (f", {', '.join(c['items'])}" if c["items"] else "") + ")"
                       for n, c in pic.get("characters", {}).items() if c.get("company") == cname and c["state"] != "out"]
            where = comp["site"] + (f" → {comp['new_site']}" if comp.get("new_site") else "")
            rows.append((f"company {cname} at {where} ({comp['hazards_played']} hazards)", ", ".join(members) or "-"))
        tapped = [n for n, site in pic.get("sites", {}).items() if site.get("tapped")]
        if tapped:
            rows.append(("tapped sites", ", ".join(tapped)))
        out = [n for n, c in pic.get("characters", {}).items() if c["state"] == "out"]
        if out:
            rows.append(("out of play", ", ".join(out)))
        if pic.get("winner"):
            rows.append(("winner", ", ".join(pic["winner"]) if isinstance(pic["winner"], list) else str(pic["winner"])))
        return Board("after the action", tuple(rows))
