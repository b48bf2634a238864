"""Objective-allies (Quest Companion, Objective-Ally Cards; Ownership and Control) and the rules
the Quest Companion's scenario rulings state about them, in the replay:

- an objective-ally is both an objective and an ally: in the staging area until a player takes
  control of it, then an ally of that player; still an encounter card, so it goes to the
  encounter discard pile when it leaves play (Grimbeorn the Old);
- "the first player gains control of it": control follows the first player token (Wilyador,
  Arwen Undómiel);
- "if it leaves play, the players lose": the group loses at once, whatever players are still in,
  also when its controller is eliminated (Wilyador);
- "no attachments": an attachment played on it is refused (Cannot);
- a unique encounter card revealed while a copy is in play does not enter play: its effects are
  ignored and it goes to the encounter discard pile (Quest Companion, Unique Encounter Cards);
- an encounter attachment on a destroyed character goes to the encounter discard pile, its owner's.
"""

from __future__ import annotations

from adjudicator.lotr.abilities.rulings import resolve_path
from adjudicator.lotr.engine import api


def replay(text: str, strict: bool = True):
    return api.replay(api.load("objective-allies.yaml", text=text), abilities=True, strict=strict)


def final(text: str, strict: bool = True):
    trace = replay(text, strict)
    assert trace.pending is None
    return trace.to_dict()["final_state"]


DEFENDS = """
start: "6.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 25, heroes: [Aragorn], engaged: [Hill Troll]}
staging_area: [{card: Grimbeorn the Old, resources: RESOURCES, damage: 7}]
quest: {card: Flies and Spiders}
decisions:
  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defender: Grimbeorn the Old}
  - {step: "6.8b", player: Tom, target: null}
abilities: {}
"""


def test_an_objective_ally_destroyed_goes_to_the_encounter_discard_pile_not_its_controllers():
    state = final(DEFENDS.replace("RESOURCES", "8"))
    assert resolve_path(state, "encounter_discard") == ["Grimbeorn the Old"]
    assert resolve_path(state, "players.Tom.discard") == [] and resolve_path(state, "players.Tom.allies") == []


def test_an_objective_ally_stays_an_objective_in_the_staging_area_until_its_condition_gives_it_to_a_player():
    trace = replay(DEFENDS.replace("RESOURCES", "7"), strict=False)
    state = trace.to_dict()["final_state"]
    assert "Grimbeorn the Old" in resolve_path(state, "staging_area.labels") and resolve_path(state, "players.Tom.allies") == []
    assert trace.violations and "Grimbeorn the Old" in trace.violations[0].message  # not Tom's to declare as a defender


TOKEN = """
start: "7.1"
stop: STOP
players:
  - {name: Tom, threat: 20, heroes: [Aragorn], allies: [Wilyador]}
  - {name: Kris, threat: 20, heroes: [Gimli]}
quest: {card: Flies and Spiders}
abilities: {}
decisions:
  - {step: "3.2", player: Tom, commit: []}
  - {step: "3.2", player: Kris, commit: []}
  - {step: "6.8b", player: Tom, target: null}
  - {step: "6.8b", player: Kris, target: null}
"""


def test_an_objective_ally_the_first_player_controls_goes_with_the_first_player_token():
    state = final(TOKEN.replace("STOP", "end-of-round"))
    assert state["first_player"] == "Kris"
    assert resolve_path(state, "players.Kris.allies.labels") == ["Wilyador"] and resolve_path(state, "players.Tom.allies") == []
    back = final(TOKEN.replace("STOP", "{rounds: 2}"))  # and on to Tom again the round after
    assert back["first_player"] == "Tom" and resolve_path(back, "players.Tom.allies.labels") == ["Wilyador"]


def test_an_objective_ally_whose_leaving_play_loses_the_game_loses_it_with_players_still_in():
    text = TOKEN.replace("STOP", "end-of-round").replace("allies: [Wilyador]", "allies: [{card: Wilyador, damage: 18}]")
    trace = replay(text)
    state = trace.to_dict()["final_state"]
    assert state["outcome"] == "lost"
    assert not any(p.get("eliminated") for p in state["players"])
    assert [s.event for s in trace.steps][-1] == "game-lost"
    survived = final(TOKEN.replace("STOP", "end-of-round").replace("allies: [Wilyador]", "allies: [{card: Wilyador, damage: 17}]"))
    assert survived["outcome"] is None and resolve_path(survived, "players.Kris.allies.Wilyador.damage") == 19


