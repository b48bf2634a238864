"""Cancel (Rules Reference: Cancel; Event Cards; Treachery Cards; Limits; FAQ 1.53, 1.54,
1.37, Q13, Q22, Q51).

A cancel interrupts the initiation of the effect it cancels and resolves first.  The
cancelled effect is no longer imminent, but it still counts as used: its costs stay paid,
its limit is spent, a cancelled event still counts as played and goes to the discard
pile, a cancelled treachery still counts as revealed and goes to the encounter discard.

Two things can be cancelled on an encounter card:

- its **effect** (A Test of Will, Eleanor): the rest of the card still applies -- its
  keywords (Surge, Doomed) resolve and it was revealed (FAQ 1.53; Q22);
- the **card** itself: it counts as never revealed (its keywords do not resolve, nothing
  responds to its reveal) but it still fills its reveal slot (FAQ 1.54).

A cancelled shadow effect has not "resolved" (Q13): abilities keyed to its resolution do
not trigger.  A shadow effect is an encounter card effect (Q51).

In a replay, cancelling the effect of a card that is being staged resolves its keywords
right after the cancel (Doomed, then Surge), before anything else the cancelling ability
does (Eleanor's replacement card: FAQ Q22); cancelling the card drops them (FAQ 1.54).
"""

from __future__ import annotations

from msgspec import Struct

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.ability_events import Cancelled as CancelledEvent
from adjudicator.lotr.abilities.effects import Cause, state_of
from adjudicator.lotr.engine import keywords as K


class Cancelled(Struct, frozen=True):
    """What cancelling leaves behind, with the rules that say so."""

    target: str
    what: str                     # "effect", "card", "shadow"
    keywords_resolve: bool        # the card's keywords still resolve
    counts_as_revealed: bool      # the card still counts as revealed
    fills_reveal: bool            # it still fills its reveal (staging count, surge)
    counts_as_used: bool          # costs paid, limits spent, the event played
    resolved: bool                # has the effect "resolved" for abilities keyed to that
    rules: tuple[str, ...]


def cancel_outcome(target: str, what: str = "effect", card_type: str = "treachery") -> Cancelled:
    """What is left after cancelling ``target``'s effect, the whole card, or a shadow effect."""
    base = (C.CANCEL, C.LIMITS)
    if what == "card":
        return Cancelled(target, what, keywords_resolve=False, counts_as_revealed=False, fills_reveal=True,
                         counts_as_used=True, resolved=False, rules=base + (C.FAQ_CANCEL_CARD,))
    if what == "shadow":
        return Cancelled(target, what, keywords_resolve=True, counts_as_revealed=True, fills_reveal=True,
                         counts_as_used=True, resolved=False, rules=base + (C.SHADOW_EFFECTS, C.qa(13)))
    extra = (C.TREACHERY_CARDS,) if card_type == "treachery" else (C.EVENT_CARDS,) if card_type == "event" else ()
    return Cancelled(target, what, keywords_resolve=True, counts_as_revealed=True, fills_reveal=True,
                     counts_as_used=True, resolved=False, rules=base + extra + (C.FAQ_CANCEL_EFFECT,))


def cancel(r, cause: Cause, target: str, what: str = "effect", card_type: str = "treachery", *,
           replaced: bool = False) -> Cancelled:
    """Cancel ``target`` (an effect, a card, or a shadow effect): one trace step, citing the
    rules for what is left behind.  ``replaced``: the cancelling ability then reveals a
    replacement card (Eleanor), after the cancelled card's keywords (FAQ Q22)."""
    out = cancel_outcome(target, what, card_type)
    left = []
    if what == "shadow":
        left.append("the shadow effect has not resolved, so nothing keyed to its resolution triggers")
    else:
        left.append("its keywords still resolve" if out.keywords_resolve else "its keywords do not resolve")
        left.append("it still counts as revealed" if out.counts_as_revealed else "it counts as never revealed, though it fills its reveal")
    left.append("the cancelled effect still counts as used")
    r.emit(CancelledEvent(target=target, what=what, left=tuple(left), cause=cause), out.rules + cause.rules)
    _staged_keywords(r, target, what, replaced)
    return out


def _staged_keywords(r, target: str, what: str, replaced: bool = False) -> None:
    """The keywords of a card being staged: they resolve now, after the cancel and before
    whatever the cancelling ability does next (FAQ 1.53, Q22), or never (FAQ 1.54)."""
    if what == "card":
        K.cancel_keywords(r, target)
        return
    staged = K.being_staged(r, target) if what == "effect" else None
    if staged is None:
        return
    st = state_of(r)
    busy, st.busy = st.busy, False  # a card a Surge reveals is revealed normally: its own abilities trigger
    try:
        K.finish_keywords(r, staged, (C.FAQ_CANCEL_EFFECT,) + ((C.FAQ_Q_KEYWORDS_BEFORE_REPLACEMENT,) if replaced else ()))
    finally:
        st.busy = busy
