"""Whole turns (Sauron's six steps, a hero's four), exploring, corruption, Shadow cards."""

from __future__ import annotations

from .conftest import BOARD, cited, events, hero, run

TRACK = {"finale": 18, "shadow_falls": 13, "stage_starts": {"2": 6, "3": 12}}


def test_sauron_turn_runs_its_six_steps_in_order():
    r = run(track=TRACK, board=BOARD, markers={"heroes": 2}, influence={"Barad-dur": 1}, heroes=[hero()],
            plots=[{"name": "Scheme", "marker": "red", "advance": 1}],
            play=[{"sauron_turn": {"plot": {"nothing": True}, "event": {"drawn": [{"name": "E", "priority": 3},
                                                                {"name": "F", "priority": 5},
                                                                {"name": "G", "priority": 7}]},
                                   "actions": [{"type": "place_influence", "pool": 2,
                                                "locations": ["Udun", "Barad-dur", "Barad-dur", "Marshes"]}],
                                   "hero_draw": {"Beravor": 2}}}])
    assert r.exit_code == 0, r.illegal and r.illegal.message
    order = [s.phase for s in r.trace.steps if s.phase not in ("setup",)]
    firsts = [p for i, p in enumerate(order) if p not in order[:i]]
    assert firsts[:6] == ["hero-rally", "story", "plot", "event", "action", "hero-draw"]
    assert r.trace.final_state["markers"]["red"] == 1
    assert r.results["sauron_turn"]["event"] == "E"


def test_a_finale_triggered_in_the_story_step_ends_normal_turns():
    r = run(track=TRACK, markers={"heroes": 16}, play=[{"sauron_turn": {}}])
    assert r.results["sauron_turn"] == {"finale": True}
    assert "plot" not in [s.phase for s in r.trace.steps]


def test_hero_turn_skips_the_encounter_after_a_travel_combat_the_monster_survives():
    cards = [{"name": "hill card", "type": "melee", "attack": 1, "defense": 1, "cost": 1, "icon": "hill"},
             {"name": "weak", "type": "melee", "attack": 0, "defense": 0, "cost": 1},
             {"name": "orc card", "type": "melee", "attack": 0, "defense": 3, "cost": 1}]
    orc = {"name": "Orc", "health": 3, "fortitude": 1, "strength": 4, "wisdom": 1}
    r = run(board=BOARD, heroes=[hero(location="Ithilien", hand=["hill card", "weak"], agility=0)], cards=cards,
            monsters=[orc], tokens=[{"id": "t", "location": "Bree", "monster": "Orc"}],
            play=[{"hero_turn": {"hero": "Beravor", "rest": False, "travel": [
                {"to": "Bree", "pay": ["hill card"], "sauron": "attack",
                 "combat": {"sauron_draws": ["orc card"], "agility_draw": 0, "hero_damage_from": "life",
                            "undefeated_influence": [], "rounds": [{"hero": "weak", "sauron": "orc card"}]}}]}}])
    assert r.results["hero_turn"]["turn_over"] is True
    assert "encounter" not in [s.phase for s in r.trace.steps]


def test_a_dark_path_once_per_turn_with_three_or_fewer_corruption_cards():
    r = run(heroes=[hero(corruption=3)], play=[{"explore": {"hero": "Beravor", "dark_path": True}}])
    assert r.trace.final_state["heroes"]["Beravor"]["favor"] == 1
    assert r.trace.final_state["heroes"]["Beravor"]["corruption"] == 4
    assert run(heroes=[hero(corruption=4)], play=[{"explore": {"hero": "Beravor", "dark_path": True}}]).exit_code == 1
    twice = run(heroes=[hero()], play=[{"explore": {"hero": "Beravor", "dark_path": True}},
                                      {"explore": {"hero": "Beravor", "dark_path": True}}])
    assert twice.exit_code == 1


def test_a_plot_is_discarded_by_paying_its_favor_at_its_location():
    plots = [{"name": "Scheme", "marker": "red", "advance": 1, "favor": 2, "location": "Bree"}]
    r = run(board=BOARD, heroes=[hero(favor=3)], plots=plots,
            play=[{"explore": {"hero": "Beravor", "discard_plot": "Scheme"}}])
    assert r.trace.final_state["plots"] == [None, None, None]
    assert r.trace.final_state["heroes"]["Beravor"]["favor"] == 1
    poor = run(board=BOARD, heroes=[hero(favor=1)], plots=plots,
               play=[{"explore": {"hero": "Beravor", "discard_plot": "Scheme"}}])
    assert poor.exit_code == 1


def test_consulting_a_character_returns_it_to_the_area():
    r = run(board=BOARD, heroes=[hero()], characters={"Gandalf": "Bree"},
            play=[{"explore": {"hero": "Beravor", "consult": [{"character": "Gandalf", "take": "favor", "favor": 2}]}}])
    assert r.trace.final_state["heroes"]["Beravor"]["favor"] == 2
    assert r.trace.final_state["characters"] == {}


