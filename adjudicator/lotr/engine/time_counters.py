"""Time X (Quest Companion, Keywords: Time X): a card with Time X gets X time counters when it
is revealed (a quest stage as the players advance to it, an encounter card as it is staged);
at the end of each refresh phase one time counter comes off each card with Time X, if it has
one; the card's own effect triggers when the last one is removed (its data: a trigger on
``last_time_counter_removed``), and card effects may place or remove time counters too.

Time counters are tokens on the card (``Card.tokens["time"]``), not resources.
"""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change, handles
from adjudicator.lotr.engine.events import StepResolved, TimeCounters
from adjudicator.lotr.engine.state import Card
from adjudicator.lotr.engine.step_table import STEPS

TIME = "time"


def set_counters(r: Replay, card: Card, after: int, why: str, cites: tuple[str, ...], cause=None) -> None:
    """Put ``card``'s time counters at ``after`` (never below 0), with its trace step."""
    before = card.tokens.get(TIME, 0)
    after = max(0, after)
    if after == before:
        return
    card.tokens[TIME] = after
    r.emit(TimeCounters(card=card.label, before=before, after=after, why=why, cause=cause), cites + (C.QC_TIME,),
           [change(card.label, "time counters", before, after)])


def placed_as_revealed(r: Replay, card: Card) -> None:
    """A card with Time X has just been revealed: X time counters on it."""
    x = card.keyword(TIME)
    if x:
        set_counters(r, card, card.tokens.get(TIME, 0) + x, f"Time {x}, as it is revealed", (C.KEYWORDS,))


@handles("7.5")
def refresh_phase_ends(r: Replay) -> None:
    """The refresh phase ends: then one time counter comes off each card with Time X in play
    that has one (the last removed triggers that card's own effect)."""
    r.emit(StepResolved(step_id="7.5", name=STEPS["7.5"]["name"], milestone=True), (C.step("7.5"),))
    for card in [c for c in r.g.cards_in_play() if c.keyword(TIME) and c.tokens.get(TIME, 0) > 0]:
        set_counters(r, card, card.tokens.get(TIME, 0) - 1, "the end of the refresh phase", (C.step("7.5"),))
