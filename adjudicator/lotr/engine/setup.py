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


@handles("0.0")
def round_begins(r: Replay) -> None:
    """Round begins; in a situation that starts at the end of Setup, the quest card is
    flipped first (once)."""
    from adjudicator.lotr.abilities import cites as AC  # the Setup records are in the abilities table

    if not getattr(r.situation, "flip_quest", False) or r.__dict__.get("quest_flipped"):
        return
    r.quest_flipped = True
    stage = r.g.quest
    if stage is None:
        r.emit("setup", "the end of Setup: there is no quest card to flip", (AC.SETUP,))
        return
    note = "" if getattr(r, "abilities_on", False) else " (its When Revealed text is card text, not replayed: --no-abilities)"
    r.emit(
        "quest-advance",
        f"the end of Setup: the players flip the first quest card to its B side, {stage.label}, and its When Revealed "
        f"effects resolve before round {r.g.round} begins{note}",
        (AC.SETUP, AC.faq("1.19")),
        [change("quest", "side", "A", "B")],
    )
    r.emit("milestone", "Round begins", (C.step("0.0"),))
