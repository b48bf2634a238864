"""Card abilities in the engine's replay (the listeners hook): Forced effects after an
enemy engages (FAQ 1.49) lasting until the end of the round (Lasting Effects), a Forced
effect when an enemy attacks, an ability at the end of the round (Gandalf), and what a
replay says about responses nobody declared."""

from __future__ import annotations

from adjudicator.lotr.engine import api


def replay(text: str):
    return api.replay(api.load("replay.yaml", text=text), abilities=True)


def steps(trace, event):
    return [s for s in trace.steps if s.event == event]


def test_forest_spider_gets_plus_one_attack_after_engaging_until_the_end_of_the_round():
    trace = replay("""
start: "5.3"
stop: {step: "6.4.3"}
players:
  - {name: Tom, threat: 30, heroes: [Gimli]}
staging_area: [Forest Spider]
quest: {card: Flies and Spiders}
decisions:
  - {step: "6.4.1", player: Tom, enemy: Forest Spider, defender: Gimli}
""")
    timing = [s for s in steps(trace, "timing") if "after Forest Spider engages Tom" in s.text]
    assert timing and "lotr:faq:1.49" in timing[0].citations
    damage = [s for s in steps(trace, "combat-damage") if "Forest Spider attack 3" in s.text]
    assert damage  # 2 printed + 1 until the end of the round


def test_marsh_adder_raises_the_attacked_players_threat_when_it_attacks():
    trace = replay("""
start: "6.3"
stop: {step: "6.4.4"}
players:
  - {name: Tom, threat: 30, heroes: [Gimli]}
  - {name: Kris, threat: 20, heroes: [Aragorn], engaged: [{card: Marsh Adder, shadow: []}]}
quest: {card: Flies and Spiders}
decisions:
  - {step: "6.4.1", player: Kris, enemy: Marsh Adder, defender: Aragorn}
""")
    assert trace.final_state["players"][1]["threat"] == 21 and trace.final_state["players"][0]["threat"] == 30
    assert any("when Marsh Adder attacks Kris" in s.text for s in steps(trace, "timing"))


def test_gandalf_is_discarded_at_the_end_of_the_round():
    trace = replay("""
start: "7.1"
players:
  - {name: Tom, threat: 30, heroes: [Gimli], allies: [Gandalf]}
quest: {card: Flies and Spiders}
""")
    tom = trace.final_state["players"][0]
    assert tom["allies"] == [] and tom["discard"] == ["Gandalf"]
    step = [s for s in trace.steps if s.event == "discard"][0]
    assert step.step == "0.1" and "lotr:rr:constant-ability" in [c for s in steps(trace, "timing") for c in s.citations]


def test_a_response_nobody_declares_is_reported_as_not_used():
    trace = replay("""
start: "4.2"
stop: {step: "4.2"}
players:
  - {name: Tom, heroes: [Éowyn], hand: [Strength of Will]}
staging_area: [Old Forest Road]
quest: {card: Flies and Spiders}
decisions:
  - {step: "4.2", travel: Old Forest Road}
""")
    timing = steps(trace, "timing")[0]
    assert "not used: Strength of Will (response)" in timing.text and "not used: Old Forest Road (response)" in timing.text
    assert "lotr:rr:response" in timing.citations


def test_a_lasting_effect_from_an_encounter_card_ends_with_its_phase():
    trace = replay("""
start: "3.3"
stop: {step: "3.5"}
players:
  - {name: Tom, threat: 20, heroes: [{card: Éowyn, committed: true, exhausted: true}]}
staging_area: [Old Forest Road]
quest: {card: Flies and Spiders}
encounter_deck: [Treacherous Fog]
""")
    ends = steps(trace, "lasting-ends")
    assert ends and ends[0].step == "3.5" and "lotr:rr:lasting-effects" in ends[0].citations
    assert trace.final_state["staging_area"][0].get("modifiers") is None


