"""The quest deck changed by card effects (Quest Cards / Quest Deck): a stage replaced by another
of the same stage number drawn at random, the old one returned to the quest deck with its
progress lost and its attachments discarded (The Nîn-in-Eilph's stages 2 and 3; the Quest
Companion's rulings on advancing to parallel stages); a stage removed from the quest deck, so
that the players advance to the next stage still in it (The Siege of Cair Andros); a stage bypassed by the players (its
own option: Flight from Moria, Mount Gundabad), its progress removed, to the bottom of the quest deck, the next
card of the quest deck becoming the current stage; the quest deck reset to an earlier stage the players defeated
(The Hunt for Gollum, The Dead Marshes).  The new stage is revealed as when the
players advance: its When Revealed effects resolve and a Time X stage gets its time counters.
"""

from __future__ import annotations

import random

from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.encounter_events import QuestDeckReset, StageBypassed, StageRemoved, StageReplaced
from adjudicator.lotr.engine.state import Card
from adjudicator.lotr.engine.time_counters import placed_as_revealed

RANDOM_STAGE = Interpretation(
    "a random choice follows the situation's seed",
    C.QUEST_DECK,
    "the replay cannot draw at a table: the stage is drawn from the situation's seed, unless the situation names it",
)


def same_stage_others(r: Replay) -> list[Card]:
    """The quest deck's other cards with the current stage's number."""
    q = r.g.quest
    if q is None or q.card.stage is None:
        return []
    return [c for c in r.g.quest_deck if c.card.stage == q.card.stage]


def replace_stage(r: Replay, named: str | None, cites: tuple[str, ...], cause=None) -> bool:
    """Advance to a different stage of the current stage's number at random (``named``: the one the
    situation says was drawn): the current stage goes back into the quest deck, its progress lost
    and its attachments to the discard piles.  False when there is no other such stage."""
    g = r.g
    old, pool = g.quest, same_stage_others(r)
    if old is None or not pool:
        return False
    pick = next((c for c in pool if named and named in (c.label, c.name)), None)
    interpretation = None
    if pick is None:
        pick = random.Random(f"stage:{g.seed}:{g.round}:{old.label}").choice(pool)
        interpretation = RANDOM_STAGE if len(pool) > 1 else None
    g.quest_deck.remove(pick)
    lost, old.progress = old.progress, 0
    discarded = tuple(a.label for a in old.attachments)
    for a in old.attachments:
        (g.encounter_discard if a.owner == "encounter" else (g.player(a.owner) or g.first_player).discard).insert(0, a)
    old.attachments = []
    old.tokens = {}
    g.quest_deck.append(old)
    g.quest = pick
    r.emit(StageReplaced(from_stage=old.label, to_stage=pick.label, lost=lost, discarded=discarded, among=tuple(c.label for c in pool),
                         cause=cause),
           cites + (C.QUEST_DECK,), [change("quest", "stage", old.label, pick.label), change(old.label, "progress", lost, 0)],
           interpretation)
    placed_as_revealed(r, pick)  # Time X
    return True


def remove_stage(r: Replay, number: int, cites: tuple[str, ...], cause=None) -> bool:
    """Take the stage numbered ``number`` out of the quest deck and set it aside; False when the
    quest deck holds no such stage ("if able")."""
    g = r.g
    card = next((c for c in g.quest_deck if c.card.stage == number), None)
    if card is None:
        return False
    g.quest_deck.remove(card)
    g.set_aside.append(card)
    r.emit(StageRemoved(stage=card.label, number=number, cause=cause), cites + (C.QUEST_DECK,),
           [change(card.label, "zone", "quest deck", "set aside")])
    return True


def bypass_stage(r: Replay, cites: tuple[str, ...], cause=None) -> bool:
    """The players bypass the current stage: its progress is removed, it goes to the bottom of the
    quest deck, and the card now on top of the quest deck is the current stage (revealed as a new
    stage).  False when no other card is in the quest deck (nothing to bypass to)."""
    g = r.g
    old = g.quest
    if old is None or not g.quest_deck:
        return False
    lost, old.progress = old.progress, 0
    g.quest_deck.append(old)
    nxt = g.quest_deck.pop(0)
    g.quest = nxt
    r.emit(StageBypassed(from_stage=old.label, to_stage=nxt.label, lost=lost, cause=cause), _with(cites, C.QC_BYPASS),
           [change("quest", "stage", old.label, nxt.label), change(old.label, "progress", lost, 0),
            change(old.label, "zone", "current stage", "bottom of the quest deck")])
    placed_as_revealed(r, nxt)  # Time X
    return True


RESET_NOT_REVEALED = Interpretation(
    "a stage the quest deck is reset to is not revealed again",
    C.QC_RESET_QUEST_DECK[0],  # the ruling that says its setup side is not followed again
    "the rulings return the stage as if the players were just beginning it and say its setup side is not followed "
    "again; they name no When Revealed effect, so the engine resolves none",
)


def reset_quest_deck(r: Replay, number: int, cites: tuple[str, ...], cause=None) -> bool:
    """Reset the quest deck to stage ``number``: the progress on the current stage is removed, then
    the latest defeated stage of that number is the current stage again, and the stages after it
    (defeated since, and the current one) go back on top of the quest deck in order.  The active
    location keeps its progress; every other card stays where it is.  False when the players have
    defeated no such stage."""
    g = r.g
    old = g.quest
    at = next((i for i in range(len(g.defeated_stages) - 1, -1, -1) if g.defeated_stages[i].card.stage == number), None)
    if old is None or at is None:
        return False
    lost, old.progress = old.progress, 0
    back = g.defeated_stages[at]
    returned = g.defeated_stages[at + 1:] + [old]
    del g.defeated_stages[at:]
    g.quest_deck[:0] = returned
    g.quest = back
    r.emit(QuestDeckReset(from_stage=old.label, to_stage=back.label, number=number, lost=lost,
                          returned=tuple(c.label for c in returned), cause=cause),
           _with(cites, C.QC_RESET_QUEST_DECK),
           [change(old.label, "progress", lost, 0), change("quest", "stage", old.label, back.label)], RESET_NOT_REVEALED)
    return True


def _with(cites: tuple[str, ...], rulings: tuple[str, ...]) -> tuple[str, ...]:
    """``cites``, Quest Cards / Quest Deck and the rulings that are the mechanic's only records,
    once each, whatever card's effect asks for it."""
    return tuple(dict.fromkeys(cites + (C.QUEST_DECK,) + rulings))
