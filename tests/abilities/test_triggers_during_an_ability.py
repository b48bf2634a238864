"""What happens while an ability resolves can trigger other abilities: an engagement a card
effect makes is an engagement (FAQ 1.49: Forest Spider's Forced effect), and an ally a card
effect puts into play has entered play (FAQ 1.16: its "enters play" response), though it was not
played ("after you play it" does not answer)."""

from __future__ import annotations

from adjudicator.lotr.engine import api


def _replay(text: str):
    return api.replay(api.load("nested.yaml", text=text), abilities=True)


def test_engaging_by_a_card_effect_triggers_the_enemys_forced_effect_faq_1_49():
    trace = _replay("""
start: "2.1"
stop: {step: "2.2"}
players:
  - {name: Tom, threat: 20, heroes: [{card: Aragorn, resources: 3}], hand: [Son of Arnor]}
staging_area: [Forest Spider]
quest: {card: Flies and Spiders}
decisions:
  - {step: "2.2", player: Tom, play: [{card: Son of Arnor, pay_from: [Aragorn]}]}
abilities:
  responses: [{card: Son of Arnor, player: Tom}]
  plays: [{card: Son of Arnor, chosen: [Forest Spider]}]
""")
    spider = trace.final_state["players"][0]["engaged"][0]
    assert spider["modifiers"] == [{"stat": "attack", "op": "add", "value": 1}]
    timing = next(s for s in trace.steps if s.event == "timing" and "Forest Spider engages Tom" in s.text)
    assert "lotr:faq:1.49" in timing.citations


SNEAK = """
start: "3.1"
stop: {step: "3.1"}
players:
  - {name: Tom, threat: 30, heroes: [{card: Aragorn, resources: 1}], hand: [Sneak Attack, %s], engaged: [Dol Guldur Orcs]}
quest: {card: Flies and Spiders}
decisions:
  - {step: "3.1", player: Tom, play: [{card: Sneak Attack, pay_from: [Aragorn]}]}
abilities:
  responses: [{card: %s, player: Tom}]
  plays: [{card: Sneak Attack, chosen: [%s]}]
"""


def test_an_ally_put_into_play_by_a_card_effect_has_entered_play_faq_1_16():
    trace = _replay(SNEAK % (("Longbeard Orc Slayer",) * 3))
    assert trace.final_state["players"][0]["engaged"][0]["damage"] == 1  # its response: 1 damage to each Orc enemy


def test_an_ally_put_into_play_was_not_played_so_after_you_play_it_does_not_answer():
    trace = _replay(SNEAK % (("Erebor Hammersmith",) * 3))
    assert not [s for s in trace.steps if "[from Erebor Hammersmith" in s.text]


def test_engaging_an_enemy_answers_the_engaging_players_responses_to_it_when_the_enemy_fits():
    """FAQ 1.49 and Q66: Sam Gamgee's response answers his player engaging an enemy whose
    engagement cost is above that player's threat, and only such an enemy."""
    text = """
start: "5.1"
stop: {step: "5.2"}
players:
  - {name: Tom, threat: 20, heroes: [{card: Sam Gamgee, exhausted: true}]}
staging_area: [%s]
decisions:
  - {step: "5.2", player: Tom, engage: %s}
abilities:
  responses: [{card: Sam Gamgee, player: Tom}]
"""
    higher = _replay(text % ("Forest Spider", "Forest Spider"))  # 25 > 20
    assert higher.final_state["players"][0]["heroes"][0]["exhausted"] is False
    lower = _replay(text % ("King Spider", "King Spider"))  # 20, not higher
    assert lower.final_state["players"][0]["heroes"][0]["exhausted"] is True
