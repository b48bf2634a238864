"""Bad situation files: every problem reported at once with file, line and column, "did
you mean" for card names, and nothing half-applied; fuzzed files give a clean
InputError or a trace, never another exception."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.engine.decisions import IllegalDecision
from adjudicator.errors import InputError
from adjudicator.lotr.engine import api


def load(text):
    return api.load("bad.yaml", text=text)


def test_unknown_card_name_gets_did_you_mean_with_line_and_column():
    with pytest.raises(InputError) as info:
        load("players:\n  - name: P1\n    heroes: [Aragron]\n")
    msg = info.value.message
    assert "bad.yaml:3:14" in msg and "did you mean: Aragorn" in msg


def test_card_names_are_found_without_diacritics():
    s = load("players:\n  - {name: P1, heroes: [eowyn]}\nstaging_area: [Nazgul of Dol Guldur]\n")
    assert s.game.players[0].heroes[0].name == "Éowyn"
    assert s.game.staging[0].name == "Nazgûl of Dol Guldur"


def test_several_problems_are_reported_at_once():
    with pytest.raises(InputError) as info:
        load("players:\n  - name: P1\n    threat: lots\n    heroes: [Hill Troll]\nstaging_area: [Gimly]\nstopp: 1\n")
    msg = info.value.message
    assert msg.startswith("4 problems in bad.yaml")
    assert "bad.yaml:3:13" in msg  # threat
    assert "Hill Troll, which is an enemy" in msg
    assert "did you mean: Gimli" in msg
    assert "did you mean: stop" in msg


def test_decision_at_the_wrong_step_is_refused_with_the_right_step():
    with pytest.raises(InputError) as info:
        load("players:\n  - {name: P1, heroes: [Gimli]}\ndecisions:\n  - {step: '3.2', travel: Old Forest Road}\n")
    assert "decided at step 4.2" in info.value.message


def test_unknown_player_in_a_decision_is_reported():
    with pytest.raises(InputError) as info:
        load("players:\n  - {name: P1, heroes: [Gimli]}\ndecisions:\n  - {step: '3.2', player: P9, commit: []}\n")
    assert "bad.yaml:4:27" in info.value.message


def test_inline_card_with_an_unknown_keyword_is_reported():
    with pytest.raises(InputError) as info:
        load("cards:\n  - {name: X, type: enemy, keywords: [Flying 2]}\nplayers:\n  - {name: P1, heroes: [Gimli]}\n")
    assert "Flying 2" in info.value.message


def test_inline_cards_define_new_designs():
    s = load("cards:\n  - {name: Cave Troll, type: enemy, engagement_cost: 33, attack: 5, hit_points: 8, keywords: [Surge, Doomed 2]}\nplayers:\n  - {name: P1, heroes: [Gimli]}\nstaging_area: [Cave Troll]\n")
    troll = s.game.staging[0]
    assert (troll.stat("engagement_cost"), troll.keyword("doomed"), troll.keyword("surge")) == (33, 2, 1)


def test_illegal_decision_changes_nothing_in_the_file_and_names_its_line():
    text = "start: '3.1'\nplayers:\n  - {name: P1, heroes: [{card: Gimli, exhausted: true}]}\ndecisions:\n  - {step: '3.2', commit: [Gimli]}\n"
    with pytest.raises(IllegalDecision) as info:
        api.replay(load(text))
    assert info.value.where == "bad.yaml:5" and info.value.exit_code == 1


_keys = st.sampled_from(["players", "name", "heroes", "threat", "staging_area", "decisions", "step", "commit", "stop", "quest",
                          "encounter_deck", "card", "damage", "Gimli", "Hill Troll", "3.2", "5.3", "start", "engage", "cards",
                          "type", "enemy", "keywords", "engaged", "active_location", "first_player", "defender"])
_scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 60), _keys, st.text(max_size=8))
_values = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_keys, inner, max_size=5)), max_leaves=25)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(_keys, _values, max_size=6))
def test_fuzzed_situations_give_an_input_error_or_a_trace(data):
    import yaml

    text = yaml.safe_dump(data, allow_unicode=True)
    _replay_or_clean_error(text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_garbled_text_gives_an_input_error_or_a_trace(text):
    _replay_or_clean_error(text)


GOOD = """start: '3.1'
players:
  - {name: P1, threat: 30, heroes: [Gimli, Legolas]}
staging_area: [Hill Troll]
encounter_deck: [Wolf Rider, Despair]
decisions:
  - {step: '3.2', commit: [Gimli]}
"""


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(GOOD) - 1), st.integers(1, 20), st.text(max_size=5))
def test_damaged_good_files_give_an_input_error_or_a_trace(at, cut, insert):
    _replay_or_clean_error(GOOD[:at] + insert + GOOD[at + cut:])


def _replay_or_clean_error(text):
    try:
        situation = load(text)
    except InputError as exc:
        assert "bad.yaml" in exc.message
        return
    try:
        trace = api.replay(situation)
    except IllegalDecision:
        return
    data = trace.to_dict()
    assert set(data) == {"game", "steps", "final_state", "pending"}
