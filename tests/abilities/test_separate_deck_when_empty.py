"""A separate encounter deck's rule for revealing from it when it and its own discard pile are both
empty (rules_db/lotr/separate_decks.yaml ``when_empty``; Sundown on the Shire's Wolf deck): its
effects resolve instead; with a card left, the card is revealed and nothing else happens."""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

TEXT = """
cards:
  - {name: Grey Wolf, type: enemy, engagement_cost: 45, threat: 1, attack: 2, defense: 1, hit_points: 3}
  - {name: Call of the Pack, type: treachery}
start: "3.3"
stop: {step: "3.3"}
players:
  - {name: Tom, threat: 30, heroes: [Aragorn], allies: [Snowbourn Scout]}
quest: {card: Flies and Spiders}
decks: {Wolf: WOLVES}
encounter_deck: [Call of the Pack, Old Forest Road]
decisions:
  - {step: "3.3", ability: {card: Call of the Pack, targets: {"a character (the first player picks)": Snowbourn Scout}}}
abilities:
  cards:
    - name: Call of the Pack
      source: encounter
      abilities:
        - {kind: when_revealed, effects: [{op: reveal, deck: Wolf deck}], says: "reveal from the Wolf deck"}
"""


def test_a_separate_deck_empty_with_its_discard_pile_resolves_its_rule_instead():
    empty = api.replay(api.load("wolves.yaml", text=TEXT.replace("WOLVES", "[]")), abilities=True).to_dict()["final_state"]
    assert resolve_path(empty, "players.Tom.discard") == ["Snowbourn Scout"]
    full = api.replay(api.load("wolves.yaml", text=TEXT.replace("WOLVES", "[Grey Wolf]")), abilities=True).to_dict()["final_state"]
    assert resolve_path(full, "players.Tom.discard") == []
    assert [c["label"] for c in full["staging_area"]] == ["Grey Wolf"]
