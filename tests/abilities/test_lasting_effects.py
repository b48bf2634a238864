"""Lasting Effects (RR) and FAQ 1.55, Q44: a player card's lasting effect reaches only the
cards there when it is established, with its value fixed then; an encounter card's reaches
later arrivals and is recalculated; "currently" (Driven by Shadow) freezes the set; a
lasting effect expires at its timing point."""

from __future__ import annotations

from adjudicator.lotr.abilities import lasting as L
from adjudicator.lotr.abilities.effects import Cause

from .tables import card, cited, table

TABLE = """
players:
  - name: Tom
    heroes: [Gimli, Éowyn, {card: Aragorn, damage: 1}]
    allies: [Gandalf]
staging_area: [Old Forest Road, Wargs]
quest: {card: Flies and Spiders}
"""


def characters(g):
    return [c for p in g.players for c in p.characters]


def test_player_card_lasting_effect_does_not_reach_later_arrivals():
    r = table(TABLE)
    cause = Cause("For Gondor! (action)")
    L.establish(r, cause, "attack", "add", 1, characters)
    assert card(r, "Gimli").stat("attack") == 3
    # an ally entering play afterwards is not affected
    newcomer = r.g.players[0].allies[0]
    r.g.players[0].allies.remove(newcomer)
    r.g.players[0].allies.append(newcomer)
    from adjudicator.lotr.engine.state import Card

    late = Card("Beorn", __import__("adjudicator.lotr.engine.cards", fromlist=["core_set"]).core_set().get("Beorn"), "Tom")
    r.g.players[0].allies.append(late)
    L.refresh(r)
    assert late.stat("attack") == 3  # printed 3, no +1
    assert "lotr:faq:1.55" in cited(r)


def test_player_card_lasting_value_is_fixed_when_established():
    r = table(TABLE)
    eowyn = card(r, "Éowyn")
    # +X willpower to Gimli where X is Éowyn's willpower now (4)
    L.establish(r, Cause("a player card's quest action"), "willpower", "add", lambda g: eowyn.stat("willpower"), lambda g: [card(r, "Gimli")])
    assert card(r, "Gimli").stat("willpower") == 6
    eowyn.modifiers.append(__import__("adjudicator.lotr.engine.modifiers", fromlist=["Modifier"]).Modifier("willpower", "add", 1, "test"))
    L.refresh(r)
    assert card(r, "Gimli").stat("willpower") == 6  # not recalculated


def test_encounter_card_lasting_effect_is_recalculated_as_the_state_changes():
    """FAQ 1.55's example: blank while damaged -- here, -1 willpower while damaged."""
    r = table(TABLE)
    aragorn = card(r, "Aragorn")
    L.establish(r, Cause("an encounter card", source="encounter"), "willpower", "subtract", 1,
                lambda g: [c for c in characters(g) if c.damage > 0])
    assert aragorn.stat("willpower") == 1
    aragorn.damage = 0
    L.refresh(r)
    assert aragorn.stat("willpower") == 2
    card(r, "Gimli").damage = 1
    L.refresh(r)
    assert card(r, "Gimli").stat("willpower") == 1


def locations(g):
    return [c for c in g.staging if c.type == "location"]


def test_treacherous_fog_reaches_a_later_location_driven_by_shadow_does_not():
    """FAQ Q44."""
    r = table(TABLE)
    fog = Cause("Treacherous Fog (when revealed)", ("lotr:faq:q:44",), source="encounter")
    driven = Cause("Driven by Shadow (when revealed)", ("lotr:faq:q:44",), source="encounter")
    L.establish(r, fog, "threat", "add", 1, locations)
    L.establish(r, driven, "threat", "add", 1, lambda g: [c for c in g.staging if c.type in ("enemy", "location")], set_mode="current")
    road = card(r, "Old Forest Road")
    assert road.stat("threat") == 3  # 1 printed +1 +1
    from adjudicator.lotr.engine.cards import core_set
    from adjudicator.lotr.engine.state import Card

    gate = Card("Forest Gate", core_set().get("Forest Gate"), "encounter")
    r.g.staging.append(gate)
    L.refresh(r)
    assert gate.stat("threat") == 3  # printed 2, +1 from Treacherous Fog only
    assert "lotr:faq:q:44" in cited(r)


def test_lasting_effect_expires_at_its_timing_point():
    r = table(TABLE)
    L.establish(r, Cause("Blade Mastery (action)"), "defense", "add", 1, lambda g: [card(r, "Gimli")], until="end_of_phase")
    L.establish(r, Cause("Forest Spider (forced)", source="encounter"), "attack", "add", 1, lambda g: [card(r, "Wargs")], until="end_of_round")
    assert card(r, "Gimli").stat("defense") == 3
    L.expire(r, "end_of_phase")
    assert card(r, "Gimli").stat("defense") == 2 and card(r, "Wargs").stat("attack") == 4
    L.expire(r, "end_of_round")
    assert card(r, "Wargs").stat("attack") == 3
    assert r.trace.steps[-1].event == "lasting-ends" and "lotr:rr:lasting-effects" in r.trace.steps[-1].citations
