"""LOTR LCG framework rules, one behaviour per test, each asserting the final state and
the record ids in the trace (Rules Reference Appendix I and glossary; FAQ 1.9)."""

from __future__ import annotations

import pytest

from adjudicator.engine.decisions import IllegalDecision
from lotr_engine_helpers import cited, resolve


def final(trace):
    return trace.to_dict()["final_state"]


# -- resource phase ---------------------------------------------------------------------


def test_gain_resources_adds_one_to_each_hero(play):
    t = play("""
start: "1.1"
stop: {step: "1.2"}
players:
  - {name: P1, heroes: [Aragorn, {card: Gimli, resources: 3}]}
""")
    f = final(t)
    assert resolve(f, "players.P1.heroes.Aragorn.resources") == 1
    assert resolve(f, "players.P1.heroes.Gimli.resources") == 4
    assert "lotr:rr:step:1.2" in cited(t, "1.2")


def test_draw_from_an_empty_deck_draws_nothing(play):
    t = play("""
start: "1.3"
stop: {step: "1.3"}
players:
  - {name: P1, heroes: [Aragorn], hand: [Feint], deck: []}
""")
    assert resolve(final(t), "players.P1.hand") == ["Feint"]
    assert "lotr:rr:running-out-of-cards" in cited(t, "1.3")


# -- planning ---------------------------------------------------------------------------

PLANNING = """
start: "2.1"
stop: end-of-phase
players:
  - name: P1
    heroes: [{card: Aragorn, resources: %d}, {card: Legolas, resources: %d}]
    hand: [%s]
decisions:
  - {step: "2.2", player: P1, play: [%s]}
"""


def test_sphere_card_needs_a_resource_match(play):
    with pytest.raises(IllegalDecision) as info:
        play(PLANNING % (0, 5, "Lórien Guide", "{card: Lórien Guide}"))
    assert "lotr:rr:resource-match" in info.value.rules


def test_zero_cost_card_still_needs_a_resource_match(play):
    with pytest.raises(IllegalDecision) as info:
        play(PLANNING % (1, 1, "Strength of Will", "{card: Strength of Will}"))
    assert {"lotr:rr:resource-match", "lotr:faq:q:62"} <= set(info.value.rules)


def test_neutral_card_is_paid_from_any_heroes_pools(play):
    t = play(PLANNING % (3, 2, "Gandalf", "{card: Gandalf, pay_from: [Aragorn, Legolas]}"))
    f = final(t)
    assert resolve(f, "players.P1.allies.labels") == ["Gandalf"]
    assert resolve(f, "players.P1.heroes.Aragorn.resources") + resolve(f, "players.P1.heroes.Legolas.resources") == 0
    assert "lotr:rr:neutral-cards" in cited(t, "2.2")


def test_card_needs_enough_resources(play):
    with pytest.raises(IllegalDecision) as info:
        play(PLANNING % (3, 0, "Faramir", "{card: Faramir}"))
    assert "lotr:rr:cost" in info.value.rules


def test_unique_card_cannot_be_played_while_a_copy_is_in_play(play):
    text = """
start: "2.1"
stop: end-of-phase
players:
  - {name: P1, heroes: [{card: Aragorn, resources: 5}], hand: [Faramir]}
  - {name: P2, heroes: [Gimli], allies: [Faramir]}
decisions:
  - {step: "2.2", player: P1, play: [{card: Faramir}]}
"""
    with pytest.raises(IllegalDecision) as info:
        play(text)
    assert info.value.rules == ("lotr:rr:unique-cards",)


def test_ambiguous_payment_stops_for_a_decision(play):
    t = play(PLANNING % (3, 3, "Gandalf", "{card: Gandalf}"))
    assert t.pending.key == "pay_from"
    assert "lotr:rr:resource-match" in t.pending.citations


