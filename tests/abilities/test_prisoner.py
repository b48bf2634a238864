"""Escape from Dol Guldur's prisoner: stage 1B (The Necromancer's Tower) turns one of the
players' heroes face down at random; until rescued it cannot be used (no questing,
attacking, defending, paying or abilities), cannot be damaged and collects no resources;
stage 2B (Through the Caverns) rescues it with a response after progress is placed on the
stage, with 1 damage.  A player whose other heroes are gone is eliminated (FAQ Q26).  The
stages hold advancing until the players have objectives (and, at 2B, the rescue)."""

from __future__ import annotations

import pytest

from adjudicator.engine.decisions import IllegalDecision
from adjudicator.errors import InputError
from adjudicator.lotr.abilities.prisoner import random_pick
from adjudicator.lotr.engine import api

SETUP_END = """
seed: SEED
flip_quest: true
start: "0.0"
stop: {step: "1.2"}
players:
  - {name: Tom, threat: 29, heroes: [Aragorn, Gimli, Éowyn]}
  - {name: Kris, threat: 30, heroes: [Glorfindel, Denethor, Beravor]}
quest: {card: The Necromancer's Tower}
quest_deck: [Through the Caverns, Out of the Dungeons]
abilities: ABILITIES
DECISIONS
"""


def setup_end(seed: int = 0, abilities: str = "{}", decisions: str = "", **kw):
    text = SETUP_END.replace("SEED", str(seed)).replace("ABILITIES", abilities).replace("DECISIONS", decisions)
    return api.replay(api.load("setup.yaml", text=text), abilities=True, **kw)


def prisoners(trace) -> dict[str, list[str]]:
    return {p["name"]: [c["label"] for c in p.get("prisoners", [])] for p in trace.final_state["players"]}


def heroes(trace, player: int) -> dict[str, dict]:
    return {h["label"]: h for h in trace.final_state["players"][player]["heroes"]}


def step_of(trace, event: str):
    found = [s for s in trace.steps if s.event == event]
    assert found, [s.text for s in trace.steps]
    return found[0]


# -- taking the prisoner ---------------------------------------------------------------


def test_prisoner_is_drawn_from_the_seed_and_the_trace_says_which():
    trace = setup_end(seed=7)
    step = step_of(trace, "prisoner")
    taken = [name for names in prisoners(trace).values() for name in names]
    assert len(taken) == 1 and step.text.startswith(f"[from The Necromancer's Tower (when revealed)] {taken[0]} ")
    assert "drawn at random among the 6 heroes in play" in step.text and "seed 7" in step.text
    assert step.interpretation is not None and step.interpretation.name == "a random choice follows the situation's seed"
    assert prisoners(setup_end(seed=7)) == prisoners(trace)  # the same seed, the same prisoner


def test_the_seed_decides_which_hero_is_the_prisoner():
    drawn = set()
    for seed in range(12):
        trace = setup_end(seed=seed)
        taken = [name for names in prisoners(trace).values() for name in names]
        drawn.update(taken)
    assert len(drawn) > 1


def test_random_pick_is_reproducible_for_a_seed():
    pool = [("Tom", "Aragorn"), ("Tom", "Gimli"), ("Kris", "Glorfindel")]
    assert all(random_pick(3, pool) == random_pick(3, pool) for _ in range(5))


def test_situation_names_the_prisoner_drawn_at_the_table():
    trace = setup_end(abilities="{plays: [{card: The Necromancer's Tower, targets: {the prisoner: Denethor}}]}")
    assert prisoners(trace) == {"Tom": [], "Kris": ["Denethor"]}
    step = step_of(trace, "prisoner")
    assert "named by the situation" in step.text and step.interpretation is None


def test_a_decision_at_the_flip_names_the_prisoner():
    trace = setup_end(decisions='decisions:\n  - {step: "0.0", ability: {card: The Necromancer\'s Tower, targets: {the prisoner: Gimli}}}')
    assert prisoners(trace)["Tom"] == ["Gimli"]


def test_a_named_prisoner_must_be_a_hero_in_play():
    with pytest.raises(IllegalDecision, match="not one hero in play"):
        setup_end(abilities="{plays: [{card: The Necromancer's Tower, targets: {the prisoner: Legolas}}]}")


def test_the_prisoner_stays_face_down_and_its_owners():
    trace = setup_end(abilities="{plays: [{card: The Necromancer's Tower, targets: {the prisoner: Aragorn}}]}")
    tom = trace.final_state["players"][0]
    assert tom["prisoners"][0]["label"] == "Aragorn" and tom["prisoners"][0]["facedown"] is True
    assert "Aragorn" not in heroes(trace, 0)


