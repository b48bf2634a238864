"""A scenario's own words for the cards an amount counts (rules_db/lotr/scenario_terms.yaml, kind cards):
The Temple of Doom's "quest stages in the victory display" are the quest cards there, side quests left
out, and the effect counting them cites the ruling that says so."""

from __future__ import annotations

from adjudicator.lotr.abilities.grammar.amounts import parse_amount, rulings_of
from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

RULING = "lotr:qc:ruling:the-temple-of-doom:quest-stages-vs-side-quests"
TEXT = """
cards:
  - {name: Count Them, type: treachery}
  - {name: Lost Shrine, type: side-quest, quest_points: 4}
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: Tom, threat: 30, heroes: [Aragorn]}
quest: {card: "A Chosen Path: Beorn's Path"}
victory_display: [Flies and Spiders, Lost Shrine, A Fork in the Road, Lost Shrine]
encounter_deck: [Count Them, Old Forest Road]
abilities:
  cards:
    - name: Count Them
      source: encounter
      abilities:
        - {kind: when_revealed, effects: [{op: threat, player: each player, amount: "AMOUNT"}], says: "threat per card counted"}
"""


def test_quest_stages_in_the_victory_display_count_quest_cards_not_side_quests():
    assert parse_amount("1 per quest stage in the victory display").counted.normal() == \
        parse_amount("1 per quest in the victory display").counted.normal()
    assert rulings_of("1 per quest stage in the victory display") == (RULING,)
    assert rulings_of("1 per quest in the victory display") == ()
    trace = api.replay(api.load("t.yaml", text=TEXT.replace("AMOUNT", "1 per quest stage in the victory display")), abilities=True)
    assert resolve_path(trace.to_dict()["final_state"], "players.Tom.threat") == 32  # two quest cards, not the side quests
    assert any(RULING in s.citations for s in trace.steps if s.event == "threat")
    every = api.replay(api.load("t.yaml", text=TEXT.replace("AMOUNT", "1 per card in the victory display")), abilities=True)
    assert resolve_path(every.to_dict()["final_state"], "players.Tom.threat") == 34


def test_victory_points_in_the_victory_display_are_counted_as_the_amount_is_read():
    """The Nameless Fear's X (Flight from Moria's ruling): the victory points in the victory display, read
    at the moment the amount is used."""
    assert parse_amount("victory points in the victory display").special == "victory"
    text = TEXT.replace("AMOUNT", "victory points in the victory display")
    none = api.replay(api.load("t.yaml", text=text.replace("victory_display: [Flies and Spiders, Lost Shrine, A Fork in the Road, Lost Shrine]",
                                                           "victory_display: []")), abilities=True)
    assert resolve_path(none.to_dict()["final_state"], "players.Tom.threat") == 30
    three = api.replay(api.load("t.yaml", text=text.replace("victory_display: [Flies and Spiders, Lost Shrine, A Fork in the Road, Lost Shrine]",
                                                            "victory_display: [Marsh Adder]")), abilities=True)
    assert resolve_path(three.to_dict()["final_state"], "players.Tom.threat") == 33  # Marsh Adder's 3 victory points


def test_a_per_player_value_counts_the_players_who_started_the_scenario():
    """The per-player icon (The Hunt for the Dreadnaught's ruling): every player the game began with, an
    eliminated one too; 'N per player' in card text counts the players still in."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "scenarios/lotr/rulings/qc-dreadnaught-per-player-counts-the-players-who-started.yaml"
    text = path.read_text(encoding="utf-8")
    started = api.replay(api.load("pp.yaml", text=text), abilities=True)
    assert resolve_path(started.to_dict()["final_state"], "players.Tom.threat") == 36  # 2 x 3 players who started
    assert any("lotr:qc:ruling:the-hunt-for-the-dreadnaught:per-player" in s.citations for s in started.steps if s.event == "threat")
    still_in = api.replay(api.load("pp.yaml", text=text.replace("2 per player who started the scenario", "2 per player")), abilities=True)
    assert resolve_path(still_in.to_dict()["final_state"], "players.Tom.threat") == 34  # 2 x the 2 players still in
