"""``add_to_staging``: a set-aside card moves into the staging area without being revealed (no
When Revealed, no keywords: FAQ 1.22, 1.35), as the Nazgûl of Dol Guldur does when the prisoner
is rescued (its Python hatch is gone); a card that is not set aside does not move."""

from __future__ import annotations

from adjudicator.lotr.abilities.effects import Cause
from adjudicator.lotr.abilities.load import card_abilities
from adjudicator.lotr.abilities.prisoner import set_aside_into_staging
from adjudicator.lotr.engine import api

from .tables import card, steps, table

NAZGUL = "Nazgûl of Dol Guldur"


def test_the_nazgul_enters_the_staging_area_through_the_grammar():
    forced = next(a for a in card_abilities(NAZGUL).abilities if a.trigger and a.trigger.event == "prisoner_rescued")
    assert [(e.op, e.get("target")) for e in forced.effects] == [("add_to_staging", "self")]
    trace = api.replay(api.load("scenarios/lotr/escape-nazgul-enters-on-rescue.yaml"), abilities=True)
    assert NAZGUL in [c["label"] for c in trace.final_state["staging_area"]]
    moved = [s for s in trace.steps if s.event == "enters-staging"]
    assert len(moved) == 1 and NAZGUL in moved[0].text and "lotr:faq:1.35" in moved[0].citations and not [s for s in trace.steps if s.event == "reveal" and NAZGUL in s.text]


def test_a_card_that_is_not_set_aside_does_not_move():
    r = table("players: [{name: Tom, heroes: [Aragorn]}]\nstaging_area: [Forest Spider]\n")
    spider = card(r, "Forest Spider")
    assert set_aside_into_staging(r, Cause("a test effect", source="encounter"), spider, r.g.player("Tom"), None) is False
    assert "is not set aside" in steps(r)[-1].text and [c.label for c in r.g.staging] == ["Forest Spider"]
