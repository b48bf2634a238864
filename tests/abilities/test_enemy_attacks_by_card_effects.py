"""Enemy attacks made by card effects, the grammar's ``enemy_attack`` (Attacks Outside the
Combat Phase; FAQ 1.28, 1.33, 1.41, 1.42): the enemy is dealt a shadow card and attacks
through the enemy attack steps; outside the combat phase that shadow card is discarded once
the attack is over (1.28); an additional attack discards the enemy's earlier shadow cards
before the new one is dealt (1.42); an attack made against a character sends its undefended
damage to that character (1.41).  The cards are our own test cards, written in the grammar
alone in the situation."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.lotr.abilities.grammar.schema import effect_schema
from adjudicator.lotr.abilities.load import card_abilities
from adjudicator.lotr.engine import api

QUEST = """
start: '3.1'
stop: end-of-phase
cards:
- {name: Hollow Watcher, type: enemy, engagement_cost: 45, threat: 1, attack: 3, defense: 1, hit_points: 3}
players:
- name: Tom
  threat: 20
  heroes: [Gimli, Legolas, {card: Aragorn%(aragorn)s}]
%(second)s
quest: {card: Flies and Spiders}
encounter_deck: [Hollow Watcher, Old Forest Road, Enchanted Stream%(deck)s]
decisions:
- {step: '3.2', player: Tom, commit: [%(commit)s]}
%(decisions)s
abilities:
  cards:
  - name: Hollow Watcher
    abilities:
    - {kind: when_revealed, effects: [{op: enemy_attack, %(args)s}], says: "it attacks"}
"""


def quest(args: str, decisions: str = "", commit: str = "Aragorn", aragorn: str = "", second: str = "", deck: str = ""):
    text = QUEST % {"args": args, "decisions": decisions, "commit": commit, "aragorn": aragorn, "second": second, "deck": deck}
    return api.replay(api.load("attack.yaml", text=text), abilities=True)


def events(trace, event: str):
    return [s for s in trace.steps if s.event == event]


def hero(trace, name: str, player: str = "Tom"):
    p = next(q for q in trace.final_state["players"] if q["name"] == player)
    return next(h for h in p["heroes"] if h["label"] == name)


def test_an_enemy_attacking_outside_combat_loses_its_shadow_card_once_the_attack_is_over():
    trace = quest("attacker: self, player: the first player", "- {step: 6.4.1, player: Tom, enemy: Hollow Watcher, defender: Gimli}")
    assert trace.pending is None
    dealt = events(trace, "shadow")[0]
    assert "Hollow Watcher" in dealt.text and {"lotr:rr:attacks-outside-the-combat-phase", "lotr:faq:1.28"} <= set(dealt.citations)
    discarded = events(trace, "shadow-discard")
    assert len(discarded) == 1 and discarded[0].citations == ("lotr:faq:1.28",)
    # discarded during staging (3.3), before the enemy reaches the staging area shadowless
    order = [s.event for s in trace.steps]
    assert order.index("shadow-discard") < max(i for i, s in enumerate(trace.steps) if "added to the staging area" in s.text)
    assert trace.final_state["encounter_discard"] == ["Old Forest Road"]
    assert hero(trace, "Gimli")["damage"] == 3 - 2 and hero(trace, "Gimli")["exhausted"]
    assert [c["label"] for c in trace.final_state["staging_area"]] == ["Hollow Watcher"]
    assert not trace.final_state["staging_area"][0].get("shadows")


def test_the_attacked_player_may_defend_an_enemy_not_engaged_with_them():
    trace = quest("attacker: self, player: the first player", "- {step: 6.4.1, player: Tom, enemy: Hollow Watcher, defender: Legolas}")
    attack = events(trace, "enemy-attack")[0]
    assert "not engaged" in attack.text and "lotr:faq:1.33" in attack.citations
    assert hero(trace, "Legolas")["damage"] == 3 - 1


def test_an_enemy_made_to_attack_as_it_is_revealed_is_there_for_its_whole_attack():
    """It is being staged (not yet in the staging area) while its When Revealed effect
    resolves: its attack does not end early as if it had left play (FAQ Q55)."""
    trace = quest("attacker: self, player: the first player", "- {step: 6.4.1, player: Tom, enemy: Hollow Watcher, defender: Gimli}")
    assert not events(trace, "attack-ends") and not events(trace, "attack-ended")
    assert len(events(trace, "combat-damage")) == 1


def test_undefended_damage_of_an_attack_against_a_character_goes_to_that_character():
    trace = quest("attacker: self, target: a hero the first player controls",
                  "- {step: '3.3', ability: {card: Hollow Watcher, targets: {a hero the first player controls: Legolas}}}\n"
                  "- {step: 6.4.1, player: Tom, enemy: Hollow Watcher, defender: null}")
    assert trace.pending is None  # no hero to pick for the undefended damage: it is Legolas's
    assert hero(trace, "Legolas")["damage"] == 3
    assert hero(trace, "Gimli")["damage"] == 0 and hero(trace, "Aragorn")["damage"] == 0
    damage = events(trace, "combat-damage")[0]
    assert "Legolas" in damage.text and "lotr:faq:1.41" in damage.citations


def test_an_attack_against_an_exhausted_character_is_defended_by_another_who_takes_the_damage():
    """FAQ 1.41's example: the character attacked is exhausted (committed to the quest) and
    cannot defend; another ready character defends and the damage is the defender's."""
    trace = quest("attacker: self, target: a hero the first player controls",
                  "- {step: '3.3', ability: {card: Hollow Watcher, targets: {a hero the first player controls: Aragorn}}}\n"
                  "- {step: 6.4.1, player: Tom, enemy: Hollow Watcher, defender: Gimli}")
    assert hero(trace, "Aragorn")["damage"] == 0 and hero(trace, "Gimli")["damage"] == 3 - 2