def test_resting_hero_may_shed_one_corruption_card_for_favor():
    r = run(board=BOARD, heroes=[hero(corruption=2, favor=2, rest=1)], markers={"red": 0, "yellow": 1, "black": 1},
            play=[{"rest": {"hero": "Beravor", "discard_corruption": 2}}])
    assert r.trace.final_state["heroes"]["Beravor"]["corruption"] == 1
    assert "meq:rules:hero-game-rules:discarding-corruption-cards" in cited(r)


def test_one_shadow_card_per_player_turn_with_enough_shadow_pool():
    r = run(shadow_pool=2, play=[{"shadow_card": {"name": "Dark Whisper", "requirement": 2, "turn": "Beravor"}},
                                 {"shadow_card": {"name": "Second", "requirement": 0, "turn": "Beravor"}}])
    assert r.exit_code == 1 and "already" in r.illegal.message
    low = run(shadow_pool=1, play=[{"shadow_card": {"name": "Dark Whisper", "requirement": 2}}])
    assert low.exit_code == 1 and "meq:glossary:shadow-card:shadow-pool-requirement" in low.illegal.rules
    assert events(run(shadow_pool=2, play=[{"shadow_card": {"requirement": 2}}]))[-1] == "shadow-card"


def test_event_places_favor_and_a_character_already_out_stays_put():
    drawn = [{"name": "E", "priority": 1, "places": [{"favor": 2, "location": "Bree"},
                                                      {"character": "Gandalf", "location": "Bree"}]}]
    r = run(board=BOARD, first_turn=True, characters={"Gandalf": "Rivendell"}, play=[{"event_step": {"drawn": drawn}}])
    assert r.trace.final_state["favor_on"] == {"Bree": 2}
    assert r.trace.final_state["characters"] == {"Gandalf": "Rivendell"}
    assert "meq:step:the-event-step:2" in cited(r)


def test_retrieving_favor_takes_it_from_the_location():
    r = run(board=BOARD, heroes=[hero()], favor_on={"Bree": 2}, play=[{"explore": {"hero": "Beravor", "favor": 2}}])
    assert r.trace.final_state["favor_on"] == {} and r.trace.final_state["heroes"]["Beravor"]["favor"] == 2
    assert run(board=BOARD, heroes=[hero()], favor_on={"Bree": 1},
               play=[{"explore": {"hero": "Beravor", "favor": 2}}]).exit_code == 1


def test_a_monsters_special_ability_triggers_on_its_card_type():
    warg = {"name": "Warg", "health": 20, "fortitude": 1, "strength": 5, "wisdom": 0,
            "abilities": [{"if": {"you_played": "melee"}, "effect": {"attack": 2}, "text": "melee: +2 attack"}]}
    cards = [{"name": "h1", "type": "melee", "attack": 0, "defense": 0, "cost": 1},
             {"name": "s1", "type": "melee", "attack": 1, "defense": 0, "cost": 1}]
    r = run(heroes=[hero(hand=["h1"], agility=0)], monsters=[warg], cards=cards,
            play=[{"combat": {"hero": "Beravor", "foe": "Warg", "phase": "ambush", "sauron_draws": ["s1"],
                              "agility_draw": 0, "hero_damage_from": "life", "undefeated_influence": [],
                              "rounds": [{"hero": "h1", "sauron": "s1"}]}}])
    assert r.trace.final_state["heroes"]["Beravor"]["damage"] == 3


def test_tied_matching_encounters_stop_for_the_hero_to_choose():
    drawn = [{"name": "A", "priority": 2, "affects": ["Bree"]}, {"name": "B", "priority": 2, "affects": ["Eriador"]},
             {"name": "C", "priority": 5, "affects": ["Bree"]}]
    r = run(board=BOARD, heroes=[hero()], play=[{"encounter": {"hero": "Beravor", "drawn": drawn}}])
    assert r.exit_code == 3 and [o.value for o in r.trace.pending.options] == ["A", "B"]


def test_training_keeps_one_of_two_skill_cards_in_hand():
    r = run(heroes=[hero(hand=[])], play=[{"training": {"hero": "Beravor", "drawn": ["Riposte", "Volley"], "keep": "Volley"}}])
    assert r.trace.final_state["heroes"]["Beravor"]["hand"] == ["Volley"]
    assert run(heroes=[hero()], play=[{"training": {"hero": "Beravor", "drawn": ["Riposte"]}}]).exit_code == 1


def test_a_second_copy_of_an_item_title_is_not_gained():
    r = run(heroes=[hero(items=["Horse"])], play=[{"item": {"hero": "Beravor", "title": "Horse"}},
                                                   {"item": {"hero": "Beravor", "title": "Boat"}}])
    assert r.results["item"] is False and r.results["item#2"] is True
    assert r.trace.final_state["heroes"]["Beravor"]["items"] == ["Horse", "Boat"]
