"""Escape tests (The Dead Marshes; the Quest Companion's ruling): the committed characters exhaust,
the dealt cards count their escape values (0 without one), the test passes only with more willpower
than the escape total, a failed test applies the card's instructions, and the dealt cards are
discarded after the test; the card titled Gollum is found by its title."""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

TEXT = """
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: Tom, threat: 30, heroes: [Éowyn, Aragorn]}
staging_area: [Gollum (The Dead Marshes)]
quest: {card: Flies and Spiders}
encounter_deck: [Nightfall, DEALT, Old Forest Road]
abilities:
  plays:
    - {card: Nightfall, targets: {committed to the escape test: COMMITTED}}
"""


def final(dealt: str, committed: str) -> dict:
    trace = api.replay(api.load("escape.yaml", text=TEXT.replace("DEALT", dealt).replace("COMMITTED", committed)), abilities=True)
    assert trace.pending is None
    return trace.to_dict()["final_state"]


def test_an_escape_test_passes_only_with_more_willpower_than_the_dealt_escape_values():
    # 4 + 2 willpower against 2 + 3: passed, nothing happens; both committed heroes exhausted
    passed = final("Giant Marsh Worm, Through the Mist", "[Éowyn, Aragorn]")
    assert resolve_path(passed, "players.Tom.threat") == 30 and resolve_path(passed, "staging_area.Gollum.resources") == 0
    assert resolve_path(passed, "players.Tom.heroes.Aragorn.exhausted") is True
    assert passed["encounter_discard"] == ["Nightfall", "Through the Mist", "Giant Marsh Worm"]
    # 4 against a card without an escape value (0) and Giant Marsh Worm's 2: passed
    zero = final("Wargs, Giant Marsh Worm", "[Éowyn]")
    assert resolve_path(zero, "players.Tom.threat") == 30
    # a tie fails: 2 willpower (Aragorn) against 2
    tie = final("Giant Marsh Worm, Wargs", "[Aragorn]")
    assert resolve_path(tie, "players.Tom.threat") == 32 and resolve_path(tie, "staging_area.Gollum.resources") == 1
    # no character committed: 0 against 3, failed
    none = final("Through the Mist, Wargs", "[]")
    assert resolve_path(none, "players.Tom.threat") == 32 and resolve_path(none, "players.Tom.heroes.Éowyn.exhausted") is False
