"""Player Elimination in Escape from Dol Guldur.

- FAQ Q26: a player whose heroes other than the prisoner are all destroyed is eliminated,
  so the whole group loses the game;
- Player Elimination: the eliminated player's hand, the cards they control and their deck
  go to their owners' discard piles -- the face-down prisoner and its attachments with
  them, an encounter card (a claimed objective) to the encounter discard pile, another
  player's attachment to that player's pile;
- the erratum of Out of the Dungeons (Core 125): a face-down Orc Guard engaged with the
  eliminated player does not go back to the staging area: its card goes to its owner's
  discard pile instead.
"""

from __future__ import annotations

from adjudicator.lotr.engine import api
from adjudicator.lotr.engine.context import GameOver
from adjudicator.lotr.engine.elimination import raise_threat

from .core_set_table import go, put
from .tables import table

Q26 = "lotr:faq:q:26"


def step_of(trace, event: str):
    found = [s for s in trace.steps if s.event == event]
    assert found, [s.text for s in trace.steps]
    return found[0]


ONLY_THE_PRISONER = """
start: "3.3"
stop: end-of-round
players:
  - name: Tom
    threat: 30
    heroes: [{card: Gimli, exhausted: true, damage: 4, attachments: [Dwarven Axe]}]
    prisoners: [{card: Aragorn, attachments: [Celebrían's Stone]}]
    hand: [Feint]
    deck: [Gléowine]
  - {name: Kris, threat: 30, heroes: [Glorfindel]}
quest: {card: The Necromancer's Tower}
quest_deck: [Through the Caverns, Out of the Dungeons]
encounter_deck: [Necromancer's Reach, Goblin Sniper]
abilities: {}
"""


def only_the_prisoner():
    return api.replay(api.load("q26.yaml", text=ONLY_THE_PRISONER), abilities=True)


def test_player_left_with_only_the_prisoner_is_eliminated_citing_faq_q26():
    trace = only_the_prisoner()
    tom = trace.final_state["players"][0]
    assert tom.get("eliminated") is True
    step = step_of(trace, "eliminated")
    assert Q26 in step.citations and "lotr:rr:player-elimination" in step.citations
    assert "no hero left but the prisoner Aragorn, face down" in step.text


def test_player_left_with_only_the_prisoner_loses_the_game_for_the_group():
    """FAQ Q26: the players as a group have lost, though Kris is still in."""
    trace = only_the_prisoner()
    assert trace.final_state["outcome"] == "lost"
    assert not trace.final_state["players"][1].get("eliminated")
    lost = step_of(trace, "game-lost")
    assert Q26 in lost.citations and lost.interpretation is None  # the ruling's own case
    assert [s.event for s in trace.steps][-1] == "game-lost"  # nothing is replayed after it


def test_eliminated_players_prisoner_and_its_attachments_go_to_their_owners_discard_pile():
    trace = only_the_prisoner()
    tom = trace.final_state["players"][0]
    assert not tom.get("prisoners") and tom["heroes"] == [] and tom["hand"] == [] and tom["deck"] == 0
    assert {"Aragorn", "Celebrían's Stone", "Gimli", "Dwarven Axe", "Feint", "Gléowine"} <= set(tom["discard"])
    step = step_of(trace, "eliminated")
    assert "the prisoner Aragorn too" in step.text
    assert step.interpretation is not None and step.interpretation.name == "the prisoner leaves with its player"
    assert any(c.target == "Aragorn" and c.after == "Tom's discard pile" for c in step.changes)


ELIMINATED_BY_THREAT = """
players:
  - name: Tom
    threat: 48
    heroes: [{card: Gimli, attachments: [Gandalf's Map, Citadel Plate]}]
    prisoners: [PRISONERS]
  - name: Kris
    threat: 30
    heroes: [Glorfindel]
    deck: [Northern Tracker]
quest: {card: Through the Caverns}
abilities: {}
"""


def threat_table(prisoners: str = "Aragorn"):
    text = ELIMINATED_BY_THREAT.replace("PRISONERS", prisoners)
    if not prisoners:
        text = text.replace("    prisoners: []\n", "")
    return table(text)


