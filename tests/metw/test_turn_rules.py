"""Starter §4 and Standard §4 The Player Turn (untap, organization, long-event,
movement/hazard, site, end-of-turn) and the limits that hold per phase and per turn;
Standard §5 splitting and joining companies away from Havens."""

from __future__ import annotations

import textwrap
from pathlib import Path

from adjudicator.metw.engine import citations as C
from adjudicator.metw.engine import replay

from .conftest import result

SITES = """
sites:
  Rivendell: {type: h, haven_paths: {Lórien: [w, w, b, w]}}
  Lórien: {type: h, haven_paths: {Rivendell: [w, w, b, w]}}
  Bree: {type: B, nearest_haven: Rivendell, path: [w, w], region: Arthedain, playable: [minor]}
  Weathertop: {type: r, nearest_haven: Rivendell, path: [w, w], region: Arthedain, playable: [minor, major],
               automatic_attacks: [{name: Wolves, strikes: 2, prowess: 5}]}
  Bag End: {type: F, nearest_haven: Rivendell, path: [w, w, f], region: The Shire}
regions:
  Arthedain: {type: w, adjacent: [The Shire, Rhudaur]}
  The Shire: {type: f, adjacent: [Arthedain]}
  Rhudaur: {type: w, adjacent: [Arthedain]}
"""


def play(actions: str, *, chars: str = "- {name: Arn, mind: 5, di: 3, prowess: 5, body: 8}\n- {name: Bea, mind: 3, prowess: 4, body: 7}",
         site: str = "Rivendell", rules: str = "standard", head: str = "", bob_site: str = "Lórien", extra_company: str = ""):
    chars_yaml = textwrap.indent(textwrap.dedent(chars).strip(), " " * 10)
    extra = textwrap.indent(textwrap.dedent(extra_company).strip(), " " * 6) if extra_company.strip() else ""
    text = (f"game: metw\nrules: {rules}\n{head}\nplayers:\n  Ann:\n    companies:\n      - name: Fellows\n"
            f"        site: {site}\n        characters:\n{chars_yaml}\n{extra}\n"
            f"  Bob:\n    companies:\n      - {{name: Raiders, site: {bob_site}, characters: [{{name: Ulf, mind: 3, di: 1, prowess: 3, body: 7}}]}}\n"
            + SITES + "actions:\n" + textwrap.indent(textwrap.dedent(actions).strip(), "  ") + "\n")
    return replay("turn.yaml", text=text)


def events(run, event):
    return [s for s in run.trace.steps if s.event == event]


def ok(run):
    bad = [(e["line"], e.get("illegal"), e.get("pending")) for e in run.results if "illegal" in e or "pending" in e]
    assert not bad, bad
    return run


def test_player_turn_situation_starts_in_the_phase_it_states():
    r = ok(play("- hazard: {company: Fellows, card: Doors of Night}", head="phase: movement/hazard"))
    first = events(r, "phase-begins")[0]
    assert first.phase == "movement/hazard" and C.MOVEMENT_HAZARD_PHASE in first.citations and C.PLAYER_TURN in first.citations
    assert r.trace.final_state["turn"] == {"number": 1, "player": "Ann", "phase": "movement/hazard"}


def test_player_turn_first_procedure_sets_the_starting_phase():
    r = ok(play("- influence_faction: {character: Arn, faction: {name: Rangers, value: 2}, roll: 12}"))
    assert [s.phase for s in events(r, "phase-begins")] == ["site"]


def test_player_turn_each_phase_boundary_is_a_trace_step_citing_its_phase():
    r = ok(play("""
    - play_character: {character: {name: Cid, mind: 2}, company: Fellows, controller: general influence}
    - enter_site: {company: Fellows}
    """))
    begun = events(r, "phase-begins")
    assert [s.phase for s in begun] == ["organization", "long-event", "movement/hazard", "site"]
    for step, rule in zip(begun, (C.ORGANIZATION_PHASE, C.LONG_EVENT_PHASE, C.MOVEMENT_HAZARD_PHASE, C.SITE_PHASE)):
        assert rule in step.citations


