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
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change, handles
from adjudicator.lotr.engine.damage import place_progress
from adjudicator.lotr.engine.elimination import raise_threat, win
from adjudicator.lotr.engine.keywords import draw_encounter, stage


@handles("3.2")
def commit_characters(r: Replay) -> None:
    for p in r.g.in_player_order():
        entry = r.take(("3.2",), "commit", p.name)
        ready = [c for c in p.characters if not c.exhausted]
        if entry is None:
            if not ready:
                r.emit("commit", f"{p.name} has no ready character to commit", (C.step("3.2"), C.EXHAUSTED))
                continue
            r.ask(
                "commit",
                f"Which characters does {p.name} commit to the quest (any number of ready characters, or none)?",
                [Option([c.label], c.label, (C.step("3.2"),)) for c in ready] + [Option([], "none", (C.step("3.2"),))],
                (C.step("3.2"),),
                p.name,
                {"step": "3.2", "player": p.name, "commit": [c.label for c in ready]},
            )
        changes = []
        names = []
        for name in entry.get("commit") or ():
            c = r.find(p.characters, name)
            if c is None and r.find(p.prisoners, name) is not None:  # Escape from Dol Guldur
                r.illegal(entry, f"{name} is {p.name}'s prisoner, face down: it cannot be used, so it cannot quest", (C.step("3.2"), C.CANNOT))
                continue
            if c is None:
                r.illegal(entry, f"{name} is not a character of {p.name} in play", (C.step("3.2"),))
                continue
            if c.exhausted:
                r.illegal(entry, f"{c.label} is exhausted and cannot be committed to the quest", (C.step("3.2"), C.EXHAUSTED, C.FAQ_Q_READY_TO_QUEST))
                continue
            if c.committed:
                continue
            by = _cannot_commit(r, c)
            if by:
                r.illegal(entry, f"{c.label} cannot commit to the quest ({by})", (C.step("3.2"), C.CANNOT))
                continue
            c.exhausted = True
            c.committed = True
            names.append(c.label)
            changes.append(change(c.label, "committed", False, True))
        if names:
            will = sum(r.find(p.characters, n).stat("willpower") for n in names)
            r.emit("commit", f"{p.name} exhausts and commits {', '.join(names)} ({will} willpower)", (C.step("3.2"), C.FAQ_Q_COMMIT_AT_ONCE), changes)
        else:
            r.emit("commit", f"{p.name} commits no characters", (C.step("3.2"),))


def _cannot_commit(r: Replay, card) -> str | None:
    """A card effect that forbids a character to commit (Sacked! on its hero): the abilities
    package keeps the restriction."""
    if getattr(r, "abilities_state", None) is None:
        return None
    from adjudicator.lotr.abilities.effects import forbidden

    return forbidden(r, "commit to the quest", card.label)


@handles("3.3")
def staging(r: Replay) -> None:
    skip = getattr(r, "skip_staging", None)  # a quest card's own rule (Ambush on the Shore)
    if skip is not None and skip():
        return
    count = len(r.g.in_player_order())
    r.emit("staging", f"staging: {count} encounter card{'s' if count != 1 else ''}, one per player (fixed now)", (C.step("3.3"), C.FAQ_Q_STAGING_COUNT_FIXED))
    for i in range(count):
        card = draw_encounter(r, (C.step("3.3"),))
        if card is None:
            r.emit("staging", "no encounter card left to reveal", (C.step("3.3"), C.RUNNING_OUT_OF_CARDS))
            break
        stage(r, card, f"staging {i + 1} of {count}", (C.step("3.3"),))


def committed_willpower(r: Replay) -> int:
    return sum(c.stat("willpower") for p in r.g.in_player_order() for c in p.characters if c.committed)