def test_planning_each_player_is_active_in_turn(play):
    t = play("""
start: "2.1"
stop: end-of-phase
players:
  - {name: P1, heroes: [{card: Aragorn, resources: 2}], hand: [Guard of the Citadel]}
  - {name: P2, heroes: [{card: Théodred, resources: 2}], hand: [Guard of the Citadel]}
decisions:
  - {step: "2.2", player: P2, play: [{card: Guard of the Citadel}]}
  - {step: "2.2", player: P1, play: [{card: Guard of the Citadel}]}
""")
    f = final(t)
    assert resolve(f, "players.P1.allies.labels") == ["Guard of the Citadel"]
    assert resolve(f, "players.P2.allies.labels") == ["Guard of the Citadel#2"]
    assert "lotr:rr:step:2.3" in cited(t)


def test_ally_cannot_be_played_outside_planning(play):
    with pytest.raises(IllegalDecision) as info:
        play("""
start: "3.1"
stop: {step: "3.1"}
players:
  - {name: P1, heroes: [{card: Aragorn, resources: 2}], hand: [Guard of the Citadel]}
decisions:
  - {step: "3.1", player: P1, play: [{card: Guard of the Citadel}]}
""")
    assert "lotr:rr:step:2.2" in info.value.rules


# -- quest phase ------------------------------------------------------------------------

QUEST = """
start: "3.1"
stop: end-of-phase
players:
  - name: P1
    threat: 30
    heroes: [Éowyn, {card: Gimli, exhausted: %s}]
  - name: P2
    threat: 20
    heroes: [Denethor]
staging_area: [%s]
active_location: %s
quest: {card: Flies and Spiders, progress: %d}
quest_deck: [A Fork in the Road]
encounter_deck: [%s]
decisions:
  - {step: "3.2", player: P1, commit: [%s]}
  - {step: "3.2", player: P2, commit: []}
"""


def test_commit_exhausts_the_committed_characters(play):
    t = play(QUEST % ("false", "", "null", 0, "Old Forest Road, Great Forest Web", "Éowyn, Gimli"))
    f = final(t)
    assert resolve(f, "players.P1.heroes.Éowyn.exhausted") is True
    assert resolve(f, "players.P1.heroes.Gimli.exhausted") is True
    assert "lotr:rr:step:3.2" in cited(t, "3.2")


def test_exhausted_character_cannot_commit_to_the_quest(play):
    with pytest.raises(IllegalDecision) as info:
        play(QUEST % ("true", "", "null", 0, "Old Forest Road, Great Forest Web", "Gimli"))
    assert {"lotr:rr:exhausted", "lotr:faq:q:72"} <= set(info.value.rules)


def test_staging_reveals_one_card_per_player(play):
    t = play(QUEST % ("false", "", "null", 0, "Old Forest Road, Great Forest Web, Hill Troll", "Éowyn"))
    assert resolve(final(t), "staging_area.labels") == ["Old Forest Road", "Great Forest Web"]
    assert "lotr:rr:step:3.3" in cited(t, "3.3")
    assert "lotr:faq:q:25" not in cited(t, "3.3")  # no player is eliminated while staging: the fixed count is moot


def test_encounter_deck_is_reshuffled_from_the_discard_during_staging(play):
    t = play("""
start: "3.1"
stop: {step: "3.3"}
players:
  - {name: P1, heroes: [Gimli]}
quest: {card: Flies and Spiders}
encounter_deck: []
encounter_discard: [Hill Troll]
decisions:
  - {step: "3.2", commit: []}
""")
    assert resolve(final(t), "staging_area.labels") == ["Hill Troll"]
    assert "lotr:rr:running-out-of-cards" in cited(t, "3.3")


def test_progress_goes_on_the_active_location_first(play):
    # 4 willpower vs 0 threat: 3 progress explore Old Forest Road (3 quest points), 1 on the quest
    t = play(QUEST % ("false", "", "{card: Old Forest Road}", 0, "", "Éowyn"))
    f = final(t)
    assert f["active_location"] is None
    assert f["encounter_discard"] == ["Old Forest Road"]
    assert resolve(f, "quest.progress") == 1
    assert {"lotr:rr:active-location", "lotr:rr:explored"} <= cited(t, "3.4")


