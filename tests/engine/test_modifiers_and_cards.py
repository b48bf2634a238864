"""Modifiers (Rules Reference, Modifiers; FAQ 1.43) and the card data."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from adjudicator.lotr.engine.cards import core_set, parse_keyword
from adjudicator.lotr.engine.modifiers import Modifier, apply_modifiers


def m(op, value=0):
    return Modifier("attack", op, value)


def test_modifiers_add_and_subtract_before_doubling():
    assert apply_modifiers(3, [m("double"), m("add", 2)]) == 10


def test_modifiers_halve_rounds_fractions_up():
    assert apply_modifiers(5, [m("halve")]) == 3


def test_modifiers_set_overrides_every_other_modifier_and_the_latest_set_wins():
    assert apply_modifiers(3, [m("add", 4), m("set", 1), m("double"), m("set", 2)]) == 2


def test_modifiers_floor_the_result_at_zero():
    assert apply_modifiers(2, [m("subtract", 5)]) == 0
    assert apply_modifiers(2, [m("subtract", 5), m("add", 1), m("double")]) == 0


def test_modifiers_recalculate_from_the_base_value(play):
    t = play("""
start: "6.7"
stop: end-of-phase
players:
  - name: P1
    heroes: [{card: Gimli, modifiers: [{stat: attack, op: add, value: 2}, {stat: attack, op: double}]}]
    engaged: [Hill Troll]
decisions:
  - {step: "6.8b", player: P1, target: Hill Troll, attackers: [Gimli]}
  - {step: "6.8b", player: P1, target: null}
""")
    # (2 + 2) * 2 = 8 attack - 3 defense = 5 damage
    from lotr_engine_helpers import resolve

    assert resolve(t.to_dict()["final_state"], "players.P1.engaged.Hill Troll.damage") == 5


REFERENCE = Path("/work/shared/reference/core-set-card-stats.csv")


@pytest.mark.skipif(not REFERENCE.exists(), reason="needs ../shared/reference/core-set-card-stats.csv")
def test_card_data_matches_the_reference_figures():
    book = core_set()
    rows = list(csv.DictReader(REFERENCE.open(encoding="utf-8")))
    assert len(book.cards) == len(rows) == 128
    for row in rows:
        card = book.get(row["title"])
        assert card is not None, row["title"]
        assert card.type == row["type"]
        for key in ("threat_cost", "engagement_cost", "willpower", "threat", "attack", "defense", "hit_points", "quest_points"):
            expected = int(row[key]) if row[key] else None
            assert card.stat(key) == expected, (row["title"], key)


def test_card_figures_agree_with_the_quest_companion_engagement_example():
    book = core_set()
    costs = {n: book.get(n).stat("engagement_cost") for n in ("King Spider", "Forest Spider", "Ungoliant's Spawn", "Hummerhorns")}
    assert costs == {"King Spider": 20, "Forest Spider": 25, "Ungoliant's Spawn": 32, "Hummerhorns": 40}


def test_card_names_fold_diacritics_and_suggest():
    book = core_set()
    assert book.get("Eowyn").name == "Éowyn"
    assert book.get("nazgul of dol guldur").name == "Nazgûl of Dol Guldur"
    assert book.suggest("Glorfindle")[0] == "Glorfindel"


def test_keywords_parse_with_their_values():
    assert parse_keyword("Doomed 2") == ("doomed", 2)
    assert parse_keyword("Surge") == ("surge", 1)
    assert parse_keyword("Archery 3") == ("archery", 3)
    assert parse_keyword("Flying") is None
    assert core_set().get("Endless Caverns").keyword("doomed") == 1