def test_the_character_attacked_is_asked_for_when_the_file_does_not_name_it():
    trace = quest("attacker: self, target: a hero the first player controls")
    assert trace.pending is not None
    assert {o.label for o in trace.pending.options} == {"Gimli", "Legolas", "Aragorn"}


def test_an_attack_against_a_card_that_is_no_character_is_refused():
    trace = quest("attacker: self, target: the active location")
    assert not events(trace, "enemy-attack") and not events(trace, "combat-damage")
    assert any("no character to attack" in s.text for s in trace.steps)


def test_an_effect_naming_no_enemy_makes_no_attack():
    trace = quest("attacker: each enemy engaged with you")
    assert not events(trace, "enemy-attack")
    assert any("no enemy to attack" in s.text for s in trace.steps)
    assert trace.final_state["encounter_discard"] == []


def test_each_player_named_is_attacked_in_turn():
    second = "- name: Kris\n  threat: 20\n  heroes: [Glorfindel]"
    trace = quest("attacker: self, player: each player",
                  "- {step: '3.2', player: Kris, commit: []}\n"
                  "- {step: 6.4.1, player: Tom, enemy: Hollow Watcher, defender: Gimli}\n"
                  "- {step: 6.4.1, player: Kris, enemy: Hollow Watcher, defender: Glorfindel}", second=second, deck=", Forest Gate, Great Forest Web")
    attacked = [s.text for s in events(trace, "enemy-attack")]
    assert len(attacked) == 2 and "Tom" in attacked[0] and "Kris" in attacked[1]
    # each attack had its own shadow card, discarded after it: Old Forest Road, then Enchanted Stream
    assert trace.final_state["encounter_discard"] == ["Enchanted Stream", "Old Forest Road"]
    assert hero(trace, "Glorfindel", "Kris")["damage"] == 3 - 1


COMBAT = """
start: '6.1'
stop: end-of-phase
cards:
- {name: Ravager, type: enemy, engagement_cost: 30, threat: 2, attack: 3, defense: 1, hit_points: 5}
players:
- name: Tom
  threat: 20
  heroes: [Gimli, Legolas, Aragorn]
  engaged: [Ravager]
quest: {card: Flies and Spiders}
encounter_deck: [Old Forest Road, Enchanted Stream, Forest Gate]
decisions:
- {step: 6.4.1, player: Tom, enemy: Ravager, defender: Gimli}
- {step: 6.4.1, player: Tom, enemy: Ravager, defender: Aragorn}
- {step: 6.8b, player: Tom, target: null}
abilities:
  cards:
  - name: Ravager
    abilities:
    - {kind: forced, trigger: {timing: after, event: attacks, subject: self}, limit: {count: 1, period: phase},
       effects: [{op: enemy_attack, attacker: self}], says: "after it attacks, it attacks again (once a phase)"}
"""


def test_an_additional_attack_discards_the_enemys_earlier_shadow_cards_first():
    trace = api.replay(api.load("ravager.yaml", text=COMBAT), abilities=True)
    before = events(trace, "shadow-discard")
    assert len(before) == 1 and "Old Forest Road" in before[0].text and "lotr:faq:1.42" in before[0].citations
    steps = trace.steps
    i = steps.index(before[0])
    dealt = next(s for s in steps[i:] if s.event == "shadow")
    assert "of its own" in dealt.text  # the new shadow card comes after the old one is gone
    attacks = events(trace, "enemy-attack")
    assert len(attacks) == 2 and "additional attack" in attacks[1].text
    assert hero(trace, "Gimli")["damage"] == 1 and hero(trace, "Aragorn")["damage"] == 1
    # in the combat phase the new shadow card stays to the end of combat (6.11), not discarded after the attack
    assert trace.final_state["encounter_discard"] == ["Enchanted Stream", "Old Forest Road"]
    assert "lotr:faq:1.28" not in trace.cited_ids()


def test_after_it_attacks_forced_effects_resolve_through_the_grammar():
    """An enemy's "after it attacks" Forced effect is initiated like every ability (its limit
    counted), not read by a separate list of effects: the limit stops a third attack."""
    trace = api.replay(api.load("ravager.yaml", text=COMBAT), abilities=True)
    assert len(events(trace, "enemy-attack")) == 2
    assert any("limit" in s.text and "lotr:rr:limits" in s.citations for s in trace.steps)


def test_wolf_rider_is_written_in_the_grammar():
    shadow = next(a for a in card_abilities("Wolf Rider").abilities if a.kind == "shadow")
    assert [e.op for e in shadow.effects] == ["enemy_attack"]
    assert shadow.effects[0].get("player") == "the defending player"


def test_enemy_attack_is_part_of_the_published_schema():
    schema = effect_schema()
    assert "enemy_attack" in schema["properties"]["op"]["enum"]
    assert {"attacker", "target", "player"} <= set(schema["properties"])


def test_an_ill_formed_attacker_phrase_is_an_input_error_with_its_column():
    with pytest.raises(InputError) as bad:
        quest("attacker: each enemys engaged with you")
    text = str(bad.value)
    assert "attack.yaml:" in text and "attacker" in text and "enemies" in text
