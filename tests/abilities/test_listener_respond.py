"""Response (Rules Reference): a response is optional; at its moment a player may use it or
pass.  The card modules offer a card's responses through the ability listener's public
``respond``: the use the situation declares is made, otherwise the players pass, and either
way one ``timing`` step says what happened at that moment."""

from __future__ import annotations

import pathlib

from adjudicator.engine.trace import Trace
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.triggers import AbilityListener, listener_of
from adjudicator.lotr.engine import api
from adjudicator.lotr.engine.context import Replay

TABLE = """
start: "3.4"
players:
  - {name: Tom, threat: 30, heroes: [Aragorn, Gimli]}
  - {name: Kris, threat: 31, heroes: [Glorfindel], prisoners: [Beravor]}
quest: {card: Through the Caverns, progress: 3}
"""


def replay_with(responses: list[dict]) -> Replay:
    return Replay(api.load("respond.yaml", text=TABLE), Trace("lotr"), hooks=AbilityListener(responses=responses))


def timing_steps(r: Replay) -> list[str]:
    return [s.text for s in r.trace.steps if s.event == "timing"]


def test_a_declared_response_is_used_at_its_moment():
    r = replay_with([{"card": "Through the Caverns", "player": "Kris"}])
    listener = listener_of(r)
    offered = listener.respond(r, r.g.quest, "progress_placed", "after progress is placed on Through the Caverns",
                               rules=(C.RESPONSE,))
    assert offered
    assert timing_steps(r) == ["after progress is placed on Through the Caverns: Through the Caverns (response) triggers, "
                               "the only ability at this moment"]
    assert [h.label for h in r.g.player("Kris").heroes] == ["Glorfindel", "Beravor"]  # rescued
    assert listener.responses[0].used


def test_an_undeclared_response_is_passed_and_the_timing_step_says_so():
    r = replay_with([])
    assert listener_of(r).respond(r, r.g.quest, "progress_placed", "after progress is placed on Through the Caverns")
    [text] = timing_steps(r)
    assert "no ability is used" in text and "not used: Through the Caverns (response) (its player passes: no declared use)" in text
    assert [h.label for h in r.g.player("Kris").prisoners] == ["Beravor"]


def test_a_card_without_responses_to_the_moment_writes_nothing():
    r = replay_with([])
    assert not listener_of(r).respond(r, r.g.quest, "travels_to", "after the players travel")
    assert r.trace.steps == []


def test_the_listener_handles_no_steps_while_a_response_resolves():
    """The response's own steps (the rescue, its damage) do not re-enter the listener; its
    step handling is back on afterwards."""
    from adjudicator.lotr.abilities.effects import state_of

    r = replay_with([{"card": "Through the Caverns"}])
    listener_of(r).respond(r, r.g.quest, "progress_placed", "after progress is placed on Through the Caverns")
    assert state_of(r).busy is False


def test_card_modules_use_only_the_listeners_public_methods():
    folder = pathlib.Path(C.__file__).parent
    for name in ("prisoner.py", "stage_rules.py"):
        text = (folder / name).read_text(encoding="utf-8")
        assert "listener._" not in text, name
