""""That player" and "its controller" name what an earlier part of the same ability named
(docs/abilities.md, "Players"): the player the ability chose, the controller of the card it
chose; with nothing earlier to name one, the replay asks with the players the phrase can name
(one possible answer is taken).  The cards are our own test events, in the grammar alone."""

from __future__ import annotations

from adjudicator.lotr.engine import api

SITUATION = """
start: '6.1'
stop: {step: '6.3'}
cards:
- {name: Rallying Word, type: event, sphere: leadership, cost: 0}
players:
- name: Tom
  threat: 30
  heroes: [Aragorn]
  hand: [Rallying Word]
  deck: [Gléowine, Faramir]
- name: Kris
  threat: 30
  heroes: [Gimli, Glorfindel]
  allies: [{card: Snowbourn Scout, damage: 1}]
  deck: [Northern Tracker, Brok Ironfist]
%(more)s
decisions:
- {step: '6.2', player: Tom, play: [{card: Rallying Word}]}
abilities:
  plays:
  - {card: Rallying Word%(answer)s}
  cards:
  - name: Rallying Word
    abilities:
    - {kind: action, %(ability)s, says: "a test event"}
"""


def replay(ability: str, answer: str = "", more: str = ""):
    text = SITUATION % {"ability": ability, "answer": answer, "more": more}
    return api.replay(api.load("that-player.yaml", text=text), abilities=True)


def hand(trace, name: str) -> list[str]:
    return next(p for p in trace.final_state["players"] if p["name"] == name)["hand"]


def test_that_player_is_the_player_the_ability_chose():
    trace = replay("choose: [{what: a player}], effects: [{op: draw, player: that player, amount: 2}]", ", chosen: [Kris]")
    assert trace.pending is None
    assert hand(trace, "Kris") == ["Northern Tracker", "Brok Ironfist"] and hand(trace, "Tom") == []


def test_its_controller_is_the_controller_of_the_card_the_ability_chose():
    trace = replay("choose: [{what: a damaged character}], effects: [{op: heal, target: chosen, amount: 1}, "
                   "{op: draw, player: its controller, amount: 1}]", ", chosen: [Snowbourn Scout]")
    assert trace.pending is None
    assert hand(trace, "Kris") == ["Northern Tracker"] and hand(trace, "Tom") == []


def test_that_player_with_nothing_earlier_to_name_one_is_asked_with_every_player():
    trace = replay("effects: [{op: draw, player: that player, amount: 1}]")
    assert trace.pending is not None
    assert {o.label for o in trace.pending.options} == {"Tom", "Kris"}


def test_that_player_answered_in_the_play_is_taken():
    trace = replay("effects: [{op: draw, player: that player, amount: 1}]", ", targets: {that player: Kris}")
    assert trace.pending is None and hand(trace, "Kris") == ["Northern Tracker"]
