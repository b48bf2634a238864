"""The Finale (Missions, immediate victory, the Ringwraiths' adjustment) and `check` of positions."""

from __future__ import annotations

from adjudicator.meq.engine import check

from .conftest import BOARD, hero, situation, run

TRACK = {"finale": 18, "shadow_falls": 13, "stage_starts": {"2": 6, "3": 12}}
WRAITHS = {"name": "Ringwraiths", "health": 8, "fortitude": 6, "strength": 7, "wisdom": 3, "location": "Minas Morgul"}


def test_the_dominant_side_fulfilling_its_mission_wins_at_once():
    r = run(track=TRACK, markers={"heroes": 18, "yellow": 2}, heroes=[hero(favor=5)], minions=[WRAITHS],
            play=[{"finale": {"sauron_mission": "to-rule-them-all", "heroes_mission": "isildurs-secret"}}])
    assert r.trace.final_state["winner"] == "heroes"
    assert "meq:mission:isildurs-secret" in r.trace.cited_ids()


def test_with_nobody_dominant_only_one_fulfilled_mission_wins():
    r = run(track=TRACK, markers={"heroes": 13, "yellow": 13, "red": 12, "black": 12}, heroes=[hero(favor=0)],
            minions=[WRAITHS], play=[{"finale": {"sauron_mission": "to-rule-them-all", "heroes_mission": "isildurs-secret"}}])
    assert r.trace.final_state["winner"] == "sauron"


def test_sauron_dominant_ringwraiths_gain_the_hero_markers_distance():
    r = run(track=TRACK, markers={"heroes": 10, "yellow": 18, "red": 3, "black": 3}, heroes=[hero()], minions=[WRAITHS],
            play=[{"finale": {"sauron_mission": "his-dark-throne", "heroes_mission": "isildurs-secret"}}])
    assert r.trace.final_state["finale_adjust"] == 8
    assert r.trace.final_state["minions"]["Ringwraiths"]["health"] == 16


def test_the_champion_defeating_the_ringwraiths_wins_for_the_heroes():
    cards = [{"name": "h1", "type": "melee", "attack": 9, "defense": 9, "cost": 1},
             {"name": "w1", "type": "melee", "attack": 1, "defense": 0, "cost": 1}]
    r = run(track=TRACK, markers={"heroes": 18, "yellow": 14, "red": 14, "black": 14}, heroes=[hero(agility=0)],
            minions=[WRAITHS], cards=cards,
            play=[{"finale": {"sauron_mission": "his-dark-throne", "heroes_mission": "isildurs-secret",
                              "champion": "Beravor", "hands": {"Beravor": ["h1"]},
                              "combat": {"sauron_draws": ["w1"] * 6, "agility_draw": 0, "hero_damage_from": "life",
                                         "rounds": [{"hero": "h1", "sauron": "w1"}]}}}])
    assert r.trace.final_state["winner"] == "heroes"


def write(tmp_path, **parts):
    path = tmp_path / "s.yaml"
    path.write_text(situation(**parts), encoding="utf-8")
    return path


def test_check_finds_influence_on_a_haven_and_a_shadow_pool_over_its_cap(tmp_path):
    report = check(write(tmp_path, board=BOARD, influence={"Rivendell": 1}, shadow_pool=5))
    messages = " ".join(f["message"] for f in report["findings"])
    assert report["legal"] is False and "Haven" in messages and "Shadow Pool" in messages


def test_check_finds_action_tokens_not_filling_a_track_from_the_left(tmp_path):
    report = check(write(tmp_path, action_tokens={"place_influence": [5]}))
    assert report["legal"] is False
    assert report["findings"][0]["rules"] == ["meq:rules:sauron-game-rules:action-tracks"]


def test_check_finds_a_location_over_its_strongholds_influence_strength(tmp_path):
    report = check(write(tmp_path, board=BOARD, influence={"Barad-dur": 1, "Udun": 3}))
    assert any("influence strength" in f["message"] for f in report["findings"])


def test_check_reports_an_illegal_declaration(tmp_path):
    report = check(write(tmp_path, board=BOARD, heroes=[hero(location="Barad-dur")], play=[{"rest": {"hero": "Beravor"}}]))
    assert report["legal"] is False and report["findings"][-1]["rules"] == ["meq:rules:hero-game-rules:the-rest-step"]


def test_check_passes_a_legal_position(tmp_path):
    report = check(write(tmp_path, board=BOARD, influence={"Barad-dur": 2, "Udun": 2}, heroes=[hero()]))
    assert report["legal"] is True and report["findings"] == []


def test_check_finds_a_monster_token_on_a_haven(tmp_path):
    report = check(write(tmp_path, board=BOARD, tokens=[{"id": "t", "location": "Rivendell", "monster": None}]))
    assert report["legal"] is False and "Haven" in report["findings"][0]["message"]


def test_check_finds_a_plot_active_twice(tmp_path):
    plots = [{"name": "Scheme", "marker": "red", "advance": 1}] * 2
    report = check(write(tmp_path, plots=plots))
    assert report["legal"] is False and "twice" in report["findings"][0]["message"]
