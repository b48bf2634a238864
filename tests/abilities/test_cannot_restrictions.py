"""Cannot (Rules Reference; FAQ 1.14): every restriction the ability grammar accepts is
enforced where its moment comes (`grammar.restrictions.MOMENTS`), each with a test here or
named in `ENFORCED`; a restriction the grammar accepts without an enforcement test fails
`test_cannot_every_restriction_the_grammar_accepts_has_an_enforcement_test`.

Each situation is a replay with card abilities; the expected values are what the cards'
rules say (worked out by hand in each test's docstring)."""

from __future__ import annotations

import importlib
import inspect

import pytest

from adjudicator.lotr.abilities.grammar.restrictions import PATTERNS, PHRASES, parse_restriction, phrases
from adjudicator.lotr.abilities.load import library
from adjudicator.lotr.engine import api


def replay(text: str, strict: bool = True):
    return api.replay(api.load("cannot.yaml", text=text), abilities=True, strict=strict)


def check(text: str):
    return replay(text, strict=False)


def player(trace, name: str = "Tom") -> dict:
    return next(p for p in trace.final_state["players"] if p["name"] == name)


def hero(trace, name: str, who: str = "Tom") -> dict:
    return next(h for h in player(trace, who)["heroes"] if h["name"] == name)


def kinds(trace) -> list[str]:
    return [s.event for s in trace.steps]


# ---------------------------------------------------------------------------- 3.4: contribute its threat


def test_cannot_contribute_its_threat_secret_paths_old_forest_road_adds_no_threat_at_3_4():
    """Secret Paths on Old Forest Road (1 threat): Éowyn's 4 willpower against 0 threat, 4
    progress on the quest (without the restriction: 3)."""
    trace = replay("""
start: "3.1"
stop: {step: "3.4"}
players:
  - {name: Tom, threat: 30, heroes: [{card: Denethor, resources: 1}, Éowyn], hand: [Secret Paths]}
staging_area: [Old Forest Road]
quest: {card: Flies and Spiders}
decisions:
  - {step: "3.1", player: Tom, play: [{card: Secret Paths, pay_from: [Denethor]}]}
  - {step: "3.2", player: Tom, commit: [Éowyn]}
abilities:
  plays: [{card: Secret Paths, chosen: [Old Forest Road]}]
""")
    assert trace.final_state["quest"]["progress"] == 4
    skipped = next(s for s in trace.steps if s.event == "threat-not-counted")
    assert "Old Forest Road" in skipped.text and "lotr:rr:cannot" in skipped.citations
    resolved = next(s for s in trace.steps if s.event == "quest-success")
    assert "4 willpower against 0 threat" in resolved.text


def test_cannot_contribute_its_threat_radagasts_cunning_lasts_the_phase_only():
    """Radagast's Cunning on Forest Spider (2 threat) in the quest phase: 0 threat at 3.4
    (Éowyn's 4 willpower: 4 progress); the next quest phase it counts again (duration: this phase)."""
    trace = replay("""
start: "3.1"
stop: {step: "3.4"}
players:
  - {name: Tom, threat: 30, heroes: [{card: Beravor, resources: 1}, Éowyn], hand: [Radagast's Cunning]}
staging_area: [Forest Spider]
quest: {card: Flies and Spiders}
decisions:
  - {step: "3.1", player: Tom, play: [{card: Radagast's Cunning, pay_from: [Beravor]}]}
  - {step: "3.2", player: Tom, commit: [Éowyn]}
abilities:
  plays: [{card: Radagast's Cunning, chosen: [Forest Spider]}]
""")
    assert trace.final_state["quest"]["progress"] == 4


# ---------------------------------------------------------------------------- 5.3: make engagement checks


def test_cannot_make_engagement_checks_anduin_passage_leaves_the_enemy_in_the_staging_area():
    """Anduin Passage: no engagement checks.  Tom's threat 30 is above Forest Spider's
    engagement cost 25, yet it stays in the staging area at 5.3."""
    trace = replay("""
start: "5.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [Aragorn]}
staging_area: [Forest Spider]
quest: {card: Anduin Passage}
decisions:
  - {step: "5.2", player: Tom, engage: null}
""")
    assert [c["name"] for c in trace.final_state["staging_area"]] == ["Forest Spider"]
    assert player(trace)["engaged"] == []
    step = next(s for s in trace.steps if s.step == "5.3")
    assert "no engagement checks" in step.text and "lotr:rr:cannot" in step.citations


def test_cannot_make_engagement_checks_leaves_optional_engagement_allowed():
    """Anduin Passage forbids the checks, not optional engagement (5.2)."""
    trace = replay("""
start: "5.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [Aragorn]}
staging_area: [Forest Spider]
quest: {card: Anduin Passage}
decisions:
  - {step: "5.2", player: Tom, engage: Forest Spider}
""")
    assert [c["name"] for c in player(trace)["engaged"]] == ["Forest Spider"]


# ---------------------------------------------------------------------------- 5.2: be optionally engaged

SNIPER = """
start: "5.1"
stop: {step: "5.2"}
players:
  - {name: Tom, threat: 20, heroes: [Aragorn]}
staging_area: [STAGING]
quest: {card: Flies and Spiders}
decisions:
  - {step: "5.2", player: Tom, engage: Goblin Sniper}
"""


