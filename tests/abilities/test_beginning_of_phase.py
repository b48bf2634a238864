"""The beginning of a phase is a framework milestone card text can name (Rules Reference,
steps 1.1 to 7.1; 0.0 for the round): abilities "at the beginning of" it resolve right
after the milestone, before its action window and the phase's next step, once per phase.
A card that was not in play when the phase began missed it (FAQ 1.58).  Out of the
Dungeons (Escape from Dol Guldur, stage 3B): each player's top deck card engages them face
down as an Orc Guard as each quest phase begins."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.lotr.abilities.load import library
from adjudicator.lotr.engine import api

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "lotr"

DUNGEONS = """
start: "START"
stop: STOP
players:
  - {name: Tom, threat: 30, heroes: [Aragorn, Gimli, Éowyn], deck: [Gléowine, Faramir]}
  - {name: Kris, threat: 32, heroes: [Glorfindel, Denethor], deck: [Snowbourn Scout]}
quest: QUEST
quest_deck: [Out of the Dungeons]
staging_area: [Endless Caverns]
encounter_deck: [Old Forest Road]
abilities: ABILITIES
decisions:
  - {step: "3.2", player: Tom, commit: COMMIT}
  - {step: "3.2", player: Kris, commit: []}
"""


def dungeons(start="3.1", stop='{step: "3.2"}', quest="{card: Out of the Dungeons}", abilities="{}", commit="[Éowyn]", **kw):
    text = (DUNGEONS.replace("START", start).replace("STOP", stop).replace("QUEST", quest)
            .replace("ABILITIES", abilities).replace("COMMIT", commit))
    return api.replay(api.load("dungeons.yaml", text=text), abilities=True, **kw)


def engaged(trace, player: int) -> list[str]:
    return [e["label"] for e in trace.final_state["players"][player]["engaged"]]


def test_out_of_the_dungeons_makes_an_orc_guard_for_each_player_at_the_beginning_of_the_quest_phase():
    trace = dungeons()
    assert engaged(trace, 0) == ["Orc Guard (Tom)"] and engaged(trace, 1) == ["Orc Guard (Kris)"]
    assert trace.final_state["players"][0]["deck"] == 1 and trace.final_state["players"][1]["deck"] == 0
    timing = [s for s in trace.steps if s.event == "timing"]
    assert [s.text for s in timing] == ["at the beginning of the quest phase: Out of the Dungeons (forced) triggers, the only ability at this moment"]
    assert timing[0].step == "3.1" and "lotr:rr:step:3.1" in timing[0].citations and "lotr:rr:forced" in timing[0].citations


def test_beginning_of_phase_forced_effects_resolve_after_the_milestone_and_before_the_phases_next_step():
    trace = dungeons()
    events = [(s.step, s.event) for s in trace.steps]
    milestone = events.index(("3.1", "milestone"))
    timing = events.index(("3.1", "timing"))
    guards = [i for i, e in enumerate(events) if e == ("3.1", "engage")]
    first_commit = next(i for i, (step, _) in enumerate(events) if step == "3.2")
    assert milestone < timing < guards[0] < guards[-1] < first_commit


def test_beginning_of_phase_effects_precede_actions_in_the_milestones_window():
    """An action played in the window after 'Quest phase begins' comes after the Orc Guards."""
    trace = dungeons(abilities='{plays: [{step: "3.1", player: Kris, card: Denethor, option: top}]}')
    events = [s.event for s in trace.steps if s.step == "3.1"]
    assert events.index("engage") < events.index("initiate", events.index("engage"))
    assert any("Denethor" in s.text for s in trace.steps if s.step == "3.1" and s.event == "initiate")


def test_a_quest_phase_already_begun_makes_no_orc_guard():
    trace = dungeons(start="3.2", stop='{step: "3.5"}')
    assert engaged(trace, 0) == [] and engaged(trace, 1) == []
    assert not any("beginning of" in s.text for s in trace.steps)


def test_a_stage_reached_during_the_quest_phase_waits_for_the_next_quest_phase():
    """FAQ 1.58: the players advance to Out of the Dungeons in quest resolution; the quest
    phase had begun before the stage was in play, so no Orc Guard this phase."""
    trace = dungeons(quest="{card: Flies and Spiders, progress: 7}", stop='{step: "3.5"}', commit="[Aragorn, Éowyn]")
    assert trace.final_state["quest"]["name"] == "Out of the Dungeons"
    assert engaged(trace, 0) == [] and engaged(trace, 1) == []


def test_the_orc_guards_come_at_the_beginning_of_every_quest_phase_and_of_no_other_phase():
    trace = api.replay(api.load(SCENARIOS / "escape-orc-guards-each-quest-phase.yaml"))
    starts = [s for s in trace.steps if s.event == "timing" and "at the beginning of" in s.text]
    assert [(s.step, s.text.split(":")[0]) for s in starts] == [("3.1", "at the beginning of the quest phase")] * 2
    assert engaged(trace, 0) == ["Orc Guard (Tom)", "Orc Guard (Tom)#2"]
    assert engaged(trace, 1) == ["Orc Guard (Kris)", "Orc Guard (Kris)#2"]
    # the first Orc Guards attacked in round 1's combat phase, as enemies engaged with their players
    assert any(s.event == "enemy-attack" and "Orc Guard (Tom) attacks Tom" in s.text for s in trace.steps)


def start_abilities() -> list[tuple[str, str]]:
    """Every Core Set card with an ability at the beginning of a phase or of the round."""
    return sorted({(entry.name, a.trigger.subject or "round") for entry in library().values() for a in entry.abilities
                   if a.trigger and a.trigger.event in ("start_of_phase", "start_of_round")})


def test_the_core_set_cards_with_beginning_of_phase_abilities_are_known():
    assert start_abilities() == [("Out of the Dungeons", "quest")]


@pytest.mark.parametrize("name,phase", start_abilities())
def test_every_core_set_beginning_of_phase_ability_fires_once_in_a_replay(name, phase):
    from adjudicator.lotr.engine.framework import PHASE_START

    first = PHASE_START[phase]
    trace = dungeons(start=first, stop=f'{{step: "{first}"}}', quest=f"{{card: {name}}}")
    fired = [s for s in trace.steps if s.event == "timing" and name in s.text]
    assert len(fired) == 1 and fired[0].step == first
    assert len([s for s in trace.steps if s.event == "initiate" and name in s.text]) == 1
