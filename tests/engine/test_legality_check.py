"""`check`: a position's and its decisions' violations, each with its rule."""

from __future__ import annotations

from adjudicator.lotr.engine import api


def check(text):
    return api.check(api.load("pos.yaml", text=text))


def rules(result):
    return {r for v in result.violations for r in v.rules}


def test_legal_position_has_no_violations():
    r = check("players:\n  - {name: P1, heroes: [Gimli]}\nstop: {step: '1.2'}\n")
    assert r.legal


def test_two_copies_of_a_unique_card_in_play_are_illegal():
    r = check("players:\n  - {name: P1, heroes: [Gimli], allies: [Faramir]}\n  - {name: P2, heroes: [Legolas], allies: [Faramir]}\nstop: {step: '0.0'}\n")
    assert "lotr:rr:unique-cards" in rules(r)


def test_third_restricted_attachment_is_illegal():
    r = check("players:\n  - {name: P1, heroes: [{card: Gimli, attachments: [Dwarven Axe, Citadel Plate, Blade of Gondolin]}]}\nstop: {step: '0.0'}\n")
    assert "lotr:rr:restricted" in rules(r)


def test_player_still_in_at_threat_50_is_illegal():
    r = check("players:\n  - {name: P1, threat: 50, heroes: [Gimli]}\nstop: {step: '0.0'}\n")
    assert {"lotr:rr:threat-elimination-level", "lotr:rr:player-elimination"} <= rules(r)


def test_character_with_damage_at_its_hit_points_still_in_play_is_illegal():
    r = check("players:\n  - {name: P1, heroes: [{card: Gimli, damage: 5}]}\nstop: {step: '0.0'}\n")
    assert "lotr:rr:hit-points" in rules(r)


def test_declared_decisions_are_all_checked_without_stopping_at_the_first():
    r = check("""
start: "3.1"
stop: end-of-round
players:
  - {name: P1, threat: 20, heroes: [{card: Gimli, exhausted: true}, Legolas]}
staging_area: [Hill Troll, Enchanted Stream]
active_location: Old Forest Road
quest: {card: Flies and Spiders}
encounter_deck: [Despair]
decisions:
  - {step: "3.2", commit: [Gimli]}
  - {step: "4.2", travel: Enchanted Stream}
  - {step: "5.2", player: P1, engage: Hill Troll}
  - {step: "5.2", player: P1, engage: Hill Troll}
  - {step: "6.4.1", player: P1, defender: Gimli}
""")
    assert not r.legal
    found = rules(r)
    assert "lotr:faq:q:72" in found  # exhausted character committing
    assert "lotr:rr:active-location" in found  # travel while a location is active
    assert "lotr:rr:optional-engagement" in found  # a second optional engagement
    assert "lotr:rr:exhausted" in found  # an exhausted character defending
    assert all(v.line for v in r.violations)


def test_card_played_without_a_resource_match_is_reported():
    r = check("""
start: "2.1"
stop: end-of-phase
players:
  - {name: P1, heroes: [{card: Gimli, resources: 5}], hand: [Faramir]}
decisions:
  - {step: "2.2", player: P1, play: [{card: Faramir}]}
""")
    assert "lotr:rr:resource-match" in rules(r)