@handles("3.4")
def quest_resolution(r: Replay) -> None:
    g = r.g
    will = committed_willpower(r)
    threat = g.staging_threat()
    cites = (C.step("3.4"), C.WILLPOWER, C.STAGING_AREA) + ((C.FAQ_Q_NO_COMMITTED,) if will == 0 else ())
    if will > threat:
        r.emit("quest-success", f"{will} willpower against {threat} threat: the players quest successfully by {will - threat}", cites + (C.FAQ_QUESTING_SUCCESSFULLY,))
        add_progress(r, will - threat, "quest resolution", (C.step("3.4"),))
    elif threat > will:
        r.emit("quest-failure", f"{threat} threat against {will} willpower: each player raises their threat by {threat - will}", cites)
        for p in g.in_player_order():
            raise_threat(r, p, threat - will, (C.step("3.4"),), "unsuccessful quest")
    else:
        r.emit("quest-tie", f"{will} willpower against {threat} threat: no progress and no threat", cites)


def add_progress(r: Replay, amount: int, why: str, cites: tuple[str, ...]) -> None:
    """Progress made on the quest: the active location takes it first (unless bypassed)."""
    g = r.g
    rest = amount
    if g.active_location is not None:
        rest = place_progress(r, g.active_location, amount, cites + (C.ACTIVE_LOCATION,), why + ", the active location first")
    if rest > 0 and g.quest is not None:
        place_progress(r, g.quest, rest, cites + ((C.ACTIVE_LOCATION,) if rest != amount else ()), why)
        check_advance(r)
    after = getattr(r, "after_progress", None)  # responses to an exploration wait for the new stage (FAQ Q80)
    if after is not None:
        after()


def check_advance(r: Replay) -> None:
    """Progress has just been placed on the quest stage: the stage's responses to that
    (Through the Caverns' rescue of the prisoner), then advance if it is complete."""
    g = r.g
    responses = getattr(r, "after_stage_progress", None)  # set only with card abilities on
    if responses is not None:
        responses()
    q = g.quest
    if q is None or q.progress < q.stat("quest_points") or q.progress == 0:
        return
    if _held_back(r, q):
        return
    excess = q.progress - q.stat("quest_points")
    if not g.quest_deck:
        win(r, f"the last quest stage {q.label} is completed")
    choose = getattr(r, "choose_next_stage", None)  # a stage's own rule for what comes next (A Fork in the Road)
    if choose is not None:
        choose(q)
    nxt = g.quest_deck.pop(0)
    g.quest = nxt
    text = f"{q.label} has {q.progress} progress for {q.stat('quest_points')} quest points: the players advance to {nxt.label}"
    if excess:
        text += f"; {excess} extra progress does not carry over"
    r.emit("quest-advance", text, (C.QUEST_ADVANCEMENT,), [change("quest", "stage", q.label, nxt.label)])


def _held_back(r: Replay, q) -> bool:
    """A stage's own rule forbids advancing for now (Escape from Dol Guldur: the objectives,
    the prisoner, the Nazgûl in play at the last stage); the trace says so and the stage
    keeps its progress."""
    if not getattr(r, "abilities_on", False):
        return False
    from adjudicator.lotr.abilities.stage_rules import ADVANCE_RECHECKED, advance_held_back

    why = advance_held_back(r)
    if why is None:
        return False
    what = "defeat it" if not r.g.quest_deck else "advance"
    r.emit("quest-held", f"{q.label} has {q.progress} progress for {q.stat('quest_points')} quest points, but the players cannot {what} yet ({why})",
           (C.QUEST_ADVANCEMENT, C.CANNOT), interpretation=ADVANCE_RECHECKED)
    return True


@handles("3.5")
def quest_phase_ends(r: Replay) -> None:
    changes = []
    for p in r.g.players:
        for c in p.characters:
            if c.committed:
                c.committed = False
                changes.append(change(c.label, "committed", True, False))
    r.emit("milestone", "Quest phase ends; committed characters are no longer committed", (C.step("3.5"),), changes)
