"""Spending resources on another sphere's cards (Resource Match; FAQ Q62): ``{op:
spend_on_sphere}`` with a duration lets its controller pay for the chosen sphere's cards from
any hero, this phase, but gives no resource icon: a card of that sphere with no cost still
needs a hero with its icon.  Expected values worked out by hand in the docstring."""

from __future__ import annotations

from adjudicator.lotr.engine import api

TEXT = """
start: '2.1'
stop: {step: '2.2'}
cards:
- {name: War Cry, type: event, sphere: tactics, cost: 0}
players:
- {name: Tom, threat: 30, heroes: [{card: Aragorn, resources: 1}, {card: Éowyn, resources: 1}], hand: HAND}
quest: {card: Flies and Spiders}
decisions:
- {step: '2.2', player: Tom, play: PLAYS}
abilities:
  cards:
  - name: War Cry
    abilities:
    - {kind: action, effects: [{op: draw, player: you, amount: 1}], says: "test: draw"}
  plays:
  - {card: A Good Harvest, option: tactics}
  - {card: Blade Mastery, chosen: [Aragorn]}
"""


def tom(hand: str, plays: str) -> dict:
    trace = api.replay(api.load("g.yaml", text=TEXT.replace("HAND", hand).replace("PLAYS", plays)), abilities=True, strict=False)
    return next(p for p in trace.final_state["players"] if p["name"] == "Tom")


def test_spending_on_a_sphere_pays_for_its_cards_but_is_no_match_for_a_card_without_cost():
    """Without A Good Harvest, Éowyn (Spirit) cannot pay for Blade Mastery (Tactics): it stays in
    hand, her resource with her.  After it names Tactics she can: Blade Mastery is played, her
    resource spent.  War Cry (Tactics, cost 0) is refused either way: no Tactics hero."""
    alone = tom("[Blade Mastery, War Cry]", "[{card: Blade Mastery, pay_from: [Éowyn]}, {card: War Cry}]")
    assert alone["hand"] == ["Blade Mastery", "War Cry"]
    harvest = tom("[A Good Harvest, Blade Mastery, War Cry]",
                  "[{card: A Good Harvest, pay_from: [Aragorn]}, {card: Blade Mastery, pay_from: [Éowyn]}, {card: War Cry}]")
    assert harvest["hand"] == ["War Cry"]
    assert [h["resources"] for h in harvest["heroes"]] == [0, 0]
