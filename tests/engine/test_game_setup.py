"""The game's setup (Rules Reference: Setup; Mulligan; Initial Threat Level; First Player;
FAQ 1.19, 1.21): a situation with ``start: setup`` replays the seven setup steps in the
Rules Reference's order, stops to ask for the players' decisions (the first player, each
player's mulligan), follows the first quest card's setup instructions, flips it, and
begins round 1.  The golden situations in scenarios/lotr/setup/ replay to their expected
outcome."""

from __future__ import annotations

import pytest
import yaml

from adjudicator.errors import InputError
from adjudicator.lotr.engine import api
from adjudicator.lotr.engine.cards import core_set
from lotr_engine_helpers import SCENARIOS, cited

SETUP_FILES = sorted((SCENARIOS / "setup").glob("*.yaml"))

BASE = """
start: setup
seed: SEED
deck_order: ORDER
FIRST
stop: {step: "0.0"}
players:
  - name: Tom
    heroes: [Aragorn, Théodred, Glóin]
    deck: [Guard of the Citadel, Faramir, Son of Arnor, Snowbourn Scout, Ever Vigilant, Common Cause, Steward of Gondor, Sneak Attack]
  - name: Kris
    heroes: [Éowyn, Eleanor, Dúnhere]
    deck: [Northern Tracker, A Test of Will, Lórien Guide, Hasty Stroke, Wandering Took, Will of the West, Strength of Will]
quest: {card: QUEST}
quest_deck: DECK
encounter_deck: ENCOUNTER
abilities: {}
decisions:
DECISIONS
"""
KEEP = "  - {step: setup, player: Tom, mulligan: false}\n  - {step: setup, player: Kris, mulligan: false}"
MIRKWOOD_ENCOUNTER = "[King Spider, Forest Spider, Dol Guldur Orcs, Old Forest Road, Mountains of Mirkwood, Hummerhorns]"
TOWER_ENCOUNTER = ("[Gandalf's Map, Dungeon Torch, Shadow Key, Nazgûl of Dol Guldur, Cavern Guardian, Dungeon Jailor, "
                   "Tower Gate, Goblin Sniper]")


def situation(seed=1, order="listed", first="first_player: Tom", decisions=KEEP, quest="Flies and Spiders",
              deck="[A Fork in the Road]", encounter=MIRKWOOD_ENCOUNTER):
    text = (BASE.replace("SEED", str(seed)).replace("ORDER", order).replace("FIRST", first).replace("DECISIONS", decisions)
            .replace("QUEST", quest).replace("DECK", deck).replace("ENCOUNTER", encounter))
    return api.load("setup.yaml", text=text)


def setup(abilities=True, **kw):
    return api.replay(situation(**kw), abilities=abilities)


def player(trace, name):
    return next(p for p in trace.final_state["players"] if p["name"] == name)


def index_of(trace, pred) -> int:
    return next(i for i, s in enumerate(trace.steps) if pred(s))


# -- the golden situations -----------------------------------------------------------------


def test_there_is_a_golden_setup_situation_for_each_core_set_scenario():
    quests = {yaml.safe_load(p.read_text(encoding="utf-8"))["quest"]["card"] for p in SETUP_FILES}
    assert quests == {"Flies and Spiders", "The Necromancer's Tower", "To the River..."}


@pytest.mark.parametrize("path", SETUP_FILES, ids=[p.stem for p in SETUP_FILES])
def test_golden_setup_situation(path):
    from adjudicator.engine.game import verify

    result = verify(path)  # the shared checker of expect: blocks
    assert result.expectations and not result.missed, [c.describe() for c in result.missed]
    assert result.trace.pending is None
    assert not result.trace.final_state.get("unused_decisions")


def test_golden_setup_traces_cite_only_existing_records(sources_dir):
    from adjudicator.kb.build import parse_sources

    kb = {r.id for r in parse_sources(sources_dir)}
    for path in SETUP_FILES:
        assert cited(api.replay(api.load(path))) <= kb, path.name


# -- the steps and their order -----------------------------------------------------------------


def test_setup_steps_follow_the_rules_reference_order():
    trace = setup()
    firsts = [index_of(trace, lambda s, n=n: s.text.startswith(f"Setup {n} ")) for n in range(1, 8)]
    assert firsts == sorted(firsts)
    flip = index_of(trace, lambda s: s.event == "quest-advance")
    begins = index_of(trace, lambda s: s.event == "milestone" and s.text == "Round begins")
    assert firsts[-1] < flip < begins
    assert all(s.step == "setup" for s in trace.steps[:flip]) and "lotr:rr:setup" in trace.steps[firsts[0]].citations


