"""Sauron's turn: Event selection, plots, action tracks, influence in extension, commands."""

from __future__ import annotations

from .conftest import BOARD, cited, hero, run

TRACK = {"finale": 18, "shadow_falls": 13, "stage_starts": {"2": 6, "3": 12}}
DRAWN = [{"name": "Low", "priority": 2}, {"name": "High", "priority": 9, "flag": True}, {"name": "Mid", "priority": 5}]


def test_event_heroes_dominant_resolve_the_lowest_priority():
    r = run(track=TRACK, markers={"heroes": 16}, play=[{"event_step": {"drawn": DRAWN}}])
    assert r.results["event_step"] == "Low"
    assert "meq:step:the-event-step:1.a" in cited(r)


def test_event_sauron_dominant_resolves_the_highest_and_keeps_a_flagged_card():
    r = run(track=TRACK, markers={"heroes": 0, "yellow": 16}, play=[{"event_step": {"drawn": DRAWN}}])
    assert r.results["event_step"] == "High"
    assert "meq:step:the-event-step:3" in cited(r)
    assert any(s.event == "event-keep" for s in r.trace.steps)


def test_event_neither_dominant_draws_a_single_card():
    r = run(track=TRACK, first_turn=True, play=[{"event_step": {"drawn": [{"name": "Only", "priority": 4}]}}])
    assert r.results["event_step"] == "Only"
    illegal = run(track=TRACK, first_turn=True, play=[{"event_step": {"drawn": DRAWN}}])
    assert illegal.exit_code == 1


def test_event_tied_priorities_stop_for_sauron_to_choose():
    drawn = [{"name": "A", "priority": 3}, {"name": "B", "priority": 3}, {"name": "C", "priority": 8}]
    r = run(track=TRACK, markers={"heroes": 16}, play=[{"event_step": {"drawn": drawn}}])
    assert r.exit_code == 3 and [o.value for o in r.trace.pending.options] == ["A", "B"]


def test_plot_needs_its_influence_in_the_shadow_pool():
    plot = {"name": "Scheme", "marker": "red", "advance": 1, "influence": 3}
    r = run(shadow_pool=2, plot_cards=[plot], play=[{"plot_step": {"play": "Scheme"}}])
    assert r.exit_code == 1 and "Shadow Pool" in r.illegal.message
    ok = run(shadow_pool=3, plot_cards=[plot], play=[{"plot_step": {"play": "Scheme"}}])
    assert ok.trace.final_state["plots"] == ["Scheme", None, None]
    assert ok.trace.final_state["shadow_pool"] == 3  # playing spends nothing


def test_full_active_plot_track_forbids_playing_a_plot():
    plots = [{"name": n, "marker": "red", "advance": 1} for n in ("A", "B", "C")]
    r = run(plots=plots, plot_cards=[{"name": "D", "marker": "red", "advance": 1}], play=[{"plot_step": {"play": "D"}}])
    assert r.exit_code == 1 and "full" in r.illegal.message
    discard = run(plots=plots, play=[{"plot_step": {"discard": "B"}}])
    assert discard.trace.final_state["plots"] == ["A", None, "C"]


def test_action_token_covers_the_leftmost_empty_space():
    r = run(action_tokens={"command": [3]}, play=[{"action": {"type": "command", "commands": []}}])
    assert r.results["action"] == 2


def test_a_full_action_track_cannot_be_chosen():
    r = run(action_tokens={"place_influence": [6, 5, 4]}, play=[{"action": {"type": "place_influence"}}])
    assert r.exit_code == 1 and "meq:rules:sauron-game-rules:action-tracks" in r.illegal.rules


def test_fourth_action_token_removes_the_three_before_it():
    r = run(action_tokens={"place_influence": [6, 5], "command": [3]},
            play=[{"action": {"type": "draw_shadow_and_plot"}}])
    assert r.trace.final_state["action_tokens"] == {"draw_shadow_and_plot": [3]}  # the value of the space covered


def test_three_player_game_gives_two_actions_four_players_three():
    actions = [{"type": "draw_shadow_and_plot"}] * 3
    assert run(players=3, play=[{"action_step": {"actions": actions}}]).exit_code == 1
    assert run(players=4, play=[{"action_step": {"actions": actions}}]).exit_code == 0


def test_at_most_two_influence_go_to_the_shadow_pool_within_its_cap():
    assert run(play=[{"action": {"type": "place_influence", "pool": 3}}]).exit_code == 1
    capped = run(track=TRACK, shadow_pool=3, play=[{"action": {"type": "place_influence", "pool": 2}}])
    assert capped.exit_code == 1 and "meq:rules:sauron-game-rules:influence-in-the-shadow-pool" in capped.illegal.rules


def test_influence_is_never_placed_on_a_haven():
    r = run(board=BOARD, influence={"Barad-dur": 2, "Udun": 1, "Marshes": 1, "Ithilien": 1},
            play=[{"action": {"type": "place_influence", "locations": ["Minas Tirith"]}}])
    assert r.exit_code == 1 and "Haven" in r.illegal.message


