"""Must X or Y in the grammar (FAQ 1.44): an effect with ``otherwise`` resolves as written when
its target phrase names a card, and its ``otherwise`` effects only when the phrase names none.
Pursued by Shadow's shadow effect is written this way (its Python hatch is gone): the defending
player returns an exhausted ally of theirs to hand, or, having none, raises their threat by 3."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.lotr.abilities.grammar.schema import effect_schema
from adjudicator.lotr.abilities.load import card_abilities
from adjudicator.lotr.engine import api

PURSUED = """
start: '6.1'
stop: {step: '6.6'}
players:
- name: Tom
  threat: 30
  heroes: [Aragorn, Gimli]
  allies: [%(allies)s]
  engaged: [Dol Guldur Orcs]
encounter_deck: [Pursued by Shadow]
decisions:
- {step: '6.4.1', player: Tom, enemy: Dol Guldur Orcs, defender: Aragorn}
%(more)s
abilities: {}
"""


def pursued(allies: str, more: str = ""):
    return api.replay(api.load("pursued.yaml", text=PURSUED % {"allies": allies, "more": more}), abilities=True)


def tom(trace):
    return next(p for p in trace.final_state["players"] if p["name"] == "Tom")


def test_must_x_or_y_does_x_when_the_phrase_names_a_card():
    trace = pursued("{card: Snowbourn Scout, exhausted: true}")
    assert tom(trace)["hand"] == ["Snowbourn Scout"] and tom(trace)["threat"] == 30
    assert not [s for s in trace.steps if s.event == "must-or"]


def test_must_x_or_y_does_y_only_when_the_phrase_names_nothing():
    trace = pursued("{card: Snowbourn Scout, exhausted: false}")  # a ready ally is not an exhausted one
    assert tom(trace)["threat"] == 33 and tom(trace)["hand"] == []
    [step] = [s for s in trace.steps if s.event == "must-or"]
    assert "lotr:faq:1.44" in step.citations and "an exhausted ally the defending player chooses" in step.text


def test_with_several_cards_named_the_player_who_picks_is_asked():
    trace = pursued("{card: Snowbourn Scout, exhausted: true}, {card: Gléowine, exhausted: true}")
    assert trace.pending is not None and trace.pending.player == "Tom"
    assert {o.label for o in trace.pending.options} == {"Snowbourn Scout", "Gléowine"}


def test_the_defending_players_pick_is_taken_from_a_decision():
    trace = pursued("{card: Snowbourn Scout, exhausted: true}, {card: Gléowine, exhausted: true}",
                    "- {step: '6.4.2', ability: {card: Pursued by Shadow, targets: {an exhausted ally the defending player chooses: Gléowine}}}")
    assert trace.pending is None and tom(trace)["hand"] == ["Gléowine"] and tom(trace)["threat"] == 30


def test_pursued_by_shadow_is_written_in_the_grammar():
    shadow = next(a for a in card_abilities("Pursued by Shadow").abilities if a.kind == "shadow")
    [effect] = shadow.effects
    assert effect.op == "return_to_hand" and [e.op for e in effect.get("otherwise")] == ["threat"]
    assert "otherwise" in effect_schema()["properties"]


BAD = """
start: '6.1'
stop: {step: '6.6'}
players: [{name: Tom, threat: 30, heroes: [Aragorn]}]
abilities:
  cards:
  - name: Aragorn
    abilities:
    - {kind: action, effects: [{op: draw, player: you, amount: 1, otherwise: [{op: threat, player: you, amount: 1}]}]}
"""


def test_otherwise_on_an_effect_without_a_target_is_an_input_error():
    with pytest.raises(InputError) as bad:
        api.load("bad.yaml", text=BAD)
    assert "bad.yaml:" in str(bad.value) and "otherwise" in str(bad.value)
