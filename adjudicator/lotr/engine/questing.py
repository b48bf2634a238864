"""Quest phase: 3.2 commit characters, 3.3 staging, 3.4 quest resolution, 3.5 end.

- commit: in player order, each player commits any number of ready characters by
  exhausting them, all at once (3.2; FAQ Q2; an exhausted character cannot quest, Q72);
- staging: one encounter card per player still in, the count fixed at the start of the
  step (3.3; FAQ Q25); the deck is reshuffled from the discard pile when empty;
- resolution: committed willpower against the staging area's threat (3.4; FAQ Q1):
  success places the difference as progress, on the active location first, the rest on
  the quest (Active Location); a quest stage whose progress reaches its quest points
  advances at once and extra progress does not carry over (Quest Advancement);
  failure raises each player's threat by the difference.
"""

from __future__ import annotations

from adjudicator.engine.decisions import Option
from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine import quest_stages, staging_areas
from adjudicator.lotr.engine.context import Replay, change, handles
from adjudicator.lotr.engine.damage import place_progress
from adjudicator.lotr.engine.elimination import raise_threat
from adjudicator.lotr.engine.scenario_state import complete_last_stage
from adjudicator.lotr.engine.encounter_events import (AdvanceHeldBack, Committed, EncounterDeckEmpty, QuestResolved, StageAdvanced,
                                                      StagingBegins, ThreatNotCounted)
from adjudicator.lotr.engine.events import PhaseEndedAtOnce, QuestPhaseEnds
from adjudicator.lotr.engine.keywords import draw_encounter, stage
from adjudicator.lotr.engine.modifiers import modifiers_rule
from adjudicator.lotr.engine.time_counters import placed_as_revealed



@handles("3.2")
def commit_characters(r: Replay) -> None:
    for p in r.g.in_player_order():
        entry = r.take(("3.2",), "commit", p.name)
        ready = [c for c in p.characters if not c.exhausted]
        if entry is None:
            if not ready:
                r.emit(Committed(player=p.name, none_ready=True), (C.step("3.2"), C.EXHAUSTED))
                continue
            r.ask(
                "commit",
                f"Which characters does {p.name} commit to the quest (any number of ready characters, or none)?",
                [Option([c.label], c.label, (C.step("3.2"),)) for c in ready] + [Option([], "none", (C.step("3.2"),))],
                (C.step("3.2"),),
                p.name,
                {"step": "3.2", "player": p.name, "commit": [c.label for c in ready]},
            )
        changes, names, unexhausted = [], [], []
        for name in entry.get("commit") or ():
            c = r.find(p.characters, name)
            if c is None and r.find(p.prisoners, name) is not None:  # Escape from Dol Guldur
                r.illegal(entry, f"{name} is {p.name}'s prisoner, face down: it cannot be used, so it cannot quest", (C.step("3.2"), C.CANNOT))
                continue
            if c is None:
                r.illegal(entry, f"{name} is not a character of {p.name} in play", (C.step("3.2"),))
                continue
            if c.exhausted:
                free = r.hooks.cannot(r, "exhaust to commit to the quest", c.label)  # questing without exhausting still needs a ready character
                also = f" (even though {free} lets it quest without exhausting)" if free else ""
                r.illegal(entry, f"{c.label} is exhausted and cannot be committed to the quest{also}", (C.step("3.2"), C.EXHAUSTED, C.FAQ_Q_READY_TO_QUEST))
                continue
            if c.committed:
                continue
            by = _cannot_commit(r, c)
            if by:
                # a restriction attached to it stops its commits in every later round (FAQ Q21)
                r.illegal(entry, f"{c.label} cannot commit to the quest ({by})", (C.step("3.2"), C.CANNOT, C.FAQ_Q_CANNOT_COMMIT))
                continue
            stays = r.hooks.cannot(r, "exhaust to commit to the quest", c.label)  # a card says it quests without exhausting
            if stays:
                unexhausted.append((c.label, stays))
            c.exhausted = not stays
            c.committed = True
            names.append(c.label)
            changes.append(change(c.label, "committed", False, True))
        if names:
            will = sum(r.find(p.characters, n).stat("willpower") for n in names)
            # several characters are committed at once, not one by one (FAQ Q2)
            at_once = (C.FAQ_Q_COMMIT_AT_ONCE,) if len(names) > 1 else ()
            r.emit(Committed(player=p.name, characters=tuple(names), willpower=will, unexhausted=tuple(unexhausted)),
                   (C.step("3.2"),) + at_once + ((C.CONSTANT,) if unexhausted else ()), changes)
        else:
            r.emit(Committed(player=p.name), (C.step("3.2"),))


