"""Shadow effects that are bigger when the attack is undefended (Shadow Effects; 6.4.1 comes
before 6.4.2): the card data's ``undefended: {...}`` arguments replace the ordinary ones, and
``condition: this attack is undefended`` adds a part, only when no character defends -- a
Sentinel character defending counts as a defender."""

from __future__ import annotations

import re

import pytest

from adjudicator.lotr.engine import api

TABLE = """
start: "6.3"
stop: {step: "6.4.4"}
players:
  - name: Tom
    threat: 20
    heroes: [{card: Gimli, attachments: [Citadel Plate]}, {card: Legolas, attachments: [Blade of Gondolin]}, Aragorn]
    engaged: [{card: Wolf Rider, shadow: [%s]}]
  - {name: Kris, threat: 20, heroes: [{card: Aragorn, label: Aragorn (Kris)}]}
quest: {card: Flies and Spiders, progress: 4}
decisions:
  - %s
%s
"""
DEFENDED = '{step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: Gimli}'
UNDEFENDED = '{step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: null, undefended_hero: Aragorn}'
SENTINEL = '{step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: null, sentinel: Aragorn (Kris)}'


def replay(shadow: str, defence: str, extra: str = ""):
    return api.replay(api.load("shadow.yaml", text=TABLE % (shadow, defence, extra)), abilities=True)


def attack_at_damage(trace) -> int:
    """The attack strength at 6.4.3: "X attack N against ..." or "... all N damage ..."."""
    text = [s.text for s in trace.steps if s.event == "combat-damage"][0]
    m = re.search(r"attack (\d+) against|all (\d+) damage", text)
    return int(m.group(1) or m.group(2))


def tom(trace):
    return trace.final_state["players"][0]


def char(trace, label):
    return next(c for c in tom(trace)["heroes"] if c["label"] == label)


@pytest.mark.parametrize("shadow,defended,undefended", [
    ("Wargs", 2 + 1, 2 + 2),
    ("Eastern Crows", 2 + 1, 2 + 2),
    ("Dol Guldur Orcs", 2 + 1, 2 + 3),
    ("East Bight Patrol", 2 + 1, 2 + 1),
])
def test_the_attack_bonus_is_bigger_only_when_the_attack_is_undefended(shadow, defended, undefended):
    assert attack_at_damage(replay(shadow, DEFENDED)) == defended
    assert attack_at_damage(replay(shadow, UNDEFENDED)) == undefended


def test_a_sentinel_defender_makes_the_attack_defended():
    assert attack_at_damage(replay("Wargs", SENTINEL)) == 2 + 1


def test_the_trace_says_which_version_resolves_and_why():
    steps = [s for s in replay("Wargs", UNDEFENDED).steps if s.event == "shadow-undefended"]
    assert steps and steps[0].step == "6.4.2"
    assert {"lotr:rr:shadow-effects", "lotr:rr:step:6.4.1"} <= set(steps[0].citations)
    assert [s for s in replay("Wargs", DEFENDED).steps if s.event == "shadow-defended"]


def test_ungoliants_spawn_raises_the_threat_by_8_instead_of_4_when_undefended():
    assert tom(replay("Ungoliant's Spawn", DEFENDED))["threat"] == 24
    assert tom(replay("Ungoliant's Spawn", UNDEFENDED))["threat"] == 28


def test_east_bight_patrol_also_raises_the_threat_by_3_only_when_undefended():
    assert tom(replay("East Bight Patrol", DEFENDED))["threat"] == 20
    assert tom(replay("East Bight Patrol", UNDEFENDED))["threat"] == 23


def test_misty_mountain_goblins_removes_3_progress_instead_of_1_when_undefended():
    assert replay("Misty Mountain Goblins", DEFENDED).final_state["quest"]["progress"] == 3
    assert replay("Misty Mountain Goblins", UNDEFENDED).final_state["quest"]["progress"] == 1


def test_hummerhorns_deals_2_damage_instead_of_1_to_each_character_when_undefended():
    defended = replay("Hummerhorns", DEFENDED)
    assert [char(defended, n)["damage"] for n in ("Gimli", "Legolas", "Aragorn")] == [1, 1, 1]
    undefended = replay("Hummerhorns", UNDEFENDED)
    assert [char(undefended, n)["damage"] for n in ("Gimli", "Legolas")] == [2, 2]
    assert char(undefended, "Aragorn")["damage"] == 2 + 2  # the shadow's 2, then the undefended attack
    assert undefended.final_state["players"][1]["heroes"][0]["damage"] == 0  # only the defending player's characters


def attachments(trace, label):
    return [a["label"] for a in char(trace, label).get("attachments", [])]


def test_driven_by_shadow_discards_every_attachment_of_the_defending_player_when_undefended():
    defended = replay("Driven by Shadow", DEFENDED)
    assert attachments(defended, "Gimli") == [] and attachments(defended, "Legolas") == ["Blade of Gondolin"]
    undefended = replay("Driven by Shadow", UNDEFENDED)
    assert attachments(undefended, "Gimli") == [] and attachments(undefended, "Legolas") == []
    assert {"Citadel Plate", "Blade of Gondolin"} <= set(tom(undefended)["discard"])


def test_king_spider_makes_the_defending_player_exhaust_two_characters_when_undefended():
    one = "abilities:\n  plays:\n    - {card: King Spider, targets: {a character you control: Legolas}}\n"
    defended = replay("King Spider", DEFENDED, one)
    assert char(defended, "Legolas")["exhausted"] and not char(defended, "Aragorn")["exhausted"]
    two = "abilities:\n  plays:\n    - {card: King Spider, targets: {2 characters you control: [Legolas, Aragorn]}}\n"
    undefended = replay("King Spider", UNDEFENDED, two)
    assert char(undefended, "Legolas")["exhausted"] and char(undefended, "Aragorn")["exhausted"]
    pending = replay("King Spider", UNDEFENDED).pending
    assert pending.key == "ability" and "2 characters you control" in pending.question
