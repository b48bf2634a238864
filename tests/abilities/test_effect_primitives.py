"""Effect primitives: each writes its own trace step naming its cause and citing the rule
that decided it (Damage, Ready, Exhausted, Active Location, Quest Advancement, Threat,
Resources, Cost, Then, Cannot, Immune; FAQ 1.00, 1.05, 1.14, 1.15, 1.27, 1.44, 1.47, Q3)."""

from __future__ import annotations

from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities.effects import Cause, state_of

from .tables import card, cited, steps, table

TABLE = """
players:
  - name: Tom
    threat: 30
    heroes: [{card: Legolas, attachments: [Blade of Gondolin]}, {card: Glorfindel, damage: 2, resources: 1}, {card: Aragorn, exhausted: true}]
    hand: [Feint]
    deck: [Beorn, Gondorian Spearman]
    engaged: [{card: Forest Spider, damage: 3}, Hill Troll]
staging_area: [Old Forest Road, Wargs]
active_location: {card: Enchanted Stream, progress: 1}
quest: {card: Flies and Spiders, progress: 7}
quest_deck: [A Fork in the Road]
"""

LEGOLAS = Cause("Legolas (response)", ("lotr:faq:q:3",))
FOG = Cause("Treacherous Fog (when revealed)", source="encounter")


def test_every_primitive_step_names_its_cause():
    r = table(TABLE)
    E.ready(r, LEGOLAS, card(r, "Aragorn"))
    assert steps(r)[-1].text.startswith("[from Legolas (response)]")
    assert "lotr:rr:ready" in steps(r)[-1].citations and "lotr:faq:q:3" in steps(r)[-1].citations


def test_ready_and_exhaust_do_not_resolve_in_full_without_a_change():
    r = table(TABLE)
    assert E.exhaust(r, LEGOLAS, card(r, "Legolas")) is True
    assert E.exhaust(r, LEGOLAS, card(r, "Legolas")) is False
    assert steps(r)[-1].event == "not-resolved"


def test_damage_destroys_at_hit_points_through_the_engine():
    r = table(TABLE)
    spider = card(r, "Forest Spider")
    E.damage(r, LEGOLAS, spider, 1)
    assert "Forest Spider" in r.g.encounter_discard[0].label
    assert "lotr:rr:destroy" in cited(r)


def test_heal_all_and_heal_some():
    r = table(TABLE)
    glorfindel = card(r, "Glorfindel")
    assert E.heal(r, LEGOLAS, glorfindel, 3) is False  # only 2 to heal: not in full
    assert glorfindel.damage == 0
    assert E.heal(r, LEGOLAS, glorfindel) is False  # nothing left
    assert "lotr:rr:damage" in cited(r)


def test_legolas_progress_goes_to_the_active_location_first():
    """FAQ 1.00, Q3: no contradiction with the card, so the active location takes it."""
    r = table(TABLE)
    E.progress(r, LEGOLAS, 2)
    # Enchanted Stream (2 quest points, 1 progress) takes 1 and is explored; 1 reaches the quest
    assert r.g.active_location is None
    assert r.g.encounter_discard[0].label == "Enchanted Stream"
    assert r.g.quest.label == "A Fork in the Road"  # 7 + 1 = 8 quest points: advanced at once
    assert {"lotr:rr:active-location", "lotr:rr:explored"} <= cited(r)


def test_bypass_places_on_the_quest_and_it_advances_at_once():
    """FAQ 1.27: only "bypass" skips the active location; Quest Advancement is immediate."""
    r = table(TABLE)
    E.progress(r, Cause("a bypassing effect"), 1, bypass=True)
    assert r.g.quest.label == "A Fork in the Road"
    assert {"lotr:faq:1.27", "lotr:rr:quest-advancement"} <= cited(r)


def test_remove_progress_touches_the_quest_card_only():
    r = table(TABLE)
    E.remove_progress(r, Cause("Despair (when revealed)", source="encounter"), 4)
    assert r.g.quest.progress == 3 and r.g.active_location.progress == 1
    assert "lotr:faq:1.05" in cited(r)


def test_threat_is_never_below_zero():
    r = table(TABLE)
    E.threat(r, Cause("The Galadhrim's Greeting (action)"), r.g.players[0], -40)
    assert r.g.players[0].threat == 0


def test_a_cost_is_paid_in_full_or_not_at_all():
    r = table(TABLE)
    glorfindel = card(r, "Glorfindel")
    assert E.pay(r, Cause("Glorfindel (action)"), glorfindel, 2) is False
    assert glorfindel.resources == 1
    assert {"lotr:rr:cost", "lotr:rr:to"} <= cited(r)
    assert E.pay(r, Cause("Glorfindel (action)"), glorfindel, 1) is True and glorfindel.resources == 0