def test_cannot_be_optionally_engaged_while_other_enemies_are_in_the_staging_area_goblin_sniper():
    """Goblin Sniper beside Forest Spider in the staging area: Tom cannot engage it optionally
    (check lists it, citing Cannot); it stays in the staging area."""
    trace = check(SNIPER.replace("STAGING", "Goblin Sniper, Forest Spider"))
    assert [v.rules for v in trace.violations] == [("lotr:rr:step:5.2", "lotr:rr:optional-engagement", "lotr:rr:cannot")]
    assert "Goblin Sniper cannot be optionally engaged" in trace.violations[0].message
    assert player(trace)["engaged"] == []


def test_cannot_be_optionally_engaged_goblin_sniper_alone_may_be_engaged():
    """Alone in the staging area, Goblin Sniper may be engaged optionally (the condition fails)."""
    trace = replay(SNIPER.replace("STAGING", "Goblin Sniper"))
    assert [c["name"] for c in player(trace)["engaged"]] == ["Goblin Sniper"]


def test_cannot_be_optionally_engaged_unconditional_restriction_written_in_a_situation():
    """A card written in the situation (the Watcher's rule: never optionally engaged), alone in
    the staging area: refused all the same, and it is not offered when the replay asks."""
    text = """
start: "5.1"
stop: {step: "5.2"}
cards:
  - {name: Pool Watcher, type: enemy, engagement_cost: 48, threat: 3, attack: 4, defense: 2, hit_points: 8}
players:
  - {name: Tom, threat: 20, heroes: [Aragorn]}
staging_area: [Pool Watcher, Forest Spider]
quest: {card: Flies and Spiders}
abilities:
  cards:
    - name: Pool Watcher
      source: encounter
      abilities:
        - {kind: constant, effects: [{op: cannot, what: be optionally engaged, target: self}], says: "never engaged optionally"}
"""
    trace = check(text + 'decisions:\n  - {step: "5.2", player: Tom, engage: Pool Watcher}\n')
    assert trace.violations and "lotr:rr:cannot" in trace.violations[0].rules
    pending = replay(text).pending
    assert pending is not None and [o.value for o in pending.options] == ["Forest Spider", None]


# ---------------------------------------------------------------------------- 2.2: play attachments, have attachments played on it

ATTACHMENTS = """
start: "2.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [{card: Gimli, resources: 3}], engaged: [ENGAGED], hand: [Dwarven Axe, Forest Snare]}
active_location: {card: LOCATION}
quest: {card: Flies and Spiders}
decisions:
  - {step: "2.2", player: Tom, play: [PLAY]}
"""


@pytest.mark.parametrize("location", ["Endless Caverns", "Amon Lhaw"])
def test_cannot_play_attachments_while_the_location_is_active(location):
    """Endless Caverns or Amon Lhaw active: Dwarven Axe is refused (check lists it, citing
    Cannot); it stays in hand and Gimli keeps his 3 resources."""
    trace = check(ATTACHMENTS.replace("ENGAGED", "").replace("LOCATION", location)
                  .replace("PLAY", "{card: Dwarven Axe, attach_to: Gimli}"))
    assert [v.rules for v in trace.violations] == [("lotr:rr:cannot", "lotr:rr:initiating-abilities-playing-cards", "lotr:rr:attachment-cards")]
    assert "forbids playing attachments" in trace.violations[0].message
    assert sorted(player(trace)["hand"]) == ["Dwarven Axe", "Forest Snare"] and hero(trace, "Gimli")["resources"] == 3


def test_cannot_play_attachments_ends_when_the_location_is_no_longer_active():
    """Another active location: the Axe is played (+1 attack; Gimli is a Dwarf: +2)."""
    trace = replay(ATTACHMENTS.replace("ENGAGED", "").replace("LOCATION", "Old Forest Road")
                   .replace("PLAY", "{card: Dwarven Axe, attach_to: Gimli}"))
    assert [a["name"] for a in hero(trace, "Gimli")["attachments"]] == ["Dwarven Axe"]


def test_cannot_have_attachments_played_on_it_nazgul_of_dol_guldur_refuses_forest_snare():
    """Forest Snare (attach to an enemy engaged with you) on the Nazgûl of Dol Guldur, engaged
    with Tom: refused (its erratum: no attachments played on it); on Forest Spider it is played."""
    text = ATTACHMENTS.replace("LOCATION", "Old Forest Road").replace("{card: Gimli, resources: 3}", "{card: Denethor, resources: 3}")
    trace = check(text.replace("ENGAGED", "Nazgûl of Dol Guldur").replace("PLAY", "{card: Forest Snare, attach_to: Nazgûl of Dol Guldur}"))
    assert [v.rules for v in trace.violations] == [("lotr:rr:cannot", "lotr:rr:attachment-cards")]
    assert "Forest Snare cannot be attached to Nazgûl of Dol Guldur" in trace.violations[0].message
    ok = replay(text.replace("ENGAGED", "Forest Spider").replace("PLAY", "{card: Forest Snare, attach_to: Forest Spider}"))
    spider = player(ok)["engaged"][0]
    assert [a["name"] for a in spider["attachments"]] == ["Forest Snare"]


