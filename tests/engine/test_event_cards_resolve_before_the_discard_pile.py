"""Event Cards (Rules Reference): the cost is paid, the ability resolves, and only then is the
event placed in its player's discard pile; an event that removes itself from the game (Will of
the West, its erratum) never reaches the discard pile, so its own shuffle does not take it back."""

from __future__ import annotations

from adjudicator.lotr.engine import api

WILL = """
start: "1.1"
stop: {step: "1.3"}
players:
  - name: Tom
    threat: 20
    heroes: [{card: Éowyn, resources: 3}]
    hand: [Will of the West]
    deck: [Faramir]
    discard: [Feint, Gléowine]
quest: {card: Flies and Spiders}
decisions:
  - {step: "1.3", player: Tom, play: [{card: Will of the West, pay_from: [Éowyn]}]}
abilities:
  plays:
    - {card: Will of the West, chosen: [Tom]}
"""


def test_event_cards_an_event_is_discarded_after_its_ability_resolves():
    text = WILL.replace("Will of the West", "Lórien's Wealth").replace("Éowyn", "Beravor")
    trace = api.replay(api.load("event.yaml", text=text), abilities=True)
    events = [s.event for s in trace.steps]
    assert events.index("draw", events.index("play")) < events.index("event-discarded")  # drew 3, then discarded
    assert trace.final_state["players"][0]["discard"][0] == "Lórien's Wealth"


def test_event_cards_will_of_the_west_removed_from_the_game_is_not_shuffled_back():
    trace = api.replay(api.load("event.yaml", text=WILL), abilities=True)
    tom = trace.final_state["players"][0]
    assert tom["discard"] == [] and tom["deck"] == 2  # Feint and Gléowine; Faramir was drawn at 1.2
    assert not [s for s in trace.steps if s.event == "event-discarded"]
    assert any(s.event == "removed" and "Will of the West" in s.text for s in trace.steps)


def test_event_cards_without_abilities_the_event_still_goes_to_the_discard_pile():
    trace = api.replay(api.load("event.yaml", text=WILL), abilities=False)
    assert trace.final_state["players"][0]["discard"][0] == "Will of the West"
