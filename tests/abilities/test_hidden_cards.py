"""Hidden cards (The Blood of Gondor; the Quest Companion's rulings on hidden cards), in the replay:
taking one puts the top encounter card face down in the player's play area, the discard pile
shuffled back in first when the deck is empty; turned face up one at a time, an enemy engages the
player and a treachery or a location is discarded; an eliminated player's hidden cards are discarded."""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api


def replay(text: str):
    trace = api.replay(api.load("hidden.yaml", text=text), abilities=True)
    assert trace.pending is None
    return trace


TAKE = """
start: "3.1"
stop: {step: "3.1"}
players:
  - {name: Tom, threat: 30, heroes: [Aragorn]}
quest: {card: Ambushed Road}
cards:
  - {name: Ambushed Road, type: quest, stage: 1, quest_points: 12}
encounter_deck: DECK
encounter_discard: DISCARD
abilities:
  cards:
    - name: Ambushed Road
      source: quest
      abilities:
        - {kind: forced, trigger: {timing: at, event: start_of_phase, subject: quest}, effects: [{op: take_hidden, player: each player}], says: "hidden cards"}
"""


def test_taking_a_hidden_card_reshuffles_an_empty_encounter_deck_first():
    top = replay(TAKE.replace("DECK", "[Wargs, Hill Troll]").replace("DISCARD", "[Old Forest Road]")).to_dict()["final_state"]
    assert resolve_path(top, "players.Tom.hidden") == ["Wargs"] and top["encounter_deck"] == ["Hill Troll"]
    assert top["encounter_discard"] == ["Old Forest Road"]  # a deck with cards is not reshuffled
    empty = replay(TAKE.replace("DECK", "[]").replace("DISCARD", "[Old Forest Road]"))
    state = empty.to_dict()["final_state"]
    assert resolve_path(state, "players.Tom.hidden") == ["Old Forest Road"] and state["encounter_discard"] == []
    kinds = [s.event for s in empty.steps]
    assert kinds.index("reshuffle") < kinds.index("hidden-card")


TURN = """
start: "3.3"
stop: STOP
cards:
  - {name: Ambush Sprung, type: treachery}
players:
  - {name: Tom, threat: THREAT, heroes: [Aragorn], hidden: [Old Forest Road, Wargs, Driven by Shadow]}
  - {name: Kris, threat: 30, heroes: [Gimli]}
quest: {card: Flies and Spiders}
encounter_deck: [Ambush Sprung, Hill Troll, Old Forest Road]
abilities:
  cards:
    - name: Ambush Sprung
      source: encounter
      abilities:
        - {kind: when_revealed, effects: [{op: turn_hidden_face_up, player: each player}], says: "turn them face up"}
"""


def test_hidden_cards_turned_face_up_engage_or_are_discarded_and_go_with_an_eliminated_player():
    trace = replay(TURN.replace("STOP", '{step: "3.3"}').replace("THREAT", "30"))
    state = trace.to_dict()["final_state"]
    assert resolve_path(state, "players.Tom.engaged.labels") == ["Wargs"] and "hidden" not in state["players"][0]
    assert state["encounter_discard"][-2:] == ["Driven by Shadow", "Old Forest Road"]  # one at a time, in order
    turned = [s.text for s in trace.steps if s.event == "hidden-card-turned"]
    assert [t.split(" face up")[0].split()[-1] for t in turned] == ["Road", "Wargs", "Shadow"]
    assert "hidden" not in state["players"][1]  # Kris had none: nothing to turn
    eliminated = replay(TURN.replace("STOP", "end-of-round").replace('start: "3.3"', 'start: "7.1"').replace("THREAT", "49")).to_dict()["final_state"]
    assert resolve_path(eliminated, "players.Tom.eliminated") is True
    assert sorted(eliminated["encounter_discard"]) == ["Driven by Shadow", "Old Forest Road", "Wargs"]


def test_hidden_card_steps_cite_the_blood_of_gondors_rulings_whatever_card_asks_for_them():
    """The Blood of Gondor's two rulings are the only records of hidden cards: taking one (the
    reshuffle first included) cites the first, turning them face up the second, even for a card
    whose data names no ruling."""
    from adjudicator.lotr.engine import api

    trace = api.replay(api.load("hidden.yaml", text="""
start: "3.3"
stop: {step: "3.3"}
cards:
  - {name: Dark Ambush, type: treachery}
  - {name: Sprung Trap, type: treachery}
players:
  - {name: Tom, threat: 30, heroes: [Aragorn], hidden: [Wargs]}
quest: {card: Flies and Spiders}
encounter_deck: [Sprung Trap, Dark Ambush]
encounter_discard: [Old Forest Road]
abilities:
  cards:
    - name: Sprung Trap
      source: encounter
      abilities:
        - {kind: when_revealed, effects: [{op: turn_hidden_face_up, player: each player}, {op: take_hidden, player: each player},
                                          {op: take_hidden, player: each player}], says: "turn hidden cards face up, then take two"}
"""), abilities=True)
    taking = "lotr:qc:ruling:the-blood-of-gondor:hidden-cards"
    turning = "lotr:qc:ruling:the-blood-of-gondor:turning-hidden-card-face-up"
    turned = [s for s in trace.steps if s.event == "hidden-card-turned"]
    taken = [s for s in trace.steps if s.event in ("hidden-card", "reshuffle")]
    assert turned and all(turning in s.citations for s in turned)
    assert [s.event for s in taken][:3] == ["hidden-card", "reshuffle", "hidden-card"]  # the deck ran out between the two
    assert all(taking in s.citations for s in taken[:3])