# ---------------------------------------------------------------------------- 6.4a: attack, attack that player, attack you

COMBAT = """
start: "6.1"
stop: end-of-phase
cards:
  - {name: Binding Word, type: event, sphere: lore, cost: 0}
players:
  - {name: Tom, threat: 30, heroes: [Denethor, Beravor], engaged: [TOMS], hand: [Binding Word]}
  - {name: Ann, threat: 30, heroes: [Glorfindel, Gimli], engaged: [ANNS]}
quest: {card: Flies and Spiders}
encounter_deck: [Old Forest Road, Old Forest Road, Old Forest Road, Old Forest Road]
abilities:
  cards:
    - name: Binding Word
      abilities:
        - {kind: action, choose: [{what: an enemy engaged with a player}], duration: end_of_phase,
           effects: [{op: cannot, what: attack you, target: chosen}], says: "a chosen engaged enemy cannot attack you this phase"}
  plays: [{card: Binding Word, chosen: [CHOSEN]}]
decisions:
  - {step: "6.2", player: Tom, play: [{card: Binding Word, pay_from: [Denethor]}]}
  - {step: "6.4.1", player: Tom, defender: Denethor}
  - {step: "6.4.1", player: Ann, defender: Gimli}
  - {step: "6.8b", player: Tom, target: null}
  - {step: "6.8b", player: Ann, target: null}
"""


def attacked(trace) -> list[str]:
    return [s.text for s in trace.steps if s.event == "enemy-attack"]


def test_cannot_attack_you_the_enemy_engaged_with_you_does_not_attack_you():
    """Tom plays a card "cannot attack you" on Forest Spider engaged with him: it does not
    attack him at 6.4; Ann's King Spider still attacks Ann."""
    trace = replay(COMBAT.replace("TOMS", "Forest Spider").replace("ANNS", "King Spider").replace("CHOSEN", "Forest Spider"))
    assert any("Forest Spider cannot attack Tom" in s.text for s in trace.steps)
    assert all("Forest Spider" not in t for t in attacked(trace)) and any("King Spider" in t for t in attacked(trace))


def test_cannot_attack_you_protects_only_you_not_the_player_the_enemy_is_engaged_with():
    """Tom's "cannot attack you" on Ann's King Spider: it still attacks Ann (you is Tom)."""
    trace = replay(COMBAT.replace("TOMS", "").replace("ANNS", "King Spider").replace("CHOSEN", "King Spider"))
    assert any("King Spider" in t for t in attacked(trace))


def test_cannot_attack_that_player_thicket_of_spears():
    """Thicket of Spears on Tom: the enemies engaged with him do not attack him this phase."""
    trace = replay("""
start: "6.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [{card: Aragorn, resources: 0}, {card: Gimli, resources: 3}], engaged: [Forest Spider, King Spider], hand: [Thicket of Spears]}
quest: {card: Flies and Spiders}
decisions:
  - {step: "6.2", player: Tom, play: [{card: Thicket of Spears, pay_from: [Gimli]}]}
  - {step: "6.8b", player: Tom, target: null}
abilities:
  plays: [{card: Thicket of Spears, chosen: [Tom]}]
""")
    assert attacked(trace) == [] and sum(1 for s in trace.steps if s.event == "cannot-attack") == 2


def test_cannot_attack_forest_snare_on_an_engaged_enemy():
    """Forest Snare on Forest Spider: it makes no attack at 6.4."""
    trace = replay(COMBAT.replace("TOMS", "{card: Forest Spider, attachments: [Forest Snare]}").replace("ANNS", "")
                   .replace("  plays: [{card: Binding Word, chosen: [CHOSEN]}]\n", "").replace('  - {step: "6.2", player: Tom, play: [{card: Binding Word, pay_from: [Denethor]}]}\n', ""))
    assert attacked(trace) == [] and any("Forest Spider cannot attack Tom (Forest Snare" in s.text for s in trace.steps)


# ---------------------------------------------------------------------------- 6.4.1 / 6.8b: defend, attack or defend (characters)

SHACKLED = """
start: "6.1"
stop: end-of-phase
cards:
  - {name: Heavy Chains, type: attachment, sphere: neutral, cost: 0}
players:
  - {name: Tom, threat: 30, heroes: [{card: Aragorn, attachments: [Heavy Chains]}, Gimli], engaged: [Forest Spider]}
quest: {card: Flies and Spiders}
abilities:
  cards:
    - name: Heavy Chains
      abilities:
        - {kind: constant, effects: [{op: cannot, what: WHAT, target: attached hero}], says: "the hero it is on cannot WHAT"}
decisions:
DECISIONS"""


def test_cannot_defend_a_restricted_hero_is_refused_as_defender_and_not_offered():
    """Heavy Chains ("cannot defend") on Aragorn: declaring him the defender is refused
    (check lists it, citing Cannot); asked, the options are Gimli and no defender."""
    text = SHACKLED.replace("WHAT", "defend")
    trace = check(text.replace("DECISIONS", '  - {step: "6.4.1", player: Tom, defender: Aragorn}\n  - {step: "6.8b", player: Tom, target: null}\n'))
    assert any("lotr:rr:cannot" in v.rules and "Aragorn cannot defend" in v.message for v in trace.violations)
    pending = replay(text.replace("decisions:\nDECISIONS", "decisions: []\n")).pending
    assert pending.key == "defender" and [o.value for o in pending.options] == ["Gimli", None]


