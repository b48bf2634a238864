"""Making a location the active location by a card effect (Active Location; FAQ Q32: the victory
display is out of play, not removed from the game) and a location the players cannot travel to
except by quest card effects (Cannot; the Companion's ruling on Caradhras).  Expected values
worked out by hand in each docstring."""

from __future__ import annotations

from adjudicator.lotr.engine import api

STAGES = """
cards:
- {name: Pass Stage, type: quest, encounter_set: test, stage: 2, quest_points: 1}
- {name: Summit Stage, type: quest, encounter_set: test, stage: 3, quest_points: 10}
- {name: Guide Card, type: event, sphere: neutral, cost: 0}
"""
ABILITIES = """
abilities:
  cards:
  - name: Summit Stage
    source: quest
    abilities:
    - {kind: when_revealed, effects: [{op: make_active, target: card titled Caradhras}], says: "test: Caradhras becomes active"}
  - name: Guide Card
    abilities:
    - {kind: action, effects: [{op: make_active, target: card titled Caradhras}], says: "test: Caradhras becomes active"}
"""


def replay(text: str):
    return api.replay(api.load("a.yaml", text=STAGES + text + ABILITIES), abilities=True, strict=False)


def test_an_effect_makes_a_location_in_the_victory_display_the_active_location():
    """Éowyn and Aragorn (4 + 2 willpower, more than Caradhras's threat when it is staged) defeat the 1-point stage; the next stage's When Revealed takes Caradhras
    from the victory display (or, in the second game, from the staging area) and makes it active,
    with no progress; FAQ Q32 is cited only where it comes from the victory display."""
    base = """
start: '3.4'
stop: {step: '3.4'}
players:
- {name: Tom, threat: 25, heroes: [{card: Éowyn, committed: true, exhausted: true}, {card: Aragorn, committed: true, exhausted: true}]}
quest: {card: Pass Stage}
quest_deck: [Summit Stage]
"""
    shown = replay(base + "victory_display: [Caradhras]\n")
    assert shown.final_state["active_location"]["name"] == "Caradhras" and shown.final_state["victory_display"] == []
    assert any("lotr:faq:q:32" in s.citations for s in shown.steps if s.event == "made-active")
    staged = replay(base + "staging_area: [Caradhras]\n")
    assert staged.final_state["active_location"]["name"] == "Caradhras"
    assert not any("lotr:faq:q:32" in s.citations for s in staged.steps)


def test_a_location_only_a_quest_card_can_make_active_is_refused_to_travel_and_to_player_cards():
    """Caradhras in the staging area: travelling there at 4.2 is refused (a violation citing
    Cannot), and so is a player card's effect making it active; Old Forest Road beside it can be
    travelled to."""
    base = """
start: '4.1'
stop: end-of-phase
players:
- {name: Tom, threat: 25, heroes: [Éowyn], hand: [Guide Card]}
quest: {card: Flies and Spiders}
staging_area: [Caradhras, Old Forest Road]
decisions:
- {step: '4.2', travel: TRAVEL}
"""
    refused = replay(base.replace("TRAVEL", "Caradhras") + "- {step: '4.2', player: Tom, play: [{card: Guide Card}]}\n")
    assert refused.final_state["active_location"] is None
    assert any("lotr:rr:cannot" in v.rules for v in refused.violations)
    assert sorted(c["name"] for c in refused.final_state["staging_area"]) == ["Caradhras", "Old Forest Road"]
    other = replay(base.replace("TRAVEL", "Old Forest Road"))
    assert other.final_state["active_location"]["name"] == "Old Forest Road" and not other.violations
