"""Replaying a METW situation file: each action runs one procedure of the rules, writes
its steps (each citing the section that decides it) to the trace; the shared checker
(adjudicator.engine.expect) compares the results with the values the file expects.  `check` reports illegal positions and declarations.

    from adjudicator.metw.engine import replay, check
    run = replay("scenarios/metw/ex09_faramir_huorn.yaml", on_step=print)
    run.trace.to_dict(); run.results; run.illegal
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from adjudicator.engine import DecisionNeeded, Emitter, IllegalDecision, Trace
from adjudicator.errors import AdjudicatorError

from . import citations as C
from .chain import resolve_chain, reveal_on_guard
from .combat import attack
from .company import MAX_SIZE, company_size, fix_size, play_hazard
from .corruption import bands, corruption_check, corruption_points
from .council import free_council, may_call, totals
from .influence import accounting, influence_faction, influence_opponent, play_character, report_accounting
from .decks import validate_setup
from .movement import keying, move
from . import cards, turn
from .organization import give_up_item, long_event_phase, organize, untap_phase
from .site import enter_site, play_resource
from .situation import Action, Situation, load, make_ally, make_character, make_creature, make_faction, make_item
from .state import Game


@dataclass
class Run:
    situation: Situation
    trace: Trace
    results: list[dict[str, Any]] = field(default_factory=list)
    illegal: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        out = self.trace.to_dict()
        out["title"] = self.situation.title
        out["source"] = self.situation.source or None
        out["options"] = dict(self.situation.game.options.__dict__)
        out["results"] = self.results
        out["illegal"] = self.illegal
        return out


def _creature(sit: Situation, ref: Any):
    if isinstance(ref, str):
        data = {"name": ref, **sit.library["creatures"].get(ref, {})}
    else:
        data = {**sit.library["creatures"].get(ref.get("name"), {}), **ref}
    return make_creature(data)


def _faction(sit: Situation, ref: Any):
    if isinstance(ref, str):
        return make_faction({"name": ref, **sit.library["factions"].get(ref, {})})
    return make_faction({**sit.library["factions"].get(ref.get("name"), {}), **ref})


def _card(sit: Situation, kind: str, ref: Any, maker):
    data = {"name": ref, **sit.library[kind].get(ref, {})} if isinstance(ref, str) else {**sit.library[kind].get(ref.get("name"), {}), **ref}
    return maker(data)


def _company(game: Game, name: str):
    if name not in game.companies:
        raise IllegalDecision(f"no company named {name!r}", (C.COMPANIES,))
    return game.companies[name]


def _card_phases(sit: Situation, action: Action) -> tuple[str, ...]:
    """The phases in which the card an action plays may be played (``play``)."""
    if action.procedure != "play":
        return ()
    return cards.phases(sit.library["events"].get(action.params.get("card"), {}))


def _acting_company(sit: Situation, proc: str, p: dict[str, Any]) -> str:
    """The company an action is for (movement/hazard and site phases go company by company);
    a hazard card is for the company it is played on."""
    game = sit.game
    if proc == "play" and sit.library["events"].get(p.get("card"), {}).get("side") == "hazard":
        who = game.characters.get(p.get("target") or "")
        return p.get("company") or (who.company if who is not None else "")
    if proc not in turn.COMPANY_OF:
        return ""
    if p.get("company"):
        return p["company"]
    who = game.characters.get(p.get("character") or p.get("influencer") or "")
    return who.company if who is not None else ""


def run_action(sit: Situation, emit: Emitter, action: Action) -> dict[str, Any]:
    game, p = sit.game, action.params
    proc = action.procedure
    if proc == "end_turn":
        return turn.end_turn(game, emit, p)
    if proc == "phase":
        return turn.to_phase(game, emit, p)
    turn.enter(game, emit, proc, turn.phases_for(proc, p, _card_phases(sit, action)))
    acting = _acting_company(sit, proc, p)
    if acting:
        turn.company_turn(game, emit, acting)
    if proc == "organize":
        return organize(game, emit, p)
    if proc == "enter_site":
        return enter_site(game, emit, p)
    if proc == "play_resource":
        item = _card(sit, "items", p["item"], make_item) if p.get("item") is not None else None
        ally = _card(sit, "allies", p["ally"], make_ally) if p.get("ally") is not None else None
        if (item is None) == (ally is None):
            raise IllegalDecision("play_resource plays one item or one ally", (C.RESOURCE_CARDS,))
        if p.get("minor_item"):
            p = {**p, "minor_item": {**p["minor_item"], "item": _card(sit, "items", p["minor_item"]["item"], make_item)}}
        return play_resource(game, emit, p, item, ally)
    if proc == "play":
        return cards.play(game, emit, sit.library, p)
    if proc == "company_size":
        return fix_size(game, emit, _company(game, p["company"]), int(p.get("limit_modifier", 0)))
    if proc == "hazard":
        return play_hazard(game, emit, _company(game, p["company"]), p.get("card", "hazard"), counts=p.get("counts", True),
                           limit_modifier=int(p.get("limit_modifier", 0)))
    if proc == "move":
        return move(game, emit, p)
    if proc == "keying":
        _company(game, p["company"])
        return keying(game, emit, p, _creature(sit, p["creature"]) if p.get("creature") is not None else None)
    if proc == "attack":
        company = _company(game, p["company"])
        return attack(game, emit, company, _creature(sit, p["creature"]), p, sit.library)
    if proc == "corruption_check":
        return corruption_check(game, emit, p)
    if proc == "corruption_bands":
        char = game.characters[p["character"]]
        points, parts = corruption_points(char)
        modifier = char.corruption_modifier + sum(int(m.get("value", 0)) for m in p.get("modifiers", []) or [])
        band = bands(points, modifier)
        emit("bands",
             f"{char.name}: {points} points ({', '.join(parts) or 'none'}), modifier {modifier:+d}: discarded on "
             f"{band['discarded'] or 'no roll'}, eliminated on {band['eliminated'] or 'no roll'}",
             [C.CORRUPTION_CHECKS, C.CORRUPTION_POINTS, C.CHECK_MODIFIERS], step="corruption.bands", phase="corruption")
        return {"points": points, "modifier": modifier, **band}
    if proc == "influence_accounting":
        out = {}
        for player in ([p["player"]] if p.get("player") else list(game.players)):
            out[player] = report_accounting(game, emit, player)
            for comp in game.companies.values():
                if comp.player == player:
                    out[player].setdefault("sizes", {})[comp.name] = company_size(game, comp.name)
        return out if not p.get("player") else out[p["player"]]
    if proc == "play_character":
        def build(ref):
            data = {"name": ref, **sit.library["characters"].get(ref, {})} if isinstance(ref, str) else \
                {**sit.library["characters"].get(ref.get("name"), {}), **ref}
            player = p.get("player") or game.turn_player
            from adjudicator.engine.situation import Node, Problems
            return make_character(data, player, p.get("company", ""), sit.library, Problems(sit.file), Node(data, action.line, 1))
        return play_character(game, emit, p, build)
    if proc == "influence_faction":
        return influence_faction(game, emit, p, _faction(sit, p["faction"]))
    if proc == "influence_opponent":
        return influence_opponent(game, emit, p)
    if proc == "marshalling_points":
        return totals(game, emit, p.get("reveals"))
    if proc == "may_call_council":
        return may_call(game, emit, p)
    if proc == "free_council":
        return free_council(game, emit, p)
    if proc == "chain":
        return resolve_chain(game, emit, p)
    if proc == "on_guard":
        return reveal_on_guard(game, emit, p)
    if proc == "untap_phase":
        return untap_phase(game, emit, p)
    if proc == "transfer_item":
        return give_up_item(game, emit, p, store=False)
    if proc == "store_item":
        return give_up_item(game, emit, p, store=True)
    if proc == "long_event_phase":
        return long_event_phase(game, emit, p)
    if proc == "setup":
        return validate_setup(game, emit, p, sit.library)
    if proc == "set_state":
        char = game.characters[p["character"]]
        before = char.state
        char.state = p["state"]
        from adjudicator.engine import Change

        emit("state", f"{p.get('by', 'a card')}: {char.name} {before} → {char.state}", [C.ACTIONS, C.TAPPING],
             [Change(char.name, "state", before, char.state)], step="card-effect", phase="action")
        return {"character": char.name, "state": char.state}
    raise IllegalDecision(f"unknown procedure {proc!r}", (C.ACTIONS,))


def replay(path: str | Path | None = None, *, text: str | None = None, situation: Situation | None = None,
           on_step: Callable | None = None, stop_at_illegal: bool = True, board: bool = False,
           stop_phase: str | None = None) -> Run:
    """Run the situation's actions in order.  Whether each came to the values the file
    expects is for the shared checker (adjudicator.engine.expect) to say; ``expect_error``
    and ``expect_pending`` only let the replay go on past a refusal or a stop the file
    foresees.  ``board``: a snapshot of the state after each action (before a what-if
    branch is undone).  ``stop_phase``: stop where that phase of the turn begins (the action
    that would go on is not run)."""
    sit = situation or load(path, text=text)
    if stop_phase is not None and stop_phase not in turn.PHASES:
        from adjudicator.errors import InputError

        raise InputError(f"stop at {stop_phase!r}: expected a phase of the turn: {', '.join(turn.PHASES)}")
    sit.game.turn.stop_at = stop_phase or ""
    trace = Trace("metw", on_step=on_step)
    emit = Emitter(trace)
    opts = sit.game.options
    emit("rules",
         f"{opts.rules} rules; readings: mp_half_cap={opts.mp_half_cap}, excess_strikes_basis={opts.excess_strikes_basis}, "
         f"on_guard_rule={opts.on_guard_rule}, long_event_order={opts.long_event_order}",
         ["metw:standard:part" if opts.standard else "metw:starter:part"], phase="setup")
    run = Run(sit, trace)
    try:
        if sit.start_phase:
            turn.start(sit.game, emit, sit.start_phase, "stated by phase:")
        else:
            first = next(((a.procedure, phases) for a in sit.actions
                          if (phases := turn.phases_for(a.procedure, a.params, _card_phases(sit, a)))), None)
            if first is not None:
                turn.start(sit.game, emit, first[1][0], f"its first procedure ({first[0]}) belongs to it")
    except turn.PhaseReached as reached:
        _stopped(emit, reached.phase, None)
        trace.final_state = sit.game.picture()
        return run
    for action in sit.actions:
        entry: dict[str, Any] = {"index": action.index, "procedure": action.procedure, "line": action.line}
        if action.reading:
            entry["reading"] = action.reading
        state_before = copy.deepcopy(sit.game)
        try:
            entry["result"] = run_action(sit, emit, action)
        except turn.PhaseReached as reached:
            _stopped(emit, reached.phase, action)
            break
        except DecisionNeeded as stop:
            sit.game = state_before
            trace.pending = stop.pending
            entry["pending"] = stop.pending.to_dict()
            run.results.append(entry)
            if action.expect_pending and action.expect_pending == stop.pending.key:
                trace.pending = None
                continue
            break
        except IllegalDecision as exc:
            sit.game = state_before
            entry["illegal"] = {"reason": exc.reason, "rules": list(exc.rules), "line": action.line}
            emit("illegal", f"line {action.line}: {exc.reason}", list(exc.rules) or [C.ACTIONS], phase="check")
            if action.expect_error is not None:
                run.results.append(entry)
                continue
            run.illegal = entry["illegal"]
            run.results.append(entry)
            if stop_at_illegal:
                break
            continue
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, AdjudicatorError):
                raise
            # a parameter the schema lets through but the procedure cannot use
            from adjudicator.errors import InputError

            raise InputError(f"{sit.file}:{action.line}: {action.procedure}: cannot use these parameters ({type(exc).__name__}: {exc})") from None
        if board:
            trace.snapshot(sit.game.picture())
        if action.branch:
            sit.game = state_before
            entry["branch"] = True
            emit("branch-end", "what-if branch ends: the position returns to what it was before it", [C.ACTIONS],
                 phase="setup")
        run.results.append(entry)
    trace.final_state = sit.game.picture()
    return run


def _stopped(emit: Emitter, phase: str, action: Action | None) -> None:
    emit("replay-stopped", f"the replay stops where the {phase} phase begins (asked for)"
                           + (f"; line {action.line} ({action.procedure}) and the actions after it are not replayed" if action else ""),
         [turn.RECORD[phase]], step=turn.STEP, phase=phase)


def position_findings(game: Game) -> list[dict[str, Any]]:
    """Illegal things in the described position itself, each with its rule."""
    findings: list[dict[str, Any]] = []
    for player in game.players:
        for p in accounting(game, player)["problems"]:
            findings.append({"what": p["what"], "rules": [p["rule"]]})
    for comp in game.companies.values():
        size = company_size(game, comp.name)
        site = game.sites.get(comp.site)
        if size > MAX_SIZE and not (site and site.haven):
            findings.append({"what": f"{comp.name} has size {size}; away from a Haven a company is limited to {MAX_SIZE}",
                             "rules": [C.COMPANIES]})
        limit = max(2, size)
        if comp.hazards_played > limit:
            findings.append({"what": f"{comp.name} received {comp.hazards_played} hazards, its hazard limit is {limit}",
                             "rules": [C.HAZARD_LIMIT]})
        for c in game.company_members(comp.name):
            if c.controller and c.controller in game.characters:
                boss = game.characters[c.controller]
                if boss.company != comp.name and game.companies.get(boss.company) and game.companies[boss.company].site != comp.site:
                    findings.append({"what": f"{c.name} follows {boss.name} but is not at his site", "rules": [C.DIRECT_INFLUENCE]})
    return findings


def check(path: str | Path | None = None, *, text: str | None = None, situation: Situation | None = None) -> dict[str, Any]:
    """Every illegal position and declaration a situation file holds (empty: all legal)."""
    sit = situation or load(path, text=text)
    path = path or sit.file
    findings = position_findings(sit.game)
    run = replay(situation=sit, stop_at_illegal=False)
    for entry in run.results:
        action = sit.actions[entry["index"]]
        if "illegal" in entry and action.expect_error is None:
            findings.append({"what": entry["illegal"]["reason"], "rules": entry["illegal"]["rules"], "line": entry["line"],
                             "action": entry["procedure"]})
        res = entry.get("result")
        if isinstance(res, dict) and res.get("legal") is False and not action.expect:  # a what-if the file foresees
            for p in res.get("problems") or [{"what": f"{entry['procedure']}: not legal", "rules": []}]:
                findings.append({"what": p["what"], "rules": p.get("rules", []), "line": entry["line"], "action": entry["procedure"]})
    return {"file": str(path) if path else "<text>", "legal": not findings, "findings": findings,
            "pending": run.trace.pending.to_dict() if run.trace.pending else None}
