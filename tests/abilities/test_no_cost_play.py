"""Playing a card at no cost (``{op: play_at_no_cost, from: top of your deck}``: Vilya) needs no
resource match, unlike a card played from hand, even one costing 0 (Resource Match; FAQ Q40,
Q62).  Expected values worked out by hand in the docstring."""

from __future__ import annotations

from adjudicator.lotr.engine import api

TEXT = """
start: '2.1'
stop: {step: '2.2'}
players:
- {name: Tom, threat: 30, heroes: [{card: Elrond, resources: 3, attachments: [Vilya]}], hand: [Veteran Axehand], deck: [Gondorian Spearman, Snowbourn Scout]}
quest: {card: Flies and Spiders}
decisions:
- {step: '2.2', player: Tom, play: [{card: Veteran Axehand, pay_from: [Elrond]}]}
abilities:
  plays:
  - {step: '2.2', player: Tom, card: Vilya, option: OPTION}
"""


def tom(option: str) -> dict:
    trace = api.replay(api.load("v.yaml", text=TEXT.replace("OPTION", option)), abilities=True, strict=False)
    return next(p for p in trace.final_state["players"] if p["name"] == "Tom")


def test_a_card_played_at_no_cost_needs_no_resource_match_unlike_one_played_from_hand():
    """Elrond (Lore) cannot pay for the Veteran Axehand (Tactics) in hand: refused, his 3
    resources kept.  Vilya plays the Gondorian Spearman (Tactics) from the top of the deck at no
    cost: it enters play, still 3 resources.  With option bottom it goes under the Snowbourn Scout."""
    played = tom("play")
    assert [a["label"] for a in played["allies"]] == ["Gondorian Spearman"]
    assert played["hand"] == ["Veteran Axehand"] and played["heroes"][0]["resources"] == 3
    bottom = tom("bottom")
    assert bottom["allies"] == [] and bottom["deck"] == 2
