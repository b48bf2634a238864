"""Effects aimed at "the attacking enemy" reach the enemy of the attack being resolved,
wherever it is: Wolf Rider dealt as a shadow card attacks from among the shadow cards of
another enemy, in none of the usual zones, and its own shadow card's bonus and the
players' responses (Gondorian Spearman, Swift Strike) still reach it.  An attacking enemy
that leaves play during its attack ends that attack after the step in which it left
(FAQ Q55)."""

from __future__ import annotations

from adjudicator.lotr.engine import api

WOLF = """
start: "6.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [Gimli, {card: Legolas, resources: 2}, Éowyn], hand: [%(hand)s], allies: [Gondorian Spearman],
     engaged: [Dol Guldur Orcs]}
encounter_deck: [Wolf Rider, %(own)s, Hill Troll]
decisions:
  - {step: "6.4.1", player: Tom, enemy: Dol Guldur Orcs, defender: null, undefended_hero: Gimli}
  - {step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: %(defender)s}
  - {step: "6.8b", player: Tom, target: null}
abilities:
  responses: [%(responses)s]
"""


def wolf(own="Treacherous Fog", defender="Legolas", hand="Swift Strike", responses=""):
    text = WOLF % {"own": own, "defender": defender, "hand": hand, "responses": responses}
    return api.replay(api.load("wolf.yaml", text=text), abilities=True)


def character(trace, label):
    p = trace.final_state["players"][0]
    return next(c for c in p["heroes"] + p.get("allies", []) if c["label"] == label)


def damage_to(trace, label):
    return [(c.before, c.after) for s in trace.steps if s.event == "damage" for c in s.changes if c.target == label]


def test_shadow_effect_on_the_attacking_enemy_reaches_wolf_rider_attacking_as_a_shadow_card():
    # Eastern Crows as Wolf Rider's own shadow card: +1 attack for the attacker (defended)
    trace = wolf(own="Eastern Crows")
    assert not any(s.event == "not-resolved" and "Eastern Crows" in s.text for s in trace.steps)
    bonus = [s for s in trace.steps if s.event == "lasting" and "Wolf Rider 2→3" in s.text]
    assert bonus and bonus[0].step == "6.4.2"
    damage = next(s for s in trace.steps if s.event == "combat-damage" and s.text.startswith("Wolf Rider"))
    assert "attack 3 against Legolas defense 1: 2 damage" in damage.text
    assert character(trace, "Legolas")["damage"] == 2
    # the bonus lasts until the end of Wolf Rider's attack
    ends = [s for s in trace.steps if s.event == "lasting-ends" and "Eastern Crows" in s.text]
    assert ends and ends[0].step == "6.4.4"


def test_response_to_declaring_a_defender_damages_wolf_rider_attacking_as_a_shadow_card():
    # Gondorian Spearman defends against Wolf Rider: 1 damage to the attacking enemy
    trace = wolf(defender="Gondorian Spearman", responses="{card: Gondorian Spearman, player: Tom}")
    assert damage_to(trace, "Wolf Rider") == [(0, 1)]
    hit = next(s for s in trace.steps if s.event == "damage" and "Wolf Rider" in s.text)
    assert hit.step == "6.4.1" and "Gondorian Spearman" in hit.text
    assert not any(s.event == "not-resolved" and "Gondorian Spearman" in s.text for s in trace.steps)


def test_attacking_enemy_destroyed_during_its_attack_ends_the_attack_faq_q55():
    # Swift Strike's 2 damage destroys Wolf Rider (2 hit points) after Legolas is declared
    trace = wolf(responses="{card: Swift Strike, player: Tom, with: Legolas}")
    assert damage_to(trace, "Wolf Rider") == [(0, 2)]
    ends = next(s for s in trace.steps if s.event == "attack-ends")
    assert ends.step == "6.4.2" and "lotr:faq:q:55" in ends.citations
    assert not any(s.event == "combat-damage" and s.text.startswith("Wolf Rider") for s in trace.steps)
    assert character(trace, "Legolas")["damage"] == 0
    end = next(s for s in trace.steps if s.event == "enemy-attack-end" and "Wolf Rider" in s.text)
    assert "left play" in end.text
    # the attack it interrupted resumes; Wolf Rider is not discarded twice after combat
    assert any(s.event == "attack-resumes" for s in trace.steps)
    state = trace.final_state
    assert state["encounter_deck"].count("Wolf Rider") + state["encounter_discard"].count("Wolf Rider") == 1
    back = next(s for s in trace.steps if s.event == "return-to-deck")
    assert back.interpretation is not None and "destroyed" in back.interpretation.name


def test_engaged_enemy_destroyed_after_its_defender_is_declared_deals_no_combat_damage_faq_q55():
    text = """
start: "6.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [Gimli, {card: Legolas, resources: 2}], hand: [Swift Strike], engaged: [Goblin Sniper]}
encounter_deck: [Hill Troll]
decisions:
  - {step: "6.4.1", player: Tom, enemy: Goblin Sniper, defender: Gimli}
  - {step: "6.8b", player: Tom, target: null}
abilities:
  responses: [{card: Swift Strike, player: Tom, with: Legolas}]
"""
    trace = api.replay(api.load("sniper.yaml", text=text), abilities=True)
    assert any(s.event == "destroyed" and "Goblin Sniper" in s.text for s in trace.steps)
    assert any(s.event == "attack-ends" and "lotr:faq:q:55" in s.citations for s in trace.steps)
    assert not any(s.event in ("combat-damage", "shadow-no-effect") for s in trace.steps)
    assert "Hill Troll" in trace.final_state["encounter_discard"]  # its shadow card went with it
