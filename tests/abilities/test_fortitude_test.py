"""Fortitude tests (Mount Doom; the Quest Companion's rulings): the committed heroes exhaust; as many
encounter cards are discarded as the tens digit of the player's threat; the test passes only with more
willpower than Sauron's Eye icons; the players may act after the discards, before the result."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api
from adjudicator.lotr.engine.step_table import has_window

ROOT = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings"


def run(name: str, **swap) -> dict:
    text = (ROOT / name).read_text(encoding="utf-8")
    for old, new in swap.items():
        text = text.replace(old.replace("_", " "), new)
    trace = api.replay(api.load(name, text=text), abilities=True)
    assert trace.pending is None
    return trace.to_dict()["final_state"]


def test_a_fortitude_test_discards_the_tens_digit_of_threat_and_needs_more_willpower_than_eyes():
    failed = run("qc-mount-doom-fortitude-test-fails.yaml")
    assert resolve_path(failed, "players.Tom.threat") == 37 and len(failed["encounter_deck"]) == 1
    # threat 29: two cards (1 + 2 eyes = 3) against 4 willpower: it passes, the threat stays
    low = run("qc-mount-doom-fortitude-test-fails.yaml", **{"threat:_34": "threat: 29"})
    assert resolve_path(low, "players.Tom.threat") == 29 and len(low["encounter_deck"]) == 2


def test_players_may_act_after_the_discards_and_before_the_fortitude_result():
    assert has_window("fortitude test")
    helped = run("qc-mount-doom-actions-during-a-fortitude-test.yaml")
    assert resolve_path(helped, "players.Tom.threat") == 34  # +2 willpower in the window: 6 against 4
    unhelped = run("qc-mount-doom-actions-during-a-fortitude-test.yaml", **{"step:_fortitude_test": "step: '3.4'"})
    assert resolve_path(unhelped, "players.Tom.threat") == 37  # the same action after the test: too late


def test_a_locate_test_discards_from_hand_until_pass_and_fails_when_the_player_stops():
    """The Long Dark's locate test: each card discarded from hand discards the top encounter card; PASS passes
    it; stopping first (or naming no card) fails it and the effect's failure resolves."""
    passed = run("qc-long-dark-locate-test.yaml")
    assert resolve_path(passed, "players.Tom.threat") == 30 and resolve_path(passed, "players.Tom.hand") == ["Sneak Attack"]
    stopped = run("qc-long-dark-locate-test.yaml", **{"locate_test:_[Feint,_Swift_Strike,_Sneak_Attack]": "locate test: [Feint]"})
    assert resolve_path(stopped, "players.Tom.threat") == 37  # one try, no PASS, then the player stops: failed
    assert resolve_path(stopped, "players.Tom.hand") == ["Swift Strike", "Sneak Attack"]