@pytest.mark.parametrize("what", ["attack or defend", "attack"])
def test_cannot_attack_a_restricted_hero_is_refused_as_attacker(what):
    """Heavy Chains ("cannot attack", "cannot attack or defend") on Aragorn: declaring him as
    an attacker at 6.8b is refused, citing Cannot; Gimli may attack."""
    text = SHACKLED.replace("WHAT", what)
    trace = check(text.replace("DECISIONS", '  - {step: "6.4.1", player: Tom, defender: Gimli}\n'
                               '  - {step: "6.8b", player: Tom, target: Forest Spider, attackers: [Aragorn]}\n'
                               '  - {step: "6.8b", player: Tom, target: null}\n'))
    assert any("lotr:rr:cannot" in v.rules and "Aragorn cannot attack" in v.message for v in trace.violations)


def test_cannot_attack_or_defend_gandalfs_map_on_a_hero_who_is_not_the_prisoner():
    """Gandalf's Map, claimed, on Aragorn (not the prisoner): he can neither defend nor attack
    (each declaration refused, citing Cannot)."""
    text = """
start: "6.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [{card: Aragorn, attachments: [Gandalf's Map]}, Gimli], engaged: [Forest Spider]}
quest: {card: The Necromancer's Tower}
decisions:
  - {step: "6.4.1", player: Tom, defender: DEFENDER}
  - {step: "6.8b", player: Tom, target: Forest Spider, attackers: [Aragorn]}
  - {step: "6.8b", player: Tom, target: null}
"""
    defending = check(text.replace("DEFENDER", "Aragorn"))
    assert [v.message for v in defending.violations][:1] == ["Aragorn cannot defend (Gandalf's Map (constant))"]
    attacking = check(text.replace("DEFENDER", "Gimli"))
    assert [(v.message, v.rules) for v in attacking.violations][0] == (
        "Aragorn cannot attack (Gandalf's Map (constant))", ("lotr:rr:step:6.8b", "lotr:rr:cannot"))


def test_cannot_attack_quick_strike_cannot_make_a_restricted_character_attack():
    """Quick Strike with Aragorn under "cannot attack": it is not played (refused, citing Cannot),
    nothing is paid and it stays in hand."""
    trace = check(SHACKLED.replace("WHAT", "attack").replace("Gimli], engaged", "{card: Gimli, resources: 1}], hand: [Quick Strike], engaged")
                   .replace("DECISIONS", '  - {step: "6.2", player: Tom, play: [{card: Quick Strike, pay_from: [Gimli]}]}\n'
                            '  - {step: "6.4.1", player: Tom, defender: Gimli}\n  - {step: "6.8b", player: Tom, target: null}\n')
                   .replace("abilities:\n  cards:", "abilities:\n  plays: [{card: Quick Strike, targets: {a character you control: Aragorn}}]\n  cards:"))
    assert [v.message for v in trace.violations][:1] == [
        "Tom cannot play Quick Strike: Forest Spider is not an eligible target: Aragorn cannot attack (Heavy Chains (constant)), "
        "so it cannot be initiated"] and "lotr:rr:cannot" in trace.violations[0].rules
    assert hero(trace, "Gimli")["resources"] == 1 and "Quick Strike" in player(trace)["hand"]
    assert player(trace)["engaged"][0]["damage"] == 0


# ---------------------------------------------------------------------------- 7.2: ready in the refresh phase

REFRESH = """
start: "7.1"
stop: {step: "7.2"}
cards:
  - {name: Numbing Cold, type: treachery}
players:
  - {name: Tom, threat: 30, heroes: [{card: Aragorn, exhausted: true, resources: 3, attachments: [ATTACHED]}, {card: Gimli, exhausted: true}]}
quest: {card: Flies and Spiders}
abilities:
  cards:
    - name: Numbing Cold
      source: encounter
      abilities:
        - {kind: constant, effects: [{op: cannot, what: ready in the refresh phase, target: attached hero}], says: "its hero does not ready"}
"""


def test_cannot_ready_in_the_refresh_phase_the_hero_stays_exhausted():
    """Numbing Cold (a situation's card) on Aragorn: he stays exhausted at 7.2; Gimli readies."""
    trace = replay(REFRESH.replace("ATTACHED", "Numbing Cold"))
    assert hero(trace, "Aragorn")["exhausted"] is True and not hero(trace, "Gimli").get("exhausted")
    assert any("Aragorn does not ready" in s.text and "lotr:rr:cannot" in s.citations for s in trace.steps)


def test_cannot_ready_in_the_refresh_phase_unless_2_of_its_resources_are_paid_caught_in_a_web():
    """Caught in a Web on Aragorn (3 resources): declared, he pays 2 and readies (1 left); not
    declared, he stays exhausted with 3 (FAQ Q16: each copy its own price)."""
    paid = replay(REFRESH.replace("ATTACHED", "Caught in a Web") + "  responses: [{card: Caught in a Web, player: Tom}]\n")
    assert hero(paid, "Aragorn")["exhausted"] is False and hero(paid, "Aragorn")["resources"] == 1
    kept = replay(REFRESH.replace("ATTACHED", "Caught in a Web"))
    assert hero(kept, "Aragorn")["exhausted"] is True and hero(kept, "Aragorn")["resources"] == 3


