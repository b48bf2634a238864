"""The story track: current stage, Shadow Pool cap, dominance, the Story step, the Finale
check, minion entry, and the leftmost-marker advance used by resting and defeat."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.engine import Change

from . import citations as C
from .context import Context
from .influence import trim_influence
from .state import SAURON_MARKERS, State


def current_stage(state: State) -> int:
    """The rightmost stage holding any story marker."""
    return state.track.stage_of(max(state.markers.values()))


def shadow_pool_cap(state: State) -> int:
    return 4 * current_stage(state)


@dataclass
class Dominance:
    heroes: int  # the heroes' count
    closest: int  # Sauron's closest marker's distance to the Finale
    cumulative: int  # spaces all Sauron markers need to reach The Shadow Falls
    side: str | None  # "heroes", "sauron" or None

    @property
    def sauron(self) -> int:
        return min(self.closest, self.cumulative)


def counts(state: State) -> Dominance:
    track = state.track
    heroes = track.finale - state.markers["heroes"]
    closest = min(track.finale - state.markers[m] for m in SAURON_MARKERS)
    cumulative = sum(max(0, track.shadow_falls - state.markers[m]) for m in SAURON_MARKERS)
    sauron = min(closest, cumulative)
    side = "heroes" if heroes < sauron else "sauron" if sauron < heroes else None
    return Dominance(heroes, closest, cumulative, side)


def advanced_steps(state: State) -> tuple[int | None, int | None]:
    """Story steps each side needs to trigger the Finale with the current plots (optional rule)."""
    track = state.track
    hero_steps = -(-(track.finale - state.markers["heroes"]) // 2)
    per_step = {m: 0 for m in SAURON_MARKERS}
    for plot in state.plots:
        if plot is not None:
            per_step[plot.marker] += plot.advance
    sauron_steps = None
    positions = {m: state.markers[m] for m in SAURON_MARKERS}
    for n in range(0, track.finale + 1):
        if any(p >= track.finale for p in positions.values()) or all(
            p >= track.shadow_falls for p in positions.values()
        ):
            sauron_steps = n
            break
        positions = {m: min(track.finale, p + per_step[m]) for m, p in positions.items()}
    return hero_steps, sauron_steps


def dominance(ctx: Context, quiet: bool = False) -> str | None:
    """Who is dominant, with a trace step giving both counts."""
    state = ctx.state
    if state.options.dominance == "advanced":
        hero_steps, sauron_steps = advanced_steps(state)
        if sauron_steps is None or hero_steps < sauron_steps:
            side = "heroes"
        elif sauron_steps < hero_steps:
            side = "sauron"
        else:
            side = None
        if not quiet:
            ctx.emit("dominance", f"heroes need {hero_steps} Story steps, Sauron "
                                  f"{'cannot get there' if sauron_steps is None else sauron_steps}: "
                                  f"{side or 'nobody'} dominant", (C.ADVANCED_DOMINANCE, C.DOMINANCE),
                     interpretation=ctx.reading("dominance"))
        return side
    d = counts(state)
    if not quiet:
        ctx.emit("dominance", f"heroes' count {d.heroes}; Sauron's count min(closest {d.closest}, to The Shadow Falls "
                              f"{d.cumulative}) = {d.sauron}: {d.side or 'nobody'} dominant",
                 (C.DOMINANCE_HEROES, C.DOMINANCE_CLOSEST, C.DOMINANCE_CUMULATIVE, C.DOMINANCE_COMPARE))
    return d.side


def advance_marker(ctx: Context, marker: str, spaces: int, why: str, cite: tuple[str, ...]) -> None:
    state = ctx.state
    before = state.markers[marker]
    after = max(0, min(state.track.finale, before + spaces))
    state.markers[marker] = after
    stage_before, stage_after = state.track.stage_of(before), state.track.stage_of(after)
    text = f"{marker} marker {before} → {after} ({why})"
    if after < before + spaces:
        text += "; it stops on the Finale space"
    elif after > before + spaces:
        text += "; it stops on the first space"
    ctx.emit("advance-marker", text, cite, [Change(f"{marker} marker", "space", before, after)])
    if stage_after > stage_before:
        ctx.emit("stage", f"{marker} marker enters stage {roman(stage_after)}", (C.STAGES, C.CURRENT_STAGE))
    if state.options.finale_check == "immediately" and ctx.phase != "story" and not state.finale:
        finale_check(ctx, reading=True)


def leftmost_markers(state: State) -> list[str]:
    low = min(state.markers[m] for m in SAURON_MARKERS)
    return [m for m in SAURON_MARKERS if state.markers[m] == low]


def advance_leftmost(ctx: Context, why: str, cite: tuple[str, ...], choice: str | None, chooser: str = "the hero",
                     key: str = "marker"):
    """Advance the leftmost Sauron marker one space; on a tie ``chooser`` picks (``choice``,
    declared under ``key``)."""
    tied = leftmost_markers(ctx.state)
    if len(tied) > 1:
        if choice is None:
            ctx.ask(key, f"Sauron's markers {', '.join(tied)} are tied leftmost: which advances?",
                    [(m, f"the {m} marker") for m in tied], cite, player=chooser)
        if choice not in tied:
            raise ctx.illegal(f"{choice!r} is not one of the tied leftmost markers {tied}", cite)
        marker = choice
    else:
        marker = tied[0]
    advance_marker(ctx, marker, 1, why, cite)
    return marker


def finale_check(ctx: Context, reading: bool = False) -> bool:
    state = ctx.state
    track = state.track
    on_finale = [m for m, p in state.markers.items() if p >= track.finale]
    all_falls = all(state.markers[m] >= track.shadow_falls for m in SAURON_MARKERS)
    triggered = bool(on_finale) or all_falls
    why = (f"{', '.join(on_finale)} on the Finale space" if on_finale else
           "all three Sauron markers at or past The Shadow Falls" if all_falls else
           "no marker on the Finale space and not all Sauron markers at The Shadow Falls")
    ctx.emit("finale-check", f"Finale check: {why}" + (": the Finale begins" if triggered else ""),
             (C.WINNING, C.STORY_STEP), [Change("game", "finale", False, True)] if triggered else [],
             interpretation=ctx.reading("finale_check") if reading or state.options.finale_check != "end-of-story-step" else None)
    if triggered:
        state.finale = True
    return triggered


def roman(n: int) -> str:
    return {1: "I", 2: "II", 3: "III"}.get(n, str(n))


MINION_ENTRY = {2: ("Ringwraiths", "Gothmog of Gorgoroth"), 3: ("Witch-king",)}


def place_new_minions(ctx: Context, choices: dict) -> None:
    """The first entry of any marker into stage II or III brings that stage's minions."""
    state = ctx.state
    stage = current_stage(state)
    for number in (2, 3):
        if number > stage or number in state.stages_entered:
            continue
        state.stages_entered.add(number)
        for name in MINION_ENTRY[number]:
            minion = state.foes.get(name)
            if minion is None:
                ctx.emit("minion", f"{name} enters play (no Minion data given: not placed on the board)",
                         (C.PLACING_MINIONS,))
                continue
            starts = minion.starting_locations
            where = choices.get(name)
            if where is None:
                if len(starts) == 1:
                    where = starts[0]
                else:
                    with ctx.at("minion_location"):
                        ctx.ask(name, f"Where does Sauron place the {name}?",
                                [(s, s) for s in starts] or [("?", "its starting location (not given)")],
                                (C.PLACING_MINIONS,), player="Sauron", example={name: starts[0] if starts else "?"})
            if starts and where not in starts:
                raise ctx.illegal(f"{where!r} is not a starting location of the {name} ({', '.join(starts)})",
                                  (C.PLACING_MINIONS,))
            before = minion.location
            minion.location, minion.in_play = where, True
            ctx.emit("minion", f"first entry into stage {roman(number)}: {name} placed on {where}",
                     (C.PLACING_MINIONS,), [Change(name, "location", before or None, where)])


