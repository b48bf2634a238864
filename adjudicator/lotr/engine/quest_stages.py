"""Quest stages beyond the one current stage, as a scenario's rules make them (rules_db/lotr/quest_stages.yaml):

- several stages in play at once (The Battle of Five Armies): each one's text is active while it is in play,
  and at the beginning of each round the first player chooses which of them is the current quest stage for
  that round (decision ``{step: "0.0", current_quest: NAME}``).  Progress goes on the current stage only, and
  an effect on "the current quest" reaches that one only: the engine's current stage is the chosen one, the
  others wait in ``Game.other_stages`` (in play: `Game.cards_in_play` lists them);
- a quest deck of stages not flipped when the players advance (Flight from Moria, Mount Gundabad: shuffled
  stage 2 cards): the new stage stays on its A side, and is flipped to its B side -- its When Revealed
  effects resolving then -- only at the step the scenario names (the beginning of the staging step, or of
  the quest phase).

A situation names its scenario with ``quest_stages: {scenario: NAME, stages: [...]}`` (``stages``: the other
stages in play, beside ``quest``), and may give ``face_down: true`` for a current stage not yet flipped.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from adjudicator.engine.decisions import Option
from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine import staging_areas
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.area_events import CurrentStageChosen, SideQuestDefeated, SideQuestEnds, SideQuestFlipped, StageCompleted, StageFlipped
from adjudicator.lotr.engine.keywords import stage
from adjudicator.paths import RULES_DB
from adjudicator.yamlio import load_yaml


@lru_cache(maxsize=1)
def rules() -> dict[str, dict[str, Any]]:
    """Each scenario -> its row (rules_db/lotr/quest_stages.yaml)."""
    path = RULES_DB / "lotr" / "quest_stages.yaml"
    return dict((load_yaml(path) or {}).get("scenarios") or {}) if path.is_file() else {}


def cited_rulings() -> set[str]:
    out: set[str] = set()
    for row in rules().values():
        for key in ("in_play", "current", "flip"):
            if isinstance(row.get(key), dict) and row[key].get("ruling"):
                out.add(row[key]["ruling"])
        if row.get("side_quest_flip"):
            out.add(row["side_quest_flip"])
    return out


def in_play_rulings(g, card) -> tuple[str, ...]:
    """The ruling cited where the text of a stage in play that is not the current one applies: the main quest
    while a side quest is current (FAQ Q84), a scenario's other stages."""
    if g.main_quest is not None and card is g.main_quest:
        return (C.FAQ_Q_MAIN_QUEST_TEXT, C.QC_QUEST_CARDS_IN_PLAY)
    row = g.stage_rules.get("in_play")
    return (row["ruling"],) if row and any(card is s for s in g.other_stages) else ()


def flips_later(g) -> bool:
    """A stage the players advance to stays on its A side until the scenario's step (it is not revealed now)."""
    return bool(g.stage_rules.get("flip"))


def before_step(r: Replay, sid: str) -> None:
    """Asked as each framework step begins: the scenario's moment for flipping a stage left on its A side; as the
    quest phase begins, the first player's choice of a side quest in the staging area as the current quest."""
    g = r.g
    if sid == "3.1" and g.quest is not None and any(c.type == "side-quest" for c in g.staging):
        _choose_side_quest(r)
    flip = g.stage_rules.get("flip")
    if flip and g.quest_face_down and str(flip.get("at")) == sid and g.quest is not None:
        g.quest_face_down = False
        r.emit(StageFlipped(stage=g.quest.label, at=str(flip.get("moment", sid))), (flip["ruling"],),
               [change("quest", "side", "A", "B")])


def after_step(r: Replay, sid: str) -> None:
    """Asked once a framework step has resolved: the scenario's moment (the round has begun) for the first
    player to choose the current stage among several in play; the end of the quest phase, when a side quest
    stops being the current quest."""
    g = r.g
    if sid == "3.5" and g.main_quest is not None:
        _main_quest_again(r)
    current = g.stage_rules.get("current")
    if current and g.other_stages and str(current.get("at")) == sid:
        choose_current(r, current)


def choose_current(r: Replay, rule: dict) -> None:
    """The first player chooses the current quest stage among those in play; the others stay in play."""
    g = r.g
    stages = ([g.quest] if g.quest is not None else []) + list(g.other_stages)
    who = g.first_player.name
    entry = r.take((g.step,), "current_quest", who)
    if entry is None:
        r.ask("current_quest", f"Which quest stage is the current one this round? ({who}, the first player, chooses)",
              [Option(s.label, s.label, (rule["ruling"],)) for s in stages], (rule["ruling"], C.FIRST_PLAYER), who,
              {"step": g.step, "player": who, "current_quest": stages[0].label})
    pick = r.find(stages, str(entry.get("current_quest")))
    if pick is None:
        r.illegal(entry, f"{entry.get('current_quest')!r} is not a quest stage in play ({', '.join(s.label for s in stages)})",
                  (rule["ruling"],))
        return
    before = g.quest.label if g.quest is not None else None
    g.other_stages = [s for s in stages if s is not pick]
    g.quest = pick
    r.emit(CurrentStageChosen(stage=pick.label, player=who, others=tuple(s.label for s in g.other_stages)),
           (rule["ruling"], C.FIRST_PLAYER), [change("quest", "current stage", before, pick.label)] if before != pick.label else [])


COMPLETED_AMONG = Interpretation(
    "a completed stage among several leaves play and the first player chooses the next current one",
    C.QUEST_ADVANCEMENT,
    "the rulings on several stages in play do not say what follows when the current one is completed while others "
    "are still in play; the engine takes it out of play as defeated and has the first player choose the current "
    "stage among those left at once, the quest deck untouched",
)