# ---------------------------------------------------------------------------- 1.3, 3.2: draw cards, commit to the quest


def test_cannot_draw_cards_enchanted_stream_stops_the_resource_phase_draw():
    """Enchanted Stream active: Tom draws nothing at 1.3 (his deck keeps its 2 cards)."""
    trace = replay("""
start: "1.1"
stop: {step: "1.3"}
players:
  - {name: Tom, threat: 20, heroes: [Beravor], deck: [Feint, Feint]}
active_location: Enchanted Stream
quest: {card: Flies and Spiders}
""")
    assert player(trace)["hand"] == [] and player(trace)["deck"] == 2


def test_cannot_commit_to_the_quest_sacked_hero():
    """Sacked! on Aragorn: committing him is refused, citing Cannot."""
    trace = check("""
start: "3.1"
stop: {step: "3.2"}
players:
  - {name: Tom, threat: 30, heroes: [{card: Aragorn, attachments: [Sacked!]}, Éowyn]}
quest: {card: Flies and Spiders}
decisions:
  - {step: "3.2", player: Tom, commit: [Aragorn, Éowyn]}
""")
    assert [v.rules for v in trace.violations] == [("lotr:rr:step:3.2", "lotr:rr:cannot", "lotr:faq:q:21")]  # FAQ Q21: no later commit


# ---------------------------------------------------------------------------- cancelling encounter card effects


def test_cannot_cancel_encounter_card_effects_a_test_of_will_is_not_played_on_a_when_revealed():
    """While a card stops the players cancelling encounter card effects, A Test of Will declared on
    Despair's When Revealed is not played (it stays in hand, Éowyn keeps her resource) and Despair
    removes the quest's 3 progress; the ban is cited (Cannot). Without the ban: cancelled, 3 progress kept."""
    text = """
start: "3.3"
stop: {step: "3.3"}
cards:
  - {name: Unyielding Dark, type: location, threat: 1, quest_points: 4}
players:
  - {name: Tom, threat: 25, heroes: [{card: Éowyn, resources: 1}, Aragorn], hand: [A Test of Will]}
quest: {card: Flies and Spiders, progress: 3}
active_location: {card: Unyielding Dark}
encounter_deck: [Despair]
abilities:
  responses: [{card: A Test of Will, player: Tom, with: Éowyn}]
  cards:
    - name: Unyielding Dark
      source: encounter
      abilities:
        - {kind: constant, condition: it is the active location, effects: [{op: cannot, what: BAN, target: each player}], says: "while it is active, the ban"}
"""
    trace = replay(text.replace("BAN", "cancel encounter card effects"))
    assert player(trace)["hand"] == ["A Test of Will"] and hero(trace, "Éowyn")["resources"] == 1
    assert trace.final_state["quest"]["progress"] == 0
    assert "cancel" not in kinds(trace)
    assert any("lotr:rr:cannot" in s.citations and "forbids cancelling" in s.text for s in trace.steps)
    free = replay(text.replace("BAN", "draw cards"))
    assert free.final_state["quest"]["progress"] == 3 and player(free)["hand"] == []


# ---------------------------------------------------------------------------- leaving play


def test_cannot_leave_play_an_enemy_stays_engaged_at_its_hit_points():
    """An enemy that cannot leave play takes 3 damage from Gimli and Legolas (5 attack against 2
    defense) with 3 hit points: it stays engaged with its damage (FAQ Q73). Without the
    restriction it is destroyed and Legolas's response places 2 progress."""
    text = """
start: "6.8a"
stop: {step: "6.8.4"}
cards:
  - {name: Undying Wight, type: enemy, engagement_cost: 30, threat: 2, attack: 2, defense: 2, hit_points: 3}
players:
  - {name: Tom, threat: 30, heroes: [Gimli, Legolas], engaged: [Undying Wight]}
quest: {card: Flies and Spiders}
decisions:
  - {step: 6.8b, player: Tom, target: Undying Wight, attackers: [Gimli, Legolas]}
abilities:
  responses: [{card: Legolas, player: Tom}]
  cards:
    - name: Undying Wight
      source: encounter
      abilities:
        - {kind: constant, effects: [{op: cannot, what: BAN, target: self}], says: "the ban"}
"""
    trace = check(text.replace("BAN", "leave play"))
    assert [(e["name"], e["damage"]) for e in player(trace)["engaged"]] == [("Undying Wight", 3)]
    assert trace.final_state["quest"]["progress"] == 0
    assert any("lotr:faq:q:73" in s.citations for s in trace.steps if s.event == "indestructible")
    free = check(text.replace("BAN", "draw cards"))
    assert player(free)["engaged"] == [] and free.final_state["quest"]["progress"] == 2


# ---------------------------------------------------------------------------- 1.2: collect resources


