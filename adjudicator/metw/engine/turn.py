"""The player turn (Starter §4, Standard §4 Full Player Turn Summary): the six phases in
order, which phase each procedure belongs to, and what happens at each phase boundary.

- A situation may start in any phase (``phase:``); without one, the first procedure that
  belongs to a phase starts the turn there, and procedures that belong to no phase
  (corruption checks, marshalling points, a chain of effects) leave the turn where it is.
- A procedure of a later phase of the same turn walks the boundaries in between, each one a
  trace step citing its phase; a procedure of a phase already over is refused.  ``end_turn``
  passes the turn on (its untap phase starts the next turn); ``phase: {to: ...}`` moves on
  without a procedure.
- In the movement/hazard and site phases the companies go one at a time: naming another
  company ends the current company's part (a moving company arrives), and a company whose
  part is over takes no more actions in that phase.
- Boundaries: untap (what was not declared: tapped characters untap, wounded ones at a Haven
  heal); end of organization (orphaned followers placed, influence within its limits);
  long-event (long-events that end now leave play); start of movement/hazard (each company's
  size and hazard limit fixed); end of movement/hazard (moving companies arrive, joining
  companies combine); site (each company may explore once, one influence attempt in all);
  end of turn (effects "until the end of the turn" end).
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Change, Emitter, IllegalDecision, Interpretation

from . import citations as C
from .common import need
from .company import fix_size
from .movement import arrive, combine
from .organization import untap_phase
from .state import Game

PHASES = ("untap", "organization", "long-event", "movement/hazard", "site", "end-of-turn")
RECORD = {"untap": C.UNTAP_PHASE, "organization": C.ORGANIZATION_PHASE, "long-event": C.LONG_EVENT_PHASE,
          "movement/hazard": C.MOVEMENT_HAZARD_PHASE, "site": C.SITE_PHASE, "end-of-turn": C.END_OF_TURN_PHASE}
STEP = "turn"

# Where each procedure may run (in the order the turn reaches them); absent: any time.
HOME: dict[str, tuple[str, ...]] = {
    "untap_phase": ("untap",),
    "play_character": ("organization",), "organize": ("organization",),
    "transfer_item": ("organization",), "store_item": ("organization",),
    "long_event_phase": ("long-event",),
    "company_size": ("movement/hazard",), "move": ("movement/hazard",), "keying": ("movement/hazard",),
    "hazard": ("movement/hazard",),
    "attack": ("movement/hazard", "site"),
    "enter_site": ("site",), "influence_faction": ("site",), "influence_opponent": ("site",), "play_resource": ("site",),
    "on_guard": ("site",),
}
# Procedures that act for one company (in the movement/hazard and site phases, one at a time).
COMPANY_OF = {"company_size", "move", "keying", "hazard", "attack", "enter_site", "play_resource", "influence_faction",
              "influence_opponent"}


class PhaseReached(Exception):
    """The replay was asked to stop where this phase begins (``replay(stop_phase=...)``)."""

    def __init__(self, phase: str) -> None:
        super().__init__(phase)
        self.phase = phase


def _reached(game: Game) -> None:
    if game.turn.stop_at and game.turn.phase == game.turn.stop_at:
        raise PhaseReached(game.turn.phase)


def index(phase: str) -> int:
    return PHASES.index(phase)


def phases_for(procedure: str, params: dict[str, Any], card_phases: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The phases in which this action may run (empty: any time)."""
    if procedure == "attack" and params.get("automatic"):
        return ("site",)
    if procedure == "play":
        return card_phases
    return HOME.get(procedure, ())


def enter(game: Game, emit: Emitter, procedure: str, phases: tuple[str, ...]) -> None:
    """Bring the turn to a phase where ``procedure`` may run, or refuse it."""
    if not phases:
        return
    current = game.turn.phase
    if current is None:
        start(game, emit, phases[0], f"its first procedure ({procedure}) belongs to it")
        return
    if current in phases:
        return
    later = [p for p in phases if index(p) > index(current)]
    if not later:
        raise IllegalDecision(
            f"{procedure} belongs to the {' or '.join(phases)} phase; {game.turn_player}'s turn is already in its {current} "
            "phase (end_turn passes the turn on)", (RECORD[phases[0]], C.PLAYER_TURN))
    advance(game, emit, later[0])


def start(game: Game, emit: Emitter, phase: str, why: str) -> None:
    game.turn.phase = phase
    emit("phase-begins",
         f"the situation starts in the {phase} phase of {game.turn_player}'s turn {game.turn.number} ({why})",
         [RECORD[phase], C.PLAYER_TURN], [Change("turn", "phase", None, phase)], step=STEP, phase=phase)
    _begin(game, emit, phase)
    _reached(game)


