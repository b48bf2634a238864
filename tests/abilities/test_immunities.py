"""Immunities of encounter cards beyond "immune to player card effects", in the replay:

- immune to ranged damage (Quest Companion, Immune to Ranged Damage: the Great Cave-troll):
  characters that attack it through Ranged -- joining another player's attack, or attacking an
  enemy engaged with another player -- add no attack strength; a Ranged character attacking it
  otherwise (engaged with its own player) counts.
"""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api

TROLL = """
start: "6.7"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [Legolas, Gimli], engaged: [ENEMY]}
  - {name: Kris, threat: 20, heroes: [Aragorn], allies: [Horseback Archer]}
decisions:
  - {step: 6.8b, player: Tom, target: ENEMY, attackers: [Legolas, Gimli], ranged: [{player: Kris, character: Horseback Archer}]}
  - {step: 6.8b, player: Tom, target: null}
  - {step: 6.8b, player: Kris, target: null}
abilities: {}
"""

KRIS_ALONE = """
start: "6.7"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [Gimli], engaged: [Great Cave-troll]}
  - {name: Kris, threat: 20, heroes: [Legolas]}
decisions:
  - {step: 6.8b, player: Tom, target: null}
  - {step: 6.8b, player: Kris, target: Great Cave-troll, attackers: [Legolas]}
  - {step: 6.8b, player: Kris, target: null}
abilities: {}
"""


def damage(text: str, enemy: str = "Great Cave-troll") -> int:
    trace = api.replay(api.load("immune.yaml", text=text.replace("ENEMY", enemy)), abilities=True)
    assert trace.pending is None
    state = trace.to_dict()["final_state"]
    return resolve_path(state, f"players.Tom.engaged.{enemy}.damage")


def test_immune_to_ranged_damage_attackers_through_ranged_add_no_strength():
    """Tom's Legolas (3) and Gimli (2) count, Kris's joining archer does not: 5 against 3 defense."""
    assert damage(TROLL) == 2
    # the same attack on an enemy without the immunity: the archer's 2 count (Hill Troll: 3 defense)
    assert damage(TROLL, "Hill Troll") == 4
    # a Ranged character attacking another player's enemy on its own attacks through Ranged: nothing
    assert damage(KRIS_ALONE) == 0


TORCH = """
start: "7.3"
stop: end-of-round
players:
  - {name: Tom, threat: THREAT, heroes: [{card: Gimli, attachments: [ATTACHED]}]}
  - {name: Kris, threat: 20, heroes: [Aragorn]}
"""


def test_a_card_removed_from_the_game_instead_of_leaving_play_is_in_no_discard_pile():
    """The Cave Torch's replacement: with its eliminated player's cards it is removed from the game;
    an encounter attachment without it goes to the encounter discard pile."""
    def final(attached: str):
        text = TORCH.replace("THREAT", "49").replace("ATTACHED", attached)
        trace = api.replay(api.load("torch.yaml", text=text), abilities=True)
        return trace.to_dict()["final_state"]

    state = final("Cave Torch")
    assert state["players"][0]["eliminated"] is True
    assert state.get("removed_from_game") == ["Cave Torch"] and state["encounter_discard"] == []
    plain = final("Caught in a Web")
    assert plain["encounter_discard"] == ["Caught in a Web"] and "removed_from_game" not in plain


def test_immune_hero_still_gets_resources_a_player_card_adds_to_its_pool():
    """FAQ Q87: a hero's resource pool is not the hero. A player event adding 1 resource to each
    hero's pool adds it to Beorn the hero (immune to player card effects) too, citing Q87 there."""
    trace = api.replay(api.load("pool.yaml", text="""
start: '2.1'
stop: {step: '2.2'}
cards:
- {name: Harvest Feast, type: event, sphere: neutral, cost: 0}
players:
- {name: Tom, threat: 30, heroes: [Beorn (hero), Gimli], hand: [Harvest Feast]}
quest: {card: Flies and Spiders}
decisions:
- {step: '2.2', player: Tom, play: [{card: Harvest Feast}]}
abilities:
  cards:
  - name: Harvest Feast
    abilities:
    - {kind: action, effects: [{op: resources, target: each hero, amount: 1}], says: "1 resource to each hero"}
"""), abilities=True)
    heroes = {h["name"]: h["resources"] for h in trace.final_state["players"][0]["heroes"]}
    assert heroes == {"Beorn": 1, "Gimli": 1}
    added = [s for s in trace.steps if "lotr:faq:q:87" in s.citations]
    assert len(added) == 1 and "Beorn" in added[0].text


GATE = """
start: "3.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 30, heroes: [Éowyn], allies: [Lórien Guide]}
active_location: {card: LOCATION}
quest: {card: Flies and Spiders}
encounter_deck: [Collapse, Old Forest Road]
cards:
  - {name: Collapse, type: treachery}
  - {name: Plain Gate, type: location, threat: 1, quest_points: 7}
decisions:
  - {step: "3.2", player: Tom, commit: [Éowyn, Lórien Guide]}
abilities:
  responses: [{card: Lórien Guide, player: Tom}]
  cards:
    - name: Collapse
      source: encounter
      abilities:
        - {kind: when_revealed, effects: [{op: return_to_staging, target: active location}], says: "active location back"}
"""


def test_immune_to_card_effects_ignores_encounter_effects_too_but_not_questing():
    gate = api.replay(api.load("gate.yaml", text=GATE.replace("LOCATION", "East-gate")), abilities=True).to_dict()["final_state"]
    # the Lórien Guide's progress (a player effect) and Collapse (an encounter effect) do nothing; questing's 5 progress counts
    assert resolve_path(gate, "active_location.label") == "East-gate" and resolve_path(gate, "active_location.progress") == 5
    plain = api.replay(api.load("gate.yaml", text=GATE.replace("LOCATION", "Plain Gate")), abilities=True).to_dict()["final_state"]
    # not immune: 1 progress from the Guide, then Collapse sends it back (with it) to the staging area; questing then
    # puts 4 of 5 on the quest (the location's 1 threat in the staging area counts against the 5 willpower)
    assert plain["active_location"] is None and resolve_path(plain, "staging_area.labels") == ["Plain Gate"]
    assert plain["quest"]["progress"] == 4