def test_cannot_collect_resources_no_resource_at_1_2_and_none_added_by_a_card():
    """A hero that cannot collect resources gets none at 1.2 (Glorfindel still collects 1) and
    none from Steward of Gondor's 'add 2' (FAQ 1.25: adding takes from the bank). Without the
    restriction: 1 at 1.2, then 2 more."""
    text = """
start: "1.1"
stop: {step: "1.3"}
cards:
  - {name: Heavy Chains, type: treachery}
players:
  - name: Tom
    threat: 20
    heroes: [{card: Aragorn, attachments: [Heavy Chains, Steward of Gondor]}, Glorfindel]
    deck: [Feint]
quest: {card: Flies and Spiders}
abilities:
  plays: [{step: "1.3", player: Tom, card: Steward of Gondor}]
  cards:
    - name: Heavy Chains
      source: encounter
      abilities:
        - {kind: constant, effects: [{op: cannot, what: BAN, target: attached hero}], says: "the ban"}
"""
    trace = replay(text.replace("BAN", "collect resources"))
    assert hero(trace, "Aragorn")["resources"] == 0 and hero(trace, "Glorfindel")["resources"] == 1
    free = replay(text.replace("BAN", "draw cards"))
    assert hero(free, "Aragorn")["resources"] == 3


# ---------------------------------------------------------------------------- 3.2: committing without exhausting


def test_cannot_exhaust_to_commit_to_the_quest_light_of_valinor_keeps_the_hero_ready():
    """Light of Valinor on Legolas: he commits and stays ready (his 1 willpower counts); Éowyn
    commits and exhausts. An exhausted hero with it still cannot commit (FAQ Q72)."""
    text = """
start: "3.1"
stop: {step: "3.2"}
players:
  - {name: Tom, threat: 30, heroes: [{card: Legolas, attachments: [Light of Valinor]}, Éowyn]}
quest: {card: Flies and Spiders}
decisions:
  - {step: "3.2", player: Tom, commit: [Legolas, Éowyn]}
"""
    trace = replay(text)
    assert hero(trace, "Legolas")["committed"] and not hero(trace, "Legolas")["exhausted"]
    assert hero(trace, "Éowyn")["exhausted"]
    refused = check(text.replace("{card: Legolas,", "{card: Legolas, exhausted: true,"))
    assert [v.rules for v in refused.violations] == [("lotr:rr:step:3.2", "lotr:rr:exhausted", "lotr:faq:q:72")]


def test_cannot_leave_play_unless_destroyed_an_effect_does_not_move_it_but_damage_destroys_it():
    """A Captain of The Morgul Vale (our own test enemy, figures made up) cannot leave play unless
    destroyed: Send Back (our own test event) would shuffle it into the encounter deck and does
    nothing; then Gimli and Legolas (5 attack against 2 defense, 3 hit points) destroy it. Without the
    restriction Send Back shuffles it into the encounter deck."""
    text = """
start: "6.1"
stop: {step: "6.8.4"}
cards:
  - {name: Stubborn Captain, type: enemy, engagement_cost: 30, threat: 2, attack: 2, defense: 2, hit_points: 3}
  - {name: Send Back, type: event, sphere: tactics, cost: 0}
players:
  - {name: Tom, threat: 30, heroes: [Gimli, Legolas], engaged: [Stubborn Captain], hand: [Send Back]}
quest: {card: Flies and Spiders}
decisions:
  - {step: "6.2", player: Tom, play: [{card: Send Back, pay_from: [Gimli]}]}
  - {step: "6.4.1", player: Tom, enemy: Stubborn Captain, defender: null}
  - {step: "6.4.3", player: Tom, enemy: Stubborn Captain, undefended_hero: Gimli}
  - {step: 6.8b, player: Tom, target: Stubborn Captain, attackers: [Gimli, Legolas]}
abilities:
  plays:
    - {card: Send Back, targets: {an enemy engaged with you: Stubborn Captain}}
  cards:
    - name: Send Back
      abilities:
        - {kind: action, effects: [{op: shuffle_into_deck, target: an enemy engaged with you}], says: "shuffle an enemy engaged with you into the encounter deck"}
    - name: Stubborn Captain
      source: encounter
      abilities:
        - {kind: constant, effects: [{op: cannot, what: BAN, target: self}], says: "the ban"}
"""
    trace = check(text.replace("BAN", "leave play unless destroyed"))
    assert any(s.event == "not-resolved" and "cannot leave play" in s.text for s in trace.steps)
    assert player(trace)["engaged"] == [] and trace.final_state["encounter_discard"] == ["Stubborn Captain"]  # destroyed all the same
    free = check(text.replace("BAN", "draw cards"))
    assert "Stubborn Captain" in free.final_state["encounter_deck"] and player(free)["engaged"] == []