def advance(game: Game, emit: Emitter, target: str) -> None:
    """End the current phase and each one up to ``target``, which begins."""
    if game.turn.phase is None:
        start(game, emit, target, "stated by phase:")
        return
    if index(target) <= index(game.turn.phase):
        raise IllegalDecision(f"the {target} phase of this turn is over ({game.turn_player}'s turn is in its {game.turn.phase} "
                              "phase); end_turn passes the turn on", (RECORD[target], C.PLAYER_TURN))
    while game.turn.phase != target:
        _end(game, emit, game.turn.phase)
        before = game.turn.phase
        game.turn.phase = PHASES[index(before) + 1]
        emit("phase-begins", f"{game.turn_player}'s {game.turn.phase} phase begins",
             [RECORD[game.turn.phase], C.PLAYER_TURN], [Change("turn", "phase", before, game.turn.phase)], step=STEP,
             phase=game.turn.phase)
        _begin(game, emit, game.turn.phase)
        _reached(game)


def end_turn(game: Game, emit: Emitter, decl: dict[str, Any]) -> dict[str, Any]:
    """Finish the turn (each phase left ends in order) and begin the next player's untap phase."""
    if game.turn.phase is None:
        start(game, emit, "end-of-turn", "end_turn")
    elif game.turn.phase != "end-of-turn":
        advance(game, emit, "end-of-turn")
    _end(game, emit, "end-of-turn")
    before = game.turn_player
    nxt = decl.get("next") or game.opponent(before) or before
    if nxt not in game.players:
        raise IllegalDecision(f"end_turn: {nxt!r} is not a player of this situation", (C.PLAYER_TURN,))
    game.turn_player = nxt
    game.turn.number += 1
    for company in game.companies.values():
        company.size_at_start, company.hazards_played, company.faced, company.faced_races = None, 0, [], []
        company.moved = company.returned = company.by_site_path = False
        company.origin = company.joins = company.split_at = ""
        company.entered = False
        company.site_attacks = []
        company.resource_played = ""
    game.turn.character_played = game.turn.influence_attempt = ""
    game.turn.untapped = False
    game.turn.phase = "untap"
    text = f"turn {game.turn.number}: {nxt}'s turn begins with the untap phase"
    if nxt == before:
        text += f" ({before}'s opponent is not described: his turn passes with nothing to replay)"
    emit("turn-begins", text, [C.PLAYER_TURN, C.UNTAP_PHASE], [Change("turn", "player", before, nxt)], step=STEP,
         phase="untap")
    _begin(game, emit, "untap")
    _reached(game)
    return {"turn": game.turn.number, "player": nxt, "phase": "untap"}


def to_phase(game: Game, emit: Emitter, decl: dict[str, Any]) -> dict[str, Any]:
    target = decl["to"]
    if target not in PHASES:
        raise IllegalDecision(f"no phase {target!r}; the phases are {', '.join(PHASES)}", (C.PLAYER_TURN,))
    if game.turn.phase != target:
        advance(game, emit, target)
    return {"turn": game.turn.number, "player": game.turn_player, "phase": game.turn.phase}


def company_turn(game: Game, emit: Emitter, company_name: str) -> None:
    """In the movement/hazard and site phases the companies take their parts one at a time."""
    phase = game.turn.phase
    if phase not in ("movement/hazard", "site") or company_name not in game.companies:
        return
    company = game.companies[company_name]
    if company.player != game.turn_player:
        return  # an opponent's company (a target of influence); not his part
    if company_name in game.turn.companies_done:
        raise IllegalDecision(f"{company_name}'s part of this {phase} phase is over (companies go one at a time)",
                              (RECORD[phase],))
    current = game.turn.company
    if current == company_name:
        return
    if current:
        finish_company(game, emit, current)
    game.turn.company = company_name
    emit("company-begins", f"{company_name} takes its part of the {phase} phase", [RECORD[phase]], step=STEP,
         phase=phase)


def finish_company(game: Game, emit: Emitter, company_name: str) -> None:
    company = game.companies[company_name]
    phase = game.turn.phase
    if phase == "movement/hazard":
        if company.new_site:
            arrive(game, emit, company)
        if company.joins:
            combine(game, emit, company)
        emit("hand-size", f"after {company_name}'s movement each player draws or discards to eight cards",
             [C.MOVEMENT_HAZARD_PHASE, C.HAND_SIZE_AFTER_MOVEMENT], step=STEP, phase=phase)
    game.turn.companies_done.append(company_name)
    game.turn.company = ""


def _begin(game: Game, emit: Emitter, phase: str) -> None:
    game.turn.company, game.turn.companies_done = "", []
    if phase == "organization":
        game.turn.short_of_influence = game.unused_gi(game.turn_player) < 0 if game.turn_player in game.players else False
    elif phase == "long-event":
        _long_events_end(game, emit)
    elif phase == "movement/hazard":
        for company in game.companies.values():
            if company.player == game.turn_player and company.size_at_start is None:
                fix_size(game, emit, company)
    elif phase == "site":
        game.turn.influence_attempt = ""
        for company in game.companies.values():
            company.entered = False
            company.site_attacks = []
            company.resource_played = ""
    elif phase == "end-of-turn":
        emit("hand-size", "each player may discard one card, then draws or discards to eight cards",
             [C.END_OF_TURN_PHASE], step=STEP, phase=phase)