def test_the_players_lose_when_the_player_controlling_such_an_objective_ally_is_eliminated():
    text = TOKEN.replace("STOP", "end-of-round").replace("{name: Tom, threat: 20", "{name: Tom, threat: 49")
    state = final(text)
    assert state["outcome"] == "lost" and resolve_path(state, "players.Tom.eliminated") is True
    assert not state["players"][1].get("eliminated")
    assert resolve_path(state, "encounter_discard") == ["Wilyador"]


ATTACH = """
start: "2.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 25, heroes: [{card: Beravor, resources: 3}], allies: [HOST], hand: [Self Preservation]}
quest: {card: Flies and Spiders}
decisions:
  - {step: "2.2", player: Tom, play: [{card: Self Preservation, pay_from: [Beravor], attach_to: HOST}]}
abilities: {}
"""


def test_no_attachments_refuses_an_attachment_played_on_the_card():
    trace = replay(ATTACH.replace("HOST", "Wilyador"), strict=False)
    [v] = trace.violations
    assert "lotr:rr:cannot" in v.rules and "Wilyador" in v.message
    state = trace.to_dict()["final_state"]
    assert resolve_path(state, "players.Tom.hand") == ["Self Preservation"]
    assert resolve_path(state, "players.Tom.heroes.Beravor.resources") == 3
    played = final(ATTACH.replace("HOST", "Gléowine"))  # an ally without that text takes it
    assert resolve_path(played, "players.Tom.allies.Gléowine.attachments.labels") == ["Self Preservation"]


UNIQUE = """
cards:
  - {name: Lone Captain, type: enemy, unique: true, engagement_cost: 45, threat: 2, attack: 3, defense: 2, hit_points: 5, keywords: [Surge]}
start: "3.1"
stop: {step: "3.3"}
players:
  - {name: Tom, threat: 20, heroes: [Aragorn]}
staging_area: [IN_PLAY]
quest: {card: Flies and Spiders}
encounter_deck: [Lone Captain, Old Forest Road, Hill Troll]
decisions:
  - {step: "3.2", player: Tom, commit: [Aragorn]}
abilities: {}
"""


def test_a_unique_encounter_card_revealed_beside_a_copy_in_play_goes_to_the_discard_pile_with_its_keywords_ignored():
    trace = replay(UNIQUE.replace("IN_PLAY", "{card: Lone Captain, label: The Captain}"))
    state = trace.to_dict()["final_state"]
    assert resolve_path(state, "staging_area.labels") == ["The Captain"]  # its Surge does not reveal Old Forest Road
    assert resolve_path(state, "encounter_discard") == ["Lone Captain"]
    assert any(s.event == "unique-copy" and "lotr:qc:page:unique-encounter-cards" in s.citations for s in trace.steps)
    alone = final(UNIQUE.replace("IN_PLAY", "Hill Troll"))  # with no copy in play it enters play and surges
    assert resolve_path(alone, "staging_area.labels") == ["Hill Troll", "Lone Captain", "Old Forest Road"]


def test_an_encounter_attachment_on_a_destroyed_character_goes_to_the_encounter_discard_pile():
    text = """
start: "6.1"
stop: end-of-phase
players:
  - name: Tom
    threat: 25
    heroes: [{card: Aragorn, damage: 4, attachments: [Caught in a Web]}, Gimli]
    engaged: [Hill Troll]
quest: {card: Flies and Spiders}
decisions:
  - {step: "6.4.1", player: Tom, enemy: Hill Troll, defender: null}
  - {step: "6.4.3", player: Tom, enemy: Hill Troll, undefended_hero: Aragorn}
  - {step: "6.8b", player: Tom, target: null}
abilities: {}
"""
    state = final(text)
    assert resolve_path(state, "encounter_discard") == ["Caught in a Web"]
    assert resolve_path(state, "players.Tom.discard") == ["Aragorn"]


TITLE = """
start: "2.1"
stop: {step: "2.2"}
players:
  - name: Kris
    threat: 26
    heroes: [{card: Théodred, resources: 1}, {card: Éowyn, resources: 4}]
    hand: [Sneak Attack, Arwen Undómiel (ally)]
  - {name: Tom, threat: 25, heroes: [Aragorn], allies: [IN_PLAY]}
quest: {card: Flies and Spiders}
decisions:
  - {step: "2.2", player: Kris, play: [{card: Sneak Attack, pay_from: [Théodred]}]}
abilities:
  plays:
    - {card: Sneak Attack, targets: {an ally from your hand: Arwen Undómiel (ally)}}
"""


