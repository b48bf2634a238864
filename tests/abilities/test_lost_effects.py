"""'Lost:' effects (The Long Dark; the Quest Companion's ruling): a Lost: effect has no timing point of
its own and resolves only when another card effect triggers the Lost: effects in play."""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

TEXT = """
cards:
  - {name: Deep Hollow, type: location, threat: 1, quest_points: 3}
  - {name: Lost Way, type: treachery}
start: "3.1"
stop: end-of-round
players:
  - {name: Tom, threat: 30, heroes: [Aragorn]}
staging_area: [Deep Hollow]
quest: {card: Flies and Spiders}
encounter_deck: DECK
decisions:
  - {step: "3.2", player: Tom, commit: []}
  - {step: "4.2", player: Tom, travel: null}
abilities:
  cards:
    - name: Deep Hollow
      source: encounter
      abilities:
        - {kind: lost, effects: [{op: threat, player: each player, amount: 5}], says: "Lost: +5 threat"}
    - name: Lost Way
      source: encounter
      abilities:
        - {kind: when_revealed, effects: [{op: trigger_lost}], says: "trigger the Lost: effects"}
"""


def replay(deck: str):
    trace = api.replay(api.load("lost.yaml", text=TEXT.replace("DECK", deck)), abilities=True)
    assert trace.pending is None
    return trace


def test_a_lost_effect_resolves_only_when_an_effect_triggers_it():
    # a whole round and the Lost: effect never resolves by itself: Deep Hollow's 1 and Old Forest Road's 1 threat
    # against no willpower (+2), then the refresh raise (+1)
    quiet = replay("[Old Forest Road, Wargs]").to_dict()["final_state"]
    assert resolve_path(quiet, "players.Tom.threat") == 30 + 2 + 1
    triggered = replay("[Lost Way, Wargs]")
    state = triggered.to_dict()["final_state"]
    assert resolve_path(state, "players.Tom.threat") == 30 + 5 + 1 + 1  # the Lost: effect once, Deep Hollow's 1 threat, refresh
    assert sum(1 for s in triggered.steps if "(lost)" in s.text and "it resolves" in s.text) == 1


def test_a_lost_effect_cites_the_long_darks_ruling_whatever_card_carries_it():
    """The Long Dark's ruling is the only record of Lost: effects: the engine cites it where one
    resolves, though Deep Hollow's data names no ruling."""
    triggered = replay("[Lost Way, Wargs]")
    lost = [s for s in triggered.steps if s.event == "initiate" and "(lost)" in s.text]
    assert len(lost) == 1 and "lotr:qc:ruling:the-long-dark:lost-effects" in lost[0].citations
