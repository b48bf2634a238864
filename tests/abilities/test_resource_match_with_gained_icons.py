"""Resource Match with a gained resource icon (Celebrían's Stone on Aragorn: a spirit icon;
Gains): while the Stone is on Aragorn his resources pay for spirit cards; on another hero
it gives no icon; without it a leadership hero cannot pay for a spirit card.  A 0-cost
sphere card still needs a match (FAQ Q62); a neutral card needs none."""

from __future__ import annotations

from adjudicator.lotr.abilities.resource_icons import can_pay_for, icons

from .core_set_table import BASE, go, put, texts, threat
from .tables import card, steps, table


def greeting(r, pay_from: str = "Aragorn"):
    card(r, pay_from).resources = 3
    return go(r, put(r, "The Galadhrim's Greeting", "hand"), pay_from=pay_from, chosen=["Tom"], option="one")


def test_aragorn_with_the_stone_has_a_spirit_icon():
    r = table(BASE)
    put(r, "Celebrían's Stone", "attach", host="Aragorn")
    go(r, card(r, "Celebrían's Stone"), 2)
    assert icons(r, card(r, "Aragorn")) == {"leadership", "spirit"}
    assert steps(r, "gain-icon") and "lotr:rr:gains" in steps(r, "gain-icon")[0].citations


def test_his_resources_pay_for_a_spirit_event_while_it_is_attached():
    r = table(BASE)
    put(r, "Celebrían's Stone", "attach", host="Aragorn")
    assert greeting(r)
    assert card(r, "Aragorn").resources == 0 and threat(r, "Tom") == 24
    match = steps(r, "resource-match")[0]
    assert match.text.startswith("[from Celebrían's Stone") and "lotr:rr:resource-match" in match.citations


def test_without_the_stone_a_leadership_hero_cannot_pay_for_a_spirit_card():
    r = table(BASE)
    assert greeting(r) is False
    assert card(r, "Aragorn").resources == 3 and threat(r, "Tom") == 30
    assert "no spirit resource icon" in texts(r) and "lotr:rr:resource-match" in steps(r, "not-resolved")[0].citations


def test_the_stone_on_another_hero_gives_no_icon():
    r = table(BASE)
    put(r, "Celebrían's Stone", "attach", host="Gimli")
    go(r, card(r, "Celebrían's Stone"), 2)
    assert icons(r, card(r, "Gimli")) == {"tactics"}
    assert greeting(r, "Gimli") is False


def test_a_neutral_card_needs_no_match_and_a_zero_cost_sphere_card_does():
    r = table(BASE)
    assert can_pay_for(r, card(r, "Denethor"), put(r, "Gandalf", "hand"))
    # Kris has only lore heroes: the 0-cost leadership Common Cause is not initiated (FAQ Q62)
    common_cause = put(r, "Common Cause", "hand", owner="Kris")
    assert go(r, common_cause, player="Kris", chosen=["Beravor"], targets={"a hero you control": "Denethor"}) is False
    assert "lotr:faq:q:62" in steps(r, "not-resolved")[0].citations and not card(r, "Denethor").exhausted
