"""Superlative target phrases ("the character with the most damage", "the enemy with the highest
engagement cost"): of the cards the rest of the phrase names, those with the most; one is taken,
a tie (at 0 too) is a choice among the tied, the first player's for an encounter effect (FAQ Q48:
Crazy Cob attacks even when no character has poison).  Grave Stalker is our own test card."""

from __future__ import annotations

from adjudicator.lotr.abilities.grammar.select import matching
from adjudicator.lotr.abilities.grammar.targets import parse_target
from adjudicator.lotr.engine import api

from .tables import table

STALKER = """
start: '3.1'
stop: end-of-phase
cards:
- {name: Grave Stalker, type: enemy, engagement_cost: 45, threat: 1, attack: 3, defense: 1, hit_points: 3}
players:
- name: Tom
  threat: 20
  heroes: [{card: Gimli, damage: %(gimli)d}, Aragorn]
- name: Kris
  threat: 20
  heroes: [{card: Glorfindel, damage: %(glorfindel)d}, Legolas]
quest: {card: Flies and Spiders}
encounter_deck: [Grave Stalker, Old Forest Road, Enchanted Stream, Forest Gate]
decisions:
- {step: '3.2', player: Tom, commit: [Aragorn]}
- {step: '3.2', player: Kris, commit: []}
- {step: 6.4.1, player: Kris, enemy: Grave Stalker, defender: null}
- {step: 6.4.1, player: Tom, enemy: Grave Stalker, defender: null}
abilities:
  cards:
  - name: Grave Stalker
    abilities:
    - {kind: when_revealed, effects: [{op: enemy_attack, attacker: self, target: the character with the most damage}],
       says: "it attacks the character with the most damage"}
"""


def replay(gimli: int, glorfindel: int):
    return api.replay(api.load("stalker.yaml", text=STALKER % {"gimli": gimli, "glorfindel": glorfindel}), abilities=True)


def damage(trace, player: str, hero: str) -> int:
    p = next(q for q in trace.final_state["players"] if q["name"] == player)
    return next(h for h in p["heroes"] if h["label"] == hero)["damage"]


def test_the_one_with_the_most_is_taken_whoever_controls_it():
    trace = replay(0, 1)
    assert trace.pending is None
    assert damage(trace, "Kris", "Glorfindel") == 1 + 3 and damage(trace, "Tom", "Gimli") == 0
    assert "lotr:faq:q:48" not in trace.cited_ids()


def test_all_tied_at_zero_the_first_player_picks_among_every_one():
    trace = replay(0, 0)
    assert trace.pending is not None and trace.pending.player == "Tom"
    assert {o.label for o in trace.pending.options} == {"Gimli", "Aragorn", "Glorfindel", "Legolas"}


def test_a_tie_leaves_only_the_tied():
    trace = replay(1, 1)
    assert {o.label for o in trace.pending.options} == {"Gimli", "Glorfindel"}


def test_the_highest_engagement_cost_among_the_enemies_in_the_staging_area():
    r = table("players: [{name: Tom, heroes: [Aragorn]}]\nstaging_area: [Forest Spider, Hill Troll, Wargs]\n")
    t = parse_target("the enemy in the staging area with the highest engagement cost")
    assert t.normal()["qualifiers"] == ["most engagement_cost"]
    assert [c.label for c in matching(r, t, None, r.g.player("Tom"))] == ["Hill Troll"]