def stage_completed(r: Replay, q) -> bool:
    """The current stage is complete with other stages still in play and no quest deck left to advance to: it
    leaves play defeated, and the first player chooses the next current stage (True)."""
    g = r.g
    rule = g.stage_rules.get("current")
    if not (rule and g.other_stages and not g.quest_deck):
        return False
    g.defeated_stages.append(q)
    g.quest = None
    r.emit(StageCompleted(stage=q.label, progress=q.progress, quest_points=q.stat("quest_points"), others=tuple(s.label for s in g.other_stages)),
           (C.QUEST_ADVANCEMENT, rule["ruling"]), [change("quest", "current stage", q.label, None)], COMPLETED_AMONG)
    nxt = g.other_stages.pop(0)
    g.quest = nxt
    choose_current(r, rule)
    return True


# -- side quests (Quest Companion: Side Quests in Play) ------------------------------------------------


def _choose_side_quest(r: Replay) -> None:
    """The first player may make a side quest in the staging area the current quest until the end of the phase
    (decision ``{step: "3.1", current_quest: NAME}``; the main quest's name keeps it).  The main quest stays in
    play, its text active (FAQ Q84)."""
    g = r.g
    sides = [c for c in g.staging if c.type == "side-quest"]
    who = g.first_player.name
    main = g.quest
    entry = r.take(("3.1",), "current_quest", who)
    if entry is None:
        r.ask("current_quest", f"Does {who}, the first player, make a side quest the current quest this phase?",
              [Option(main.label, f"{main.label} (the main quest)", (C.QC_SIDE_QUESTS_IN_PLAY,))]
              + [Option(c.label, c.label, (C.QC_SIDE_QUESTS_IN_PLAY,)) for c in sides],
              (C.QC_SIDE_QUESTS_IN_PLAY, C.FIRST_PLAYER), who, {"step": "3.1", "player": who, "current_quest": sides[0].label})
    named = str(entry.get("current_quest"))
    if r.find([main], named) is not None:
        return
    pick = r.find(sides, named)
    if pick is None:
        r.illegal(entry, f"{named!r} is not a side quest in the staging area ({', '.join(c.label for c in sides)})", (C.QC_SIDE_QUESTS_IN_PLAY,))
        return
    g.staging.remove(pick)
    g.main_quest = main
    g.other_stages.append(main)
    g.quest = pick
    r.emit(CurrentStageChosen(stage=pick.label, player=who, others=(main.label,)),
           (C.QC_SIDE_QUESTS_IN_PLAY, C.FIRST_PLAYER) + staging_areas.side_quest_rulings(g),
           [change("quest", "current quest", main.label, pick.label)])
    if pick.card.flips == "chosen" and pick.card.back:  # Storm the Castle: the card under it, then its other side
        for under in list(pick.under):
            pick.under.remove(under)
            stage(r, under, f"the card under {pick.label}", (C.QC_SIDE_QUESTS_IN_PLAY,) + _flip_rule(g))
        _flip(r, pick, "chosen")


def side_quest_defeated(r: Replay, q) -> bool:
    """The current quest is a side quest with its quest points in progress: it is defeated and goes to the
    victory display (a double-sided one whose card says so is turned over instead and stays in the staging
    area: The Treachery of Rhudaur); the players do not advance, and progress beyond its quest points is
    discarded with it.  The main quest is the current quest again."""
    g = r.g
    if q.type != "side-quest":
        return False
    if q in g.staging:
        g.staging.remove(q)
    main = g.main_quest
    if main is not None:
        g.other_stages = [s for s in g.other_stages if s is not main]
        g.main_quest = None
    g.quest = main
    flips = q.card.flips == "defeated" and bool(q.card.back)
    if flips:
        back = r.situation.book.get(q.card.back)
        r.emit(SideQuestDefeated(card=q.label, progress=q.progress, quest_points=q.stat("quest_points"), main=main.label if main else "",
                                 flipped_to=back.name if back else ""),
               (C.QC_SIDE_QUESTS_IN_PLAY,) + _flip_rule(g), [change(q.label, "zone", "current quest", "staging area")])
        _flip(r, q, "defeated")
        q.progress = 0
        g.staging.append(q)
        return True
    g.victory_display.insert(0, q)
    r.emit(SideQuestDefeated(card=q.label, progress=q.progress, quest_points=q.stat("quest_points"), main=main.label if main else ""),
           (C.QC_SIDE_QUESTS_IN_PLAY, C.DISCARD_AND_VICTORY), [change(q.label, "zone", "current quest", "victory display")])
    return True


def _flip_rule(g) -> tuple[str, ...]:
    rule = g.stage_rules.get("side_quest_flip")
    return (rule,) if rule else ()


def _flip(r: Replay, card, when: str) -> None:
    """A double-sided side quest is turned over: the card is now the design on its other side (``back``)."""
    back = r.situation.book.get(card.card.back)
    if back is None:
        return
    before = card.card.name
    card.card = back
    r.emit(SideQuestFlipped(card=card.label, before=before, after=back.name, when=when), (C.QC_SIDE_QUESTS_IN_PLAY,) + _flip_rule(r.g),
           [change(card.label, "side", before, back.name)])


def _main_quest_again(r: Replay) -> None:
    """The quest phase ends: the side quest that was the current quest goes back to the staging area with its
    progress, and the main quest is the current quest again."""
    g = r.g
    side, main = g.quest, g.main_quest
    g.other_stages = [s for s in g.other_stages if s is not main]
    g.main_quest = None
    g.quest = main
    if side is not None:
        g.staging.append(side)
    r.emit(SideQuestEnds(card=side.label if side else "", main=main.label if main else ""), (C.QC_SIDE_QUESTS_IN_PLAY,),
           [change("quest", "current quest", side.label if side else None, main.label if main else None)])
