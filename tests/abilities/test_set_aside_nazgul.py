"""Cards set aside are out of play (Rules Reference: In Play and Out of Play): The Necromancer's
Tower sets the Nazgûl of Dol Guldur aside at setup, and its Forced effect, which needs it out of
play, moves it into the staging area when the prisoner is rescued (Through the Caverns).  A
situation names set-aside cards with ``set_aside:``."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.errors import InputError
from adjudicator.lotr.engine import api

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "lotr"

RESCUE = """
start: "3.2"
stop: {step: "3.5"}
players:
  - {name: Tom, threat: 30, heroes: [Aragorn, Gimli, Éowyn]}
  - {name: Kris, threat: 31, heroes: [Glorfindel, Denethor], prisoners: [Beravor]}
quest: {card: Through the Caverns, progress: 12}
quest_deck: [Out of the Dungeons]
SET_ASIDE
encounter_deck: [Goblin Sniper, Necromancer's Pass]
abilities:
  responses: RESPONSES
decisions:
  - {step: "3.2", player: Tom, commit: [Aragorn, Éowyn]}
  - {step: "3.2", player: Kris, commit: [Glorfindel, Denethor]}
"""


def rescue(set_aside: str = "set_aside: [Nazgûl of Dol Guldur]", responses: str = "[{card: Through the Caverns}]"):
    text = RESCUE.replace("SET_ASIDE", set_aside).replace("RESPONSES", responses)
    return api.replay(api.load("rescue.yaml", text=text), abilities=True)


def staging(trace) -> list[str]:
    return [c["label"] for c in trace.final_state["staging_area"]]


def test_set_aside_nazgul_moves_into_the_staging_area_when_the_prisoner_is_rescued():
    trace = rescue()
    assert staging(trace)[-1] == "Nazgûl of Dol Guldur" and "set_aside" not in trace.final_state
    events = [s.event for s in trace.steps]
    assert events.index("rescued") < events.index("enters-staging")
    moved = next(s for s in trace.steps if s.event == "enters-staging")
    assert "it is not revealed" in moved.text and "lotr:rr:in-play-and-out-of-play" in moved.citations
    timing = next(s for s in trace.steps if s.event == "timing" and "when the prisoner is rescued" in s.text)
    assert "Nazgûl of Dol Guldur (forced) triggers" in timing.text
    assert timing.interpretation is not None and "set-aside" in timing.interpretation.name


def test_the_nazguls_forced_effect_triggers_on_the_rescue_of_the_prisoner_not_a_stage_advance():
    from adjudicator.lotr.abilities.load import library
    from adjudicator.lotr.abilities.model import EVENTS

    forced = [a for a in library()["nazgul of dol guldur"].abilities if a.kind == "forced" and a.trigger.event != "shadow_resolved"]
    assert "prisoner_rescued" in EVENTS
    assert [(a.trigger.event, a.trigger.subject) for a in forced] == [("prisoner_rescued", "")]


def test_without_a_rescue_the_nazgul_stays_set_aside():
    trace = rescue(responses="[]")
    assert trace.final_state["set_aside"] == ["Nazgûl of Dol Guldur"]
    assert "Nazgûl of Dol Guldur" not in staging(trace)


def test_a_nazgul_that_is_not_set_aside_does_not_move_on_the_rescue():
    trace = rescue(set_aside="")
    assert [s for s in trace.steps if "Nazgûl" in s.text] == []
    assert "rescued" in [s.event for s in trace.steps]


def test_set_aside_cards_are_out_of_play():
    """The last stage cannot be defeated while the Nazgûl is in play; set aside, it is not."""
    text = """
start: "3.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [Aragorn, Gimli, Éowyn]}
quest: {card: Out of the Dungeons, progress: 5}
set_aside: [Nazgûl of Dol Guldur]
abilities: {}
decisions:
  - {step: "3.2", player: Tom, commit: [Éowyn]}
"""
    trace = api.replay(api.load("last.yaml", text=text), abilities=True)
    assert trace.final_state["outcome"] == "won"
    assert not any(s.event == "quest-held" for s in trace.steps)


def test_set_aside_names_are_checked_like_every_card_name():
    bad = RESCUE.replace("SET_ASIDE", "set_aside: [Nazgul of Dol Gulder]").replace("RESPONSES", "[]")
    with pytest.raises(InputError, match="Nazgûl of Dol Guldur"):
        api.load("bad.yaml", text=bad)


def test_golden_situation_nazgul_enters_on_rescue_meets_its_events():
    path = SCENARIOS / "escape-nazgul-enters-on-rescue.yaml"
    import yaml

    trace = api.replay(api.load(path))
    expect = yaml.safe_load(path.read_text(encoding="utf-8"))["expect"]
    for ev in expect["events"]:
        assert any(s.event == ev["event"] and ev["contains"] in s.text for s in trace.steps), ev
    for ev in expect["no_events"]:
        assert not any(s.event == ev["event"] and ev["contains"] in s.text for s in trace.steps), ev


def test_board_lists_the_set_aside_cards(capsys, tmp_path):
    from adjudicator.cli import main

    path = tmp_path / "aside.yaml"
    path.write_text(RESCUE.replace("SET_ASIDE", "set_aside: [Nazgûl of Dol Guldur]").replace("RESPONSES", "[]"), encoding="utf-8")
    code = main(["replay", str(path), "--board"])
    out = capsys.readouterr().out
    assert code == 0
    assert any("set aside (out of play)" in line and "Nazgûl of Dol Guldur" in line for line in out.splitlines())