def test_flip_quest_starts_at_round_begins():
    text = SETUP_END.replace("SEED", "0").replace("ABILITIES", "{}").replace("DECISIONS", "").replace('start: "0.0"', 'start: "1.1"')
    with pytest.raises(InputError, match="flip_quest"):
        api.load("setup.yaml", text=text)


def test_without_abilities_the_flip_says_its_text_is_not_replayed():
    text = SETUP_END.replace("SEED", "0").replace("abilities: ABILITIES\n", "").replace("DECISIONS", "")
    trace = api.replay(api.load("setup.yaml", text=text), abilities=False)
    assert "not replayed" in step_of(trace, "quest-advance").text
    assert prisoners(trace) == {"Tom": [], "Kris": []}


# -- while a prisoner ------------------------------------------------------------------

HELD = """
start: "START"
stop: {step: "STOP"}
players:
  - name: Tom
    threat: 30
    heroes: [{card: Gimli, exhausted: true}, Éowyn]
    prisoners: [{card: Aragorn, exhausted: true, resources: 1}]
    deck: [Gléowine]
  - {name: Kris, threat: 30, heroes: [Glorfindel], deck: [Faramir]}
quest: {card: The Necromancer's Tower}
encounter_deck: [Necromancer's Reach, Goblin Sniper]
abilities: {}
DECISIONS
"""


def held(start: str, stop: str, decisions: str = "", strict: bool = True):
    text = HELD.replace("START", start).replace("STOP", stop).replace("DECISIONS", decisions)
    return api.replay(api.load("held.yaml", text=text), abilities=True, strict=strict)


def test_prisoner_hero_collects_no_resources():
    trace = held("1.2", "1.2")
    tom = trace.final_state["players"][0]
    assert tom["prisoners"][0]["resources"] == 1  # unchanged
    assert {h["label"]: h["resources"] for h in tom["heroes"]} == {"Gimli": 1, "Éowyn": 1}
    assert any("Aragorn, the prisoner, face down: none" in s.text for s in trace.steps if s.event == "gain-resources")


def test_prisoner_cannot_quest():
    with pytest.raises(IllegalDecision, match="prisoner, face down: it cannot be used"):
        held("3.2", "3.2", 'decisions:\n  - {step: "3.2", player: Tom, commit: [Aragorn]}\n  - {step: "3.2", player: Kris, commit: []}')


def test_prisoner_is_not_offered_for_the_quest():
    trace = held("3.2", "3.2")
    assert trace.pending is not None and "Aragorn" not in [str(o.value) for o in trace.pending.options if o.value]


def test_prisoner_cannot_defend():
    text = """
start: "6.3"
stop: {step: "6.4.4"}
players:
  - name: Tom
    threat: 30
    heroes: [Gimli]
    prisoners: [Aragorn]
    engaged: [{card: Goblin Sniper, shadow: []}]
decisions:
  - {step: "6.4.1", player: Tom, enemy: Goblin Sniper, defender: Aragorn}
"""
    trace = api.replay(api.load("defend.yaml", text=text), abilities=True, strict=False)
    assert trace.violations and "Aragorn" in trace.violations[0].message
    assert trace.final_state["players"][0]["prisoners"][0]["damage"] == 0


def test_prisoner_cannot_attack():
    text = """
start: "6.7"
stop: {step: "6.8.4"}
players:
  - name: Tom
    threat: 30
    heroes: [{card: Gimli, exhausted: true}]
    prisoners: [Aragorn]
    engaged: [Goblin Sniper]
decisions:
  - {step: "6.8b", player: Tom, target: Goblin Sniper, attackers: [Aragorn]}
"""
    trace = api.replay(api.load("attack.yaml", text=text), abilities=True, strict=False)
    assert trace.violations and "Aragorn" in trace.violations[0].message
    assert trace.final_state["players"][0]["engaged"][0]["damage"] == 0


def test_prisoner_cannot_be_damaged():
    """Necromancer's Reach damages each exhausted character: the exhausted prisoner is not one."""
    trace = held("3.3", "3.3")
    tom = trace.final_state["players"][0]
    assert tom["prisoners"][0]["damage"] == 0 and {h["label"]: h["damage"] for h in tom["heroes"]}["Gimli"] == 1


def test_prisoners_abilities_are_not_used():
    """Face down, the hero has no text: Beravor's action cannot be used."""
    text = """
start: "2.2"
stop: {step: "2.2"}
players:
  - name: Tom
    threat: 30
    heroes: [Gimli]
    prisoners: [Beravor]
    deck: [Gléowine, Faramir]
decisions:
  - {step: "2.2", player: Tom, play: []}
abilities:
  plays:
    - {step: "2.2", player: Tom, card: Beravor}
"""
    trace = api.replay(api.load("beravor.yaml", text=text), abilities=True)
    assert trace.final_state["players"][0]["hand"] == []
    assert not [s for s in trace.steps if "Beravor (action)" in s.text]