def test_quest_advances_at_once_and_progress_does_not_carry_over(play):
    t = play(QUEST % ("false", "", "null", 6, "", "Éowyn, Gimli"))
    f = final(t)
    assert resolve(f, "quest.label") == "A Fork in the Road"
    assert resolve(f, "quest.progress") == 0
    assert {"lotr:rr:quest-advancement"} <= cited(t, "3.4")


def test_failed_quest_raises_each_players_threat(play):
    t = play(QUEST % ("false", "Mountains of Mirkwood", "null", 0, "Old Forest Road, Great Forest Web", "Éowyn"))
    # 4 willpower against 2 + 1 + 2 = 5 threat
    f = final(t)
    assert resolve(f, "players.P1.threat") == 31
    assert resolve(f, "players.P2.threat") == 21
    assert "lotr:rr:step:3.4" in cited(t, "3.4")


def test_quest_tie_changes_nothing(play):
    t = play(QUEST % ("false", "Mountains of Mirkwood", "null", 0, "Old Forest Road, Black Forest Bats", "Éowyn"))
    f = final(t)
    assert resolve(f, "players.P1.threat") == 30
    assert resolve(f, "quest.progress") == 0


def test_committed_status_ends_with_the_quest_phase(play):
    t = play(QUEST % ("false", "", "null", 0, "Eyes of the Forest, Eyes of the Forest", "Éowyn"))
    assert "committed" not in resolve(final(t), "players.P1.heroes.Éowyn")
    assert "lotr:rr:step:3.5" in cited(t, "3.5")


# -- travel -----------------------------------------------------------------------------


def test_no_travel_while_a_location_is_active(play):
    with pytest.raises(IllegalDecision) as info:
        play("""
start: "4.1"
stop: end-of-phase
players:
  - {name: P1, heroes: [Gimli]}
active_location: Old Forest Road
staging_area: [Enchanted Stream]
decisions:
  - {step: "4.2", travel: Enchanted Stream}
""")
    assert "lotr:rr:active-location" in info.value.rules


def test_travel_without_a_decision_stops_and_asks_the_first_player(play):
    t = play("""
start: "4.1"
stop: end-of-phase
players:
  - {name: P1, heroes: [Gimli]}
staging_area: [Enchanted Stream]
""")
    assert t.pending.key == "travel" and t.pending.player == "P1"
    assert {o.value for o in t.pending.options} == {"Enchanted Stream", None}
    assert "lotr:rr:first-player-first-player-token" in t.pending.citations


def test_travel_cost_is_paid_before_the_location_becomes_active(play):
    t = play("""
start: "4.1"
stop: end-of-phase
cards:
  - {name: Misty Pass, type: location, threat: 2, quest_points: 4, travel_threat: 2}
players:
  - {name: P1, threat: 20, heroes: [Gimli]}
  - {name: P2, threat: 30, heroes: [Legolas]}
staging_area: [Misty Pass]
decisions:
  - {step: "4.2", travel: Misty Pass}
""")
    f = final(t)
    assert [p["threat"] for p in f["players"]] == [22, 32]
    assert f["active_location"]["label"] == "Misty Pass"
    assert "lotr:rr:travel" in cited(t, "4.2")


def test_third_restricted_attachment_without_a_choice_stops_before_paying(play):
    t = play("""
start: "2.1"
stop: end-of-phase
players:
  - name: P1
    heroes: [{card: Legolas, resources: 2, attachments: [Blade of Gondolin, Dwarven Axe]}]
    hand: [Horn of Gondor]
decisions:
  - {step: "2.2", player: P1, play: [{card: Horn of Gondor, attach_to: Legolas}]}
""")
    assert t.pending.key == "discard" and t.pending.citations == ("lotr:rr:restricted",)
    assert resolve(final(t), "players.P1.heroes.Legolas.resources") == 2


