"""Play restrictions keyed to a framework step ("play only after the staging step"): an
ability's ``window`` names the step whose action window alone may initiate it (Action;
Appendix I's action windows; FAQ Q88 on Elevenses).  The expected values are worked out by
hand from the card's timing in each docstring."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.lotr.engine import api

TEXT = """
start: "3.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [Sam Gamgee, Éowyn], hand: [Elevenses]}
quest: {card: Flies and Spiders}
encounter_deck: [Old Forest Road]
decisions:
  - {step: "3.2", player: Tom, commit: [Sam Gamgee]}
  - {step: "STEP", player: Tom, play: [{card: Elevenses}]}
abilities: {}
"""


def tom(trace) -> dict:
    return next(p for p in trace.final_state["players"] if p["name"] == "Tom")


def test_a_card_played_only_after_a_step_is_refused_in_any_other_window():
    """Elevenses (window 3.3): played in the window after the staging step it resolves (Sam's
    3 willpower +1 is 4 against Old Forest Road's 1: 3 progress); after quest resolution (3.4) or
    after commitment (3.2) it is refused and stays in hand (2 progress)."""
    played = api.replay(api.load("w.yaml", text=TEXT.replace("STEP", "3.3")), abilities=True, strict=False)
    assert tom(played)["hand"] == []
    assert played.final_state["quest"]["progress"] == 3
    for step in ("3.4", "3.2"):
        late = api.replay(api.load("w.yaml", text=TEXT.replace("STEP", step)), abilities=True, strict=False)
        assert tom(late)["hand"] == ["Elevenses"]
        assert late.final_state["quest"]["progress"] == 2
        assert any("lotr:rr:step:3.3" in v.rules and "lotr:faq:q:88" in v.rules for v in late.violations)


def test_a_play_window_must_be_a_step_followed_by_an_action_window():
    """A ``window`` naming a step with no action window after it (3.1 ... no: 1.1) is an input error."""
    text = TEXT.replace("STEP", "3.3").replace("abilities: {}", """abilities:
  cards:
    - name: Elevenses
      abilities:
        - {kind: action, window: "1.1", effects: [{op: draw, player: you, amount: 1}], says: "test"}
""")
    with pytest.raises(InputError) as exc:
        api.replay(api.load("w.yaml", text=text), abilities=True, strict=False)
    assert "action window" in str(exc.value)
