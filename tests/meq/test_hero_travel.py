"""A hero's turn: rest and heal, the Ambush step, moving, perilous locations, Combat or
Peril, the Encounter step."""

from __future__ import annotations

from .conftest import BOARD, cited, hero, run

CARDS = [
    {"name": "hill card", "type": "melee", "attack": 1, "defense": 1, "cost": 1, "icon": "hill"},
    {"name": "plains card", "type": "melee", "attack": 1, "defense": 1, "cost": 1, "icon": "plains"},
    {"name": "forest card", "type": "melee", "attack": 1, "defense": 1, "cost": 1, "icon": "forest"},
]
ORC = {"name": "Orc", "health": 3, "fortitude": 1, "strength": 4, "wisdom": 1, "deck": "Zealot"}


def test_rest_shuffles_the_rest_pool_back_and_advances_the_leftmost_sauron_marker():
    r = run(board=BOARD, heroes=[hero(rest=4, life=2)], markers={"yellow": 3, "red": 1, "black": 2},
            play=[{"rest": {"hero": "Beravor"}}])
    state = r.trace.final_state
    assert state["heroes"]["Beravor"]["life"] == 6 and state["heroes"]["Beravor"]["rest"] == 0
    assert state["markers"]["red"] == 2


def test_rest_with_tied_leftmost_markers_asks_the_hero():
    r = run(board=BOARD, heroes=[hero(rest=1)], play=[{"rest": {"hero": "Beravor"}}])
    assert r.exit_code == 3 and r.trace.pending.player == "the hero"
    chosen = run(board=BOARD, heroes=[hero(rest=1)], play=[{"rest": {"hero": "Beravor", "marker": "black"}}])
    assert chosen.trace.final_state["markers"]["black"] == 1


def test_no_rest_with_a_monster_present_or_in_a_shadow_stronghold():
    tokens = [{"id": "t", "location": "Bree", "monster": None}]
    assert run(board=BOARD, heroes=[hero()], tokens=tokens, play=[{"rest": {"hero": "Beravor"}}]).exit_code == 1
    assert run(board=BOARD, heroes=[hero(location="Barad-dur")], play=[{"rest": {"hero": "Beravor"}}]).exit_code == 1


def test_healing_only_when_resting_in_a_haven():
    r = run(board=BOARD, heroes=[hero(location="Rivendell", damage=3, life=1)], markers={"red": 0, "yellow": 1, "black": 1},
            play=[{"rest": {"hero": "Beravor", "heal": True}}])
    assert r.trace.final_state["heroes"]["Beravor"]["life"] == 4
    assert "meq:rules:hero-game-rules:healing" in cited(r)
    bad = run(board=BOARD, heroes=[hero(damage=3)], markers={"red": 0, "yellow": 1, "black": 1},
              play=[{"rest": {"hero": "Beravor", "heal": True}}])
    assert bad.exit_code == 1


def test_moving_with_a_matching_icon_costs_one_card():
    r = run(board=BOARD, heroes=[hero(location="Ithilien", hand=["hill card", "plains card"])], cards=CARDS,
            play=[{"travel": {"hero": "Beravor", "to": "Bree", "pay": ["hill card"]}}])
    assert r.trace.final_state["heroes"]["Beravor"]["location"] == "Bree"


def test_moving_without_the_icon_costs_the_paths_number_of_cards():
    r = run(board=BOARD, heroes=[hero(location="Marshes", hand=["hill card", "plains card"])], cards=CARDS,
            play=[{"travel": {"hero": "Beravor", "to": "Ithilien", "pay": ["hill card"]}}])
    assert r.exit_code == 1 and "meq:rules:hero-game-rules:move" in r.illegal.rules


def test_a_boat_crosses_a_water_path_for_any_one_card():
    r = run(board=BOARD, heroes=[hero(location="Ithilien", hand=["plains card"], items=["Boat"])], cards=CARDS,
            play=[{"travel": {"hero": "Beravor", "to": "Bree", "pay": ["plains card"],
                                      "explore": {}}}])
    assert r.exit_code == 0 and "meq:rules:hero-game-rules:traveling-on-water-paths" in cited(r)


def test_any_card_icon_costs_one_card_of_any_kind():
    r = run(board=BOARD, heroes=[hero(location="Ithilien", hand=["plains card"])], cards=CARDS,
            play=[{"travel": {"hero": "Beravor", "to": "Minas Tirith", "pay": ["plains card"],
                                      "explore": {}}}])
    assert r.exit_code == 0 and "meq:rules:hero-game-rules:the-any-card-icon" in cited(r)


def test_a_location_is_perilous_only_when_influence_exceeds_wisdom():
    base = dict(board=BOARD, heroes=[hero(location="Udun", wisdom=2)])
    assert run(**base, influence={"Barad-dur": 3, "Udun": 2}, play=[{"perilous": {"hero": "Beravor"}}]).results["perilous"] is False
    assert run(**base, influence={"Barad-dur": 3, "Udun": 3}, play=[{"perilous": {"hero": "Beravor"}}]).results["perilous"] is True


def test_permanently_perilous_location_is_perilous_without_influence():
    r = run(board=BOARD, heroes=[hero(location="Barad-dur")], play=[{"perilous": {"hero": "Beravor"}}])
    assert r.results["perilous"] is True