def test_cannot_place_progress_on_the_main_quest_questing_fills_the_active_location_only():
    """Off Track (Beneath the Sands, in the library) forbids progress on the main quest: Aragorn and
    Éowyn quest for 6 against no threat; 2 progress explore the active location (1 of 3 before), the
    other 4 are not placed on the quest. Without the restriction (Off Track elsewhere) they are."""
    text = """
start: "3.4"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [{card: Aragorn, committed: true, exhausted: true}, {card: Éowyn, committed: true, exhausted: true}]}
WHERE
active_location: {card: Old Forest Road, progress: 1}
quest: {card: Flies and Spiders}
abilities: {}
"""
    held = check(text.replace("WHERE", "staging_area: [Off Track]"))
    assert held.final_state["quest"]["progress"] == 0 and held.final_state["encounter_discard"] == ["Old Forest Road"]
    assert any(s.event == "progress-forbidden" and "4 progress" in s.text for s in held.steps)
    free = check(text.replace("WHERE", "encounter_discard: [Off Track]"))
    assert free.final_state["quest"]["progress"] == 4


def test_cannot_play_cards_titled_a_name_refuses_every_version_of_it():
    """To the Tower (The Morgul Vale, in the library) removes Faramir from the game: Tom's Faramir is
    refused at 2.2 (his resources stay), his Gondorian Spearman is played; with To the Tower out of
    play Faramir is played normally."""
    text = """
start: "2.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [{card: Aragorn, resources: 4}, {card: Gimli, resources: 2}], hand: [Faramir, Gondorian Spearman]}
WHERE
quest: {card: Flies and Spiders}
decisions:
  - {step: "2.2", player: Tom, play: [{card: Faramir, pay_from: [Aragorn]}]}
  - {step: "2.2", player: Tom, play: [{card: Gondorian Spearman, pay_from: [Gimli]}]}
abilities: {}
"""
    held = check(text.replace("WHERE", "staging_area: [To the Tower]"))
    assert player(held)["hand"] == ["Faramir"] and [a["name"] for a in player(held)["allies"]] == ["Gondorian Spearman"]
    assert hero(held, "Aragorn")["resources"] == 4
    free = check(text.replace("WHERE", "encounter_discard: [To the Tower]"))
    assert sorted(a["name"] for a in player(free)["allies"]) == ["Faramir", "Gondorian Spearman"]


# ---------------------------------------------------------------------------- the table

# Every restriction phrase (and pattern) the grammar accepts -> the test that enforces it.
HERE = "tests.abilities.test_cannot_restrictions"
STAGES = "tests.abilities.test_escape_stage_rules"
PRISONER = "tests.abilities.test_prisoner"

# ---------------------------------------------------------------------------- 5.2 and 5.3: engage or be engaged

SHADE = """
start: "5.1"
stop: {step: "5.3"}
players:
  - {name: Tom, threat: 20, heroes: [Aragorn]}
staging_area: [Nameless Shade]
quest: {card: Flies and Spiders}
cards:
  - {name: Nameless Shade, type: enemy, engagement_cost: 10, threat: 2, attack: 3, defense: 2, hit_points: 9}
abilities:
  cards:
    - name: Nameless Shade
      source: encounter
      abilities:
        - {kind: constant, effects: [{op: cannot, what: engage or be engaged, target: self}], says: "it cannot engage or be engaged"}
"""


def test_cannot_engage_or_be_engaged_no_optional_engagement_and_no_engagement_check():
    """An enemy that cannot engage or be engaged (The Nameless Fear): Tom cannot engage it optionally at
    5.2 (check lists it, citing Cannot), and though its engagement cost 10 is below his threat 20, no
    engagement check at 5.3 engages it: it stays in the staging area."""
    refused = check(SHADE + 'decisions:\n  - {step: "5.2", player: Tom, engage: Nameless Shade}\n')
    assert refused.violations and "lotr:rr:cannot" in refused.violations[0].rules
    trace = replay(SHADE + 'decisions:\n  - {step: "5.2", player: Tom, engage: null}\n')
    assert player(trace)["engaged"] == []
    assert [c["name"] for c in trace.to_dict()["final_state"]["staging_area"]] == ["Nameless Shade"]