def _cannot_commit(r: Replay, card) -> str | None:
    """A card effect that forbids a character to commit (Sacked! on its hero): the hooks
    know the restriction."""
    return r.hooks.cannot(r, "commit to the quest", card.label)


@handles("3.3")
def staging(r: Replay) -> str | None:
    if r.hooks.skip_staging(r):  # a quest card's own rule (Ambush on the Shore)
        return
    count = len(r.g.in_player_order())
    extra, by = r.hooks.extra_staging_cards(r)  # a card's "reveal 1 more card in each staging step"
    r.emit(StagingBegins(count=count, extra=extra, extra_by=by), (C.step("3.3"),) + ((C.CONSTANT,) if extra else ()))
    count += extra
    for i in range(count):
        # the count was fixed as staging began: a player eliminated meanwhile does not lower it (FAQ Q25)
        fixed = (C.FAQ_Q_STAGING_COUNT_FIXED,) if len(r.g.in_player_order()) < count else ()
        card = draw_encounter(r, (C.step("3.3"),) + fixed)
        if card is None:
            r.emit(EncounterDeckEmpty(), (C.step("3.3"), C.RUNNING_OUT_OF_CARDS))
            break
        stage(r, card, f"staging {i + 1} of {count}", (C.step("3.3"),) + fixed)
        by = r.hooks.phase_ended_by_effect(r)
        if by is not None:  # a card ended the quest phase at once (False Lead): no more staging, no quest resolution
            r.emit(PhaseEndedAtOnce(phase="quest", by=by, skipped=count - i - 1), (C.step("3.3"), C.step("3.5"), C.FAQ_Q_PHASE_ENDS_AT_ONCE))
            return "3.5"


def committed_willpower(r: Replay) -> int:
    return sum(c.stat("willpower") for c in committed_characters(r))


def committed_characters(r: Replay) -> list:
    """The characters committed to the quest: the players', and a character committed from the staging
    area by its own text (an objective-ally questing there: Into Ithilien's ruling)."""
    g = r.g
    return [c for p in g.in_player_order() for c in p.characters if c.committed] + [c for c in g.staging if c.committed and c.is_character]


@handles("3.4")
def quest_resolution(r: Replay) -> None:
    g = r.g
    will = committed_willpower(r)
    threat = g.staging_threat()
    for card in g.staging:  # a card effect may forbid a card to contribute its threat (Secret Paths)
        by = r.hooks.cannot(r, "contribute its threat", card.label)
        if by is not None and card.type in ("enemy", "location", "objective", "treachery"):
            threat -= card.stat("threat")
            r.emit(ThreatNotCounted(card=card.label, threat=card.stat("threat"), by=by), (C.step("3.4"), C.CANNOT))
    cites = (C.step("3.4"), C.WILLPOWER, C.STAGING_AREA) + ((C.FAQ_Q_NO_COMMITTED,) if will == 0 else ())
    committed = committed_characters(r)
    cites += (C.QC_QUEST_FROM_STAGING,) if any(c in g.staging for c in committed) else ()  # questing from the staging area
    cites += modifiers_rule(committed, "willpower") or modifiers_rule(g.staging, "threat")
    if any(p.engaged for p in g.in_player_order()):  # engaged enemies count no threat (FAQ 1.20)
        cites += (C.FAQ_ENGAGED_ENEMIES,)
    if any(c.committed and _cannot_commit(r, c) for p in g.in_player_order() for c in p.characters):
        cites += (C.FAQ_Q_CANNOT_COMMIT,)  # forbidden to commit once already committed: it still quests (FAQ Q21)
    if will > threat:
        r.emit(QuestResolved(willpower=will, threat=threat), cites)
        add_progress(r, will - threat, "quest resolution", (C.step("3.4"),))
    elif threat > will:
        r.emit(QuestResolved(willpower=will, threat=threat), cites)
        for p in g.in_player_order():
            raise_threat(r, p, threat - will, (C.step("3.4"),), "unsuccessful quest")
    else:
        r.emit(QuestResolved(willpower=will, threat=threat), cites)


