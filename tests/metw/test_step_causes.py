"""Every METW trace step names its cause as a value (issue 13, adjudicator/engine/emitter.py).

Starter §10 (Actions and Card Play): a card's effects resolve one by one; a step one of them
writes, and every step of a rule it sets going (a corruption check the card calls for),
has the card's effect as its cause ``{"card", "effect": index, "op", "kind": class}``.
Playing the card and paying for it, and every procedure of the rules, have the rule as
their cause ``{"rule": id}``.  A modification that lasts names its card when an attack
reads it later (Strike Modifications), as a creature's own ability names the creature.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from adjudicator.engine import game
from adjudicator.metw.engine import citations as C
from adjudicator.metw.engine import replay

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "metw"

CARDS = """
cards:
  events:
    Grim Test: {side: hazard, class: short-event, effects: [{op: corruption, target: character, value: 2},
                                                              {op: corruption_check, target: character, value: -1}]}
    Many Foes: {side: hazard, class: long-event, effects: [{op: modify, stat: strikes, target: attack, value: 1}]}
  creatures:
    Wolves: {strikes: 2, prowess: 7, body: null, race: Wolf, regions: [w]}
"""


def run(actions: str):
    text = ("game: metw\nphase: movement/hazard\nsites:\n"
            "  Rivendell: {type: h, haven_paths: {Lórien: [w, w, b, w]}}\n"
            "  Lórien: {type: h, haven_paths: {Rivendell: [w, w, b, w]}}\n"
            "players:\n  Ann:\n    companies:\n      - {name: Fellows, site: Rivendell, new_site: Lórien, characters: "
            "[{name: Arn, prowess: 5, body: 8, mind: 3}, {name: Bea, prowess: 4, body: 7, mind: 2}]}\n"
            "  Bob:\n    companies:\n      - {name: Raiders, site: Lórien, characters: [{name: Ulf}]}\n"
            + CARDS + "actions:\n" + textwrap.indent(textwrap.dedent(actions).strip(), "  ") + "\n")
    return replay("causes.yaml", text=text)


def steps(run_, event: str):
    return [s for s in run_.trace.steps if s.event == event]


def test_actions_and_card_play_each_effect_of_a_card_is_the_cause_of_the_steps_it_writes():
    r = run("- play: {card: Grim Test, target: Arn, roll: 9}")
    assert r.illegal is None
    grim = {"card": "Grim Test", "kind": "short-event"}
    assert steps(r, "corruption")[0].cause == {**grim, "effect": 0, "op": "corruption"}
    # the corruption check the second effect calls for: each of its steps names that effect
    check = [s for s in r.trace.steps if s.step in ("corruption.points", "corruption.check")]
    assert [s.event for s in check] == ["corruption-points", "modifiers", "check-passed"]
    assert all(s.cause == {**grim, "effect": 1, "op": "corruption_check"} for s in check)


def test_actions_and_card_play_playing_the_card_is_the_rules_step():
    r = run("- play: {card: Grim Test, target: Arn, roll: 9}")
    played = steps(r, "card-played")[0]
    assert played.cause == {"rule": C.ACTIONS}
    phase = steps(r, "phase-begins")[0]
    assert phase.cause == {"rule": phase.citations[0]}


def test_corruption_checks_a_check_declared_on_its_own_is_caused_by_the_rule():
    r = run("- corruption_check: {character: Arn, roll: 9}")
    check = [s for s in r.trace.steps if s.step in ("corruption.points", "corruption.check")]
    assert [s.cause for s in check] == [{"rule": C.CORRUPTION_POINTS}, {"rule": C.CORRUPTION_CHECKS},
                                        {"rule": C.CORRUPTION_CHECKS}]


def test_strike_modifications_a_lasting_card_effect_names_its_card_when_an_attack_reads_it():
    r = run("""
    - play: {card: Many Foes, company: Fellows}
    - attack: {company: Fellows, creature: Wolves, assign: {defender: [Arn, Bea], excess: {Arn: 1}},
               strikes: [{target: Arn, roll: 12}, {target: Bea, roll: 12}]}
    """)
    assert r.illegal is None, r.illegal
    modified = steps(r, "attack-modified")
    assert [s.cause for s in modified] == [{"card": "Many Foes", "effect": 0, "op": "modify", "kind": "long-event"}]
    # the strikes themselves are the rules' steps
    assert all(s.cause == {"rule": s.citations[0]} for s in r.trace.steps if s.step == "combat.strike")


def test_the_example_of_combat_names_each_card_and_the_creature_s_own_ability():
    """The rulebook's Example of Combat with its cards written as data."""
    result = game.verify(SCENARIOS / "cards_example_of_combat.yaml")
    assert result.exit_code == 0
    by_card = {(s.event, s.cause["card"]): s.cause for s in result.trace.steps if "card" in s.cause}
    assert by_card == {
        ("canceled", "Concealment"): {"card": "Concealment", "effect": 0, "op": "cancel", "kind": "short-event"},
        ("attack-modified", "Orc-warband"): {"card": "Orc-warband", "effect": 0, "op": "modify", "kind": "creature"},
        ("modify", "Weariness of the Heart"): {"card": "Weariness of the Heart", "effect": 0, "op": "modify",
                                               "kind": "short-event"},
        ("untap", "Healing Herbs"): {"card": "Healing Herbs", "effect": 0, "op": "untap", "kind": "item"},
        ("canceled", "Elven Cloak"): {"card": "Elven Cloak", "effect": 0, "op": "cancel", "kind": "item"},
    }
    rule_made = [s for s in result.trace.steps if "rule" in s.cause]
    assert len(rule_made) > 20 and all(s.cause["rule"] in s.citations for s in rule_made)