def test_player_turn_a_procedure_of_a_phase_already_over_is_refused():
    r = play("""
    - enter_site: {company: Fellows}
    - move: {company: Fellows, to: Lórien}
    """)
    bad = r.results[1]
    assert "illegal" in bad and "already in its site phase" in bad["illegal"]["reason"]
    assert C.MOVEMENT_HAZARD_PHASE in bad["illegal"]["rules"]


def test_player_turn_end_turn_begins_the_opponents_untap_phase():
    r = ok(play("- end_turn: {}", head="phase: site"))
    assert result(r) == {"turn": 2, "player": "Bob", "phase": "untap"}
    assert [s.phase for s in events(r, "phase-begins")][-1] == "end-of-turn"
    assert events(r, "turn-begins")[0].citations[0] == C.PLAYER_TURN


def test_untap_phase_not_declared_untaps_and_heals_at_a_haven():
    r = ok(play("- phase: {to: organization}", chars="- {name: Arn, state: wounded}\n- {name: Bea, state: tapped}",
                head="phase: untap"))
    assert r.trace.final_state["characters"]["Arn"]["state"] == "tapped"  # healed: wounded -> tapped
    assert r.trace.final_state["characters"]["Bea"]["state"] == "untapped"
    assert events(r, "untap-default")[0].interpretation is not None


def test_organization_one_and_only_one_character_brought_into_play():
    r = play("""
    - play_character: {character: {name: Cid, mind: 2}, company: Fellows, controller: general influence}
    - play_character: {character: {name: Dag, mind: 2}, company: Fellows, controller: general influence}
    """)
    assert "illegal" not in r.results[0]
    assert "one and only one" in r.results[1]["illegal"]["reason"]
    assert C.ONE_CHARACTER_PER_TURN in r.results[1]["illegal"]["rules"]


def test_organization_influence_must_fit_at_its_end():
    r = play("""
    - organize: {control: {Bea: general influence}}
    - phase: {to: long-event}
    """, chars="- {name: Arn, mind: 9, di: 3}\n- {name: Bea, mind: 3, controller: Arn}\n- {name: Cid, mind: 9}")
    assert r.results[0]["result"]["unused_general_influence"] == -1  # allowed during the phase
    assert "end of the organization phase" in r.results[1]["illegal"]["reason"]
    assert C.INFLUENCE_END_OF_ORG in r.results[1]["illegal"]["rules"]


def test_hazard_limit_fixed_when_the_movement_hazard_phase_begins():
    r = ok(play("""
    - attack:
        company: Fellows
        creature: {name: Troll, strikes: 1, prowess: 12}
        assign: {defender: [Bea]}
        strikes: [{target: Bea, roll: 2, body_roll: 12}]
    - hazard: {company: Fellows, card: Second}
    - company_size: {company: Fellows}
    """, chars="- {name: Arn, mind: 5}\n- {name: Bea, mind: 3, prowess: 1, body: 5}\n- {name: Cid, mind: 3}"))
    assert result(r, 0)["strikes"][0]["outcome"] == "eliminated"
    assert result(r)["size"] == 3 and result(r)["hazard_limit"] == 3  # two left, the limit stays 3


def test_hazards_only_on_the_companies_of_the_player_whose_turn_it_is():
    r = play("- hazard: {company: Raiders, card: Doors of Night}")
    assert r.illegal and C.HAZARD_CARDS in r.illegal["rules"]


def test_company_movement_one_new_site_a_turn():
    r = play("""
    - move: {company: Fellows, to: Bree, arrive: true}
    - move: {company: Fellows, to: Rivendell}
    """)
    assert "illegal" not in r.results[0]
    assert "already moved this turn" in r.results[1]["illegal"]["reason"]


def test_movement_hazard_companies_go_one_at_a_time():
    r = play("""
    - hazard: {company: Fellows, card: One}
    - hazard: {company: Scouts, card: Two}
    - hazard: {company: Fellows, card: Three}
    """, extra_company="""
          - name: Scouts
            site: Rivendell
            characters: [{name: Dag, mind: 2}]
    """)
    assert "illegal" not in r.results[1]
    assert "part of this movement/hazard phase is over" in r.results[2]["illegal"]["reason"]