def add_progress(r: Replay, amount: int, why: str, cites: tuple[str, ...]) -> None:
    """Progress made on the quest: the active location takes it first (unless bypassed)."""
    g = r.g
    rest = amount
    for card, cause in r.hooks.progress_first(r):  # a card's text puts it ahead of the active location (Golden Rules)
        if rest > 0 and card in g.staging:
            rest = place_progress(r, card, rest, cites + (C.GOLDEN_RULES,), why + ", before the active location", cause=cause)
    if g.active_location is not None and rest > 0:
        rest = place_progress(r, g.active_location, rest, cites + (C.ACTIVE_LOCATION,), why + ", the active location first")
    if rest > 0 and g.quest is not None:
        place_progress(r, g.quest, rest, cites + ((C.ACTIVE_LOCATION,) if rest != amount else ()), why)
        check_advance(r)
    r.hooks.after_progress(r)  # responses to an exploration wait for the new stage (FAQ Q80)


def check_advance(r: Replay) -> None:
    """Progress has just been placed on the quest stage: the stage's responses to that
    (Through the Caverns' rescue of the prisoner), then advance if it is complete."""
    g = r.g
    r.hooks.after_stage_progress(r)  # Through the Caverns' rescue of the prisoner
    q = g.quest
    if q is None or q.progress < q.stat("quest_points") or q.progress == 0:
        return
    if quest_stages.side_quest_defeated(r, q):  # a side quest: to the victory display, the players do not advance
        return
    if _held_back(r, q):
        return
    if staging_areas.stage_complete(r):  # a separate staging area's players join or combine instead
        rule = g.area_rules["join"]
        r.emit(AdvanceHeldBack(stage=q.label, progress=q.progress, quest_points=q.stat("quest_points"), last=not g.quest_deck,
                               why=f"its players {'join another staging area' if rule['then'] == 'join' else 'combine with the main staging area'} "
                                   f"at step {rule['at']} instead of advancing"),
               (C.QUEST_ADVANCEMENT, rule["ruling"]))
        return
    if quest_stages.stage_completed(r, q):  # several stages in play: the first player chooses the next current one
        return
    if not g.quest_deck:  # won, unless a scenario's own condition of winning does not hold
        complete_last_stage(r, f"the last quest stage {q.label} is completed")
    r.hooks.choose_next_stage(r, q)  # a stage's own rule for what comes next (A Fork in the Road)
    nxt = g.quest_deck.pop(0)
    g.quest = nxt
    g.defeated_stages.append(q)
    # outside quest resolution (a card effect placed the progress) the stage is replaced at once,
    # without interrupting the round, and the effect's progress does not carry over (FAQ Q15)
    rules = (C.QUEST_ADVANCEMENT,) + ((C.FAQ_Q_ADVANCE_AT_ONCE,) if g.step != "3.4" else ())
    face_down = quest_stages.flips_later(g)  # a scenario's stage left on its A side until its moment
    g.quest_face_down = face_down
    rules += (g.stage_rules["flip"]["ruling"],) if face_down else ()
    r.emit(StageAdvanced(from_stage=q.label, to_stage=nxt.label, progress=q.progress, quest_points=q.stat("quest_points"), face_down=face_down),
           rules, [change("quest", "stage", q.label, nxt.label)])
    placed_as_revealed(r, nxt)  # Time X


ADVANCE_RECHECKED = Interpretation(
    "a stage held back is advanced the next time progress is placed on it",
    C.QUEST_ADVANCEMENT,
    "the stage forbids advancing until its condition holds; the replay checks it again whenever progress is placed on the stage",
)


def _held_back(r: Replay, q) -> bool:
    """A stage's own rule forbids advancing for now (Escape from Dol Guldur: the objectives,
    the prisoner, the Nazgûl in play at the last stage); the trace says so and the stage
    keeps its progress."""
    why = r.hooks.advance_held_back(r)
    if why is None:
        return False
    r.emit(AdvanceHeldBack(stage=q.label, progress=q.progress, quest_points=q.stat("quest_points"), last=not r.g.quest_deck, why=why),
           # progress beyond its quest points stays on it: there is no upper limit (FAQ Q17)
           (C.QUEST_ADVANCEMENT, C.CANNOT) + ((C.FAQ_Q_NO_PROGRESS_LIMIT,) if q.progress > q.stat("quest_points") else ()),
           interpretation=ADVANCE_RECHECKED)
    return True


@handles("3.5")
def quest_phase_ends(r: Replay) -> None:
    changes = []
    for p in r.g.players:
        for c in p.characters:
            if c.committed:
                c.committed = False
                changes.append(change(c.label, "committed", True, False))
    r.emit(QuestPhaseEnds(), (C.step("3.5"),), changes)
