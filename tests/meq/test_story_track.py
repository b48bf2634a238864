"""Story track rules: stages, the Shadow Pool cap, dominance, the Story step, minions, the Finale trigger.

Positions use the assumed track of rules_db/meq/defaults.yaml unless a test gives its own:
Finale 18, The Shadow Falls 13, stage II from 6, stage III from 12."""

from __future__ import annotations

from .conftest import cited, events, run

TRACK = {"finale": 18, "shadow_falls": 13, "stage_starts": {"2": 6, "3": 12}}


def test_current_stage_is_the_rightmost_stage_holding_a_marker():
    r = run(track=TRACK, markers={"heroes": 3, "yellow": 7, "red": 0, "black": 1}, play=[{"stage": {}}])
    assert r.results["stage"] == {"stage": 2, "shadow_pool_cap": 8}
    assert "meq:glossary:current-stage" in cited(r)


def test_dominance_tie_means_nobody_is_dominant():
    r = run(track=TRACK, markers={"heroes": 13, "yellow": 13, "red": 0, "black": 0}, play=[{"dominance": {}}])
    assert r.results["dominance"] == "none"


def test_dominance_lower_count_wins_for_the_heroes():
    r = run(track=TRACK, markers={"heroes": 16, "yellow": 10, "red": 10, "black": 10}, play=[{"dominance": {}}])
    assert r.results["dominance"] == "heroes"


def test_dominance_markers_past_the_shadow_falls_need_nothing_more():
    r = run(track=TRACK, markers={"heroes": 10, "yellow": 15, "red": 14, "black": 12}, play=[{"dominance": {}}])
    # Sauron: min(closest 3, cumulative 0 + 0 + 1) = 1 against the heroes' 8
    assert r.results["dominance"] == "sauron"


def test_story_step_is_skipped_on_the_first_turn():
    r = run(track=TRACK, first_turn=True, markers={"heroes": 0}, play=[{"story_step": {}}])
    assert r.trace.final_state["markers"]["heroes"] == 0
    assert "meq:step:sauron-turn:2" in cited(r)


def test_story_step_moves_the_hero_marker_two_and_each_plot_its_marker():
    r = run(track=TRACK, markers={"heroes": 2, "yellow": 1, "red": 1, "black": 1},
            plots=[{"name": "A", "marker": "red", "advance": 2}, {"name": "B", "marker": "red", "advance": 1}],
            play=[{"story_step": {}}])
    assert r.trace.final_state["markers"] == {"heroes": 4, "yellow": 1, "red": 4, "black": 1}
    assert events(r).count("advance-marker") == 3


def test_a_marker_stops_on_the_finale_space_and_triggers_the_finale():
    r = run(track=TRACK, markers={"heroes": 17}, play=[{"story_step": {}}])
    assert r.trace.final_state["markers"]["heroes"] == 18
    assert r.trace.final_state["finale"] is True


def test_finale_when_all_three_sauron_markers_reach_the_shadow_falls():
    r = run(track=TRACK, markers={"heroes": 2, "yellow": 13, "red": 14, "black": 12},
            plots=[{"name": "A", "marker": "black", "advance": 1}], play=[{"story_step": {}}])
    assert r.trace.final_state["finale"] is True


def test_first_entry_into_stage_two_places_ringwraiths_and_gothmog():
    minions = [
        {"name": "Ringwraiths", "health": 8, "fortitude": 5, "strength": 6, "wisdom": 3, "starting_locations": ["Minas Morgul"]},
        {"name": "Gothmog of Gorgoroth", "health": 7, "fortitude": 4, "strength": 5, "wisdom": 2,
         "starting_locations": ["Gorgoroth"]},
    ]
    r = run(track=TRACK, markers={"heroes": 4}, minions=minions, play=[{"story_step": {}}])
    placed = r.trace.final_state["minions"]
    assert placed["Ringwraiths"]["location"] == "Minas Morgul" and placed["Gothmog of Gorgoroth"]["in_play"]
    assert r.trace.final_state["stages_entered"] == [1, 2]


def test_minions_enter_only_on_the_first_entry_into_a_stage():
    minions = [{"name": "Ringwraiths", "health": 8, "fortitude": 5, "strength": 6, "wisdom": 3,
                "starting_locations": ["Minas Morgul"]}]
    r = run(track=TRACK, markers={"heroes": 4}, stages_entered=[1, 2], minions=minions, play=[{"story_step": {}}])
    assert r.trace.final_state["minions"]["Ringwraiths"]["in_play"] is False


def test_witch_king_with_two_starting_locations_stops_for_sauron_to_choose():
    minions = [{"name": "Witch-king", "health": 9, "fortitude": 5, "strength": 6, "wisdom": 3,
                "starting_locations": ["Carn Dum", "Minas Morgul"]}]
    r = run(track=TRACK, markers={"heroes": 10}, stages_entered=[1, 2], minions=minions, play=[{"story_step": {}}])
    assert r.exit_code == 3
    assert [o.value for o in r.trace.pending.options] == ["Carn Dum", "Minas Morgul"]


def test_finale_check_reading_immediately_triggers_outside_the_story_step():
    base = dict(track=TRACK, board={"locations": [{"name": "Bree"}]},
                heroes=[{"name": "Beravor", "fortitude": 4, "strength": 5, "agility": 2, "wisdom": 2,
                         "location": "Bree", "life": 3, "hand": ["a"], "rest": 2}],
                markers={"heroes": 2, "yellow": 17, "red": 18, "black": 18})
    default = run(**base, play=[{"rest": {"hero": "Beravor"}}])
    assert default.trace.final_state["finale"] is False
    immediate = run(**base, options={"finale_check": "immediately"}, play=[{"rest": {"hero": "Beravor"}}])
    assert immediate.trace.final_state["finale"] is True
    assert any(s.interpretation and s.interpretation.name == "finale_check=immediately" for s in immediate.trace.steps)
