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


def test_an_escape_test_cites_the_escape_test_ruling_whatever_card_makes_it():
    """The Companion's escape-test ruling is the only record saying how an escape test is made
    (commit and exhaust, deal, compare, discard the dealt cards): the engine cites it at both of the
    test's steps even for a card whose data names no ruling, and once only for Nightfall, which does."""
    ruling = "lotr:qc:ruling:the-dead-marshes:escape-test"
    plain = api.replay(api.load("escape.yaml", text="""
start: "3.3"
stop: {step: "3.3"}
cards:
  - {name: Bog Mist, type: treachery}
players:
  - {name: Tom, threat: 30, heroes: [Éowyn, Aragorn]}
quest: {card: Flies and Spiders}
encounter_deck: [Bog Mist, Giant Marsh Worm, Through the Mist, Old Forest Road]
abilities:
  cards:
    - name: Bog Mist
      source: encounter
      abilities:
        - {kind: when_revealed, effects: [{op: escape_test, count: 2, effects: [{op: threat, player: each player, amount: 2}]}], says: "an escape test"}
  plays:
    - {card: Bog Mist, targets: {committed to the escape test: [Éowyn]}}
"""), abilities=True)
    steps = [s for s in plain.steps if s.event == "escape-test"]
    assert len(steps) == 2 and all(ruling in s.citations for s in steps)
    assert resolve_path(plain.to_dict()["final_state"], "players.Tom.threat") == 32  # 4 against 5: failed
    nightfall = api.replay(api.load("escape.yaml", text=TEXT.replace("DEALT", "Giant Marsh Worm, Through the Mist")
                                    .replace("COMMITTED", "[Éowyn]")), abilities=True)
    steps = [s for s in nightfall.steps if s.event == "escape-test"]
    assert len(steps) == 2 and all(list(s.citations).count(ruling) == 1 for s in steps)
