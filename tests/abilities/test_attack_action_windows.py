"""The action windows of an enemy attack (Framework steps 6.4b to 6.4.3, each followed by an
action window) belong to that attack.

- A play declared for a step of an enemy attack that names an enemy (``enemy:``) is made only
  in the window of that enemy's attack: for an attack made in the middle of another (Wolf
  Rider dealt as a shadow card attacks during step 6.4.2: FAQ 1.33), the first attack's
  window for the same step comes first and must leave it; so must the attack of another
  engaged enemy.
- An attack whose enemy has left play ends (FAQ Q55): no further step of it resolves and it
  opens no more action windows; a play declared for one of those steps goes to the next
  attack's window of that step (the combat phase's other attacks proceed).
"""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.lotr.engine import api

# Dol Guldur Orcs attacks Tom; its shadow card Wolf Rider attacks Tom during step 6.4.2.
WOLF = """
start: "6.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [{card: Gimli, resources: 1}, Legolas, {card: Glorfindel, resources: 1}], hand: [Blade Mastery], engaged: [Dol Guldur Orcs]}
encounter_deck: [Wolf Rider, Treacherous Fog, Hill Troll]
decisions:
  - {step: "6.4.1", player: Tom, enemy: Dol Guldur Orcs, defender: Gimli}
  - {step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: Legolas%s}
%s
  - {step: "6.8b", player: Tom, target: null}
abilities:
  version: errata
  plays: [{card: Blade Mastery, chosen: [Legolas]}%s]
"""
BLADE = "play: [{card: Blade Mastery, pay_from: [Gimli]}]"


def wolf(play_entry: str = "", with_defender: str = "", action: str = ""):
    text = WOLF % (with_defender, play_entry, action)
    return api.replay(api.load("wolf.yaml", text=text), abilities=True)


def index(trace, event: str, contains: str) -> int:
    return next(i for i, s in enumerate(trace.steps) if s.event == event and contains in s.text)


def wolf_attack(trace) -> tuple[int, int]:
    """Where Wolf Rider's attack starts and where the first attack resumes."""
    return index(trace, "enemy-attack", "Wolf Rider attacks"), index(trace, "attack-resumes", "Dol Guldur Orcs")


@pytest.mark.parametrize("step", ["6.4b", "6.4.1", "6.4.2", "6.4.3"])
def test_event_naming_wolf_riders_attack_is_played_in_its_window_not_the_first_attacks(step):
    trace = wolf(f'  - {{step: "{step}", player: Tom, enemy: Wolf Rider, {BLADE}}}')
    played = index(trace, "play", "Blade Mastery")
    start, resumes = wolf_attack(trace)
    assert start < played < resumes and trace.steps[played].step == step
    assert "unused_decisions" not in trace.final_state


def test_event_naming_wolf_rider_with_its_defender_is_played_in_its_window():
    # one entry: Wolf Rider's defender and the event for the window after it
    trace = wolf(with_defender=", " + BLADE)
    played = index(trace, "play", "Blade Mastery")
    defends = index(trace, "defend", "Legolas")
    start, resumes = wolf_attack(trace)
    assert start < defends < played < resumes and trace.steps[played].step == "6.4.1"
    legolas = next(h for h in trace.final_state["players"][0]["heroes"] if h["label"] == "Legolas")
    assert legolas["exhausted"] is True


def test_event_naming_no_enemy_at_6_4_1_is_played_in_the_first_attacks_window():
    trace = wolf(f'  - {{step: "6.4.1", player: Tom, {BLADE}}}')
    played = index(trace, "play", "Blade Mastery")
    start, _ = wolf_attack(trace)
    assert played < start and trace.steps[played].step == "6.4.1"


def test_action_naming_wolf_riders_attack_at_6_4b_is_used_in_its_attack():
    # Glorfindel's action (heal 1) declared for step 6.4b of Wolf Rider's attack
    trace = wolf(action=", {card: Glorfindel, step: '6.4b', enemy: Wolf Rider, kind: action, chosen: [Gimli]}")
    used = index(trace, "initiate", "Glorfindel")
    start, resumes = wolf_attack(trace)
    assert start < used < resumes and trace.steps[used].step == "6.4b"


