"""Starter §3 Getting Ready to Play, §2 Unique cards, Standard §2 sideboard: deck checks."""

from __future__ import annotations

from adjudicator.metw.engine import check
from adjudicator.metw.engine import citations as C

from .conftest import result, situation

GOOD = """
- setup:
    player: Ann
    location_deck: [Rivendell, Edhellond, Grey Havens, Lórien, Lórien, Bree]
    starting_characters: [Aragorn II, Legolas, Frodo]
    minor_items: [Dagger of Westernesse, Elven Cloak]
    play_deck: {resources: 30, hazards: 30, characters: [Gimli, Sam], wizards: [Gandalf, Gandalf], cards: {Dagger of Westernesse: 1}}
"""


def test_legal_decks_and_starting_company(run):
    assert result(run("- {name: Arn}", GOOD))["legal"] is True


def test_starting_minds_over_twenty(run):
    res = result(run("- {name: Arn}", GOOD.replace("[Aragorn II, Legolas, Frodo]", "[Aragorn II, Legolas, Frodo, Gimli]")))
    assert not res["legal"] and C.SETUP_NO_FOLLOWERS in res["problems"][0]["rules"]


def test_wizard_cannot_start(run):
    res = result(run("- {name: Arn}", GOOD.replace("[Aragorn II, Legolas, Frodo]", "[Gandalf, Frodo]")))
    assert any("Wizard" in p["what"] for p in res["problems"])


def test_unique_character_counted_with_starting_cards(run):
    res = result(run("- {name: Arn}", GOOD.replace("characters: [Gimli, Sam]", "characters: [Gimli, Frodo]")))
    assert any(C.UNIQUE_CARDS in p["rules"] for p in res["problems"])


def test_missing_haven_and_unequal_deck(run):
    res = result(run("- {name: Arn}", GOOD.replace("Edhellond, ", "").replace("hazards: 30", "hazards: 29")))
    whats = " ".join(p["what"] for p in res["problems"])
    assert "Edhellond" in whats and "equal" in whats


def test_three_copy_limit_counts_starting_items(run):
    res = result(run("- {name: Arn}", GOOD.replace("cards: {Dagger of Westernesse: 1}", "cards: {Dagger of Westernesse: 3}")))
    assert any("at most three" in p["what"] for p in res["problems"])


def test_check_reports_setup_problems():
    report = check("s.yaml", text=situation("- {name: Arn}", GOOD.replace("hazards: 30", "hazards: 20")))
    assert not report["legal"] and any(C.SETUP in f["rules"] for f in report["findings"])
