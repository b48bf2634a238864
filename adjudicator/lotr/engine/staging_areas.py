"""Separate staging areas (Foundations of Stone, Flies and Spiders, Escape from Mount Gram, Fog on
the Barrow-Downs): a player, or a group of players, with a staging
area of their own, its own active location and quest stage.

The Quest Companion's rulings on creating one say the same thing for every such scenario: the phases
still come in turn order, starting with the first player, but each phase resolves at each staging area
as if only the players sharing it were in the game.  The engine does exactly that: a phase from the
resource phase to the combat phase is run once per staging area (`passes`), in player order (the area
of the first player first), and while it runs (`viewing`) the game's own fields show that area -- its
staging area, active location, quest stage and quest deck -- and ``players`` holds that area's players
only.  Every rule of the phase (staging one card per player, quest resolution against that staging
area's threat, an unsuccessful quest raising those players' threat, travel, engagement checks, combat)
and every card effect then reaches only the players and cards at that area.  The refresh phase and the
round's beginning and end resolve once for the whole table (they touch only each player's own cards,
and the first player token keeps moving around the whole table: the rulings' "which continues to
move").  What stays the whole table's: the encounter deck and its discard pile, the victory display,
and the uniqueness rule (FAQ Q37: a unique card in play at one area stops a copy being played at another:
`every_card_in_play`).

The scenario's row in rules_db/lotr/staging_areas.yaml names the rulings cited and what an area's players
do when their quest stage is complete: join another staging area at the beginning of the travel phase
(Foundations of Stone), combine with the main staging area at the end of the quest phase (Flies and
Spiders), both done by `merge`.
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Iterator

from adjudicator.engine.decisions import Option
from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.encounter_events import StageAdvanced
from adjudicator.lotr.engine.area_events import MovedBetweenAreas, AreaChosen, AreaNoneToJoin, AreaPhaseBegins, AreasJoined
from adjudicator.lotr.engine.state import Card, Game, StagingArea
from adjudicator.paths import RULES_DB
from adjudicator.yamlio import load_yaml

MAIN = "the main staging area"
# the phases that resolve once per staging area
PER_AREA = ("resource", "planning", "quest", "travel", "encounter", "combat")

FIRST_AT_AREA = Interpretation(
    "the first player among an area's players acts as first player there",
    C.FIRST_PLAYER,
    "a phase resolves at each staging area as if only its players were in the game; where the first player is "
    "at another area, the first of that area's players in player order takes the first player's decisions there",
)
COMBINE_LOCATION = Interpretation(
    "an active location left behind when staging areas combine is discarded",
    C.ACTIVE_LOCATION,
    "the ruling on combining names the enemies and locations of the staging area only; the engine discards the "
    "active location of the area left behind, as the rulings on joining another player do",
)


@lru_cache(maxsize=1)
def rules() -> dict[str, dict[str, Any]]:
    """Each scenario with separate staging areas -> its row (rules_db/lotr/staging_areas.yaml)."""
    path = RULES_DB / "lotr" / "staging_areas.yaml"
    return dict((load_yaml(path) or {}).get("scenarios") or {}) if path.is_file() else {}


def cited_rulings() -> set[str]:
    """Every record id the scenarios' rows name (a test checks they exist)."""
    out: set[str] = set()
    for row in rules().values():
        out |= {v for k, v in row.items() if k in ("create", "unique", "apart", "side_quests", "moves")}
        if row.get("choose"):
            out.add(row["choose"]["ruling"])
        if row.get("join"):
            out.add(row["join"]["ruling"])
        if row.get("rival"):
            out.add(row["rival"]["ruling"])
    return out


def separate(g: Game) -> bool:
    return bool(g.areas)


def _create(g: Game) -> tuple[str, ...]:
    return (g.area_rules["create"],) if g.area_rules.get("create") else ()


def main_players(g: Game) -> list[str]:
    """The players at the main staging area: those at no separate one."""
    apart = {n for a in g.areas for n in a.players}
    return [p.name for p in (g.everyone or g.players) if p.name not in apart]


def _order(g: Game) -> list[str]:
    players = g.everyone or g.players
    n = len(players)
    first = g.home_first if g.everyone else g.first
    return [players[(first + i) % n].name for i in range(n)]