def test_player_left_with_only_the_prisoner_is_eliminated():
    """FAQ Q26: a player whose heroes other than the prisoner are all destroyed is eliminated."""
    text = """
start: "3.3"
stop: {step: "3.3"}
players:
  - name: Tom
    threat: 30
    heroes: [{card: Gimli, exhausted: true, damage: 4}]
    prisoners: [Aragorn]
  - {name: Kris, threat: 30, heroes: [Glorfindel]}
quest: {card: The Necromancer's Tower}
encounter_deck: [Necromancer's Reach, Goblin Sniper]
abilities: {}
"""
    trace = api.replay(api.load("q26.yaml", text=text), abilities=True)
    assert trace.final_state["players"][0].get("eliminated") is True


# -- the rescue and the stages' rules on advancing -------------------------------------

CAVERNS = """
start: "3.2"
stop: {step: "3.5"}
players:
  - name: Tom
    threat: 30
    heroes: [Aragorn, {card: Gimli, attachments: ATTACHMENTS}, Éowyn]
  - name: Kris
    threat: 31
    heroes: [Glorfindel, Denethor]
    prisoners: [Beravor]
quest: {card: Through the Caverns, progress: 12}
quest_deck: [Out of the Dungeons]
encounter_deck: [Goblin Sniper, Tower Gate]
abilities:
  responses: RESPONSES
decisions:
  - {step: "3.2", player: Tom, commit: [Aragorn, Éowyn]}
  - {step: "3.2", player: Kris, commit: [Glorfindel, Denethor]}
"""


def caverns(responses: str = "[{card: Through the Caverns, player: Tom}]", attachments: str = "[]"):
    text = CAVERNS.replace("RESPONSES", responses).replace("ATTACHMENTS", attachments)
    return api.replay(api.load("caverns.yaml", text=text), abilities=True)


def test_rescue_turns_the_prisoner_face_up_with_one_damage():
    trace = caverns()
    kris = heroes(trace, 1)
    assert kris["Beravor"]["damage"] == 1 and not trace.final_state["players"][1].get("prisoners")
    events = [s.event for s in trace.steps]
    assert events.index("progress") < events.index("rescued") < events.index("damage")


def test_rescue_is_a_response_the_players_may_pass():
    trace = caverns(responses="[]")
    assert prisoners(trace)["Kris"] == ["Beravor"]
    timing = [s for s in trace.steps if s.event == "timing" and "after progress is placed on Through the Caverns" in s.text]
    assert timing and "not used: Through the Caverns (response)" in timing[0].text


def test_stage_two_cannot_advance_until_the_prisoner_is_rescued_and_all_objectives_are_held():
    short = caverns(responses="[]")  # 12 + 6 progress of 15, no rescue, no objective
    held_back = step_of(short, "quest-held")
    assert "the prisoner is not rescued" in held_back.text and "0 of the 3 objectives" in held_back.text
    assert short.final_state["quest"]["name"] == "Through the Caverns"

    rescued = caverns()  # rescued, but no objective
    assert "0 of the 3 objectives" in step_of(rescued, "quest-held").text
    assert rescued.final_state["quest"]["name"] == "Through the Caverns"

    ready = caverns(attachments="[Gandalf's Map, Dungeon Torch, Shadow Key]")
    assert ready.final_state["quest"]["name"] == "Out of the Dungeons"
    events = [s.event for s in ready.steps]
    assert events.index("rescued") < events.index("quest-advance")  # the response first, then the stage advances


def test_stage_one_cannot_advance_without_an_objective():
    text = """
start: "3.2"
stop: {step: "3.5"}
players:
  - {name: Tom, threat: 30, heroes: [Aragorn, {card: Gimli, attachments: ATTACHMENTS}, Éowyn]}
quest: {card: The Necromancer's Tower, progress: 8}
quest_deck: [Through the Caverns, Out of the Dungeons]
encounter_deck: [Goblin Sniper]
abilities: {}
decisions:
  - {step: "3.2", player: Tom, commit: [Aragorn, Éowyn]}
"""
    bare = api.replay(api.load("stage1.yaml", text=text.replace("ATTACHMENTS", "[]")), abilities=True)
    assert "the players hold no objective" in step_of(bare, "quest-held").text
    assert bare.final_state["quest"]["name"] == "The Necromancer's Tower"
    mapped = api.replay(api.load("stage1.yaml", text=text.replace("ATTACHMENTS", "[Gandalf's Map]")), abilities=True)
    assert mapped.final_state["quest"]["name"] == "Through the Caverns"