DOL_GULDUR_ORCS = """
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: Tom, threat: 20, heroes: [{card: Éowyn, committed: true, exhausted: true}, {card: Aragorn, committed: true, exhausted: true}]}
quest: {card: Flies and Spiders}
encounter_deck: [Dol Guldur Orcs]
"""


def test_an_encounter_choice_stops_the_replay_with_an_example_decision_that_answers_it():
    """FAQ 1.03: the first player picks the target of an encounter effect; the replay asks."""
    trace = replay(DOL_GULDUR_ORCS)
    pending = trace.pending
    assert pending.key == "ability" and pending.player == "Tom"
    assert sorted(o.label for o in pending.options) == ["Aragorn", "Éowyn"]
    answered = replay(DOL_GULDUR_ORCS + "decisions:\n  - " + str(pending.example).replace("'", '"') + "\n")
    assert answered.pending is None
    heroes = {h["label"]: h["damage"] for h in answered.final_state["players"][0]["heroes"]}
    assert sorted(heroes.values()) == [0, 2]


def test_a_choice_with_one_answer_is_taken():
    trace = replay(DOL_GULDUR_ORCS.replace(", {card: Aragorn, committed: true, exhausted: true}", ", Aragorn"))
    assert trace.pending is None
    assert trace.final_state["players"][0]["heroes"][0]["damage"] == 2


def test_no_abilities_replays_the_framework_only():
    trace = api.replay(api.load("replay.yaml", text=DOL_GULDUR_ORCS), abilities=False)
    assert trace.pending is None and not [s for s in trace.steps if s.event == "timing"]


BERAVOR = """
start: "1.1"
stop: {step: "1.4"}
players:
  - {name: Tom, threat: 20, heroes: [{card: Beravor, attachments: [Unexpected Courage]}, Gimli], deck: [Feint, Feint, Feint, Feint, Feint, Feint]}
quest: {card: Flies and Spiders}
abilities:
  version: %s
  plays:
    - {step: "1.3", player: Tom, card: Beravor, chosen: [Tom]}
    - {step: "1.3", player: Tom, card: Unexpected Courage}
    - {step: "1.3", player: Tom, card: Beravor, chosen: [Tom]}
"""


def test_the_errata_version_limits_beravor_once_a_round_the_printed_one_does_not():
    """Errata (lotr:errata:core-12) against the printed card, chosen in the situation file."""
    errata = replay(BERAVOR % "errata")
    printed = replay(BERAVOR % "printed")
    assert len(errata.final_state["players"][0]["hand"]) < len(printed.final_state["players"][0]["hand"])
    assert any("limit" in s.text for s in errata.steps if s.event == "not-resolved")
    assert "lotr:errata:core-12" in {c for s in errata.steps for c in s.citations}


def test_constant_abilities_follow_the_state_during_a_replay():
    """Constant Ability; Modifiers (FAQ 1.43): Gimli's attack follows his damage, Citadel Plate
    adds hit points while attached, Enchanted Stream forbids draws only while active."""
    trace = replay("""
start: "1.1"
stop: {step: "1.4"}
players:
  - {name: Tom, threat: 20, heroes: [{card: Gimli, damage: 2}, {card: Aragorn, attachments: [Citadel Plate]}], deck: [Feint, Feint]}
active_location: Enchanted Stream
quest: {card: Flies and Spiders}
""")
    tom = trace.final_state["players"][0]
    mods = {h["label"]: h.get("modifiers") for h in tom["heroes"]}
    assert mods["Gimli"] == [{"stat": "attack", "op": "add", "value": 2}]
    assert mods["Aragorn"] == [{"stat": "hit_points", "op": "add", "value": 4}]
    assert tom["hand"] == []  # the resource phase draw is forbidden while Enchanted Stream is active
    blocked = [s for s in trace.steps if s.event == "draw" and "cannot draw" in s.text]
    assert blocked and "Enchanted Stream" in blocked[0].text and "lotr:rr:cannot" in blocked[0].citations