def passes(g: Game) -> list[StagingArea]:
    """The staging areas a phase resolves at, in player order: the main one (a view of the game's own
    fields) and each separate one, each from the position of its earliest player; an area with no
    player still in is passed over."""
    main = StagingArea(MAIN, main_players(g), g.staging, g.active_location, g.quest, g.quest_deck)
    order = _order(g)
    alive = {p.name for p in g.players if not p.eliminated}
    areas = [a for a in [main, *g.areas] if any(n in alive for n in a.players)]
    return sorted(areas, key=lambda a: min(order.index(n) for n in a.players if n in alive))


@contextmanager
def viewing(r: Replay, area: StagingArea, phase: str) -> Iterator[None]:
    """Resolve a phase at ``area``: the game's fields show it, and its players alone are in the game."""
    g = r.g
    home = (g.players, g.first, g.staging, g.active_location, g.quest, g.quest_deck)
    order = _order(g)
    members = [p for p in g.players if p.name in area.players]
    g.everyone, g.home_first = g.players, g.first
    g.viewing, g.main_staging, g.main_location, g.main_area_quest = area.name, home[2], home[3], home[4]
    g.players = members
    first = min(members, key=lambda p: order.index(p.name) if not p.eliminated else len(order))
    g.first = members.index(first)
    if area.name != MAIN:
        g.staging, g.active_location, g.quest, g.quest_deck = area.staging, area.active_location, area.quest, area.quest_deck
    moved = first is not home[0][home[1]]
    r.emit(AreaPhaseBegins(phase=phase, area=area.name, players=tuple(p.name for p in members)),
           _create(g) + ((C.FIRST_PLAYER,) if moved else ()), interpretation=FIRST_AT_AREA if moved else None)
    try:
        yield
    finally:
        if area.name == MAIN:
            home = (home[0], home[1], g.staging, g.active_location, g.quest, g.quest_deck)
        else:
            area.staging, area.active_location, area.quest, area.quest_deck = g.staging, g.active_location, g.quest, g.quest_deck
        first_home = g.home_first
        g.players, g.first, g.staging, g.active_location, g.quest, g.quest_deck = home
        g.first = first_home
        g.everyone = None
        g.viewing, g.main_staging, g.main_location, g.main_area_quest = "", None, None, None


def every_card_in_play(g: Game) -> Iterator[Card]:
    """Every card in play at every staging area and in every player's play area (the uniqueness rule
    counts them all: FAQ Q37).  Without separate staging areas: the game's cards in play."""
    yield from g.cards_in_play()
    if not g.areas and g.everyone is None:
        return
    here = {id(p) for p in g.players}
    for p in g.everyone or g.players:
        if not p.eliminated and id(p) not in here:
            yield from p.cards_in_play()
    seen = {id(g.staging)}
    for a in g.areas:
        if id(a.staging) in seen:  # the area being resolved: already counted
            continue
        for c in a.staging:
            yield c
            yield from c.attachments
        if a.active_location is not None:
            yield a.active_location
        if a.quest is not None:
            yield a.quest
    if g.main_staging is not None and id(g.main_staging) not in seen:  # resolving at another area: the main one's cards
        for c in g.main_staging:
            yield c
            yield from c.attachments
        yield from (c for c in (g.main_location, g.main_area_quest) if c is not None)


def elsewhere(g: Game, card: Card) -> bool:
    """Whether ``card`` is in play away from the players and cards now resolving (another staging area)."""
    return g.everyone is not None and not any(c is card for c in g.cards_in_play())


def apart_rulings(g: Game, name: str) -> tuple[str, ...]:
    """A card named by a player's decision is not where they are but at another staging area: the records
    saying they cannot reach it (cited beside the refusal)."""
    if g.everyone is None or not name:
        return ()
    here = {id(c) for c in g.cards_in_play()}
    key = name.split("#")[0].casefold()
    if not any(id(c) not in here and (c.label.casefold() == name.casefold() or c.name.casefold() == key) for c in every_card_in_play(g)):
        return ()
    rule = g.area_rules.get("apart") or g.area_rules.get("create")
    return (rule,) if rule else ()


def side_quest_rulings(g: Game) -> tuple[str, ...]:
    """While a phase resolves at one of several staging areas: the scenario's ruling on side quests there (a
    player side quest goes into its controller's staging area; the first player at that area chooses)."""
    rule = g.area_rules.get("side_quests") if g.everyone is not None else None
    return (rule,) if rule else ()


def unique_rulings(g: Game) -> tuple[str, ...]:
    """The records cited when a unique card in play at another staging area stops a copy being played."""
    rule = g.area_rules.get("unique") or g.area_rules.get("create")
    return (rule,) if rule else ()


