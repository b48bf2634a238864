"""Cards as data: a card's effect written in the situation file resolves through the rules
that make that kind of card resolve, each step naming the card."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError

from .conftest import BOARD, cited, hero, run

TRACK = {"finale": 18, "shadow_falls": 13, "stage_starts": {"2": 6, "3": 12}}


def card_steps(result, name: str) -> list:
    return [s for s in result.trace.steps if repr(name) in s.text and s.event.startswith("card-")]


def test_an_event_without_an_affected_location_resolves_its_ability_at_once():
    drawn = [{"name": "Gathering Storm", "priority": 2,
              "effects": [{"op": "advance", "marker": "red", "value": 1}]},
             {"name": "B", "priority": 5}, {"name": "C", "priority": 7}]
    r = run(track=TRACK, markers={"heroes": 16}, play=[{"event_step": {"drawn": drawn}}])
    assert r.results["event_step"] == "Gathering Storm"
    assert r.trace.final_state["markers"]["red"] == 1
    step = next(s for s in r.trace.steps if s.event == "advance-marker")
    assert "Gathering Storm" in step.text and "meq:glossary:event-card:ability" in step.citations


def test_an_event_affecting_a_location_waits_for_a_hero_exploring_there():
    drawn = [{"name": "Council at Bree", "priority": 2, "flag": True, "location": "Bree",
              "effects": [{"op": "favor", "value": 2}]},
             {"name": "B", "priority": 5}, {"name": "C", "priority": 7}]
    r = run(track=TRACK, board=BOARD, markers={"heroes": 16}, heroes=[hero(location="Ithilien", hand=["a", "b", "c"])],
            play=[{"event_step": {"drawn": drawn}},
                  {"travel": {"hero": "Beravor", "to": "Bree", "pay": ["a", "b", "c"], "explore": {"event": True}}}])
    assert r.exit_code == 0, r.trace.pending or r.illegal
    state = r.trace.final_state
    assert state["heroes"]["Beravor"]["favor"] == 2
    assert state["current_event"] is None  # discarded once activated
    assert "meq:rules:sauron-game-rules:affected-locations-on-event-cards" in cited(r)


def test_exploring_without_activating_the_event_leaves_it_in_play():
    event = {"name": "Council at Bree", "priority": 2, "flag": True, "location": "Bree",
             "effects": [{"op": "favor", "value": 2}]}
    r = run(board=BOARD, heroes=[hero()], current_event=event,
            play=[{"explore": {"hero": "Beravor", "dark_path": True}}])
    assert r.trace.final_state["current_event"] == "Council at Bree"
    assert r.trace.final_state["heroes"]["Beravor"]["favor"] == 1  # the Dark Path's favor only


def test_a_peril_resolves_on_the_hero_who_chooses_where_its_damage_comes_from():
    perils = [{"name": "Foul Air", "affects": "Any Location",
               "effects": [{"op": "damage", "value": 2, "from": ["life", "c2"]}]},
              {"name": "P2", "affects": ["Moria"]}, {"name": "P3", "affects": ["Moria"]}]
    r = run(board=BOARD, heroes=[hero(location="Udun", hand=["x", "y", "c2"])], influence={"Barad-dur": 4, "Udun": 3},
            play=[{"travel": {"hero": "Beravor", "to": "Barad-dur", "pay": ["x", "y"], "perils": perils,
                              "peril": "Foul Air", "explore": {}}}])
    beravor = r.trace.final_state["heroes"]["Beravor"]
    assert (beravor["damage"], beravor["life"], beravor["hand"]) == (2, 9, [])
    damage = next(s for s in r.trace.steps if s.event == "hero-damage")
    assert "Foul Air" in damage.text and "meq:glossary:peril-cards:card-effect" in damage.citations
    asked = run(board=BOARD, heroes=[hero(location="Udun", hand=["x", "y", "c2"])], influence={"Barad-dur": 4, "Udun": 3},
                play=[{"travel": {"hero": "Beravor", "to": "Barad-dur", "pay": ["x", "y"], "perils": [
                    {**perils[0], "effects": [{"op": "damage", "value": 2}]}, perils[1], perils[2]], "peril": "Foul Air"}}])
    assert asked.trace.pending.key == "play[0].travel.perils[0].effects[0].from"


def test_an_encounter_resolves_by_the_hero_s_wisdom_when_the_card_tests_it():
    card = {"name": "Old Riddle", "priority": 1, "affects": "Eriador",
            "effects": [{"op": "favor", "value": 2, "when": {"wisdom": {"at_least": 3}},
                         "otherwise": [{"op": "corruption", "value": 1}]}]}
    others = [{"name": "B", "priority": 4, "affects": "Moria"}, {"name": "C", "priority": 6, "affects": "Moria"}]
    wise = run(board=BOARD, heroes=[hero(wisdom=3)], play=[{"encounter": {"hero": "Beravor", "drawn": [card, *others]}}])
    assert wise.trace.final_state["heroes"]["Beravor"]["favor"] == 2
    plain = run(board=BOARD, heroes=[hero(wisdom=2)], play=[{"encounter": {"hero": "Beravor", "drawn": [card, *others]}}])
    assert plain.trace.final_state["heroes"]["Beravor"]["corruption"] == 1
    assert any(s.event == "card-condition" and "wisdom is 2" in s.text for s in plain.trace.steps)


def test_an_encounter_quest_goes_to_the_play_area_and_is_completed_exploring():
    quest = {"name": "Lost Heirloom", "priority": 1, "affects": "Bree", "quest": True}
    others = [{"name": "B", "priority": 4, "affects": "Moria"}, {"name": "C", "priority": 6, "affects": "Moria"}]
    r = run(board=BOARD, heroes=[hero()], play=[{"encounter": {"hero": "Beravor", "drawn": [quest, *others]}},
                                               {"explore": {"hero": "Beravor", "complete_quests": ["Lost Heirloom"]}},
                                               {"card": {"name": "Lost Heirloom", "type": "quest", "hero": "Beravor",
                                                         "effects": [{"op": "level", "stat": "wisdom"}]}}])
    beravor = r.trace.final_state["heroes"]["Beravor"]
    assert beravor["quests"] == [] and beravor["quests_done"] == ["Lost Heirloom"] and beravor["wisdom"] == 3
    assert "meq:rules:other-game-elements:level-tokens" in cited(r)


def test_hero_decision_making_the_heroes_choose_one_option_as_a_side():
    """The rules' own example of a side's decision: remove up to three influence from
    locations of a region, or place one favor on a location."""
    effect = {"op": "choose_one", "options": [
        {"label": "remove influence", "effects": [{"op": "remove_influence", "value": 3,
                                                   "locations": ["Udun", "Marshes", "Marshes"]}]},
        {"label": "favor", "effects": [{"op": "favor", "value": 1, "location": "Minas Tirith"}]}]}
    asked = run(board=BOARD, heroes=[hero()], influence={"Barad-dur": 3, "Udun": 1, "Marshes": 2},
                play=[{"card": {"name": "Riders of the Mark", "effects": [effect]}}])
    assert asked.trace.pending.key == "play[0].card.effects[0].choice"
    assert "meq:rules:sauron-game-rules:hero-decision-making" in asked.trace.pending.citations
    chosen = run(board=BOARD, heroes=[hero()], influence={"Barad-dur": 3, "Udun": 1, "Marshes": 2},
                 play=[{"card": {"name": "Riders of the Mark", "effects": [dict(effect, choice="remove influence")]}}])
    assert chosen.trace.final_state["influence"] == {"Barad-dur": 3}


def test_a_shadow_card_s_change_to_a_foe_lasts_until_the_end_of_the_combat():
    orc = {"name": "Orc", "health": 9, "fortitude": 1, "strength": 2, "wisdom": 1}
    cards = [{"name": "h", "type": "melee", "attack": 0, "defense": 0, "cost": 1},
             {"name": "s", "type": "melee", "attack": 0, "defense": 0, "cost": 3}]
    r = run(heroes=[hero(agility=0, hand=["h"])], monsters=[orc], cards=cards, shadow_pool=2,
            play=[{"shadow_card": {"name": "Blood Frenzy", "requirement": 2, "turn": "Beravor",
                                   "effects": [{"op": "modify", "target": "Orc", "stat": "strength", "value": 2,
                                                "until": "combat"}]}},
                  {"combat": {"hero": "Beravor", "foe": "Orc", "phase": "ambush", "sauron_draws": ["s"],
                              "agility_draw": 0, "hero_damage_from": "life", "undefeated_influence": [],
                              "rounds": [{"hero": "h", "sauron": "s"}, {"hero": "exhausted"}]}}])
    assert r.exit_code == 0, r.trace.pending or r.illegal
    # strength 4 pays the 3-cost card: the Orc is not exhausted in round 1
    assert not any(s.event == "exhausted" and "Orc" in s.text and "more than" in s.text for s in r.trace.steps)
    expires = next(s for s in r.trace.steps if s.event == "card-expires")
    assert [(c.target, c.field, c.before, c.after) for c in expires.changes] == [("Orc", "strength", 4, 2)]
    assert "meq:glossary:shadow-card:game-effect" in cited(r)


def test_a_cancelled_card_resolves_nothing():
    perils = [{"name": "Foul Air", "affects": "Any Location", "effects": [{"op": "damage", "value": 2, "from": "life"}]},
              {"name": "P2", "affects": ["Moria"]}, {"name": "P3", "affects": ["Moria"]}]
    r = run(board=BOARD, heroes=[hero(location="Udun", hand=["x", "y"])], influence={"Barad-dur": 4, "Udun": 3},
            play=[{"card": {"name": "Elven Cloak", "type": "item", "hero": "Beravor",
                            "effects": [{"op": "cancel", "card": "Foul Air"}]}},
                  {"travel": {"hero": "Beravor", "to": "Barad-dur", "pay": ["x", "y"], "perils": perils,
                              "peril": "Foul Air", "explore": {}}}])
    assert r.trace.final_state["heroes"]["Beravor"]["damage"] == 0
    assert any(s.event == "card-cancelled" for s in r.trace.steps)


def test_card_damage_leaving_no_cards_defeats_the_hero():
    r = run(board=BOARD, heroes=[hero(life=1, hand=[])], markers={"yellow": 0, "red": 1, "black": 1},
            play=[{"card": {"name": "Ambushed", "type": "encounter", "hero": "Beravor",
                            "effects": [{"op": "damage", "value": 1}]}}])
    assert r.trace.final_state["heroes"]["Beravor"]["location"] == "Rivendell"
    assert "meq:step:defeated-heroes:1" in cited(r)


def test_an_effect_key_its_op_does_not_take_is_bad_input():
    with pytest.raises(InputError) as err:
        run(heroes=[hero()], play=[{"card": {"name": "X", "effects": [{"op": "favor", "vlaue": 2}]}}])
    assert "vlaue" in str(err.value) and "value" in str(err.value)


def test_the_replay_lists_each_card_resolved_with_what_each_effect_did():
    r = run(heroes=[hero()], play=[{"card": {"name": "Kind Words", "type": "encounter", "hero": "Beravor",
                                             "effects": [{"op": "favor", "value": 2}, {"op": "draw", "value": 1}]}}])
    assert r.to_dict()["cards_resolved"] == [{"card": "Kind Words", "kind": "encounter", "hero": "Beravor", "effects": [
        {"op": "favor", "target": "Beravor", "value": 2}, {"op": "draw", "target": "Beravor", "value": 1}]}]