def story_step(ctx: Context, decisions: dict) -> None:
    """Sauron turn step 2."""
    state = ctx.state
    ctx.phase = "story"
    if state.first_turn:
        ctx.emit("skip", "first turn of the game: no Story step", (C.STORY_SUMMARY,), step="sauron-turn:2")
        return
    advance_marker(ctx, "heroes", 2, "Story step", (C.STORY_STEP,))
    for index, plot in enumerate(state.plots, start=1):
        if plot is None:
            continue
        advance_marker(ctx, plot.marker, plot.advance, f"active plot {plot.name!r} in space {index}",
                       (C.PLOT_CARDS, C.PLOT_ADVANCE, C.MULTIPLE_PLOTS))
    place_new_minions(ctx, decisions.get("minion_location") or {})
    finale_check(ctx)


def hero_rally(ctx: Context) -> None:
    """Sauron turn step 1: each hero outside a Shadow Stronghold clears his location's influence."""
    state = ctx.state
    ctx.phase = "hero-rally"
    said = False  # a hero's location was named
    for hero in state.heroes.values():
        location = state.board.locations.get(hero.location)
        amount = state.influence.get(hero.location, 0)
        if location is not None and location.stronghold:
            ctx.emit("rally", f"{hero.name} is in the Shadow Stronghold {hero.location}: "
                     f"its {amount} influence stays", (C.HERO_RALLY,), step="sauron-turn:1")
            said = True
            continue
        if amount:
            state.influence[hero.location] = 0
            ctx.emit("rally", f"{hero.name} clears {amount} influence from {hero.location}", (C.HERO_RALLY,),
                     [Change(hero.location, "influence", amount, 0)], step="sauron-turn:1")
            said = True
    if not said:
        ctx.emit("rally", "no influence on any hero's location", (C.HERO_RALLY,), step="sauron-turn:1")
    trim_influence(ctx, "after the Hero Rally step")
