"""Cancel (RR), FAQ 1.53 / 1.54, Q13, Q22: what a cancel leaves behind."""

from __future__ import annotations

from adjudicator.lotr.abilities.cancel import cancel, cancel_outcome
from adjudicator.lotr.abilities.effects import Cause

from .tables import cited, table


def test_cancelling_an_encounter_effect_leaves_keywords_and_the_reveal():
    out = cancel_outcome("Dark Sorcery", "effect")
    assert out.keywords_resolve and out.counts_as_revealed and out.counts_as_used
    assert "lotr:faq:1.53" in out.rules and "lotr:rr:treachery-cards" in out.rules


def test_cancelling_the_card_counts_it_never_revealed_but_it_fills_its_reveal():
    out = cancel_outcome("Dark Sorcery", "card")
    assert not out.keywords_resolve and not out.counts_as_revealed and out.fills_reveal
    assert "lotr:faq:1.54" in out.rules


def test_a_cancelled_shadow_effect_has_not_resolved():
    """Q13: the Nazgûl's forced effect keyed to a resolved shadow effect does not trigger."""
    out = cancel_outcome("Despair (shadow)", "shadow")
    assert out.resolved is False and "lotr:faq:q:13" in out.rules


def test_a_cancelled_event_still_counts_as_played():
    out = cancel_outcome("Feint", "effect", card_type="event")
    assert out.counts_as_used and "lotr:rr:event-cards" in out.rules


def test_cancel_writes_one_step_with_its_cause():
    r = table("players: [{name: Tom, heroes: [Eleanor]}]\n")
    cancel(r, Cause("Eleanor (response)", ("lotr:faq:q:22",)), "Necromancer's Reach", "effect")
    step = r.trace.steps[-1]
    assert step.event == "cancel" and step.text.startswith("[from Eleanor (response)]")
    assert {"lotr:rr:cancel", "lotr:faq:1.53", "lotr:faq:q:22"} <= cited(r)