def test_then_needs_the_first_part_in_full():
    r = table(TABLE)
    cause = Cause("Eleanor (response)")
    did = []
    assert E.then(r, cause, E.exhaust(r, cause, card(r, "Aragorn")), lambda: did.append(1) or True) is False
    assert did == [] and "lotr:faq:1.15" in cited(r)


def test_cannot_is_absolute_enchanted_stream_stops_draws():
    r = table(TABLE)
    stream = Cause("Enchanted Stream (constant)", source="encounter")
    E.forbid(r, stream, "draw cards", "each player")
    assert E.draw(r, Cause("Gléowine (action)"), r.g.players[0], 1) is False
    assert len(r.g.players[0].hand) == 1
    assert {"lotr:rr:cannot", "lotr:faq:1.14"} <= cited(r)


def test_immune_to_player_card_effects_ignores_player_cards_not_encounter_cards():
    r = table(TABLE)
    troll = card(r, "Hill Troll")
    state_of(r).immune.add(troll.label)
    assert E.damage(r, LEGOLAS, troll, 2) is False and troll.damage == 0
    assert "lotr:faq:1.47" in cited(r)
    assert E.modify(r, FOG, troll, "attack", "add", 1) is True


def test_engage_from_the_staging_area():
    r = table(TABLE)
    E.engage(r, Cause("Son of Arnor (response)"), r.g.players[0], card(r, "Wargs"))
    assert [c.label for c in r.g.players[0].engaged][-1] == "Wargs"
    assert "lotr:faq:1.49" in cited(r)


def test_return_to_staging_and_leave_play():
    r = table(TABLE)
    E.return_to_staging(r, Cause("A Light in the Dark (action)"), card(r, "Hill Troll"))
    assert "Hill Troll" in [c.label for c in r.g.staging]
    E.leave_play(r, Cause("Sneak Attack (delayed)"), card(r, "Legolas"), "hand")
    assert "Legolas" in [c.label for c in r.g.players[0].hand]
    assert "Blade of Gondolin" in [c.label for c in r.g.players[0].discard]


def test_must_x_or_y_takes_y_only_when_x_cannot_be_done():
    r = table(TABLE)
    did = []
    E.must_or(r, Cause("Pursued by Shadow (shadow)", source="encounter"), lambda: did.append("x") or True, lambda: did.append("y") or True, first_possible=False)
    assert did == ["y"] and "lotr:faq:1.44" in cited(r)


def test_steward_of_gondor_exhausts_without_its_hero_and_adds_two_resources():
    """FAQ 1.12: an attachment and its card exhaust independently; FAQ 1.25: adding."""
    r = table("players: [{name: Tom, heroes: [{card: Aragorn, attachments: [Steward of Gondor]}]}]\n")
    cause = Cause("Steward of Gondor (action)", ("lotr:faq:1.12",))
    aragorn = card(r, "Aragorn")
    steward = aragorn.attachments[0]
    assert E.then(r, cause, E.exhaust(r, cause, steward), lambda: E.add_resources(r, cause, aragorn, 2))
    assert steward.exhausted and not aragorn.exhausted and aragorn.resources == 2
    assert {"lotr:faq:1.12", "lotr:faq:1.25"} <= cited(r)


def test_numeric_keywords_stack_when_gained():
    """Keywords (RR): Doomed 2 and a gained Doomed 1 make Doomed 3."""
    from adjudicator.lotr.engine.cards import CardDef
    from adjudicator.lotr.engine.state import Card

    r = table(TABLE)
    omen = Card("Omen", CardDef("Omen", "treachery", keywords=(("doomed", 2),)), "encounter")
    E.gain_keyword(r, Cause("an encounter effect", source="encounter"), omen, "Doomed", 1)
    assert omen.keyword("doomed") == 3
    assert {"lotr:rr:keywords", "lotr:rr:gains"} <= cited(r)


def test_driven_by_shadow_surges_only_when_the_staging_area_is_empty():
    from adjudicator.lotr.abilities.initiate import Play, initiate
    from adjudicator.lotr.abilities.load import card_abilities
    from adjudicator.lotr.engine.cards import core_set
    from adjudicator.lotr.engine.state import Card

    for staging, surges in (("staging_area: []\n", True), ("staging_area: [Old Forest Road]\n", False)):
        r = table("players: [{name: Tom, heroes: [Aragorn]}]\n" + staging)
        driven = Card("Driven by Shadow", core_set().get("Driven by Shadow"), "encounter")
        initiate(r, driven, card_abilities("Driven by Shadow").abilities[0], r.g.players[0], Play())
        assert bool(driven.keyword("surge")) is surges