def test_starting_threat_is_the_sum_of_the_heroes_threat_costs():
    trace = setup()
    book = core_set()
    for name, heroes in (("Tom", ("Aragorn", "Théodred", "Glóin")), ("Kris", ("Éowyn", "Eleanor", "Dúnhere"))):
        assert player(trace, name)["threat"] == sum(book.get(h).stat("threat_cost") for h in heroes)
    line = next(s for s in trace.steps if s.text.startswith("Setup 2 ") and "Tom" in s.text)
    assert "Aragorn 12 + Théodred 8 + Glóin 9 = 29" in line.text and "lotr:rr:initial-threat-level" in line.citations


def test_a_setup_situation_cannot_give_what_the_setup_makes():
    text = "start: setup\nplayers:\n  - {name: Tom, threat: 20, hand: [Feint], heroes: [Aragorn]}\nstaging_area: [Wargs]\n"
    with pytest.raises(InputError) as err:
        api.load("bad.yaml", text=text)
    message = str(err.value)
    assert "no threat" in message and "no hand" in message and "no staging area" in message


def test_decks_are_shuffled_from_the_seed_unless_listed_and_the_trace_says_which():
    listed = setup(order="listed")
    seeded = setup(order="seed", seed=3)
    assert player(listed, "Tom")["hand"] == ["Guard of the Citadel", "Faramir", "Son of Arnor", "Snowbourn Scout", "Ever Vigilant",
                                            "Common Cause"]
    assert player(seeded, "Tom")["hand"] == player(setup(order="seed", seed=3), "Tom")["hand"]  # the same seed, the same order
    assert any("deck_order: listed" in s.text for s in listed.steps if s.event == "shuffle")
    assert any("drawn from the seed 3" in s.text for s in seeded.steps if s.event == "shuffle")
    assert {s.interpretation.name for s in seeded.steps if s.interpretation} >= {"a shuffle follows the situation's seed"}


def test_the_quest_deck_is_not_shuffled_but_set_in_sequence():
    trace = setup(order="seed", seed=9, deck="[\"A Chosen Path: Beorn's Path\", A Fork in the Road]")
    assert trace.final_state["quest_deck"] == ["A Fork in the Road", "A Chosen Path: Beorn's Path"]
    line = next(s for s in trace.steps if s.text.startswith("Setup 6 "))
    assert "arranged in sequence" in line.text and "lotr:qc:page:set-quest-cards" in line.citations


# -- the first player -------------------------------------------------------------------------------


def test_first_player_is_a_decision_when_the_situation_does_not_name_one():
    trace = setup(first="")
    assert trace.pending is not None and trace.pending.key == "first_player"
    assert [o.value for o in trace.pending.options] == ["Tom", "Kris"]
    assert "lotr:rr:first-player-first-player-token" in trace.pending.citations
    assert not any(s.text.startswith("Setup 5 ") for s in trace.steps)  # nothing after the question


def test_named_first_player_takes_the_token_and_goes_first_in_the_mulligans():
    trace = setup(first="first_player: Kris", decisions="  - {step: setup, player: Tom, mulligan: false}")
    assert trace.pending.key == "mulligan" and trace.pending.player == "Kris"


# -- the setup hand and the mulligan -------------------------------------------------------------------


def test_setup_hand_is_six_cards_from_the_top_of_the_deck():
    trace = setup()
    tom = player(trace, "Tom")
    assert len(tom["hand"]) == 6 and tom["deck"] == 2


def test_mulligan_is_a_decision_each_player_makes():
    trace = setup(decisions="  - {step: setup, player: Tom, mulligan: false}")
    assert trace.pending is not None and trace.pending.key == "mulligan" and trace.pending.player == "Kris"
    assert [o.value for o in trace.pending.options] == [False, True]
    assert trace.pending.example == {"step": "setup", "round": 1, "player": "Kris", "mulligan": False}
    assert "lotr:rr:mulligan" in trace.pending.citations


def test_a_mulligan_shuffles_the_hand_back_and_draws_six_new_cards_that_must_be_kept():
    kept = setup()
    taken = setup(decisions="  - {step: setup, player: Tom, mulligan: true}\n  - {step: setup, player: Kris, mulligan: false}")
    tom = player(taken, "Tom")
    assert len(tom["hand"]) == 6 and tom["deck"] == 2
    assert tom["hand"] != player(kept, "Tom")["hand"]
    line = next(s for s in taken.steps if s.event == "mulligan" and "Tom" in s.text)
    assert "shuffled back" in line.text and "must be kept" in line.text
    assert line.interpretation.name == "a mulligan's reshuffle follows the situation's seed"
    assert player(taken, "Kris")["hand"] == player(kept, "Kris")["hand"]


