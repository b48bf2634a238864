"""An attack made in the middle of another (Wolf Rider dealt as a shadow card attacks
during step 6.4.2 of the attack it was dealt to: FAQ 1.33) is an attack of its own: effects
lasting "until the end of the attack" end with the attack that created them (Lasting
Effects), and a play declared for a step of an enemy attack belongs to the attack it names
(``enemy``), by default to the attack of the engaged enemy."""

from __future__ import annotations

from adjudicator.lotr.engine import api

# Dol Guldur Beastmaster gets a second shadow card as it attacks: Eastern Crows (+1 attack
# until the end of its attack), then Wolf Rider, which attacks with its own Treacherous Fog.
BEASTMASTER = """
start: "6.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [Gimli, Legolas, {card: Glorfindel, resources: 1}], engaged: [Dol Guldur Beastmaster]}
encounter_deck: [Eastern Crows, Wolf Rider, Treacherous Fog, Hill Troll]
decisions:
  - {step: "6.4.1", player: Tom, enemy: Dol Guldur Beastmaster, defender: Gimli}
  - {step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: Legolas}
  - {step: "6.8b", player: Tom, target: null}
abilities:
  version: errata
  plays: [%s]
"""


def replay(plays: str = ""):
    return api.replay(api.load("beastmaster.yaml", text=BEASTMASTER % plays), abilities=True)


def hero(trace, label):
    return next(h for h in trace.final_state["players"][0]["heroes"] if h["label"] == label)


def test_lasting_effect_until_the_end_of_the_attack_outlasts_an_attack_made_in_the_middle_of_it():
    trace = replay()
    ends = [s for s in trace.steps if s.event == "lasting-ends" and "Eastern Crows" in s.text]
    wolf_end = next(i for i, s in enumerate(trace.steps) if s.event == "enemy-attack-end" and "Wolf Rider" in s.text)
    outer_end = next(i for i, s in enumerate(trace.steps) if s.event == "enemy-attack-end" and "Beastmaster" in s.text)
    assert len(ends) == 1 and trace.steps.index(ends[0]) > outer_end > wolf_end
    damage = next(s for s in trace.steps if s.event == "combat-damage" and s.text.startswith("Dol Guldur Beastmaster"))
    assert "attack 4 against Gimli defense 2: 2 damage" in damage.text
    assert hero(trace, "Gimli")["damage"] == 2


def test_action_declared_for_an_attack_step_is_used_in_the_engaged_enemys_attack_not_wolf_riders():
    # Glorfindel heals 1 damage in the window after step 6.4.3: Gimli, damaged by the Beastmaster's attack
    trace = replay("{card: Glorfindel, step: '6.4.3', kind: action, chosen: [Gimli]}")
    heal = next(s for s in trace.steps if s.event == "heal")
    assert "Gimli" in heal.text
    wolf_end = next(i for i, s in enumerate(trace.steps) if s.event == "enemy-attack-end" and "Wolf Rider" in s.text)
    assert trace.steps.index(heal) > wolf_end
    assert hero(trace, "Gimli")["damage"] == 1


def test_action_declared_for_an_attack_step_naming_wolf_rider_is_used_in_its_attack():
    trace = replay("{card: Glorfindel, step: '6.4.3', enemy: Wolf Rider, kind: action, chosen: [Legolas]}")
    heal = next(s for s in trace.steps if s.event == "heal")
    assert "Legolas" in heal.text and heal.step == "6.4.3"
    outer_damage = next(i for i, s in enumerate(trace.steps) if s.event == "combat-damage" and "Beastmaster" in s.text)
    assert trace.steps.index(heal) < outer_damage
    assert hero(trace, "Legolas")["damage"] == 0


EVENT = """
start: "6.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [{card: Gimli, resources: 1}, Legolas, Glorfindel], hand: [Blade Mastery], engaged: [Dol Guldur Orcs]}
encounter_deck: [Wolf Rider, Treacherous Fog, Hill Troll]
decisions:
  - {step: "6.4.1", player: Tom, enemy: Dol Guldur Orcs, defender: Gimli}
  - {step: "6.4.1", player: Tom, enemy: Wolf Rider, defender: Legolas}
  - {step: "6.4.3", player: Tom, %s play: [{card: Blade Mastery, pay_from: [Gimli]}]}
  - {step: "6.8b", player: Tom, target: null}
abilities:
  version: errata
  plays: [{card: Blade Mastery, chosen: [Gimli]}]
"""


def test_event_declared_for_an_attack_step_is_played_in_the_engaged_enemys_window_not_wolf_riders():
    trace = api.replay(api.load("event.yaml", text=EVENT % ""), abilities=True)
    played = next(i for i, s in enumerate(trace.steps) if s.event == "play" and "Blade Mastery" in s.text)
    resumes = next(i for i, s in enumerate(trace.steps) if s.event == "attack-resumes")
    assert played > resumes and trace.steps[played].step == "6.4.3"


def test_event_declared_for_an_attack_step_naming_wolf_rider_is_played_in_its_window():
    trace = api.replay(api.load("event.yaml", text=EVENT % "enemy: Wolf Rider,"), abilities=True)
    played = next(i for i, s in enumerate(trace.steps) if s.event == "play" and "Blade Mastery" in s.text)
    resumes = next(i for i, s in enumerate(trace.steps) if s.event == "attack-resumes")
    assert played < resumes and trace.steps[played].step == "6.4.3"
