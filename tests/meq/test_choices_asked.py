"""Where the rules give a player a choice and the situation does not make it, the replay
stops (exit 3) and names the decision's full key path in the file; it never picks a
default reading in the player's place."""

from __future__ import annotations

from .conftest import BOARD, cited, hero, run

TRACK = {"finale": 18, "shadow_falls": 13, "stage_starts": {"2": 6, "3": 12}}
ORC = {"name": "Orc", "health": 3, "fortitude": 1, "strength": 4, "wisdom": 1}


def pending(result) -> str | None:
    return result.trace.pending.key if result.trace.pending is not None else None


# ---------------------------------------------------------------- Place Influence


def test_place_influence_puts_the_rest_in_extension_so_unplaced_influence_is_asked_for():
    """Place Influence: up to two into the Shadow Pool, the rest in extension.  Barad-dur
    (strength 2) and Udun could take more: the replay asks where, instead of dropping it."""
    r = run(board=BOARD, influence={"Barad-dur": 2},
            play=[{"action": {"type": "place_influence", "pool": 2, "locations": ["Udun"]}}])
    assert r.exit_code == 3
    assert pending(r) == "play[0].action.locations"
    offered = [o.value for o in r.trace.pending.options]
    assert offered == ["Barad-dur", "Udun", "Marshes"]  # Udun may hold 2 (Barad-dur's strength); Marshes is next to it
    assert "meq:rules:sauron-game-rules:action-place-influence" in r.trace.pending.citations


def test_all_six_placed_as_the_example_of_placing_influence_does_is_not_asked():
    r = run(board=BOARD, influence={"Barad-dur": 2},
            play=[{"action": {"type": "place_influence", "pool": 1,
                              "locations": ["Udun", "Barad-dur", "Barad-dur", "Marshes", "Marshes"]}}])
    assert r.exit_code == 0
    assert r.trace.final_state["influence"] == {"Barad-dur": 4, "Udun": 1, "Marshes": 2}
    assert not any(s.event == "influence-unplaced" for s in r.trace.steps)


def test_influence_with_no_legal_place_left_follows_the_named_reading():
    board = {"locations": [{"name": "Carn Dum", "stronghold_max": 2}]}
    lost = run(board=board, influence={"Carn Dum": 2},
               play=[{"action": {"type": "place_influence", "pool": 2, "locations": []}}])
    assert lost.exit_code == 0
    step = next(s for s in lost.trace.steps if s.event == "influence-unplaced")
    assert step.interpretation.name == "unplaceable_influence=lost" and "4" in step.text
    refused = run(board=board, influence={"Carn Dum": 2}, options={"unplaceable_influence": "illegal"},
                  play=[{"action": {"type": "place_influence", "pool": 2, "locations": []}}])
    assert refused.exit_code == 1


def test_the_shadow_pool_share_is_asked_when_it_is_the_only_place_left():
    board = {"locations": [{"name": "Carn Dum", "stronghold_max": 2}]}
    r = run(board=board, influence={"Carn Dum": 2}, play=[{"action": {"type": "place_influence"}}])
    assert pending(r) == "play[0].action.pool"
    assert [o.value for o in r.trace.pending.options] == [2, 1, 0]


def test_a_card_placing_influence_in_extension_asks_where_too():
    r = run(board=BOARD, influence={"Barad-dur": 2}, heroes=[hero()],
            play=[{"card": {"name": "Dark Tidings", "type": "event",
                            "effects": [{"op": "place_influence", "value": 2}]}}])
    assert pending(r) == "play[0].card.effects[0].locations"


# ---------------------------------------------------------------- Sauron's other choices


def test_the_plot_step_is_sauron_s_choice_play_discard_or_nothing():
    plots = [{"name": "Scheme", "marker": "red", "advance": 1}]
    asked = run(plots=plots, play=[{"plot_step": {}}])
    assert pending(asked) == "play[0].plot_step"
    assert [o.value for o in asked.trace.pending.options] == [{"discard": "Scheme"}, {"nothing": True}]
    nothing = run(plots=plots, play=[{"plot_step": {"nothing": True}}])
    assert nothing.exit_code == 0 and "meq:glossary:do-nothing" in cited(nothing)
    assert nothing.trace.final_state["plots"] == ["Scheme", None, None]


def test_a_plot_step_with_nothing_to_play_or_discard_asks_nothing():
    r = run(play=[{"plot_step": {}}])
    assert r.exit_code == 0 and r.trace.steps[-1].event == "plot-nothing"


