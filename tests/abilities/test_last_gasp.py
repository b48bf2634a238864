"""Last Gasp (the Quest Companion's Pies for the Party ruling): a Forced effect of an enemy as it is
destroyed, resolved by the player it was engaged with, or by the first player when it was in the staging
area; never by the player whose effect destroyed it for that reason alone."""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

TEXT = """
cards:
  - {name: Dying Orc, type: enemy, engagement_cost: 45, threat: 1, attack: 1, defense: 0, hit_points: 2}
  - {name: Rockslide, type: treachery}
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: Tom, threat: 30, heroes: [Aragorn], ENGAGED}
  - {name: Kris, threat: 25, heroes: [Gimli]}
first_player: FIRST
quest: {card: Flies and Spiders}
STAGING
encounter_deck: [Rockslide, Old Forest Road, Old Forest Road]
abilities:
  cards:
    - name: Dying Orc
      source: encounter
      abilities:
        - {kind: last_gasp, effects: [{op: threat, player: you, amount: 4}], says: "Last Gasp: raise your threat by 4"}
    - name: Rockslide
      source: encounter
      abilities:
        - {kind: when_revealed, effects: [{op: damage, target: card titled Dying Orc, amount: 2}], says: "2 damage to Dying Orc"}
"""


def threats(engaged: bool, first: str) -> tuple[int, int]:
    text = (TEXT.replace("ENGAGED", "engaged: [Dying Orc]" if engaged else "engaged: []")
            .replace("STAGING", "" if engaged else "staging_area: [Dying Orc]").replace("FIRST", first))
    state = api.replay(api.load("gasp.yaml", text=text), abilities=True).to_dict()["final_state"]
    assert resolve_path(state, "encounter_discard")[-1] == "Dying Orc"
    return resolve_path(state, "players.Tom.threat"), resolve_path(state, "players.Kris.threat")


def test_last_gasp_is_resolved_by_the_engaged_player_else_the_first_player():
    assert threats(engaged=True, first="Kris") == (34, 25)   # engaged with Tom: Tom's, though Kris is first player
    assert threats(engaged=False, first="Kris") == (30, 29)  # in the staging area: the first player's
    assert threats(engaged=False, first="Tom") == (34, 25)
