"""The end of Setup (Rules Reference: Setup, step 7): once the scenario's setup
instructions on the first quest card are followed, the card is flipped to its B side, and
that stage's When Revealed effects resolve (FAQ 1.19: When Revealed effects resolve during
setup too), all before the first round begins.

A situation marks its position as the end of Setup with ``flip_quest: true`` (and
``start: "0.0"``): the flip is the first thing the replay does.  With card abilities on,
the listener resolves the stage's When Revealed effects at the flip, as it does when the
players advance to a stage (the trace step's event is ``quest-advance``).
"""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change, handles
from adjudicator.lotr.engine.events import QuestFlipped, RoundBegins


@handles("0.0")
def round_begins(r: Replay) -> None:
    """Round begins; in a situation that starts at the end of Setup, the quest card is
    flipped first (once)."""
    if not r.situation.flip_quest or r.quest_flipped:
        return
    r.quest_flipped = True
    stage = r.g.quest
    if stage is None:
        r.emit(QuestFlipped(), (C.SETUP,))
        return
    r.emit(
        QuestFlipped(stage=stage.label, round=r.g.round, replayed=r.hooks.replays_card_text),
        (C.SETUP, C.FAQ_SETUP_EFFECTS),
        [change("quest", "side", "A", "B")],
    )
    r.emit(RoundBegins(), (C.step("0.0"),))
