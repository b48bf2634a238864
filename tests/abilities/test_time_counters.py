"""Time X (Quest Companion, Keywords: Time X) and a changed threat elimination level (Threat
Elimination Level), in the replay:

- a card with Time X gets X time counters when it is revealed (an encounter card as it is
  staged, a quest stage as the players advance to it);
- at the end of each refresh phase one time counter comes off each card with Time X; the last
  one removed triggers the card's own effect (Double Dealings, Trouble in Tharbad's stage 1B);
- a player whose threat is at or above a lowered threat elimination level is eliminated at
  once, and later raises eliminate at the new level.
"""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api


def final(text: str):
    trace = api.replay(api.load("time.yaml", text=text), abilities=True)
    assert trace.pending is None
    return trace.to_dict()["final_state"]


REVEALED = """
cards:
  - {name: Ticking Ruin, type: location, threat: 1, quest_points: 9, keywords: [Time 2]}
  - {name: Short Stage, type: quest, quest_points: 1}
  - {name: Long Stage, type: quest, quest_points: 20, keywords: [Time 3]}
start: "3.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [Éowyn]}
quest: {card: Short Stage}
quest_deck: [Long Stage]
encounter_deck: [Ticking Ruin]
decisions:
  - {step: "3.2", player: Tom, commit: [Éowyn]}
"""


def test_time_x_places_x_counters_when_the_card_is_revealed():
    state = final(REVEALED)
    assert resolve_path(state, "staging_area.Ticking Ruin.tokens") == {"time": 2}
    assert state["quest"]["label"] == "Long Stage" and resolve_path(state, "quest.tokens") == {"time": 3}


ROUNDS = """
start: "7.1"
stop: {rounds: ROUNDS}
players:
  - {name: Tom, threat: THREAT, heroes: [Aragorn]}
  - {name: Kris, threat: 20, heroes: [Gimli]}
quest: {card: Double Dealings, tokens: {time: 2}}
abilities: {}
decisions:
  - {step: "3.2", player: Tom, commit: []}
  - {step: "3.2", player: Kris, commit: []}
  - {step: "6.8b", player: Tom, target: null}
  - {step: "6.8b", player: Kris, target: null}
"""


def rounds(n: int, threat: int = 20):
    return final(ROUNDS.replace("ROUNDS", str(n)).replace("THREAT", str(threat)))


def test_time_x_one_counter_comes_off_at_the_end_of_each_refresh_phase_and_the_last_triggers_the_card():
    one = rounds(1)
    assert resolve_path(one, "quest.tokens") == {"time": 1}
    assert "elimination_level" not in one["players"][0]  # still 50: not shown
    two = rounds(2)  # the second refresh phase removes the last: the stage's Forced effect, then 4 back on it
    assert resolve_path(two, "quest.tokens") == {"time": 4}
    assert [p["elimination_level"] for p in two["players"]] == [40, 40]


def test_a_lowered_threat_elimination_level_eliminates_a_player_at_or_above_it():
    # round 1 ends at 36, round 2 at 37 (the refresh raise, then the level drops to 40): Tom stays
    kept = rounds(2, threat=35)
    assert not kept["players"][0].get("eliminated") and kept["players"][0]["threat"] == 37
    # starting at 38, round 2 ends at 40: at the new level, so Tom is eliminated at once
    out = rounds(2, threat=38)
    assert out["players"][0].get("eliminated") is True and not out["players"][1].get("eliminated")
