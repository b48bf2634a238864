"""Looking at the top card of the encounter deck and the optional move to its bottom
(Denethor; Effects; May; Move): the trace names the card the player looked at; whether it
goes to the bottom is the player's decision (``option: bottom`` or ``option: top``), and a
replay that does not say stops to ask rather than guess."""

from __future__ import annotations

from adjudicator.lotr.engine import api

from .core_set_table import BASE, go, texts
from .tables import card, steps, table


def deck(r):
    return [c.label for c in r.g.encounter_deck]


def test_the_player_sees_the_top_card_and_may_put_it_on_the_bottom():
    r = table(BASE)
    assert go(r, card(r, "Denethor"), player="Kris", option="bottom")
    assert "King Spider" in steps(r, "look")[0].text
    assert deck(r) == ["Necromancer's Reach", "East Bight Patrol", "King Spider"]
    assert {"lotr:rr:may", "lotr:rr:move"} <= set(steps(r, "move")[0].citations)


def test_the_player_may_leave_it_on_top():
    r = table(BASE)
    assert go(r, card(r, "Denethor"), player="Kris", option="top")
    assert deck(r) == ["King Spider", "Necromancer's Reach", "East Bight Patrol"]
    assert "leaves King Spider on top" in steps(r, "move")[0].text


def test_without_an_answer_nothing_is_guessed():
    r = table(BASE)
    assert go(r, card(r, "Denethor"), player="Kris") is False
    assert "a choice is missing" in texts(r) and deck(r)[0] == "King Spider"


def test_an_empty_encounter_deck_has_nothing_to_look_at():
    r = table(BASE)
    r.g.encounter_deck.clear()
    assert go(r, card(r, "Denethor"), player="Kris", option="bottom") is False
    assert "encounter deck is empty" in texts(r)


REPLAY = """
start: "6.2"
stop: {step: "6.3"}
players:
  - {name: Kris, threat: 20, heroes: [Denethor, Glorfindel]}
encounter_deck: [King Spider, Wargs, Hill Troll]
%s
abilities:
  plays: [{step: "6.2", player: Kris, card: Denethor%s}]
"""


def replay(decisions: str = "", play: str = ""):
    return api.replay(api.load("denethor.yaml", text=REPLAY % (decisions, play)), abilities=True)


def test_in_a_replay_the_move_is_asked_for_with_the_card_named():
    trace = replay()
    pending = trace.pending
    assert pending is not None and pending.key == "ability" and pending.player == "Kris"
    assert "King Spider" in pending.question
    assert [o.value["option"] for o in pending.options] == ["bottom", "top"]
    assert pending.example["ability"] == {"card": "Denethor", "option": "bottom"}


def test_in_a_replay_the_play_or_a_decision_answers_it():
    assert replay(play=", option: bottom").final_state["encounter_deck"] == ["Wargs", "Hill Troll", "King Spider"]
    kept = replay(decisions='decisions: [{step: "6.2", ability: {card: Denethor, option: top}}]')
    assert kept.pending is None and kept.final_state["encounter_deck"] == ["King Spider", "Wargs", "Hill Troll"]
