"""Scenario state (rules_db/lotr/scenario_state.yaml; the Quest Companion's scenario rulings): trackers
with their thresholds, scenario tokens (attribute tokens among them) and a scenario's own condition of
winning, replayed from data."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api
from adjudicator.lotr.engine import scenario_data as D

BASE = """
cards:
  - {name: Test Treachery, type: treachery}
  - {name: Test Objective, type: objective}
  - {name: Other Objective, type: objective}
  - {name: Annúminas, type: objective}
start: "3.1"
stop: STOP
players:
  - {name: Tom, threat: 30, heroes: [Aragorn]}
quest: {card: Flies and Spiders, progress: PROGRESS}
QUEST_DECK
staging_area: STAGING
trackers: TRACKERS
encounter_deck: [Test Treachery, Old Forest Road]
decisions:
  - {step: "3.2", player: Tom, commit: [Aragorn]}
  - {step: "4.2", player: Tom, travel: null}
abilities:
  cards:
    - name: Test Treachery
      source: encounter
      abilities:
        - {kind: when_revealed, effects: [EFFECT], says: "a test effect"}
"""


def replay(effect: str, trackers: str = "{}", staging: str = "[]", progress: int = 0, stop: str = "end-of-round",
           last_stage: bool = False):
    text = (BASE.replace("EFFECT", effect).replace("TRACKERS", trackers).replace("STAGING", staging)
            .replace("PROGRESS", str(progress)).replace("STOP", stop)
            .replace("QUEST_DECK", "" if last_stage else "quest_deck: [A Fork in the Road]"))
    trace = api.replay(api.load("scenario-state.yaml", text=text), abilities=True)
    assert trace.pending is None
    return trace, trace.to_dict()["final_state"]


def test_a_tracker_reaching_its_threshold_loses_the_game_at_once():
    trace, state = replay("{op: tracker, tracker: the temperature, amount: 3}", "{the temperature: 57}")
    assert state["outcome"] == "lost" and state["trackers"] == {"the temperature": 60}
    assert trace.steps[-1].event == "game-lost" and trace.steps[-1].step == "3.3"  # at once, in the staging step
    _, below = replay("{op: tracker, tracker: the temperature, amount: 2}", "{the temperature: 57}")
    assert below["outcome"] is None and below["trackers"] == {"the temperature": 59}


def test_a_tracker_lowered_stops_at_zero_and_healing_never_raises_it():
    _, state = replay("{op: tracker, tracker: \"the Ring-bearer's life\", amount: -5}", "{the Ring-bearer's life: 2}")
    assert state["trackers"] == {"the Ring-bearer's life": 0} and state["outcome"] == "lost"
    _, healed = replay("{op: heal, target: a hero you control, amount: 2}", "{the Ring-bearer's life: 2}")
    assert healed["trackers"] == {"the Ring-bearer's life": 2}


def test_a_tracker_checked_at_the_end_of_the_round_loses_only_then():
    trace, state = replay("{op: tracker, tracker: the pursuit value, amount: 1}", "{the pursuit value: 29}")
    assert state["outcome"] == "lost"
    lost = next(s for s in trace.steps if s.event == "game-lost")
    assert lost.step == "0.1"  # not in the staging step, where the value reached 30
    _, early = replay("{op: tracker, tracker: the pursuit value, amount: 1}", "{the pursuit value: 29}", stop="end-of-phase")
    assert early["outcome"] is None


def test_a_tracker_adding_to_the_quest_points_raises_what_the_current_stage_needs():
    # Flies and Spiders: 8 quest points; Aragorn quests for 2 against Old Forest Road's... the treachery adds no threat
    _, state = replay("{op: tracker, tracker: the pursuit value, amount: 1}", "{the pursuit value: 10}", progress=7, stop="end-of-phase")
    assert resolve_path(state, "quest.label") == "Flies and Spiders"
    assert resolve_path(state, "quest.quest_points") == 8 + 11
    _, without = replay("{op: threat, player: you, amount: 0}", progress=7, stop="end-of-phase")
    assert resolve_path(without, "quest.label") == "A Fork in the Road"  # no tracker: the 8 quest points are met


def test_damage_on_the_card_a_tracker_follows_lowers_it_by_as_much():
    effect = "{op: damage, target: card titled Annúminas, amount: 2}"
    _, state = replay(effect, "{the city strength of Annúminas: 5}", staging="[Annúminas]", stop="end-of-phase")
    assert state["trackers"] == {"the city strength of Annúminas": 3}
    _, other = replay("{op: damage, target: card titled Test Objective, amount: 2}", "{the city strength of Annúminas: 5}",
                      staging="[Annúminas, Test Objective]", stop="end-of-phase")
    assert other["trackers"] == {"the city strength of Annúminas": 5}  # damage on another card does not count


def test_attribute_tokens_give_one_of_their_stat_each():
    assert D.is_attribute("attack") and D.is_attribute("willpower") and not D.is_attribute("villager")
    _, state = replay("{op: tokens, token: willpower, amount: 3, target: each hero you control}", progress=0, stop="end-of-phase")
    # Aragorn's 2 willpower and 3 willpower tokens against Old Forest Road's... nothing staged but the treachery: 5 progress
    assert resolve_path(state, "players.Tom.heroes.Aragorn.tokens") == {"willpower": 3}
    assert resolve_path(state, "quest.progress") == 5


def test_moving_tokens_moves_what_the_card_holds_and_no_more():
    staging = "[{card: Test Objective, tokens: {steed: 2}}, {card: Other Objective}]"
    effect = "{op: move_tokens, token: steed, target: card titled Test Objective, onto: card titled Other Objective, amount: 5}"
    _, state = replay(effect, staging=staging, stop="end-of-phase")
    assert resolve_path(state, "staging_area.Other Objective.tokens") == {"steed": 2}
    assert "tokens" not in state["staging_area"][0]  # none left: the 2 it held, not 5


def test_a_scenario_condition_of_winning_decides_the_last_stage():
    staging = "[{card: Rescued Villagers, tokens: {villager: N}}, {card: Dead Villagers, damage: 2}]"
    extra = "  - {name: Rescued Villagers, type: objective}\n  - {name: Dead Villagers, type: objective}\n"
    for n, outcome in ((3, "won"), (2, "lost")):
        text = (BASE.replace("cards:\n", "cards:\n" + extra, 1).replace("EFFECT", "{op: threat, player: you, amount: 0}")
                .replace("TRACKERS", "{}").replace("STAGING", staging.replace("N", str(n))).replace("PROGRESS", "7")
                .replace("STOP", "end-of-phase").replace("QUEST_DECK", ""))
        state = api.replay(api.load("win.yaml", text=text), abilities=True).to_dict()["final_state"]
        assert state["outcome"] == outcome, n


def test_the_scenario_effects_in_the_data_are_written_in_the_grammar():
    """Each effect a scenario's word stands for loads as a card's effects would (the grammar's checks)."""
    import json

    for name, row in D.effects().items():
        assert row["effects"] and row["ruling"].startswith("lotr:qc:ruling:"), name
        written = ", ".join(json.dumps(e) for e in row["effects"])
        api.load("effects.yaml", text=BASE.replace("EFFECT", written).replace("TRACKERS", "{}").replace("STAGING", "[]")
                 .replace("PROGRESS", "0").replace("STOP", "end-of-round").replace("QUEST_DECK", ""))
    for name, row in D.trackers().items():
        assert row["ruling"].startswith("lotr:qc:ruling:"), name


def test_an_unknown_tracker_is_an_input_error_with_a_suggestion():
    text = BASE.replace("EFFECT", "{op: threat, player: you, amount: 0}").replace("TRACKERS", "{the temprature: 3}") \
        .replace("STAGING", "[]").replace("PROGRESS", "0").replace("STOP", "end-of-round").replace("QUEST_DECK", "")
    with pytest.raises(InputError) as err:
        api.load("bad.yaml", text=text)
    assert "the temperature" in str(err.value)


def test_an_objective_whose_damage_decides_the_game_is_checked_at_the_end_of_the_round():
    """Minas Tirith (rules_db/lotr/scenario_state.yaml objectives): damage at its hit points does not destroy
    it; the players lose when a round ends with it so; below its hit points the game goes on."""
    effect = "{op: damage, target: card titled Minas Tirith, amount: 4}"
    trace, state = replay(effect, staging="[{card: Minas Tirith, damage: 16}]")
    assert state["outcome"] == "lost"
    assert next(s for s in trace.steps if s.event == "game-lost").step == "0.1"
    assert resolve_path(state, "staging_area.Minas Tirith.damage") == 20  # still in play, not destroyed
    _, short = replay(effect, staging="[{card: Minas Tirith, damage: 15}]")
    assert short["outcome"] is None


def test_a_reanimated_card_is_a_face_down_enemy_engaged_with_its_player_and_goes_back_to_its_owner():
    """A scenario's face-down enemy (rules_db/lotr/scenario_state.yaml face_down_enemies: Reanimated Dead): the
    player's card is turned face down, engaged with them, with the data's figures; destroyed, the card goes to
    its owner's discard pile, not the encounter discard pile."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/qc-dread-realm-reanimated-dead.yaml").read_text(encoding="utf-8")
    early = api.replay(api.load("dead.yaml", text=text.replace("stop: {step: '6.11'}", "stop: {step: '3.3'}")), abilities=True)
    state = early.to_dict()["final_state"]
    assert resolve_path(state, "players.Tom.engaged.labels") == ["Reanimated Dead (Tom)"]
    assert resolve_path(state, "players.Tom.engaged.Reanimated Dead (Tom).facedown") is True
    assert resolve_path(state, "players.Tom.discard") == []
    late = api.replay(api.load("dead.yaml", text=text), abilities=True).to_dict()["final_state"]
    assert resolve_path(late, "players.Tom.discard") == ["Gondorian Spearman"] and "Gondorian Spearman" not in late["encounter_discard"]
