"""Turning each hidden card face up (The Blood of Gondor; FAQ Q69): only the cards hidden as the turning
begins are turned; an enemy turned face up engages at once and its Forced effect on engaging resolves as
part of the turning, and a hidden card it makes the player take stays face down."""

from __future__ import annotations

from pathlib import Path

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

SITUATION = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/faq-q69-hidden-card-taken-while-turning-stays-face-down.yaml"


def test_turning_hidden_cards_face_up_reaches_only_those_hidden_as_it_begins():
    text = SITUATION.read_text(encoding="utf-8")
    trace = api.replay(api.load("q69.yaml", text=text), abilities=True)
    state = trace.to_dict()["final_state"]
    assert resolve_path(state, "players.Tom.engaged.labels") == ["Crow Spy"]
    assert resolve_path(state, "players.Tom.hidden") == ["Wargs"]  # taken during the turning: still face down
    took = next(i for i, s in enumerate(trace.steps) if "Tom takes a hidden card" in s.text)
    engaged = next(i for i, s in enumerate(trace.steps) if s.event == "engage" and "Crow Spy" in s.text)
    assert engaged < took  # the Forced effect resolved at once, as part of the turning
    # with two hidden cards there from the start, both are turned
    both = api.replay(api.load("q69b.yaml", text=text.replace("hidden: [Crow Spy]", "hidden: [Crow Spy, Old Forest Road]")), abilities=True)
    later = both.to_dict()["final_state"]
    assert resolve_path(later, "players.Tom.hidden") == ["Wargs"] and "Old Forest Road" in resolve_path(later, "encounter_discard")