def test_responses_after_a_defender_is_declared_spearman_and_swift_strike():
    trace = replay("""
start: "6.3"
stop: {step: "6.4.4"}
players:
  - name: Tom
    heroes: [{card: Gimli, resources: 2}]
    allies: [Gondorian Spearman]
    hand: [Swift Strike]
    engaged: [{card: Hill Troll, shadow: []}]
quest: {card: Flies and Spiders}
decisions:
  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defender: Gondorian Spearman}
abilities:
  responses:
    - {card: Gondorian Spearman, player: Tom}
    - {card: Swift Strike, player: Tom, with: Gimli}
""")
    troll = trace.final_state["players"][0]["engaged"][0]
    assert troll["damage"] == 3  # 1 from the Spearman, 2 from Swift Strike
    assert trace.final_state["players"][0]["discard"][:2] == ["Gondorian Spearman", "Swift Strike"] or \
        set(trace.final_state["players"][0]["discard"]) == {"Gondorian Spearman", "Swift Strike"}
    timing = [s for s in trace.steps if s.event == "timing" and "declared as a defender" in s.text][0]
    assert "1. Gondorian Spearman (response) by Tom" in timing.text and "lotr:faq:q:2" in timing.citations


def test_horn_of_gondor_after_a_character_is_destroyed_and_gloin_after_damage():
    trace = replay("""
start: "6.3"
stop: {step: "6.4.4"}
players:
  - name: Tom
    heroes: [{card: Glóin, attachments: [Horn of Gondor]}]
    allies: [Veteran Axehand]
    engaged: [{card: Hill Troll, shadow: []}]
quest: {card: Flies and Spiders}
decisions:
  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defender: Veteran Axehand}
abilities:
  responses:
    - {card: Horn of Gondor, player: Tom}
""")
    gloin = trace.final_state["players"][0]["heroes"][0]
    assert gloin["resources"] == 1
    assert any("after Veteran Axehand is destroyed" in s.text for s in trace.steps if s.event == "timing")


def test_an_ally_entering_play_offers_its_response():
    trace = replay("""
start: "2.1"
stop: {step: "2.4"}
players:
  - {name: Tom, threat: 20, heroes: [{card: Aragorn, resources: 2}], hand: [Snowbourn Scout]}
staging_area: [Old Forest Road]
quest: {card: Flies and Spiders}
decisions:
  - {step: "2.2", player: Tom, play: [{card: Snowbourn Scout}]}
abilities:
  responses: [{card: Snowbourn Scout, player: Tom}]
""")
    assert trace.pending is None
    assert trace.final_state["staging_area"][0]["progress"] == 1  # the only location: taken without asking


def test_tower_gates_orc_guards_have_no_traits():
    """FAQ Q8: a face-down Orc Guard has no traits (so no Orc trait)."""
    from adjudicator.lotr.engine import api as engine_api

    situation = engine_api.load("orc.yaml", text="""
start: "4.2"
stop: {step: "4.2"}
players:
  - {name: Tom, heroes: [Gimli], deck: [Feint]}
staging_area: [Tower Gate]
quest: {card: Flies and Spiders}
decisions:
  - {step: "4.2", travel: Tower Gate}
""")
    engine_api.replay(situation, abilities=True)
    guard = situation.game.players[0].engaged[0]
    assert guard.label.startswith("Orc Guard") and guard.card.traits == ()
    assert guard.stat("hit_points") == 1 and guard.stat("attack") == 1 and guard.stat("defense") == 1


def test_banks_of_the_anduin_goes_back_on_top_of_the_encounter_deck_instead_of_the_discard():
    """Replacement Effects: its Forced effect replaces where it goes when it leaves play."""
    trace = replay("""
start: "3.4"
stop: {step: "3.4"}
players:
  - {name: Tom, threat: 20, heroes: [{card: Éowyn, committed: true, exhausted: true}]}
active_location: {card: Banks of the Anduin, progress: 1}
quest: {card: Flies and Spiders}
encounter_deck: [Wargs]
""")
    assert trace.final_state["encounter_deck"] == ["Banks of the Anduin", "Wargs"]
    assert trace.final_state["encounter_discard"] == []
    step = [s for s in trace.steps if s.event == "explored"][0]
    assert "lotr:rr:replacement-effects" in step.citations