def test_a_plots_italic_requirements_are_checked_as_conditions():
    card = {"name": "Watchers", "marker": "black", "advance": 1,
            "requires": {"enemy_within": {"location": "Bree", "spaces": 1}}}
    refused = run(board=BOARD, plot_cards=[card], play=[{"plot_step": {"play": "Watchers"}}])
    assert refused.exit_code == 1 and "within 1 of Bree" in refused.illegal.message
    tokens = [{"id": "t", "location": "Rivendell", "monster": None}]
    played = run(board=BOARD, plot_cards=[card], tokens=tokens, play=[{"plot_step": {"play": "Watchers"}}])
    assert played.trace.final_state["plots"] == ["Watchers", None, None]


def test_which_actions_sauron_takes_is_asked_inside_a_sauron_turn():
    r = run(track=TRACK, markers={"heroes": 2}, heroes=[hero()],
            play=[{"sauron_turn": {"plot": {"nothing": True}, "event": {"drawn": [
                {"name": "E", "priority": 3}, {"name": "F", "priority": 5}, {"name": "G", "priority": 7}]}}}])
    assert pending(r) == "play[0].sauron_turn.actions"


def test_an_action_without_a_track_asks_which():
    r = run(play=[{"action_step": {"actions": [{}]}}])
    assert pending(r) == "play[0].action_step.actions[0].type"


def test_commands_and_the_heal_amount_are_sauron_s_to_give():
    minions = [{"name": "Black Serpent", "health": 7, "fortitude": 4, "strength": 5, "wisdom": 2,
                "location": "Udun", "damage": 3}]
    assert pending(run(board=BOARD, minions=minions, play=[{"action": {"type": "command"}}])) == \
        "play[0].action.commands"
    r = run(board=BOARD, minions=minions, play=[{"action": {"type": "command", "commands": [
        {"heal": {"minion": "Black Serpent"}}]}}])
    assert pending(r) == "play[0].action.commands[0].heal.amount"
    assert [o.value for o in r.trace.pending.options] == [3, 2, 1]  # up to four, and it has three


# ---------------------------------------------------------------- the hero's choices


def test_whether_the_hero_rests_is_asked_unless_he_may_not_rest():
    asked = run(board=BOARD, heroes=[hero()], play=[{"hero_turn": {"hero": "Beravor"}}])
    assert pending(asked) == "play[0].hero_turn.rest"
    tokens = [{"id": "t", "location": "Bree", "monster": None}]
    skipped = run(board=BOARD, heroes=[hero()], tokens=tokens, play=[{"hero_turn": {"hero": "Beravor", "ambush": {},
                                                                                     "travel": []}}])
    assert any(s.event == "no-rest" and "may not rest" in s.text for s in skipped.trace.steps)


def test_travel_and_exploring_are_the_hero_s_choices():
    r = run(board=BOARD, heroes=[hero()], play=[{"hero_turn": {"hero": "Beravor", "rest": False}}])
    assert pending(r) == "play[0].hero_turn.travel"
    explore = run(board=BOARD, heroes=[hero()], favor_on={"Rivendell": 2}, play=[{"hero_turn": {
        "hero": "Beravor", "rest": False, "travel": [{"to": "Rivendell", "pay": ["c1", "c2"]}]}}])
    assert pending(explore) == "play[0].hero_turn.travel[0].explore"
    assert {"favor": 2} in [o.value for o in explore.trace.pending.options]
    declined = run(board=BOARD, heroes=[hero()], favor_on={"Rivendell": 2}, play=[{"hero_turn": {
        "hero": "Beravor", "rest": False, "travel": [{"to": "Rivendell", "pay": ["c1", "c2"], "explore": {}}],
        "encounter": {"drawn": [{"name": "A", "priority": 1, "affects": "Moria"}] * 3}}}])
    assert declined.exit_code == 0 and declined.trace.final_state["favor_on"] == {"Rivendell": 2}


def test_only_the_first_travel_step_may_skip_moving():
    r = run(board=BOARD, heroes=[hero()], play=[{"hero_turn": {"hero": "Beravor", "rest": False, "travel": [
        {"to": "Rivendell", "pay": ["c1", "c2"], "explore": {}}, {"explore": {}}]}}])
    assert r.exit_code == 1 and "meq:rules:hero-game-rules:explore" in r.illegal.rules


def test_a_consultation_takes_favor_or_the_ability_the_hero_chooses():
    r = run(board=BOARD, heroes=[hero()], characters={"Gandalf": "Bree"},
            play=[{"explore": {"hero": "Beravor", "consult": [{"character": "Gandalf"}]}}])
    assert pending(r) == "play[0].explore.consult[0].take"


def test_damage_from_the_hand_names_the_card_the_hero_chooses():
    asked = run(heroes=[hero(hand=["a", "b"])], play=[{"damage": {"hero": "Beravor", "amount": 1, "from": "hand"}}])
    assert pending(asked) == "play[0].damage.from"
    named = run(heroes=[hero(hand=["a", "b"])], play=[{"damage": {"hero": "Beravor", "amount": 1, "from": ["b"]}}])
    assert named.trace.final_state["heroes"]["Beravor"]["hand"] == ["a"]


