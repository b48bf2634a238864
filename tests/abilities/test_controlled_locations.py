"""Locations the players control (a scenario's rule: The Assault on Osgiliath, Wrath and Ruin; the
Quest Companion's rulings on controlling and losing control of locations), in the replay:

- a location leaving play explored that the current stage's Forced effect names goes to the first
  player's control instead of a discard pile or the victory display, its progress removed, and stays
  in play (a card effect can still reach it); one the effect does not name leaves play as usual;
- a controlled location returned to the staging area by a card effect, or whose player is
  eliminated, is no one's again and loses its progress.
"""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api


def replay(text: str):
    trace = api.replay(api.load("controlled.yaml", text=text), abilities=True)
    assert trace.pending is None
    return trace.to_dict()["final_state"]


STAGE = """
  - name: Holding the Ruins
    source: quest
    abilities:
      - {kind: forced, trigger: {timing: when, event: explored, subject: an Osgiliath location},
         effects: [{op: take_control, player: the first player, target: that location}], says: "explored Osgiliath locations to the first player"}
"""

EXPLORED = """
cards:
  - {name: Holding the Ruins, type: quest, stage: 1, quest_points: 10}
  - {name: Broken Bridge, type: location, threat: 2, quest_points: 2, traits: [TRAIT]}
start: "3.4"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [{card: Aragorn, committed: true, exhausted: true}]}
  - {name: Kris, threat: 30, heroes: [Gimli]}
first_player: Kris
active_location: {card: Broken Bridge, progress: 1}
quest: {card: Holding the Ruins}
abilities:
  cards:""" + STAGE


def test_an_explored_location_taken_into_control_stays_in_play_without_its_progress():
    state = replay(EXPLORED.replace("TRAIT", "Osgiliath"))
    assert resolve_path(state, "players.Kris.locations.Broken Bridge.progress") == 0  # the first player's, not the questing player's
    assert "locations" not in state["players"][0]
    assert state["active_location"] is None and state["encounter_discard"] == [] and state["quest"]["progress"] == 1
    other = replay(EXPLORED.replace("TRAIT", "Forest"))  # not an Osgiliath location: it leaves play as usual
    assert other["encounter_discard"] == ["Broken Bridge"] and all("locations" not in p for p in other["players"])


ELIMINATED = """
cards:
  - {name: Holding the Ruins, type: quest, stage: 1, quest_points: 10}
  - {name: Broken Bridge, type: location, threat: 2, quest_points: 4, traits: [Osgiliath]}
start: "7.1"
stop: end-of-round
players:
  - {name: Tom, threat: 49, heroes: [Aragorn], locations: [{card: Broken Bridge, progress: 2}]}
  - {name: Kris, threat: 30, heroes: [Gimli]}
quest: {card: Holding the Ruins}
abilities:
  cards:""" + STAGE


def test_a_controlled_location_returned_to_staging_or_its_player_eliminated_loses_control_and_progress():
    state = replay(ELIMINATED)  # the refresh raise takes Tom to 50: eliminated, his location goes back to the staging area
    assert resolve_path(state, "players.Tom.eliminated") is True
    assert resolve_path(state, "staging_area.labels") == ["Broken Bridge"]
    assert resolve_path(state, "staging_area.Broken Bridge.progress") == 0 and "locations" not in state["players"][0]
    returned = replay(ELIMINATED.replace("threat: 49", "threat: 20").replace('start: "7.1"\nstop: end-of-round', 'start: "3.3"\nstop: {step: "3.3"}')
                      .replace("quest: {card: Holding the Ruins}", "quest: {card: Holding the Ruins}\nencounter_deck: [Retaken, Wargs]")
                      .replace("  - {name: Broken Bridge", "  - {name: Retaken, type: treachery}\n  - {name: Broken Bridge")
                      + """  - name: Retaken
    source: encounter
    abilities:
      - {kind: when_revealed, effects: [{op: return_to_staging, target: a location the first player controls}], says: "back to staging"}
""")
    assert resolve_path(returned, "staging_area.labels") == ["Broken Bridge", "Wargs"]  # two players: Wargs revealed second
    assert resolve_path(returned, "staging_area.Broken Bridge.progress") == 0 and "locations" not in returned["players"][0]
