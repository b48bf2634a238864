"""Every Middle-earth Quest trace step names its cause as a value (issue 13,
adjudicator/engine/emitter.py).

A card resolved as data (Event, Peril, Encounter, Plot, Shadow, a character's ability, the
``card`` entry): each step one of its effects writes, the rules' consequences of that effect
included (a hero defeated by a card's damage), has the effect as its cause ``{"card",
"effect": index, "op", "kind"}``; a combat card's ability (Steps of Combat 3.d/3.e) names
the card it is printed on.  Every other step names the rule that produced it.
"""

from __future__ import annotations

from pathlib import Path

from adjudicator.engine import game
from adjudicator.meq.engine import citations as C

from .conftest import BOARD, hero, run

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "meq"
PERILS = [{"name": "Foul Air", "affects": "Any Location", "effects": [{"op": "damage", "value": 2, "from": "life"}]},
          {"name": "P2", "affects": ["Moria"]}, {"name": "P3", "affects": ["Moria"]}]


def test_peril_card_effect_its_damage_step_names_the_peril_and_the_travel_steps_the_rules():
    r = run(board=BOARD, heroes=[hero(location="Udun", hand=["x", "y"])], influence={"Barad-dur": 4, "Udun": 3},
            play=[{"travel": {"hero": "Beravor", "to": "Barad-dur", "pay": ["x", "y"], "perils": PERILS,
                              "peril": "Foul Air", "explore": {}}}])
    assert r.exit_code == 0
    damage = [s for s in r.trace.steps if s.event == "hero-damage"]
    assert [s.cause for s in damage] == [{"card": "Foul Air", "effect": 0, "op": "damage", "kind": "peril"}]
    travel = [s for s in r.trace.steps if s.step == "hero-turn:3.a"]
    assert travel and all(s.cause == {"rule": s.citations[0]} for s in travel)


def test_hero_defeat_caused_by_a_card_s_damage_names_the_card_s_effect():
    r = run(board=BOARD, heroes=[hero(life=1, hand=[])], markers={"yellow": 0, "red": 1, "black": 1},
            play=[{"card": {"name": "Ambushed", "type": "encounter", "hero": "Beravor",
                            "effects": [{"op": "favor", "value": 1}, {"op": "damage", "value": 1}]}}])
    assert r.trace.final_state["heroes"]["Beravor"]["location"] == "Rivendell"
    announced = next(s for s in r.trace.steps if s.event == "card")
    assert announced.cause == {"rule": C.ENCOUNTER_EFFECT}
    favor = next(s for s in r.trace.steps if s.event == "card-favor")
    assert favor.cause == {"card": "Ambushed", "effect": 0, "op": "favor", "kind": "encounter"}
    defeat = [s for s in r.trace.steps if s.event.startswith("defeat") or s.event == "hero-defeated"]
    assert len(defeat) >= 3
    assert {str(s.cause) for s in defeat} == {str({"card": "Ambushed", "effect": 1, "op": "damage", "kind": "encounter"})}


def test_encounter_condition_not_met_its_otherwise_effect_names_the_effect_it_replaces():
    card = {"name": "Old Riddle", "priority": 1, "affects": "Eriador",
            "effects": [{"op": "favor", "value": 2, "when": {"wisdom": {"at_least": 3}},
                         "otherwise": [{"op": "corruption", "value": 1}]}]}
    others = [{"name": "B", "priority": 4, "affects": "Moria"}, {"name": "C", "priority": 6, "affects": "Moria"}]
    r = run(board=BOARD, heroes=[hero(wisdom=2)], play=[{"encounter": {"hero": "Beravor", "drawn": [card, *others]}}])
    by_event = {s.event: s.cause for s in r.trace.steps if "card" in s.cause}
    assert by_event == {"card-condition": {"card": "Old Riddle", "effect": 0, "op": "favor", "kind": "encounter"},
                        "card-corruption": {"card": "Old Riddle", "effect": 0, "op": "corruption", "kind": "encounter"}}


def test_cancel_a_cancelled_card_s_step_names_the_cancelling_effect():
    r = run(board=BOARD, heroes=[hero(location="Udun", hand=["x", "y"])], influence={"Barad-dur": 4, "Udun": 3},
            play=[{"card": {"name": "Elven Cloak", "type": "item", "hero": "Beravor",
                            "effects": [{"op": "cancel", "card": "Foul Air"}]}},
                  {"travel": {"hero": "Beravor", "to": "Barad-dur", "pay": ["x", "y"], "perils": PERILS,
                              "peril": "Foul Air", "explore": {}}}])
    cancelled = next(s for s in r.trace.steps if s.event == "card-cancelled")
    assert cancelled.cause == {"card": "Elven Cloak", "effect": 0, "op": "cancel", "kind": "item"}
    assert not any(s.event == "hero-damage" for s in r.trace.steps)


def test_steps_of_combat_an_ability_names_its_card_and_the_damage_step_the_rule():
    result = game.verify(SCENARIOS / "combat-example.yaml")
    assert result.exit_code == 0
    abilities = {(s.event, s.cause["card"]) for s in result.trace.steps if "card" in s.cause}
    assert abilities == {("ability", "Argalad Opening Shot"), ("ability-later", "Argalad Opening Shot"),
                         ("ability", "Zealot Hack"), ("ability-skipped", "Argalad Volley")}
    assert all(s.cause["op"] == "ability" and s.cause["kind"] == "combat" and s.cause["effect"] == 0
               for s in result.trace.steps if "card" in s.cause)
    damage = [s for s in result.trace.steps if s.event == "damage"]
    assert damage and all(s.cause == {"rule": C.DEAL_DAMAGE} for s in damage)