def test_site_phase_automatic_attack_before_a_resource_and_the_site_taps():
    refused = play("- play_resource: {character: Arn, item: {name: Dagger, kind: minor}}", site="Weathertop")
    assert refused.illegal and C.AUTOMATIC_ATTACK_FIRST in refused.illegal["rules"]
    r = ok(play("""
    - attack:
        company: Fellows
        creature: {name: Wolves, strikes: 2, prowess: 5}
        automatic: true
        assign: {defender: [Arn, Bea]}
        strikes: [{target: Arn, roll: 8}, {target: Bea, roll: 2, body_roll: 2}]
    - play_resource: {character: Cid, item: {name: Sword, kind: major}, minor_item: {character: Dag, item: {name: Dagger, kind: minor}}}
    """, site="Weathertop", chars="- {name: Arn, prowess: 5, body: 8}\n- {name: Bea, prowess: 4, body: 7}\n- {name: Cid}\n- {name: Dag}"))
    final = r.trace.final_state
    assert final["sites"]["Weathertop"]["tapped"] is True
    assert final["characters"]["Cid"]["items"] == ["Sword"] and final["characters"]["Dag"]["items"] == ["Dagger"]
    assert final["characters"]["Cid"]["state"] == "tapped" and final["companies"]["Fellows"]["resource_played"] == "Sword"


def test_site_phase_one_resource_card_per_company():
    r = play("""
    - play_resource: {character: Arn, item: {name: Dagger, kind: minor}}
    - play_resource: {character: Bea, item: {name: Knife, kind: minor}}
    """, site="Bree")
    assert "illegal" not in r.results[0]
    assert "already attempted Dagger" in r.results[1]["illegal"]["reason"] or "tapped" in r.results[1]["illegal"]["reason"]


def test_site_phase_a_tapped_site_cannot_be_explored():
    text = textwrap.dedent("""
    game: metw
    players:
      Ann:
        companies: [{name: Fellows, site: Bree, characters: [{name: Arn}]}]
    """) + SITES.replace("Bree: {type: B,", "Bree: {tapped: true, type: B,") + "actions:\n  - enter_site: {company: Fellows}\n"
    r = replay("t.yaml", text=text)
    assert r.illegal and C.SITE_TAPPED in r.illegal["rules"]


def test_splitting_a_company_at_a_non_haven_site_is_standard_only():
    starter = play("- organize: {split: {company: Fellows, into: {Scouts: [Bea]}}}", site="Bree", rules="starter")
    assert starter.illegal and C.COMBINE_SPLIT_AT_HAVEN in starter.illegal["rules"]
    standard = ok(play("- organize: {split: {company: Fellows, into: {Scouts: [Bea]}}}", site="Bree"))
    assert standard.trace.final_state["companies"]["Scouts"]["site"] == "Bree"


def test_splitting_companies_may_not_move_to_the_same_site_separately():
    r = play("""
    - organize: {split: {company: Fellows, into: {Scouts: [Bea]}}}
    - move: {company: Fellows, to: Bag End, regions: [Arthedain, The Shire]}
    - move: {company: Scouts, to: Bag End, regions: [Arthedain, The Shire]}
    """, site="Bree")
    assert "illegal" not in r.results[1]
    assert C.SPLITTING_SAME_SITE in r.results[2]["illegal"]["rules"]


def test_splitting_companies_only_one_may_stay():
    r = play("""
    - organize: {split: {company: Fellows, into: {Scouts: [Bea]}}}
    - phase: {to: site}
    """, site="Bree")
    assert r.illegal and "only one of them may remain" in r.illegal["reason"]


def test_joining_a_company_already_at_a_non_haven_site_combines_at_the_end_of_movement():
    r = ok(play("""
    - move: {company: Scouts, to: Bree, regions: [Arthedain]}
    - hazard: {company: Scouts, card: Wolves}
    - phase: {to: site}
    """, site="Bree", extra_company="""
          - name: Scouts
            site: Weathertop
            characters: [{name: Dag, mind: 2}]
    """))
    assert result(r, 0)["joins"] == "Fellows"
    final = r.trace.final_state
    assert "Scouts" not in final["companies"] and final["characters"]["Dag"]["company"] == "Fellows"
    assert any(C.JOINING in s.citations for s in events(r, "combined"))