FORK = """
start: "3.2"
stop: {step: "1.3", round: 2}
seed: 2
players:
  - {name: Tom, threat: 20, heroes: [Éowyn, Aragorn], deck: [Feint, Feint]}
quest: {card: A Fork in the Road, progress: 1}
quest_deck: ["A Chosen Path: \\"Don't Leave the Path!\\"", "A Chosen Path: Beorn's Path"]
encounter_deck: [Iron Shackles]
decisions:
  - {step: "3.2", player: Tom, commit: [Éowyn]}
  - {step: "5.2", player: Tom, engage: null}
"""


def test_a_fork_in_the_road_picks_a_chosen_path_from_the_seed_and_iron_shackles_replaces_a_draw():
    trace = replay(FORK)
    assert trace.pending is None
    assert trace.final_state["quest"]["name"].startswith("A Chosen Path")
    assert trace.final_state["quest_deck"] == []
    random_step = [s for s in trace.steps if s.event == "random"][0]
    assert random_step.interpretation is not None and "lotr:rr:forced" in random_step.citations
    tom = trace.final_state["players"][0]
    assert tom["hand"] == [] and "Iron Shackles" in trace.final_state["encounter_discard"]  # the round-2 draw was replaced
    assert [s for s in trace.steps if s.event == "instead" and "instead of drawing" in s.text]


def test_ambush_on_the_shore_skips_staging_and_is_won_when_no_enemy_is_left():
    trace = replay("""
start: "3.3"
stop: end-of-round
players:
  - {name: Tom, threat: 25, heroes: [{card: Gimli, committed: true, exhausted: true}, Legolas]}
staging_area: [{card: Wargs, damage: 1}]
quest: {card: Ambush on the Shore}
encounter_deck: [Old Forest Road]
decisions:
  - {step: "5.2", player: Tom, engage: null}
  - {step: "6.4.1", player: Tom, enemy: Wargs, defender: null, undefended_hero: Gimli}
  - {step: "6.8b", player: Tom, target: Wargs, attackers: [Legolas]}
""")
    assert trace.final_state["outcome"] == "won"
    assert [s for s in trace.steps if s.event == "staging" and "skipped" in s.text]
    assert not [s for s in trace.steps if s.event == "reveal"]  # nothing was revealed in staging


GREAT_FOREST_WEB = """
start: "4.2"
stop: {step: "4.2"}
players:
  - {name: Tom, heroes: [Aragorn, Gimli]}
  - {name: Kris, heroes: [Éowyn, Glóin]}
staging_area: [Great Forest Web]
quest: {card: Flies and Spiders}
decisions:
  - {step: "4.2", travel: Great Forest Web}
"""


def test_a_travel_cost_is_paid_before_the_location_becomes_active():
    trace = replay(GREAT_FOREST_WEB + '  - {step: "4.2", ability: {card: Great Forest Web, targets: {a hero of each player: [Gimli, Glóin]}}}\n')
    events = [s.event for s in trace.steps if s.step == "4.2"]
    assert events.index("travel") > max(i for i, e in enumerate(events) if e == "exhaust")
    assert trace.final_state["active_location"]["name"] == "Great Forest Web"


def test_each_player_names_their_own_hero_for_a_travel_cost():
    trace = replay(GREAT_FOREST_WEB)
    pending = trace.pending
    assert pending is not None and "each player" in pending.question
    labels = [o.label for o in pending.options]
    assert labels == ["Tom: Aragorn", "Tom: Gimli", "Kris: Éowyn", "Kris: Glóin"]
    assert pending.example["ability"]["targets"]["a hero of each player"] == ["Aragorn", "Éowyn"]
    assert "lotr:rr:the-word-choose" in pending.citations
