"""A choice the replay stops for offers only the legal options (The word "Choose";
Defending Player; FAQ 1.52): "you control" in a shadow effect is the defending player's
cards, who picks among them; "2 characters" is answered with two of them; "an attachment
of the defending character" is one of the defender's attachments; "an attachment the
defending player chooses" one of that player's."""

from __future__ import annotations

from adjudicator.lotr.engine import api

# Tom is the first player; Kris is attacked, so Kris is the defending player.
BASE = """
start: "6.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [Gimli, {card: Legolas, attachments: [Dwarven Axe]}]}
  - {name: Kris, threat: 20, engaged: [Dol Guldur Orcs],
     heroes: [{card: Aragorn, attachments: [Blade of Gondolin, Citadel Plate]}, {card: Glorfindel, attachments: [Steward of Gondor]}, Éowyn]}
encounter_deck: [%s]
decisions:
  - {step: "6.4.1", player: Kris, enemy: Dol Guldur Orcs, %s}
%s
abilities: {version: errata}
"""
DEFENDED = "defender: Aragorn"
UNDEFENDED = "defender: null, undefended_hero: Glorfindel"


def replay(shadow: str, defence: str, more: str = ""):
    return api.replay(api.load("choice.yaml", text=BASE % (shadow, defence, more)), abilities=True)


def asked(trace):
    assert trace.pending is not None and trace.pending.key == "ability"
    return trace.pending


def test_choose_a_character_you_control_in_a_shadow_effect_offers_only_the_defending_players():
    pending = asked(replay("King Spider", DEFENDED))
    assert [o.label for o in pending.options] == ["Aragorn", "Glorfindel", "Éowyn"]
    assert pending.player == "Kris"  # their own characters: the defending player picks, not the first player
    assert {"lotr:rr:defending-player", "lotr:faq:1.52"} <= set(pending.citations)


def test_choose_2_characters_you_control_offers_pairs_of_the_defending_players_characters():
    pending = asked(replay("King Spider", UNDEFENDED))
    assert [o.label for o in pending.options] == ["Aragorn and Glorfindel", "Aragorn and Éowyn", "Glorfindel and Éowyn"]
    assert pending.player == "Kris"
    assert pending.example["ability"]["targets"] == {"2 characters you control": ["Aragorn", "Glorfindel"]}


def test_choose_2_characters_answered_with_two_exhausts_both():
    answer = ('  - {step: "6.4.2", round: 1, ability: {card: King Spider, targets: {2 characters you control: [Glorfindel, Éowyn]}}}\n'
              '  - {step: "6.8b", player: Tom, target: null}\n  - {step: "6.8b", player: Kris, target: null}')
    trace = replay("King Spider", UNDEFENDED, answer)
    assert trace.pending is None
    exhausted = [s.changes[0].target for s in trace.steps if s.event == "exhaust" and "King Spider" in s.text]
    assert exhausted == ["Glorfindel", "Éowyn"]


def test_choose_an_attachment_of_the_defending_character_offers_only_the_defenders_attachments():
    pending = asked(replay("Driven by Shadow", DEFENDED))
    assert [o.label for o in pending.options] == ["Blade of Gondolin", "Citadel Plate"]


def test_choose_an_attachment_the_defending_player_chooses_offers_only_that_players_attachments():
    pending = asked(replay("Forest Spider", DEFENDED))
    assert [o.label for o in pending.options] == ["Blade of Gondolin", "Citadel Plate", "Steward of Gondor"]
    assert pending.player == "Kris" and "lotr:rr:defending-player" in pending.citations


SNIPERS = """
start: "6.10"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [Legolas, Gimli], engaged: [Goblin Sniper]}
staging_area: [Goblin Sniper]
decisions:
  - {step: "6.11", ability: {card: ANSWER, targets: {a character each player chooses: [Gimli]}}}
  - {step: "6.11", forced_order: ["Goblin Sniper (forced)", "Goblin Sniper#2: Goblin Sniper (forced)"]}
abilities: {version: errata}
"""


def snipers(answer: str, swap: bool = False):
    text = SNIPERS.replace("ANSWER", answer)
    if swap:  # the engaged copy labelled "Goblin Sniper#2", the one in the staging area "Goblin Sniper"
        text = text.replace("engaged: [Goblin Sniper]", 'engaged: [{card: Goblin Sniper, label: "Goblin Sniper#2"}]').replace(
            "staging_area: [Goblin Sniper]", "staging_area: [{card: Goblin Sniper, label: Goblin Sniper}]")
    return api.replay(api.load("snipers.yaml", text=text), abilities=True)


def test_a_forced_effect_whose_condition_fails_asks_for_no_choice_and_the_answer_goes_to_the_copy_it_names():
    # the engaged copy's condition (being in the staging area) fails: it takes no answer; the copy in the
    # staging area, labelled "Goblin Sniper", takes the answer naming it
    trace = snipers("Goblin Sniper", swap=True)
    assert trace.pending is None and not trace.final_state.get("unused_decisions")
    assert any(s.event == "not-resolved" and "condition (in the staging area) does not hold" in s.text for s in trace.steps)
    gimli = next(h for h in trace.final_state["players"][0]["heroes"] if h["label"] == "Gimli")
    assert gimli["damage"] == 1


def test_a_card_name_that_is_another_copys_label_answers_for_that_copy_only():
    trace = snipers("Goblin Sniper")  # the engaged copy's label: the copy in the staging area still asks
    assert trace.pending is not None and "Goblin Sniper#2" in trace.pending.question