# -- a completed stage at a separate area: join or combine -------------------------------------


def stage_complete(r: Replay) -> bool:
    """Asked when the quest stage being resolved has its quest points: at a separate staging area of a
    scenario whose players join or combine once their stage is complete, the stage does not advance;
    its players wait for the moment the scenario's row names (True)."""
    g = r.g
    rule = g.area_rules.get("join")
    return bool(rule) and rule.get("when") == "complete" and g.everyone is not None and any(a.staging is g.staging for a in g.areas)


def at_step(r: Replay, sid: str) -> None:
    """At the framework step a scenario's row names (the beginning or the end of a phase, at the whole
    table): each player chooses their staging area, or each separate area whose stage is complete joins
    another or combines, in player order."""
    g = r.g
    choose = g.area_rules.get("choose")
    if choose and str(choose.get("at")) == sid:
        _choose_areas(r, sid, choose)
    rule = g.area_rules.get("join")
    if not rule or str(rule.get("at")) != sid:
        return
    order = _order(g)

    def leaving(a: StagingArea) -> bool:
        if rule["when"] == "told":
            return a.joining
        return a.quest is not None and a.quest.progress >= a.quest.stat("quest_points") > 0

    done = [a for a in g.areas if leaving(a)]
    done.sort(key=lambda a: min(order.index(n) for n in a.players))
    for area in done:
        if area not in g.areas:
            continue
        if rule["then"] == "combine":
            merge(r, area, None, rule, how="combine")
            continue
        alive = {p.name for p in (g.everyone or g.players) if not p.eliminated}
        targets = [a.name for a in g.areas if a is not area and alive & set(a.players)] + ([MAIN] if alive & set(main_players(g)) else [])
        if not targets:
            _none_to_join(r, area, rule)
            continue
        first = next(n for n in order if n in area.players)
        entry = r.take((sid,), "join", first)
        if entry is None and len(targets) > 1:
            r.ask("join", f"Which staging area do {', '.join(area.players)} join?",
                  [Option(t, t, (rule["ruling"],)) for t in targets], (rule["ruling"],), first,
                  {"step": sid, "player": first, "join": targets[0]})
        into = targets[0] if entry is None else str(entry.get("join"))
        if into not in targets:
            r.illegal(entry, f"{into!r} is not another staging area ({', '.join(targets)})", (rule["ruling"],))
            return
        merge(r, area, None if into == MAIN else next(a for a in g.areas if a.name == into), rule)


def merge(r: Replay, area: StagingArea, into: StagingArea | None, rule: dict, how: str = "join") -> None:
    """``area``'s players join ``into`` (None: the main staging area): its encounter cards are added to
    that staging area, their engaged enemies stay engaged, its active location is discarded and its
    quest stage leaves play (completed: to the stages the players defeated).  Combining (Flies and
    Spiders) moves the enemies and locations, and the group goes on at the next stage."""
    g = r.g
    dest = g.staging if into is None else into.staging
    moved = [c for c in area.staging if how == "join" or c.type in ("enemy", "location")]
    left = [c for c in area.staging if c not in moved]
    dest.extend(moved)
    changes = [change(c.label, "zone", f"staging area at {area.name}", MAIN if into is None else f"staging area at {into.name}") for c in moved]
    discarded = ""
    if area.active_location is not None:
        discarded = area.active_location.label
        g.encounter_discard.insert(0, area.active_location)
        changes.append(change(discarded, "zone", f"active location at {area.name}", "encounter discard pile"))
    for c in left:
        g.encounter_discard.insert(0, c)
    stage = area.quest
    if stage is not None and stage.progress >= stage.stat("quest_points") > 0:  # completed: defeated; else it just leaves play
        g.defeated_stages.append(stage)
    g.areas.remove(area)
    if into is not None:
        into.players.extend(area.players)
    kept = tuple(e.label for p in (g.everyone or g.players) if p.name in area.players for e in p.engaged)
    rules = (rule["ruling"],) + ((C.ENGAGED,) if kept else ()) + ((C.ACTIVE_LOCATION,) if discarded else ())
    interp = COMBINE_LOCATION if how == "combine" and discarded else None
    r.emit(AreasJoined(area=area.name, into=MAIN if into is None else into.name, players=tuple(area.players),
                       moved=tuple(c.label for c in moved), kept=kept, discarded=discarded,
                       stage=stage.label if stage else "", how=how), rules, changes, interp)
    if how == "combine" and area.quest_deck:  # the group goes on at the stage after the completed one
        nxt = area.quest_deck[0]
        before = g.quest.label if g.quest else None
        if g.quest is not None:  # the other players' stage leaves play as the whole group goes on (an interpretation)
            g.defeated_stages.append(g.quest)
        g.quest = nxt
        g.quest_deck = area.quest_deck[1:] + [q for q in g.quest_deck if q is not nxt]
        r.emit(StageAdvanced(from_stage=stage.label if stage else "", to_stage=nxt.label, progress=stage.progress if stage else 0,
                             quest_points=stage.stat("quest_points") if stage else 0),
               (rule["ruling"], C.QUEST_ADVANCEMENT), [change("quest", "stage", before, nxt.label)])


