"""Forced effects after an enemy is revealed from the encounter deck (Reveal; Shadow Effects;
the Quest Companion's ruling on Into the Pit: an enemy dealt as a shadow card is not revealed).
Expected values worked out by hand in the docstring."""

from __future__ import annotations

from adjudicator.lotr.engine import api

TEXT = """
start: '3.1'
stop: {step: '6.11'}
cards:
- {name: Watching Stage, type: quest, encounter_set: test, stage: 1, quest_points: 20}
players:
- {name: Tom, threat: 20, heroes: [Éowyn, Gimli], engaged: [Wolf Rider]}
quest: {card: Watching Stage}
encounter_deck: DECK
decisions:
- {step: '3.2', player: Tom, commit: [Éowyn]}
- {step: '5.2', player: Tom, engage: null}
- {step: '6.4.1', player: Tom, defender: Gimli}
- {step: 6.8b, player: Tom, target: null}
abilities:
  cards:
  - name: Watching Stage
    source: quest
    abilities:
    - {kind: forced, trigger: {timing: after, event: enemy_revealed, subject: from the encounter deck},
       effects: [{op: threat, player: the first player, amount: 1}], says: "test: +1 threat after an enemy is revealed"}
"""


def threat(deck: str) -> int:
    trace = api.replay(api.load("r.yaml", text=TEXT.replace("DECK", deck)), abilities=True)
    return next(p for p in trace.final_state["players"] if p["name"] == "Tom")["threat"]


def test_a_forced_effect_after_an_enemy_is_revealed_answers_staging_but_not_a_shadow_card():
    """Staging reveals the first card, the Wolf Rider's shadow card is the second.  Forest Spider
    staged, Goblin Sniper dealt: 21 (one reveal).  Old Forest Road staged (a location), Goblin
    Sniper dealt: 20 (no enemy revealed).  Forest Spider staged, Old Forest Road dealt: 21."""
    assert threat("[Forest Spider, Goblin Sniper]") == 21
    assert threat("[Old Forest Road, Goblin Sniper]") == 20
    assert threat("[Forest Spider, Old Forest Road]") == 21