def test_a_haven_combat_waits_for_the_hero_s_consent():
    minions = [{"name": "Black Serpent", "health": 7, "fortitude": 1, "strength": 5, "wisdom": 2,
                "location": "Rivendell"}]
    r = run(board=BOARD, heroes=[hero(location="Rivendell")], minions=minions,
            play=[{"hero_turn": {"hero": "Beravor", "rest": False}}])
    assert pending(r) == "play[0].hero_turn.ambush.hero_allows"


def test_the_ambush_under_the_quick_reference_reading_asks_whether_sauron_ambushes():
    tokens = [{"id": "t", "location": "Bree", "monster": None}]
    r = run(board=BOARD, heroes=[hero()], tokens=tokens, options={"ambush": "may"},
            play=[{"ambush": {"hero": "Beravor"}}])
    assert pending(r) == "play[0].ambush.attack"
    must = run(board=BOARD, heroes=[hero()], tokens=tokens, play=[{"ambush": {"hero": "Beravor"}}])
    assert must.exit_code == 0 and must.trace.final_state["tokens"] == []  # the only token: no choice


def test_combat_decisions_are_asked_at_their_place_in_a_hero_turn():
    cards = [{"name": "hill card", "type": "melee", "attack": 1, "defense": 1, "cost": 1, "icon": "hill"},
             {"name": "orc card", "type": "melee", "attack": 0, "defense": 3, "cost": 1}]
    r = run(board=BOARD, heroes=[hero(location="Ithilien", hand=["hill card", "x"], agility=0)], cards=cards,
            monsters=[ORC], tokens=[{"id": "t", "location": "Bree", "monster": "Orc"}],
            play=[{"hero_turn": {"hero": "Beravor", "rest": False, "travel": [
                {"to": "Bree", "pay": ["hill card"], "combat": {"sauron_draws": ["orc card"], "agility_draw": 0}}]}}])
    assert pending(r) == "play[0].hero_turn.travel[0].combat.rounds[0].hero"


def test_a_tied_leftmost_marker_on_defeat_is_the_hero_s_choice_at_its_key_path():
    r = run(board=BOARD, heroes=[hero(life=0, hand=["a"])], markers={"yellow": 1, "red": 1, "black": 2},
            play=[{"damage": {"hero": "Beravor", "amount": 1, "from": ["a"]}}])
    assert pending(r) == "play[0].damage.defeat.marker"
    assert [o.value for o in r.trace.pending.options] == ["yellow", "red"]


def test_the_finale_s_champion_is_the_heroes_choice():
    minions = [{"name": "Ringwraiths", "health": 8, "fortitude": 6, "strength": 7, "wisdom": 3, "location": "Bree"}]
    r = run(markers={"heroes": 18}, heroes=[hero()], minions=minions,
            play=[{"finale": {"sauron_mission": "his-dark-throne", "heroes_mission": "isildurs-secret"}}])
    assert pending(r) == "play[0].finale.champion"


def test_an_illegal_declaration_is_reported_at_its_own_line_and_key_path():
    text_lines = run(board=BOARD, influence={"Barad-dur": 2}, play=[
        {"action": {"type": "command", "commands": []}},
        {"action": {"type": "place_influence", "pool": 2, "locations": ["Udun", "Minas Tirith"]}}])
    assert text_lines.illegal.step == "play[1].action.locations[1]"
    assert "Haven" in text_lines.illegal.message and text_lines.illegal.line > 0


def test_a_card_advancing_the_leftmost_marker_asks_for_the_tie_at_its_own_key():
    r = run(markers={"yellow": 1, "red": 1, "black": 3},
            play=[{"card": {"name": "Dark Omen", "effects": [{"op": "advance", "marker": "leftmost"}]}}])
    assert r.trace.pending.key == "play[0].card.effects[0].choice"


def test_where_a_monster_token_goes_is_sauron_s_to_say():
    r = run(board=BOARD, influence={"Barad-dur": 2, "Udun": 1},
            play=[{"action": {"type": "command", "commands": [{"place": {}}]}}])
    assert r.trace.pending.key == "play[0].action.commands[0].place.location"
    assert [o.value for o in r.trace.pending.options] == ["Barad-dur", "Udun"]


def test_an_entry_without_its_hero_is_bad_input_naming_the_key_path():
    import pytest

    from adjudicator.errors import InputError

    with pytest.raises(InputError) as err:
        run(board=BOARD, heroes=[hero()], play=[{"rest": {}}])
    assert "play[0].rest.hero" in str(err.value) and "Beravor" in str(err.value)
