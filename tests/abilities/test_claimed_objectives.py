"""Objectives the players claim and attach (Objective Cards; FAQ 1.07, 1.23) and what their own
text says when they leave their hero, in the replay:

- an objective claimed from another hero moves to the claiming hero (it does not leave play:
  Book of Mazarbul);
- detached, an objective whose text says so returns to the staging area instead of a discard pile
  (Book of Mazarbul), or goes back on top of the encounter deck (Signs of Gollum);
- an attachment's Forced effect about its host ("after the attached hero is damaged") answers the
  damage dealt to that hero (Signs of Gollum);
- the players may claim an encounter card by its own response after questing successfully.
"""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api


def final(text: str):
    trace = api.replay(api.load("claimed.yaml", text=text), abilities=True)
    assert trace.pending is None
    return trace.to_dict()["final_state"]


ATTACKED = """
start: "6.1"
stop: end-of-phase
players:
  - name: Tom
    threat: 25
    heroes: [{card: Éowyn, attachments: [OBJECTIVE]}, Aragorn]
    engaged: [ENEMY]
decisions:
  - {step: "6.4.1", player: Tom, enemy: ENEMY, defender: null}
  - {step: "6.4.3", player: Tom, enemy: ENEMY, undefended_hero: Éowyn}
  - {step: "6.8b", player: Tom, target: null}
abilities: {}
"""


def attacked(objective: str, enemy: str):
    return final(ATTACKED.replace("OBJECTIVE", objective).replace("ENEMY", enemy))


def test_an_attachment_answers_the_damage_dealt_to_its_host():
    state = attacked("Signs of Gollum", "Goblin Sniper")  # 2 damage: Éowyn survives, damaged
    assert resolve_path(state, "players.Tom.heroes.Éowyn.damage") == 2
    assert state["encounter_deck"] == ["Signs of Gollum"] and "attachments" not in state["players"][0]["heroes"][0]


def test_a_detached_objective_goes_where_its_text_says_instead_of_a_discard_pile():
    signs = attacked("Signs of Gollum", "Hill Troll")  # Éowyn destroyed
    assert signs["encounter_deck"] == ["Signs of Gollum"] and signs["encounter_discard"] == []
    book = attacked("Book of Mazarbul", "Hill Troll")
    assert resolve_path(book, "staging_area.labels") == ["Book of Mazarbul"] and book["encounter_discard"] == []
    plain = attacked("Dungeon Torch", "Hill Troll")  # no such text: to its owner's discard pile, the encounter deck's
    assert plain["encounter_discard"] == ["Dungeon Torch"]


CLAIM = """
start: "2.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 25, heroes: [{card: Gimli, attachments: [Book of Mazarbul]}]}
  - {name: Kris, threat: 25, heroes: [Aragorn]}
quest: {card: Flies and Spiders}
abilities:
  plays:
    - {step: "2.2", player: Kris, card: Book of Mazarbul, targets: {a hero you control: Aragorn}}
"""


def test_a_claimed_objective_may_be_taken_from_another_hero_and_moves_without_leaving_play():
    state = final(CLAIM)
    assert resolve_path(state, "players.Kris.heroes.Aragorn.attachments.labels") == ["Book of Mazarbul"]
    assert "attachments" not in state["players"][0]["heroes"][0]  # left Gimli
    assert resolve_path(state, "players.Kris.heroes.Aragorn.exhausted") is True
    assert state["staging_area"] == [] and state["encounter_discard"] == []
