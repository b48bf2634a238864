"""Cards as data (Starter §10 Playing and Drawing Cards, Events, Items; §7 The Strike
Sequence): a card described in a situation is played and its effects resolved, each step
naming the card, and the rules of card play (when, by whom, what counts) apply."""

from __future__ import annotations

import textwrap

from adjudicator.metw.engine import citations as C
from adjudicator.metw.engine import replay

EVENTS = """
cards:
  events:
    Dark Omen: {side: hazard, class: short-event, effects: [{op: modify, stat: prowess, target: character, value: -2}]}
    Shadow Path: {side: hazard, class: short-event, effects: [{op: retype, from: w, to: s, count: 1}]}
    Long Night: {side: hazard, class: long-event, keywords: [environment], effects: [{op: retype, map: {w: s, s: d}}]}
    Bright Dawn: {side: resource, class: long-event, keywords: [environment], effects: [{op: modify, stat: hazard_limit, target: company, value: -1}]}
    Sun Fails: {side: hazard, class: permanent-event, effects: [{op: discard, target: keyword, keyword: environment, side: resource}]}
    Turn Back: {side: hazard, class: short-event, effects: [{op: return_to_origin, target: company}]}
    Many Foes: {side: hazard, class: short-event, effects: [{op: modify, stat: strikes, target: attack, value: 1}]}
    Hide: {side: resource, class: short-event, cost: {tap: by, skill: scout}, effects: [{op: cancel, target: attack}]}
    Grim Lure: {side: hazard, class: permanent-event, effects: [{op: corruption, target: character, value: 2}]}
    Rest: {side: resource, class: short-event, effects: [{op: heal, target: character, to_state: untapped}]}
    Cloud Cover: {side: hazard, class: long-event, effects: [{op: modify, stat: strikes, target: attack, value: 1, when: {automatic: true}}]}
  creatures:
    Wolves: {strikes: 2, prowess: 7, body: null, race: Wolf, regions: [w]}
    Crows: {strikes: 1, prowess: 6, body: null, each_faces_one: true, regions: [w]}
"""


def run(actions: str, *, head: str = "phase: movement/hazard", chars: str = "[{name: Arn, prowess: 5, body: 8, skills: [scout]}, {name: Bea, prowess: 4, body: 7}]"):
    text = (f"game: metw\n{head}\nsites:\n  Rivendell: {{type: h, haven_paths: {{Lórien: [w, w, b, w]}}}}\n"
            "  Lórien: {type: h, haven_paths: {Rivendell: [w, w, b, w]}}\n"
            f"players:\n  Ann:\n    companies:\n      - {{name: Fellows, site: Rivendell, new_site: Lórien, characters: {chars}}}\n"
            "  Bob:\n    companies:\n      - {name: Raiders, site: Lórien, characters: [{name: Ulf}]}\n"
            + EVENTS + "actions:\n" + textwrap.indent(textwrap.dedent(actions).strip(), "  ") + "\n")
    return replay("cards.yaml", text=text)


def test_card_effect_steps_name_the_card_and_cite_the_card_play_rules():
    r = run("- play: {card: Dark Omen, target: Arn}")
    played = [s for s in r.trace.steps if s.event == "card-played"]
    assert played and "Dark Omen" in played[0].text and C.SHORT_EVENT in played[0].citations
    assert r.results[0]["result"]["card"] == "Dark Omen"
    assert r.results[0]["result"]["effects"] == [{"op": "modify", "target": "Arn", "stat": "prowess", "value": -2, "until": "end-of-turn"}]
    assert [e["card"] for e in r.trace.final_state["effects"]] == ["Dark Omen"]


def test_hazard_limit_counts_hazard_cards():
    r = run("- play: {card: Dark Omen, target: Arn}\n- play: {card: Dark Omen, target: Bea}\n- play: {card: Dark Omen, target: Arn}")
    assert "illegal" not in r.results[1]
    assert C.HAZARD_LIMIT in r.results[2]["illegal"]["rules"]  # size 2: a limit of two


def test_hazard_cards_only_in_the_movement_hazard_phase():
    r = run("- play: {card: Dark Omen, target: Arn}", head="phase: site")
    assert r.illegal and C.MOVEMENT_HAZARD_PHASE in r.illegal["rules"]


def test_resource_long_events_only_in_the_long_event_phase():
    r = run("- play: {card: Bright Dawn, company: Fellows}")
    assert r.illegal and C.LONG_EVENT_PHASE in r.illegal["rules"]
    ok = run("- play: {card: Bright Dawn, company: Fellows}\n- company_size: {company: Fellows}", head="phase: long-event")
    assert ok.results[-1]["result"]["hazard_limit"] == 1  # max(2, 2) - 1


def test_long_event_leaves_play_at_its_players_next_long_event_phase():
    r = run("""
    - play: {card: Bright Dawn, company: Fellows}
    - end_turn: {next: Ann}
    - phase: {to: movement/hazard}
    - company_size: {company: Fellows}
    """, head="phase: long-event")
    assert r.results[-1]["result"]["hazard_limit"] == 2
    assert any(s.event == "long-events-end" and "Bright Dawn" in s.text for s in r.trace.steps)


def test_retype_changes_what_creatures_may_be_keyed_to():
    r = run("""
    - play: {card: Shadow Path, company: Fellows}
    - play: {card: Long Night, company: Fellows}
    - keying: {company: Fellows}
    """)
    # w w b w: one w as s -> s w b w; then w as s, s as d -> d s b s
    assert sorted(r.results[-1]["result"]["path"]) == sorted(["d", "s", "b", "s"])
    assert "ss" in r.results[-1]["result"]["keyable"] and "w" not in r.results[-1]["result"]["keyable"]