ENFORCED = {
    "attack": f"{HERE}::test_cannot_attack_forest_snare_on_an_engaged_enemy",
    "attack that player": f"{HERE}::test_cannot_attack_that_player_thicket_of_spears",
    "attack you": f"{HERE}::test_cannot_attack_you_the_enemy_engaged_with_you_does_not_attack_you",
    "defend": f"{HERE}::test_cannot_defend_a_restricted_hero_is_refused_as_defender_and_not_offered",
    "attack or defend": f"{HERE}::test_cannot_attack_or_defend_gandalfs_map_on_a_hero_who_is_not_the_prisoner",
    "contribute its threat": f"{HERE}::test_cannot_contribute_its_threat_secret_paths_old_forest_road_adds_no_threat_at_3_4",
    "draw cards": f"{HERE}::test_cannot_draw_cards_enchanted_stream_stops_the_resource_phase_draw",
    "play attachments": f"{HERE}::test_cannot_play_attachments_while_the_location_is_active",
    "play more than one ally a round": f"{STAGES}::test_second_ally_played_by_the_group_in_a_round_is_refused_naming_the_stage",
    "make engagement checks": f"{HERE}::test_cannot_make_engagement_checks_anduin_passage_leaves_the_enemy_in_the_staging_area",
    "be optionally engaged": f"{HERE}::test_cannot_be_optionally_engaged_unconditional_restriction_written_in_a_situation",
    "be optionally engaged while other enemies are in the staging area":
        f"{HERE}::test_cannot_be_optionally_engaged_while_other_enemies_are_in_the_staging_area_goblin_sniper",
    "have attachments played on it": f"{HERE}::test_cannot_have_attachments_played_on_it_nazgul_of_dol_guldur_refuses_forest_snare",
    "ready in the refresh phase": f"{HERE}::test_cannot_ready_in_the_refresh_phase_the_hero_stays_exhausted",
    "ready in the refresh phase unless {n} of its resources are paid":
        f"{HERE}::test_cannot_ready_in_the_refresh_phase_unless_2_of_its_resources_are_paid_caught_in_a_web",
    "commit to the quest": f"{HERE}::test_cannot_commit_to_the_quest_sacked_hero",
    "advance without an objective": f"{PRISONER}::test_stage_one_cannot_advance_without_an_objective",
    "advance without the rescued prisoner and all three objectives":
        f"{PRISONER}::test_stage_two_cannot_advance_until_the_prisoner_is_rescued_and_all_objectives_are_held",
    "defeat this stage while {card} is in play": f"{STAGES}::test_last_stage_cannot_be_defeated_while_the_nazgul_is_in_play",
    "be damaged by characters attacking through Ranged":
        "tests.abilities.test_immunities::test_immune_to_ranged_damage_attackers_through_ranged_add_no_strength",
    "collect resources": f"{HERE}::test_cannot_collect_resources_no_resource_at_1_2_and_none_added_by_a_card",
    "exhaust to commit to the quest": f"{HERE}::test_cannot_exhaust_to_commit_to_the_quest_light_of_valinor_keeps_the_hero_ready",
    "leave play": f"{HERE}::test_cannot_leave_play_an_enemy_stays_engaged_at_its_hit_points",
    "place progress on the main quest": f"{HERE}::test_cannot_place_progress_on_the_main_quest_questing_fills_the_active_location_only",
    "play cards titled {card}": f"{HERE}::test_cannot_play_cards_titled_a_name_refuses_every_version_of_it",
    "leave play unless destroyed": f"{HERE}::test_cannot_leave_play_unless_destroyed_an_effect_does_not_move_it_but_damage_destroys_it",
    "cancel encounter card effects": f"{HERE}::test_cannot_cancel_encounter_card_effects_a_test_of_will_is_not_played_on_a_when_revealed",
    "engage or be engaged": f"{HERE}::test_cannot_engage_or_be_engaged_no_optional_engagement_and_no_engagement_check",
    "be healed of more than {n} damage by one effect":
        "tests.abilities.test_heal_limits::test_one_effect_heals_at_most_the_cap_and_a_repeated_effect_heals_the_cap_each_time",
    "have attachments": "tests.abilities.test_blank_text::test_a_card_that_cannot_have_attachments_takes_them_only_while_blank_and_sheds_them_after",
    "be travelled to except by quest card effects":
        "tests.abilities.test_making_a_location_active::test_a_location_only_a_quest_card_can_make_active_is_refused_to_travel_and_to_player_cards",
}


def _cards_using(phrase: str) -> set[str]:
    """The library cards whose data writes a restriction of this phrase (or pattern)."""
    out = set()
    for entry in library().values():
        for a in entry.abilities:
            for e in (*a.effects, *a.cost, *a.then):
                if e.op == "cannot":
                    written = str(e.get("what"))
                    if written == phrase or (phrase in PATTERNS and _fits(written, phrase)):
                        out.add(entry.name)
    return out


def _fits(written: str, pattern: str) -> bool:
    head = pattern.split("{")[0]
    return written.startswith(head) and parse_restriction(written).moments == parse_restriction(
        pattern.replace("{n}", "2").replace("{card}", "Nazgûl of Dol Guldur")).moments


def test_cannot_every_restriction_the_grammar_accepts_has_an_enforcement_test():
    """Adding a restriction to the grammar without a test that enforces it fails here: the
    table names one test per phrase, the test exists, and it uses the restriction (its
    source writes the phrase or names a library card whose data does)."""
    assert set(ENFORCED) == set(phrases()), "add an enforcement test to ENFORCED for each new restriction"
    for phrase, ref in ENFORCED.items():
        module, name = ref.split("::")
        test = getattr(importlib.import_module(module), name, None)
        assert callable(test), f"{phrase}: no test {ref}"
        cards = _cards_using(phrase)
        source, module_text = inspect.getsource(test), inspect.getsource(importlib.import_module(module)).split("\nENFORCED = {")[0]
        written = phrase.split("{")[0].strip()
        assert written in source or written in module_text or any(c in source or c in module_text for c in cards), \
            f"{phrase}: {name} neither writes the restriction nor names a card whose data has it ({sorted(cards)})"


def test_cannot_every_restriction_in_the_card_library_parses_to_enforced_moments():
    """The library writes only restrictions of the grammar, each forbidding known moments."""
    from adjudicator.lotr.abilities.grammar.restrictions import MOMENTS

    for entry in library().values():
        for a in entry.abilities:
            for e in a.effects:
                if e.op == "cannot":
                    rs = parse_restriction(str(e.get("what")))
                    assert rs.moments and set(rs.moments) <= set(MOMENTS), (entry.name, rs)
    assert set(PHRASES) | set(PATTERNS) == set(phrases())