def test_round_walks_the_framework_steps_in_the_documents_order(play):
    from lotr_engine_helpers import SCENARIOS

    from adjudicator.lotr.engine import api

    trace = api.replay(api.load(SCENARIOS / "full-round-two-players.yaml"))
    seen = []
    for s in trace.steps:
        if not seen or seen[-1] != s.step:
            seen.append(s.step)
    main = ["0.0", "1.1", "1.2", "1.3", "1.4", "2.1", "2.2", "2.3", "2.2", "2.3", "2.4", "3.1", "3.2", "3.3", "3.4", "3.5",
            "4.1", "4.2", "4.3", "5.1", "5.2", "5.3", "5.4", "6.1", "6.2", "6.3"]
    assert seen[: len(main)] == main
    attack = ["6.4b", "6.4.1", "6.4.2", "6.4.3", "6.4.4"]
    assert seen[len(main): len(main) + 5] == attack
    assert seen[-8:] == ["6.10", "6.11", "7.1", "7.2", "7.3", "7.4", "7.5", "0.1"]
    assert ["6.8b", "6.8.1", "6.8.2", "6.8.3", "6.8.4"] == [s for s in seen if s.startswith("6.8") and s != "6.8a"][:5]


def test_staging_count_is_fixed_even_if_a_player_is_eliminated_during_staging(play):
    t = play("""
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: P1, threat: 49, heroes: [Gimli]}
  - {name: P2, threat: 20, heroes: [Legolas]}
encounter_deck: [Cavern Guardian, Hill Troll, Wolf Rider]
""")
    f = final(t)
    assert resolve(f, "players.P1.eliminated") is True
    # two cards were due (one per player at the start of staging): both are revealed
    assert "Hill Troll" in resolve(f, "staging_area.labels")
    assert "lotr:faq:q:25" in cited(t, "3.3")


def test_explored_location_with_victory_goes_to_the_victory_display(play):
    t = play("""
start: "3.4"
stop: {step: "3.4"}
players:
  - {name: P1, heroes: [{card: Éowyn, committed: true}]}
active_location: {card: Gladden Fields, progress: 1}
quest: {card: Flies and Spiders}
""")
    f = final(t)
    assert f["victory_display"] == ["Gladden Fields"]
    assert resolve(f, "quest.progress") == 2  # 4 willpower: 2 explore Gladden Fields, 2 on the quest
    assert {"lotr:rr:explored", "lotr:rr:victory"} <= cited(t, "3.4")


def test_guarded_card_revealed_by_guarded_waits_for_the_next_card(play):
    t = play("""
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: P1, threat: 10, heroes: [Gimli]}
encounter_deck: [Gandalf's Map, Dungeon Torch, Wolf Rider, King Spider, Hill Troll, Tower Gate]
""")
    f = final(t)
    # Wolf Rider guards Gandalf's Map (and surges into King Spider); then Dungeon Torch's Guarded reveals Hill Troll
    assert resolve(f, "staging_area.Wolf Rider.guarding.labels") == ["Gandalf's Map"]
    assert resolve(f, "staging_area.Hill Troll.guarding.labels") == ["Dungeon Torch"]
    assert set(resolve(f, "staging_area.labels")) == {"Wolf Rider", "King Spider", "Hill Troll"}
    assert {"lotr:rr:guarded", "lotr:rr:surge"} <= cited(t, "3.3")


def test_events_declared_in_an_action_window_are_played_there(play):
    t = play("""
start: "3.1"
stop: {step: "3.1"}
players:
  - {name: P1, heroes: [{card: Legolas, resources: 2}], hand: [Feint]}
decisions:
  - {step: "3.1", player: P1, play: [{card: Feint}]}
""")
    f = final(t)
    assert resolve(f, "players.P1.discard") == ["Feint"]
    assert resolve(f, "players.P1.heroes.Legolas.resources") == 1
    assert {"lotr:rr:event-cards", "lotr:rr:resource-match"} <= cited(t, "3.1")
