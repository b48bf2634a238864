"""Responses after an enemy is destroyed by an attack (Response; Ranged; FAQ Q20): every
attacker's response, one that joined the attack through Ranged too, is initiated through the
ability grammar (Legolas's progress, Brand son of Bain's ready), and a trigger subject naming
the enemy's engagement ("engaged with another player") is checked against the player the
enemy was engaged with.  Expected values worked out by hand in each docstring."""

from __future__ import annotations

from adjudicator.lotr.engine import api

TEXT = """
start: "6.7"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [Gimli], engaged: [Forest Spider]}
  - {name: Kris, threat: 30, heroes: [HERO], engaged: [KRISENEMY]}
quest: {card: Flies and Spiders}
decisions:
  - {step: 6.8b, player: Tom, target: Forest Spider, attackers: [Gimli], ranged: [HERO]}
  - {step: 6.8b, player: Tom, target: null}
  - {step: 6.8b, player: Kris, target: null}
abilities:
  responses: [{card: HERO, player: Kris}]
  plays: [{card: Brand son of Bain, targets: {a character of the engaged player: Gimli}}]
"""


def replay(hero: str, kris_enemy: str = "Wargs", text: str = TEXT):
    return api.replay(api.load("d.yaml", text=text.replace("HERO", hero).replace("KRISENEMY", kris_enemy)), abilities=True)


def hero(trace, player: str, name: str) -> dict:
    p = next(p for p in trace.final_state["players"] if p["name"] == player)
    return next(h for h in p["heroes"] if h["name"] == name)


def test_a_response_to_an_enemy_destroyed_by_an_attack_resolves_through_the_grammar_for_each_attacker():
    """Forest Spider (1 defense, 4 hit points) takes Gimli's 2 + the ranged hero's 3 - 1 = 4 and
    is destroyed.  Brand son of Bain, Kris's, joined Tom's attack: his response readies Gimli
    (Tom's, the player the spider was engaged with).  Legolas in his place: his response puts 2
    progress on the quest, the same grammar path."""
    brand = replay("Brand son of Bain")
    assert hero(brand, "Tom", "Gimli")["exhausted"] is False
    assert hero(brand, "Kris", "Brand son of Bain")["exhausted"] is True
    legolas = replay("Legolas")
    assert hero(legolas, "Tom", "Gimli")["exhausted"] is True
    assert legolas.final_state["quest"]["progress"] == 2


def test_a_defeat_response_for_an_enemy_engaged_with_another_player_ignores_its_controllers_own_enemies():
    """Kris attacks the Wolf Rider engaged with him with Brand son of Bain (3 attack against its
    0 defense and 2 hit points): it is destroyed, but it was engaged with Kris himself, so Brand's
    response ("engaged with another player") does not trigger: no step is caused by it and no
    timing step lists it."""
    text = """
start: "6.7"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [Gimli]}
  - {name: Kris, threat: 30, heroes: [Brand son of Bain], engaged: [Wolf Rider]}
quest: {card: Flies and Spiders}
decisions:
  - {step: 6.8b, player: Tom, target: null}
  - {step: 6.8b, player: Kris, target: Wolf Rider, attackers: [Brand son of Bain]}
  - {step: 6.8b, player: Kris, target: null}
abilities:
  responses: [{card: Brand son of Bain, player: Kris}]
"""
    trace = api.replay(api.load("d.yaml", text=text), abilities=True)
    kris = next(p for p in trace.final_state["players"] if p["name"] == "Kris")
    assert kris["engaged"] == []
    assert any(s.event == "destroyed" for s in trace.steps)
    assert not any((s.cause or {}).get("card") == "Brand son of Bain" for s in trace.steps)
    assert not any(row.label.startswith("Brand son of Bain") for s in trace.steps if s.event == "timing" for row in s.data.rows)