def test_influence_must_extend_from_a_shadow_stronghold():
    r = run(board=BOARD, influence={"Barad-dur": 2}, play=[{"action": {"type": "place_influence",
                                                                        "locations": ["Marshes"]}}])
    assert r.exit_code == 1 and "extension" in r.illegal.message
    ok = run(board=BOARD, influence={"Barad-dur": 2}, play=[{"action": {"type": "place_influence",
                                                                         "locations": ["Udun", "Marshes"]}}])
    assert ok.trace.final_state["influence"] == {"Barad-dur": 2, "Marshes": 1, "Udun": 1}


def test_no_location_in_extension_exceeds_the_strongholds_influence_strength():
    r = run(board=BOARD, influence={"Barad-dur": 1, "Udun": 1},
            play=[{"action": {"type": "place_influence", "locations": ["Udun"]}}])
    assert r.exit_code == 1 and "influence strength" in r.illegal.message


def test_cut_off_locations_keep_only_one_influence():
    r = run(board=BOARD, influence={"Barad-dur": 3, "Udun": 2, "Marshes": 3},
            heroes=[hero(location="Udun")], play=[{"hero_rally": {}}])
    assert r.trace.final_state["influence"] == {"Barad-dur": 3, "Marshes": 1}
    assert "meq:rules:sauron-game-rules:maximum-influence" in cited(r)


def test_hero_rally_leaves_influence_in_a_shadow_stronghold():
    r = run(board=BOARD, influence={"Barad-dur": 3}, heroes=[hero(location="Barad-dur")], play=[{"hero_rally": {}}])
    assert r.trace.final_state["influence"] == {"Barad-dur": 3}


def test_monster_tokens_are_never_placed_on_a_hero():
    r = run(board=BOARD, influence={"Barad-dur": 2, "Udun": 1}, heroes=[hero(location="Udun")],
            play=[{"action": {"type": "command", "commands": [{"place": {"location": "Udun", "monster": None}}]}}])
    assert r.exit_code == 1 and "never placed" in r.illegal.message


def test_one_monster_token_placement_per_command_action():
    commands = [{"place": {"location": "Udun"}}, {"place": {"location": "Barad-dur"}}]
    r = run(board=BOARD, influence={"Barad-dur": 2, "Udun": 1},
            play=[{"action": {"type": "command", "commands": commands}}])
    assert r.exit_code == 1 and "only one monster token" in r.illegal.message


def test_monster_tokens_move_only_onto_influence_and_once_per_action():
    tokens = [{"id": "t", "location": "Udun", "monster": None}]
    bad = run(board=BOARD, influence={"Barad-dur": 2, "Udun": 1}, tokens=tokens,
              play=[{"action": {"type": "command", "commands": [{"move": {"token": "t", "to": "Marshes"}}]}}])
    assert bad.exit_code == 1
    twice = [{"move": {"token": "t", "to": "Barad-dur"}}, {"move": {"token": "t", "to": "Udun"}}]
    assert run(board=BOARD, influence={"Barad-dur": 2, "Udun": 1}, tokens=tokens,
               play=[{"action": {"type": "command", "commands": twice}}]).exit_code == 1


def test_a_minion_on_a_heros_location_cannot_be_healed():
    minions = [{"name": "Black Serpent", "health": 7, "fortitude": 4, "strength": 5, "wisdom": 2,
                "location": "Bree", "damage": 3}]
    r = run(board=BOARD, heroes=[hero()], minions=minions,
            play=[{"action": {"type": "command", "commands": [{"heal": {"minion": "Black Serpent"}}]}}])
    assert r.exit_code == 1 and "meq:glossary:heal-minion" in r.illegal.rules


def test_defeated_ringwraiths_return_to_minas_morgul_at_the_action_step():
    minions = [{"name": "Ringwraiths", "health": 8, "fortitude": 5, "strength": 6, "wisdom": 3,
                "location": "defeated", "in_play": False}]
    r = run(minions=minions, play=[{"action_step": {"actions": []}}])
    assert r.trace.final_state["minions"]["Ringwraiths"]["location"] == "Minas Morgul"


def test_a_monster_token_goes_only_to_a_location_of_its_colour():
    board = {"locations": [{"name": "Dol Guldur", "stronghold_max": 4, "colour": "green"},
                           {"name": "Carrock", "colour": "brown"}],
             "paths": [{"a": "Dol Guldur", "b": "Carrock"}]}
    bad = run(board=board, influence={"Dol Guldur": 1, "Carrock": 1},
              play=[{"action": {"type": "command", "commands": [{"place": {"location": "Carrock", "colour": "green"}}]}}])
    assert bad.exit_code == 1
    ok = run(board=board, influence={"Dol Guldur": 1, "Carrock": 1},
             play=[{"action": {"type": "command", "commands": [{"place": {"location": "Dol Guldur", "colour": "green"}}]}}])
    assert ok.exit_code == 0 and len(ok.trace.final_state["tokens"]) == 1