def test_no_encounter_in_a_perilous_location():
    r = run(board=BOARD, heroes=[hero(location="Barad-dur")], play=[{"encounter": {"hero": "Beravor"}}])
    assert r.results["encounter"] == "none" and r.exit_code == 0


def test_encounter_matching_the_region_resolves_and_none_matching_discards_all():
    drawn = [{"name": "A", "priority": 1, "affects": ["Rivendell"]}, {"name": "B", "priority": 4, "affects": ["Eriador"]},
             {"name": "C", "priority": 2, "affects": ["Moria"]}]
    assert run(board=BOARD, heroes=[hero()], play=[{"encounter": {"hero": "Beravor", "drawn": drawn}}]).results["encounter"] == "B"
    drawn[1]["affects"] = ["Moria"]
    assert run(board=BOARD, heroes=[hero()], play=[{"encounter": {"hero": "Beravor", "drawn": drawn}}]).results["encounter"] == "none"


def test_peril_must_affect_the_heros_location_or_region():
    perils = [{"name": "P1", "affects": ["Moria"]}, {"name": "P2", "affects": ["Moria"]}, {"name": "P3", "affects": ["Moria"]}]
    r = run(board=BOARD, heroes=[hero(location="Udun", hand=["x", "y"])], influence={"Barad-dur": 4, "Udun": 3},
            play=[{"travel": {"hero": "Beravor", "to": "Barad-dur", "pay": ["x", "y"], "sauron": "peril", "perils": perils,
                              "explore": {}}}])
    assert r.exit_code == 0 and any(s.event == "peril-none" for s in r.trace.steps)


def test_ambush_is_compulsory_by_the_rules_and_optional_under_the_quick_reference_reading():
    base = dict(board=BOARD, heroes=[hero()], tokens=[{"id": "t", "location": "Bree", "monster": None}])
    assert run(**base, play=[{"ambush": {"hero": "Beravor", "attack": False}}]).exit_code == 1
    may = run(**base, options={"ambush": "may"}, play=[{"ambush": {"hero": "Beravor", "attack": False}}])
    assert may.exit_code == 0
    assert any(s.interpretation and s.interpretation.rule == "meq:quickref:hero-turn:2" for s in may.trace.steps)


def test_a_blank_monster_token_is_discarded():
    r = run(board=BOARD, heroes=[hero()], tokens=[{"id": "t", "location": "Bree", "monster": None}],
            play=[{"ambush": {"hero": "Beravor", "with": "t"}}])
    assert r.trace.final_state["tokens"] == []


def test_a_monster_surviving_a_travel_combat_ends_the_heros_turn():
    cards = CARDS + [{"name": "orc card", "type": "melee", "attack": 0, "defense": 3, "cost": 1}]
    r = run(board=BOARD, heroes=[hero(location="Ithilien", hand=["hill card", "forest card"], agility=0)], cards=cards,
            monsters=[ORC], tokens=[{"id": "t", "location": "Bree", "monster": "Orc"}], influence={},
            play=[{"travel": {"hero": "Beravor", "to": "Bree", "pay": ["hill card"], "sauron": "attack",
                              "combat": {"sauron_draws": ["orc card"], "agility_draw": 0, "hero_damage_from": "life",
                                         "undefeated_influence": [],
                                         "rounds": [{"hero": "forest card", "sauron": "orc card"}]}}}])
    assert r.results["travel"]["turn_over"] is True
    assert "meq:step:steps-of-combat:4.c" in cited(r)


def test_combat_in_a_haven_needs_the_heros_consent():
    minions = [{"name": "Black Serpent", "health": 7, "fortitude": 1, "strength": 5, "wisdom": 2, "location": "Rivendell"}]
    r = run(board=BOARD, heroes=[hero(location="Rivendell")], minions=minions,
            play=[{"ambush": {"hero": "Beravor", "with": "Black Serpent", "hero_allows": False,
                              "combat": {"sauron_draws": ["x"]}}}])
    assert r.exit_code == 0 and r.trace.steps[-1].event == "no-ambush"
    asked = run(board=BOARD, heroes=[hero(location="Rivendell")], minions=minions,
                play=[{"ambush": {"hero": "Beravor", "with": "Black Serpent"}}])
    assert asked.trace.pending.key == "play[0].ambush.hero_allows"
    direct = run(board=BOARD, heroes=[hero(location="Rivendell")], minions=minions,
                 play=[{"combat": {"hero": "Beravor", "foe": "Black Serpent", "phase": "ambush"}}])
    assert direct.exit_code == 1 and "consent" in direct.illegal.message


def test_with_a_single_option_sauron_must_take_it():
    perils = [{"name": "P1", "affects": "any"}, {"name": "P2", "affects": ["Moria"]}, {"name": "P3", "affects": ["Moria"]}]
    r = run(board=BOARD, heroes=[hero(location="Udun", hand=["x", "y"])], influence={"Barad-dur": 4, "Udun": 3},
            play=[{"travel": {"hero": "Beravor", "to": "Barad-dur", "pay": ["x", "y"], "perils": perils, "peril": "P1",
                              "explore": {}}}])
    assert r.exit_code == 0 and any(s.event == "only-option" for s in r.trace.steps)