def _end(game: Game, emit: Emitter, phase: str) -> None:
    if game.turn.company:
        finish_company(game, emit, game.turn.company)
    if phase == "untap" and not game.turn.untapped:
        emit("untap-default",
             "no untap declared: every tapped character untaps and every wounded character at a Haven heals",
             [C.UNTAP_PHASE, C.HEALING], step=STEP, phase=phase,
             interpretation=Interpretation("undeclared untap phase: untap and heal all", C.UNTAP_PHASE,
                                           "each character may untap or heal; doing so never hurts, so it is assumed"))
        untap_phase(game, emit, {"heal": "all"})
    elif phase == "organization":
        _organization_ends(game, emit)
    elif phase == "movement/hazard":
        for company in [c for c in game.companies.values() if c.player == game.turn_player]:
            if company.name not in game.turn.companies_done and (company.new_site or company.joins):
                finish_company(game, emit, company.name)
        _split_companies_stayed(game)
    elif phase == "end-of-turn":
        ending = [e for e in game.effects if e.until == "end-of-turn"]
        if ending:
            game.effects = [e for e in game.effects if e not in ending]
            emit("effects-end", "effects that last until the end of the turn end: "
                 + ", ".join(dict.fromkeys(e.card for e in ending)), [C.SHORT_EVENT], step=STEP, phase=phase)
    if phase in ("movement/hazard", "site"):
        game.turn.company, game.turn.companies_done = "", []


def _organization_ends(game: Game, emit: Emitter) -> None:
    player = game.turn_player
    # followers orphaned before this turn (one orphaned during it waits for the next organization phase)
    orphans = [c for c in game.player_characters(player) if c.orphaned_from is not None and c.orphaned_turn < game.turn.number]
    if orphans:
        names = [c.name for c in orphans]
        options = ["general influence", "discard"] + [c.name for c in game.player_characters(player)
                                                      if c.controller is None and c.orphaned_from is None and c.name not in names]
        need("organize.control", f"{', '.join(names)} lost {'their' if len(names) > 1 else 'his'} controller: in this organization "
             "phase each must be discarded, or placed under general influence or another character's direct influence "
             f"(organize: {{control: {{{names[0]}: ...}}}} or organize: {{discard: [{names[0]}]}})",
             options, [C.DIRECT_INFLUENCE], step="organization.orphans", player=player,
             example={"organize": {"control": {names[0]: "general influence"}}})
    gi = game.unused_gi(player)
    if gi < 0 and game.turn.short_of_influence:
        options = [c.name for c in game.player_characters(player)
                   if c.controller is None and not c.wizard and c.orphaned_from is None]
        need("organize.discard", f"{player}'s characters need {-gi} more general influence than is left: which of them are "
             "discarded at the end of this organization phase (organize: {discard: [...]})?", options,
             [C.INFLUENCE_EXCESS_DISCARD, C.DISCARDING_CHARACTERS], step="organization.discard", player=player,
             example={"organize": {"discard": options[:1]}})
    if gi < 0:
        raise IllegalDecision(f"at the end of the organization phase {player}'s characters need {-gi} more general influence than "
                              "is left; discard characters (organize: {discard: [...]}) or place them under direct influence",
                              (C.INFLUENCE_END_OF_ORG, C.INFLUENCE_EXCESS_DISCARD))


def _split_companies_stayed(game: Game) -> None:
    """Standard §5: of the companies that split at a non-Haven site, only one may stay there."""
    stayed: dict[str, list[str]] = {}
    for company in game.companies.values():
        if company.split_at and company.player == game.turn_player and company.site == company.split_at and not company.moved:
            stayed.setdefault(company.split_at, []).append(company.name)
    for site, names in stayed.items():
        if len(names) > 1:
            raise IllegalDecision(f"{' and '.join(names)} split at {site} and all stayed there; only one of them may remain",
                                  (C.SPLITTING, C.SPLITTING_SAME_SITE))


def _long_events_end(game: Game, emit: Emitter) -> None:
    """Your resource long-events and your opponent's hazard long-events leave play."""
    player = game.turn_player
    ending = [e for e in game.effects if e.until == "long-event" and e.ends_for == player]
    if ending:
        game.effects = [e for e in game.effects if e not in ending]
        names = list(dict.fromkeys(e.card for e in ending))
        game.discarded += names
        emit("long-events-end", f"long-events that last until {player}'s long-event phase leave play: "
             + ", ".join(names), [C.LONG_EVENT_PHASE, C.LONG_EVENT], step=STEP, phase="long-event")