# Two engaged enemies: Goblin Sniper attacks first, then Dol Guldur Orcs.
TWO = """
start: "6.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [Gimli, {card: Legolas, resources: 3}, Glorfindel], hand: [Swift Strike, Blade Mastery], engaged: [Goblin Sniper, Dol Guldur Orcs]}
encounter_deck: [Hill Troll, Treacherous Fog]
decisions:
  - {step: "6.4a", player: Tom, attack_order: [Goblin Sniper, Dol Guldur Orcs]}
  - {step: "6.4.1", player: Tom, enemy: Goblin Sniper, defender: Gimli}
  - {step: "6.4.1", player: Tom, enemy: Dol Guldur Orcs, defender: Glorfindel}
%s
  - {step: "6.8b", player: Tom, target: null}
abilities:
  responses: [%s]
  plays: [{card: Blade Mastery, chosen: [Glorfindel]}]
"""
SWIFT = "{card: Swift Strike, player: Tom, with: Legolas}"


def two(play_entry: str, responses: str = ""):
    return api.replay(api.load("two.yaml", text=TWO % (play_entry, responses)), abilities=True)


@pytest.mark.parametrize("step", ["6.4b", "6.4.1"])
def test_event_naming_the_second_engaged_enemy_is_played_in_its_attacks_window(step):
    trace = two(f'  - {{step: "{step}", player: Tom, enemy: Dol Guldur Orcs, play: [{{card: Blade Mastery}}]}}')
    played = index(trace, "play", "Blade Mastery")
    assert index(trace, "enemy-attack", "Dol Guldur Orcs attacks") < played and trace.steps[played].step == step
    # naming an attack's enemy for a play does not choose the order of attacks
    assert index(trace, "enemy-attack", "Goblin Sniper attacks") < index(trace, "enemy-attack", "Dol Guldur Orcs attacks")


def test_attack_ended_by_its_enemy_leaving_play_opens_no_more_windows_faq_q55():
    # Swift Strike destroys Goblin Sniper after its defender is declared: its attack ends;
    # the event declared for step 6.4.3 is played in the next attack's window of that step
    trace = two('  - {step: "6.4.3", player: Tom, play: [{card: Blade Mastery}]}', SWIFT)
    ended = index(trace, "attack-ends", "Goblin Sniper")
    played = index(trace, "play", "Blade Mastery")
    orcs_damage = index(trace, "combat-damage", "Dol Guldur Orcs attack")
    assert ended < orcs_damage < played and trace.steps[played].step == "6.4.3"
    assert "lotr:faq:q:55" in trace.steps[ended].citations


def test_event_naming_an_attack_that_ended_is_not_played():
    trace = two('  - {step: "6.4.2", player: Tom, enemy: Goblin Sniper, play: [{card: Blade Mastery}]}', SWIFT)
    assert not any(s.event == "play" and "Blade Mastery" in s.text for s in trace.steps)
    unused = [u for u in trace.final_state["unused_decisions"] if "abilities" not in u]
    assert [u["enemy"] for u in unused] == ["Goblin Sniper"]
    assert "had ended" in unused[0]["reason"] and "FAQ Q55" in unused[0]["reason"]


def test_enemy_named_for_a_play_at_6_4_2_must_be_a_known_card_with_a_suggestion():
    text = TWO % ('  - {step: "6.4.2", player: Tom, enemy: Goblin Snipr, play: [{card: Blade Mastery}]}', "")
    with pytest.raises(InputError) as err:
        api.load("two.yaml", text=text)
    msg = err.value.message
    assert msg.startswith("1 problem in two.yaml") and "two.yaml:11:" in msg  # enemy itself is allowed at 6.4.2
    assert "'Goblin Snipr'" in msg and "did you mean: Goblin Sniper" in msg


def test_cli_refuses_an_unknown_enemy_named_for_a_play_with_exit_code_2(tmp_path, capsys):
    from adjudicator.cli import main

    path = tmp_path / "two.yaml"
    path.write_text(TWO % ('  - {step: "6.4.2", player: Tom, enemy: Goblin Snipr, play: [{card: Blade Mastery}]}', ""), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr()
    assert "did you mean: Goblin Sniper" in out.out + out.err and "Traceback" not in out.out + out.err


def test_action_declared_for_a_step_of_an_ended_attack_is_used_in_the_next_attack_faq_q55():
    text = TWO.replace("plays: [{card: Blade Mastery, chosen: [Glorfindel]}]",
                       "plays: [{card: Glorfindel, step: '6.4.3', kind: action, chosen: [Glorfindel]}]")
    text = text.replace("Glorfindel], hand", "{card: Glorfindel, resources: 1}], hand")
    trace = api.replay(api.load("two.yaml", text=text % ("", SWIFT)), abilities=True)
    used = index(trace, "initiate", "Glorfindel")
    assert index(trace, "combat-damage", "Dol Guldur Orcs attack") < used