def eliminate_tom(r) -> bool:
    """Raise Tom's threat to 50; True when the game ended."""
    try:
        raise_threat(r, r.g.player("Tom"), 2, ("lotr:rr:threat-threat-dial",), "test")
    except GameOver:
        return True
    return False


def test_group_loses_when_the_prisoners_player_is_eliminated_by_threat():
    """The interpretation: FAQ Q26's loss applies whatever eliminated the prisoner's player."""
    r = threat_table()
    assert eliminate_tom(r) is True
    assert r.g.outcome == "lost"
    lost = [s for s in r.trace.steps if s.event == "game-lost"][0]
    assert lost.interpretation is not None and lost.interpretation.name == "the group loses when the prisoner's player is eliminated"
    assert "Aragorn" in [c.label for c in r.g.player("Tom").discard]


def test_player_without_a_prisoner_eliminated_by_threat_leaves_the_others_playing():
    r = threat_table(prisoners="")
    assert eliminate_tom(r) is False
    assert r.g.outcome is None and r.g.player("Tom").eliminated and r.g.first_player.name == "Kris"


def test_eliminated_players_encounter_cards_go_to_the_encounter_discard_pile():
    """Gandalf's Map (an objective Tom holds) belongs to the scenario: the encounter discard pile."""
    r = threat_table(prisoners="")
    eliminate_tom(r)
    assert [c.label for c in r.g.encounter_discard] == ["Gandalf's Map"]
    assert "Gandalf's Map" not in [c.label for c in r.g.player("Tom").discard]
    assert "Citadel Plate" in [c.label for c in r.g.player("Tom").discard]


def test_eliminated_players_card_owned_by_another_player_goes_to_its_owners_discard_pile():
    r = threat_table(prisoners="")
    plate = next(a for a in r.g.player("Tom").heroes[0].attachments if a.name == "Citadel Plate")
    plate.owner = "Kris"  # played by Kris on Tom's hero
    eliminate_tom(r)
    assert [c.label for c in r.g.player("Kris").discard] == ["Citadel Plate"]


def test_facedown_orc_guard_of_an_eliminated_player_goes_to_its_owners_discard_pile():
    """Erratum of Out of the Dungeons: a face-down Orc Guard would go back to the staging area
    with the rest; its card goes to its owner's discard pile instead."""
    r = table("""
players:
  - {name: Tom, threat: 48, heroes: [Gimli], deck: [Gléowine, Faramir]}
  - {name: Kris, threat: 30, heroes: [Glorfindel], deck: [Northern Tracker]}
abilities: {}
""")
    go(r, put(r, "Tower Gate", "active"))  # each player's top deck card engages them face down
    tom = r.g.player("Tom")
    put(r, "Goblin Sniper", "engaged", owner="Tom")
    assert [e.label for e in tom.engaged] == ["Orc Guard (Tom)", "Goblin Sniper"]
    eliminate_tom(r)
    assert [c.label for c in r.g.staging] == ["Goblin Sniper"]  # the ordinary enemy goes back to the staging area
    assert "Gléowine" in [c.label for c in tom.discard]
    step = [s for s in r.trace.steps if s.event == "eliminated"][0]
    assert "lotr:errata:core-125" in step.citations and "Orc Guard (Tom), face down, goes to Tom's discard pile instead" in step.text


# -- check: a position that breaks these rules ------------------------------------------


def check_rules(text: str) -> dict[str, set[str]]:
    result = api.check(api.load("pos.yaml", text=text))
    return {v.message: set(v.rules) for v in result.violations}


def test_check_reports_a_player_still_in_with_only_the_prisoner():
    found = check_rules("players:\n  - {name: Tom, heroes: [], prisoners: [Aragorn]}\n  - {name: Kris, heroes: [Glorfindel]}\nstop: {step: '0.0'}\n")
    assert {"lotr:rr:player-elimination", Q26} in found.values()
    assert any("no hero but the prisoner Aragorn" in m for m in found)


def test_check_counts_the_prisoner_among_a_players_heroes():
    found = check_rules("players:\n  - {name: Tom, heroes: [Gimli, Legolas, Éowyn], prisoners: [Aragorn]}\nstop: {step: '0.0'}\n")
    assert any("4 heroes, the prisoner counted" in m for m in found)