def test_a_unique_card_does_not_enter_play_while_a_card_of_its_title_is_in_play():
    """Unique Cards: the player's Arwen Undómiel (a second design of the title, named by its key)
    is not put into play beside the objective-ally Arwen; beside another ally she is."""
    trace = replay(TITLE.replace("IN_PLAY", "Arwen Undómiel"))
    state = trace.to_dict()["final_state"]
    assert resolve_path(state, "players.Kris.hand") == ["Arwen Undómiel"]  # the player card, still in hand
    assert resolve_path(state, "players.Kris.allies.labels") == ["Arwen Undómiel#2"]  # the objective-ally, with the first player
    assert any(s.event == "not-resolved" and "lotr:rr:unique-cards" in s.citations for s in trace.steps)
    state = final(TITLE.replace("IN_PLAY", "Gléowine"))
    assert resolve_path(state, "players.Kris.allies.labels") == ["Arwen Undómiel"]
    assert resolve_path(state, "players.Kris.hand") == []


def test_two_designs_of_one_title_keep_their_own_figures_and_abilities():
    from adjudicator.lotr.abilities.card_text import CardText
    from adjudicator.lotr.engine.cards import card_book
    from adjudicator.lotr.engine.state import Card

    book = card_book()
    objective, ally = book.get("Arwen Undómiel"), book.get("Arwen Undómiel (ally)")
    assert (objective.type, ally.type) == ("objective-ally", "ally") and objective.name == ally.name
    text = CardText()
    assert [a.kind for a in text.abilities(Card("a", objective, "encounter"))] == ["constant", "forced"]
    assert text.abilities(Card("b", ally, "Kris")) == []  # the objective-ally's text is not the ally's


ENGAGES = """
start: "5.1"
stop: end-of-phase
players:
  - {name: Tom, threat: 10, heroes: [Aragorn], allies: [Amarthiúl]}
  - {name: Kris, threat: 30, heroes: [Gimli]}
staging_area: [King Spider]
quest: {card: Flies and Spiders}
decisions:
  - {step: "5.2", player: Tom, engage: null}
  - {step: "5.2", player: Kris, engage: null}
abilities:
  responses: RESPONSES
"""


def test_a_response_to_an_enemy_engaging_any_player_is_offered_to_its_controller_whoever_is_engaged():
    """Amarthiúl (Tom's) answers King Spider engaging Kris: "that player" is the engaged one."""
    given = final(ENGAGES.replace("RESPONSES", "[{card: Amarthiúl, player: Tom}]"))
    assert resolve_path(given, "players.Kris.allies.labels") == ["Amarthiúl"] and resolve_path(given, "players.Tom.allies") == []
    kept = final(ENGAGES.replace("RESPONSES", "[]"))  # optional: Tom passes and keeps him
    assert resolve_path(kept, "players.Tom.allies.labels") == ["Amarthiúl"] and resolve_path(kept, "players.Kris.allies") == []


def test_an_attack_against_an_objective_ally_is_against_its_controller_with_undefended_damage_on_it():
    """Trouble in Tharbad, attacks against Nalir: the controller is the defending player and may
    defend; undefended, the damage goes to Nalir (FAQ 1.41), not to a hero the player picks."""
    text = """
start: '3.1'
stop: end-of-phase
cards:
- {name: Street Thug, type: enemy, engagement_cost: 45, threat: 1, attack: 2, defense: 1, hit_points: 3}
players:
- {name: Tom, threat: 20, heroes: [Gimli, Aragorn], allies: [Nalir]}
quest: {card: Flies and Spiders}
encounter_deck: [Street Thug, Old Forest Road, Enchanted Stream]
decisions:
- {step: '3.2', commit: [Aragorn]}
- {step: 6.4.1, player: Tom, enemy: Street Thug, defender: DEFENDER}
abilities:
  cards:
  - name: Street Thug
    abilities:
    - {kind: when_revealed, effects: [{op: enemy_attack, attacker: self, target: card titled Nalir}], says: "it attacks Nalir"}
"""
    def state(defender: str) -> dict:
        trace = api.replay(api.load("nalir.yaml", text=text.replace("DEFENDER", defender)), abilities=True)
        return trace.to_dict()["final_state"]

    undefended = state("null")
    assert [(a["name"], a["damage"]) for a in undefended["players"][0]["allies"]] == [("Nalir", 2)]
    defended = state("Gimli")  # Gimli (2 defense) defends for Tom: no damage to anyone
    assert [(a["name"], a["damage"]) for a in defended["players"][0]["allies"]] == [("Nalir", 0)]
    assert all(h["damage"] == 0 for h in defended["players"][0]["heroes"])