def test_a_mulligan_decision_outside_setup_is_refused():
    text = "players:\n  - {name: Tom, heroes: [Aragorn]}\ndecisions:\n  - {step: \"1.1\", player: Tom, mulligan: true}\n"
    with pytest.raises(InputError):
        api.load("bad.yaml", text=text)


def test_players_take_no_actions_during_setup():
    with pytest.raises(InputError) as err:
        situation(decisions=KEEP + "\n  - {step: setup, player: Tom, play: [{card: Ever Vigilant}]}")
    assert "no plays at setup" in str(err.value)


# -- the setup instructions and the flip -----------------------------------------------------------------


def test_setup_instructions_of_the_first_quest_card_resolve_before_the_flip():
    trace = setup()
    added = index_of(trace, lambda s: s.event == "added" and "Flies and Spiders (setup)" in s.text)
    flip = index_of(trace, lambda s: s.event == "quest-advance")
    assert added < flip
    assert [c["label"] for c in trace.final_state["staging_area"]] == ["Forest Spider", "Old Forest Road"]
    assert trace.steps[flip].step == "0.0" and "lotr:faq:1.19" in trace.steps[flip].citations


def test_an_encounter_deck_searched_at_setup_is_shuffled_afterwards():
    trace = setup(order="seed", seed=5)
    line = next(s for s in trace.steps if s.event == "shuffle" and s.text.startswith("Setup 7"))
    assert "lotr:faq:1.21" in line.citations
    assert line.interpretation.name == "the encounter deck is shuffled after the setup instructions searched it"


def test_necromancers_tower_sets_the_nazgul_aside_before_the_objectives_draw_their_guards():
    # listed order: the Nazgûl lies right below the objectives, where the first guard would come from
    trace = setup(quest="The Necromancer's Tower", deck="[Through the Caverns, Out of the Dungeons]", encounter=TOWER_ENCOUNTER)
    final = trace.final_state
    assert final["set_aside"] == ["Nazgûl of Dol Guldur"]
    guards = {c["label"]: [g["label"] for g in c.get("guarding", [])] for c in final["staging_area"]}
    assert guards == {"Cavern Guardian": ["Gandalf's Map"], "Dungeon Jailor": ["Dungeon Torch"], "Tower Gate": ["Shadow Key"]}
    aside = index_of(trace, lambda s: s.event == "set-aside")
    assert aside < index_of(trace, lambda s: s.event == "reveal")
    assert trace.steps[aside].interpretation.name == "the Nazgûl is set aside before the objectives are revealed"
    assert any(s.event == "prisoner" for s in trace.steps)  # then stage 1B's When Revealed at the flip


def test_to_the_river_reveals_one_encounter_card_per_player_at_setup():
    trace = setup(quest="To the River...", deck="[Anduin Passage, Ambush on the Shore]",
                  encounter="[Goblin Sniper, Wargs, Hill Troll, Marsh Adder]")
    reveals = [s.text for s in trace.steps if s.event == "reveal" and s.step == "setup"]
    assert reveals == ["Goblin Sniper is revealed (revealed by To the River... (setup) (1 of 2))",
                       "Wargs is revealed (revealed by To the River... (setup) (2 of 2))"]
    assert [c["label"] for c in trace.final_state["staging_area"]] == ["Goblin Sniper", "Wargs", "Hill Troll"]


def test_without_card_abilities_the_setup_instructions_are_not_replayed():
    trace = setup(abilities=False)
    line = next(s for s in trace.steps if s.text.startswith("Setup 7 "))
    assert "not replayed: --no-abilities" in line.text and trace.final_state["staging_area"] == []


def test_replay_exits_3_when_a_setup_decision_is_missing(tmp_path):
    import contextlib
    import io

    from adjudicator.cli import main

    path = SETUP_FILES[0]
    text = path.read_text(encoding="utf-8").replace("first_player:", "# first_player:")
    text = text.split("\nexpect:")[0] + "\n"  # its expectations are for the file with a first player
    file = tmp_path / "no-first-player.yaml"
    file.write_text(text, encoding="utf-8")
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["replay", str(file)]) == 3