def test_permanent_event_discards_events_by_keyword():
    r = run("""
    - play: {card: Bright Dawn, company: Fellows}
    - phase: {to: movement/hazard}
    - play: {card: Sun Fails, company: Fellows}
    - company_size: {company: Fellows}
    """, head="phase: long-event")
    assert r.results[2]["result"]["effects"][0]["discarded"] == ["Bright Dawn"]
    assert "Bright Dawn" in r.trace.final_state["discarded"]


def test_return_to_origin_ends_the_hazards_on_that_company():
    r = run("- play: {card: Turn Back, company: Fellows}\n- hazard: {company: Fellows, card: Late}\n")
    assert "illegal" not in r.results[0]
    assert r.trace.final_state["companies"]["Fellows"]["new_site"] is None
    assert "return to its site of origin" in r.results[1]["illegal"]["reason"]


def test_strike_sequence_strike_number_cards_come_before_assignment():
    r = run("""
    - attack:
        company: Fellows
        creature: Wolves
        keyed_to: w
        cards: [Many Foes]
        assign: {defender: [Arn, Bea], excess: {Arn: 1}}
        strikes: [{target: Arn, roll: 12}, {target: Bea, roll: 12}]
    """)
    res = r.results[0]["result"]
    assert res["excess"] == {"Arn": 1}  # 2 + 1 strikes on two characters
    late = run("""
    - attack:
        company: Fellows
        creature: Wolves
        assign: {defender: [Arn, Bea]}
        strikes: [{target: Arn, roll: 12, cards: [Many Foes]}, {target: Bea, roll: 12}]
    """)
    assert late.illegal and C.STRIKE_SEQUENCE in late.illegal["rules"]


def test_each_faces_one_strike_ignores_strike_number_cards():
    r = run("""
    - attack:
        company: Fellows
        creature: Crows
        cards: [Many Foes]
    """)
    assert r.illegal and "just to discard it" in r.illegal["reason"]  # nothing else in it applies
    skipped = [s for s in r.trace.steps if s.event == "effect-skipped"]
    assert skipped and C.EACH_FACES_ONE in skipped[0].citations


def test_cancel_needs_a_scout_to_tap():
    r = run("- attack: {company: Fellows, creature: Wolves, cards: [{card: Hide, by: Bea}]}")
    assert r.illegal and "scout" in r.illegal["reason"]
    ok = run("- attack: {company: Fellows, creature: Wolves, cards: [{card: Hide, by: Arn}]}")
    assert ok.results[0]["result"]["outcome"] == "canceled"
    assert ok.trace.final_state["characters"]["Arn"]["state"] == "tapped"


def test_a_card_may_not_be_played_just_to_discard_it():
    r = run("- play: {card: Rest, target: Arn}", head="phase: organization")  # Arn is not wounded
    assert r.illegal and C.PLAYING_CARDS in r.illegal["rules"]


def test_heal_moves_a_wounded_character():
    r = run("- play: {card: Rest, target: Arn}", head="phase: organization",
            chars="[{name: Arn, state: wounded}, {name: Bea}]")
    assert r.trace.final_state["characters"]["Arn"]["state"] == "untapped"
    assert any(C.HEALING in s.citations for s in r.trace.steps if s.event == "heal")


def test_corruption_card_adds_corruption_points():
    r = run("- play: {card: Grim Lure, target: Bea}")
    assert r.trace.final_state["characters"]["Bea"]["corruption_points"] == 2


def test_lasting_attack_modification_applies_only_when_its_condition_holds():
    r = run("""
    - play: {card: Cloud Cover, company: Fellows}
    - attack: {company: Fellows, creature: Wolves, assign: {defender: [Arn, Bea]}, strikes: [{target: Arn, roll: 12}, {target: Bea, roll: 12}]}
    """)
    assert r.results[1]["result"]["excess"] == {}  # not an automatic-attack: still two strikes


def test_resources_are_played_by_the_player_whose_turn_it_is():
    r = run("- play: {card: Rest, target: Ulf, player: Bob}", head="phase: organization")
    assert r.illegal and C.PLAYING_CARDS in r.illegal["rules"]


def test_unknown_card_name_is_an_input_error_with_did_you_mean():
    import pytest

    from adjudicator.errors import InputError

    with pytest.raises(InputError, match="did you mean: Dark Omen"):
        run("- play: {card: Dark Omn, target: Arn}")


def test_lasting_attack_modification_applies_when_its_condition_holds():
    r = run("""
    - play: {card: Cloud Cover, company: Fellows}
    - phase: {to: site}
    - attack:
        company: Fellows
        creature: {name: Guards, strikes: 2, prowess: 5}
        automatic: true
        assign: {defender: [Arn, Bea], excess: {Bea: 1}}
        strikes: [{target: Arn, roll: 12}, {target: Bea, roll: 12}]
    """)
    assert r.results[-1]["result"]["excess"] == {"Bea": 1}  # an automatic-attack: 2 + 1 strikes on two characters
    assert any(s.event == "attack-modified" and "Cloud Cover" in s.text for s in r.trace.steps)


def test_hazard_long_event_lasts_until_the_next_long_event_phase_of_the_player_it_was_played_on():
    r = run("""
    - play: {card: Long Night, company: Fellows}
    - end_turn: {}
    - phase: {to: movement/hazard}
    - end_turn: {}
    - phase: {to: movement/hazard}
    """)
    turns = [s.index for s in r.trace.steps if s.event == "turn-begins"]
    ends = [s.index for s in r.trace.steps if s.event == "long-events-end" and "Long Night" in s.text]
    assert len(turns) == 2 and len(ends) == 1
    assert ends[0] > turns[1]  # not in Bob's long-event phase (turn 2), in Ann's (turn 3)