def _none_to_join(r: Replay, area: StagingArea, rule: dict) -> None:
    """No other staging area to join: the area's players go on to the next stage (they are the whole
    group now: the area becomes the main one)."""
    g = r.g
    r.emit(AreaNoneToJoin(area=area.name), (rule["ruling"],))
    g.areas.remove(area)
    if g.quest is not None:
        g.defeated_stages.append(g.quest)
    g.staging.extend(area.staging)
    g.active_location = g.active_location or area.active_location
    done = area.quest
    g.quest = area.quest_deck[0] if area.quest_deck else None
    g.quest_deck = area.quest_deck[1:]
    if done is not None:
        g.defeated_stages.append(done)
        r.emit(StageAdvanced(from_stage=done.label, to_stage=g.quest.label if g.quest else "", progress=done.progress,
                             quest_points=done.stat("quest_points")), (rule["ruling"], C.QUEST_ADVANCEMENT),
               [change("quest", "stage", done.label, g.quest.label if g.quest else None)])



def _choose_areas(r: Replay, sid: str, rule: dict) -> None:
    """Each player, the first player first, chooses the staging area (the stage) they are at until the next
    round; several may choose the same one.  Engaged enemies stay engaged with their player."""
    g = r.g
    names = [MAIN] + [a.name for a in g.areas]
    for name in _order(g):
        p = g.player(name)
        if p is None or p.eliminated:
            continue
        now = next((a.name for a in g.areas if name in a.players), MAIN)
        entry = r.take((sid,), "stage", name)
        if entry is None:
            r.ask("stage", f"Which stage is {name} at this round? (each player chooses, the first player first)",
                  [Option(n, n, (rule["ruling"],)) for n in names], (rule["ruling"],), name,
                  {"step": sid, "player": name, "stage": now})
        pick = str(entry.get("stage"))
        if pick not in names:
            r.illegal(entry, f"{pick!r} is not a stage in play ({', '.join(names)})", (rule["ruling"],))
            return
        for a in g.areas:
            if name in a.players:
                a.players.remove(name)
        if pick != MAIN:
            next(a for a in g.areas if a.name == pick).players.append(name)
        kept = tuple(e.label for e in p.engaged)
        r.emit(AreaChosen(player=name, area=pick, before=now, kept=kept), (rule["ruling"],) + ((C.ENGAGED,) if kept and pick != now else ()),
               [change(name, "stage", now, pick)] if pick != now else [])


def move(r: Replay, card: Card, direction: str, cites: tuple[str, ...], cause=None) -> bool:
    """``card`` moves west or east (The Siege of Erebor): it is added to the nearest other staging area that
    way, the areas in the order the situation lists them, the main one first (westmost).  A card at the
    last staging area that way cannot move (False, said in the trace)."""
    g = r.g
    order = [MAIN] + [a.name for a in g.areas]
    here = g.viewing or MAIN
    lists = {a.name: a.staging for a in g.areas}
    lists[MAIN] = g.main_staging if g.main_staging is not None else g.staging
    lists[here] = g.staging
    if not any(c is card for c in g.staging):
        return False
    i = order.index(here)
    j = i - 1 if direction == "west" else i + 1
    rule = (g.area_rules.get("moves"),) if g.area_rules.get("moves") else ()
    if j < 0 or j >= len(order):
        r.emit(MovedBetweenAreas(card=card.label, direction=direction, from_area=here, cause=cause), tuple(cites) + rule)
        return False
    g.staging.remove(card)
    lists[order[j]].append(card)
    r.emit(MovedBetweenAreas(card=card.label, direction=direction, from_area=here, to_area=order[j], cause=cause), tuple(cites) + rule,
           [change(card.label, "zone", f"staging area at {here}", f"staging area at {order[j]}")])
    return True