def test_starter_companies_combine_only_at_a_haven():
    r = play("- organize: {join: {company: Scouts, into: Fellows}}", site="Bree", rules="starter", extra_company="""
          - name: Scouts
            site: Bree
            characters: [{name: Dag, mind: 2}]
    """)
    assert r.illegal and C.COMBINE_SPLIT_AT_HAVEN in r.illegal["rules"]
    at_haven = ok(play("- organize: {join: {company: Scouts, into: Fellows}}", rules="starter", extra_company="""
          - name: Scouts
            site: Rivendell
            characters: [{name: Dag, mind: 2}]
    """))
    assert at_haven.trace.final_state["characters"]["Dag"]["company"] == "Fellows"


def test_discarding_a_character_is_instead_of_playing_one():
    r = play("""
    - organize: {discard: [Bea]}
    - play_character: {character: {name: Cid, mind: 2}, company: Fellows, controller: general influence}
    """)
    assert "illegal" not in r.results[0]
    assert C.ONE_CHARACTER_PER_TURN in r.results[1]["illegal"]["rules"]


def test_organization_influence_short_from_the_start_asks_which_characters_are_discarded():
    chars = "- {name: Arn, mind: 12}\n- {name: Bea, mind: 9}"
    asks = play("- phase: {to: long-event}", chars=chars, head="phase: organization")
    assert asks.trace.pending is not None and asks.trace.pending.key == "organize.discard"
    assert C.INFLUENCE_EXCESS_DISCARD in asks.trace.pending.citations
    done = ok(play("- organize: {discard: [Bea]}\n- phase: {to: long-event}", chars=chars, head="phase: organization"))
    assert done.trace.final_state["characters"]["Bea"]["state"] == "out"


def test_organization_a_follower_orphaned_this_organization_phase_waits_for_the_next_one():
    r = ok(play("""
    - organize: {discard: [Arn]}
    - phase: {to: site}
    """, chars="- {name: Arn, mind: 5, di: 3}\n- {name: Bea, mind: 3, controller: Arn}", head="phase: organization"))
    assert r.trace.final_state["characters"]["Bea"]["orphaned"] is True


def test_site_phase_an_on_guard_creature_attack_is_not_a_new_hazard():
    r = ok(play("""
    - hazard: {company: Fellows, card: an on-guard card}
    - phase: {to: site}
    - attack:
        company: Fellows
        creature: {name: Drake, strikes: 1, prowess: 5}
        assign: {defender: [Arn]}
        strikes: [{target: Arn, roll: 12}]
    """, head="phase: movement/hazard"))
    assert r.trace.final_state["companies"]["Fellows"]["hazards_played"] == 1


def test_player_turn_replay_stops_where_a_phase_begins():
    from adjudicator.engine import game

    path = Path(__file__).resolve().parents[2] / "scenarios" / "metw" / "turn_company_moves_faces_hazards_plays_site.yaml"
    result = game.replay(game.open_situation(path), stop="site")
    final = result.trace.final_state
    assert final["turn"]["phase"] == "site" and final["companies"]["Rangers"]["site"] == "Old Watchtower"  # arrived
    assert final["sites"]["Old Watchtower"]["tapped"] is False  # the site phase's actions are not replayed
    assert result.trace.steps[-1].event == "replay-stopped" and C.SITE_PHASE in result.trace.steps[-1].citations
    assert [e["procedure"] for e in result.results][-1] == "attack"


def test_player_turn_stop_names_a_phase_or_a_number():
    import pytest

    from adjudicator.engine import game
    from adjudicator.errors import InputError

    path = Path(__file__).resolve().parents[2] / "scenarios" / "metw" / "turn_company_moves_faces_hazards_plays_site.yaml"
    with pytest.raises(InputError) as err:
        game.replay(game.open_situation(path), stop="sight")
    assert "did you mean site" in str(err.value.hint)
    assert len(game.replay(game.open_situation(path), stop="2").results) == 2
