"""Paying for an event played from hand (Rules Reference: Cost; Resource Match; Event Cards;
Initiating Abilities / Playing Cards; FAQ Q62): its resource cost is paid in full, from the
pools of one or more of the player's heroes with a resource icon of its sphere, before its
effect resolves; a 0-cost sphere event still needs a match; when the cost cannot be paid
the event is not played and the trace says why.  The paying heroes are named in the
declaration (``with``, ``pay_from``) or in a decision of the step; with one way to pay it is
taken; with several and none named the replay stops and asks.  Every path plays through one
payment function (`planning.payment`)."""

from __future__ import annotations

from adjudicator.lotr.engine import api

# Scout's Call is our own test event: a spirit response to travel, costing 2.
TRAVEL = """
start: '4.2'
stop: {step: '4.2'}
cards:
- {name: Quiet Glade, type: location, threat: 1, quest_points: 4}
- {name: Scout's Call, type: event, sphere: spirit, cost: 2}
players:
- name: Kris
  heroes: [%(heroes)s]
  allies: [Wandering Took]
  hand: [%(hand)s]
staging_area: [Quiet Glade]
quest: {card: Flies and Spiders}
decisions:
- {step: '4.2', travel: Quiet Glade}
abilities:
  responses: [%(responses)s]
  cards:
  - name: Scout's Call
    abilities:
    - {kind: response, trigger: {timing: after, event: travels_to, subject: a location},
       effects: [{op: progress, target: that location, amount: 2}], says: "after you travel, 2 progress on the new location"}
"""


def travel(heroes: str, hand: str, responses: str):
    text = TRAVEL % {"heroes": heroes, "hand": hand, "responses": responses}
    return api.replay(api.load("travel.yaml", text=text), abilities=True)


def kris(trace):
    return trace.final_state["players"][0]


def hero(trace, label):
    return next(h for h in kris(trace)["heroes"] if h["label"] == label)


def progress_on_glade(trace):
    return [s for s in trace.steps if s.event == "progress" and "Quiet Glade" in s.text]


def test_a_response_event_is_paid_for_in_full_before_it_resolves():
    trace = travel("{card: Éowyn, resources: 2}", "Scout's Call", "{card: Scout's Call, player: Kris, with: Éowyn}")
    paid = next(s for s in trace.steps if s.event == "pay")
    assert "Éowyn pays 2 resources" in paid.text and "lotr:rr:cost" in paid.citations
    assert trace.steps.index(paid) < trace.steps.index(progress_on_glade(trace)[0])
    assert hero(trace, "Éowyn")["resources"] == 0
    assert kris(trace)["discard"] == ["Scout's Call"]


def test_a_response_event_whose_cost_cannot_be_paid_in_full_is_not_played():
    trace = travel("{card: Éowyn, resources: 1}", "Scout's Call", "{card: Scout's Call, player: Kris, with: Éowyn}")
    refused = next(s for s in trace.steps if s.event == "not-resolved" and "Scout's Call" in s.text)
    assert "is not played: its cost cannot be paid in full (Éowyn has 1 resource, not the 2 it costs)" in refused.text
    assert {"lotr:rr:cost", "lotr:rr:to"} <= set(refused.citations)
    assert not progress_on_glade(trace) and not any(s.event == "play" for s in trace.steps)
    assert kris(trace)["hand"] == ["Scout's Call"] and hero(trace, "Éowyn")["resources"] == 1


def test_an_event_without_matching_resources_cannot_be_played():
    # Strength of Will costs 0 but is a spirit card: Aragorn (leadership) gives no match (FAQ Q62)
    trace = travel("{card: Aragorn, resources: 3}", "Strength of Will", "{card: Strength of Will, player: Kris, with: Wandering Took}")
    refused = next(s for s in trace.steps if s.event == "not-resolved" and "Strength of Will" in s.text)
    assert "no hero with a spirit resource icon" in refused.text
    assert {"lotr:rr:resource-match", "lotr:faq:q:62"} <= set(refused.citations)
    assert not progress_on_glade(trace)
    assert kris(trace)["hand"] == ["Strength of Will"]
    assert not next(a for a in kris(trace)["allies"] if a["label"] == "Wandering Took")["exhausted"]


def test_a_zero_cost_event_with_a_match_is_played_and_its_other_cost_paid():
    trace = travel("{card: Éowyn, resources: 0}", "Strength of Will", "{card: Strength of Will, player: Kris, with: Wandering Took}")
    assert next(a for a in kris(trace)["allies"] if a["label"] == "Wandering Took")["exhausted"]
    assert progress_on_glade(trace) and kris(trace)["discard"] == ["Strength of Will"]


def test_the_cost_may_be_paid_from_several_matching_heroes_pools():
    heroes = "{card: Éowyn, resources: 1}, {card: Eleanor, resources: 1}"
    trace = travel(heroes, "Scout's Call", "{card: Scout's Call, player: Kris, pay_from: [Éowyn, Eleanor]}")
    assert [s.text.split("] ")[-1] for s in trace.steps if s.event == "pay"] == ["Éowyn pays 1 resource", "Eleanor pays 1 resource"]
    assert hero(trace, "Éowyn")["resources"] == 0 and hero(trace, "Eleanor")["resources"] == 0
    assert progress_on_glade(trace)


def test_with_one_way_to_pay_the_payers_are_taken_without_asking():
    heroes = "{card: Éowyn, resources: 1}, {card: Eleanor, resources: 1}, {card: Aragorn, resources: 5}"
    trace = travel(heroes, "Scout's Call", "{card: Scout's Call, player: Kris}")
    assert trace.pending is None
    assert hero(trace, "Éowyn")["resources"] == 0 and hero(trace, "Eleanor")["resources"] == 0
    assert hero(trace, "Aragorn")["resources"] == 5  # a leadership hero's resources do not match


def test_several_heroes_could_pay_and_none_is_named_the_replay_asks():
    heroes = "{card: Éowyn, resources: 2}, {card: Eleanor, resources: 2}"
    trace = travel(heroes, "Scout's Call", "{card: Scout's Call, player: Kris}")
    assert trace.pending is not None and trace.pending.key == "ability"
    assert "Which heroes of Kris pay the 2 resources for Scout's Call" in trace.pending.question
    assert [o.value for o in trace.pending.options] == [{"card": "Scout's Call", "pay_from": ["Éowyn"]},
                                                        {"card": "Scout's Call", "pay_from": ["Eleanor"]}]
    assert trace.pending.example["ability"] == {"card": "Scout's Call", "pay_from": ["Éowyn"]}


def test_a_decision_of_the_step_names_the_payer():
    heroes = "{card: Éowyn, resources: 2}, {card: Eleanor, resources: 2}"
    text = TRAVEL % {"heroes": heroes, "hand": "Scout's Call", "responses": "{card: Scout's Call, player: Kris}"}
    text = text.replace("- {step: '4.2', travel: Quiet Glade}",
                        "- {step: '4.2', travel: Quiet Glade}\n- {step: '4.2', ability: {card: Scout's Call, pay_from: [Eleanor]}}")
    trace = api.replay(api.load("travel.yaml", text=text), abilities=True)
    assert trace.pending is None
    assert hero(trace, "Eleanor")["resources"] == 0 and hero(trace, "Éowyn")["resources"] == 2


# -- a response event initiated through the ability machinery (Swift Strike) -----------

SNIPER = """
start: "6.2"
stop: end-of-phase
players:
  - {name: Tom, threat: 20, heroes: [{card: Gimli, resources: %(gimli)s}, {card: Legolas, resources: %(legolas)s}], hand: [Swift Strike], engaged: [Goblin Sniper]}
encounter_deck: [Hill Troll]
decisions:
  - {step: "6.4.1", player: Tom, enemy: Goblin Sniper, defender: Gimli}
  - {step: "6.8b", player: Tom, target: null}
abilities:
  responses: [%(response)s]
"""


def sniper(gimli: int, legolas: int, response: str = "{card: Swift Strike, player: Tom}"):
    text = SNIPER % {"gimli": gimli, "legolas": legolas, "response": response}
    return api.replay(api.load("sniper.yaml", text=text), abilities=True)


def tom_hero(trace, label):
    return next(h for h in trace.final_state["players"][0]["heroes"] if h["label"] == label)


def test_a_response_event_with_one_hero_able_to_pay_is_paid_by_that_hero():
    trace = sniper(0, 2)
    assert trace.pending is None
    assert tom_hero(trace, "Legolas")["resources"] == 0
    assert any(s.event == "destroyed" and "Goblin Sniper" in s.text for s in trace.steps)


def test_a_response_event_cost_is_pooled_from_two_tactics_heroes():
    trace = sniper(1, 1, "{card: Swift Strike, player: Tom, pay_from: [Gimli, Legolas]}")
    assert tom_hero(trace, "Gimli")["resources"] == 0 and tom_hero(trace, "Legolas")["resources"] == 0
    assert any(s.event == "destroyed" and "Goblin Sniper" in s.text for s in trace.steps)


def test_a_response_event_several_heroes_could_pay_for_stops_and_asks():
    trace = sniper(2, 2)
    assert trace.pending is not None and "Which heroes of Tom pay the 2 resources for Swift Strike" in trace.pending.question
    assert {"card": "Swift Strike", "pay_from": ["Legolas"]} in [o.value for o in trace.pending.options]


def test_a_response_event_without_enough_matching_resources_is_not_played():
    trace = sniper(1, 0)
    refused = next(s for s in trace.steps if s.event == "not-resolved" and "Swift Strike" in s.text)
    assert "its cost cannot be paid in full" in refused.text and "lotr:rr:cost" in refused.citations
    assert trace.final_state["players"][0]["hand"] == ["Swift Strike"]
    assert not any(s.event == "destroyed" and "Goblin Sniper" in s.text for s in trace.steps)


# -- a cancel event (A Test of Will) -----------------------------------------------------

OMEN = """
start: '3.3'
stop: {step: '3.3'}
cards:
- {name: Dark Omen, type: treachery}
players:
- name: Tom
  threat: 25
  heroes: [{card: Aragorn, exhausted: true}, {card: Éowyn, resources: 1}, {card: Eleanor, resources: 1}]
  hand: [A Test of Will]
quest: {card: Flies and Spiders}
encounter_deck: [Dark Omen, Forest Gate]
abilities:
  responses: [{card: A Test of Will, player: Tom}]
  cards:
  - name: Dark Omen
    source: encounter
    abilities:
    - {kind: when_revealed, effects: [{op: damage, target: each exhausted character, amount: 1}], says: 1 damage to each exhausted character}
"""


def test_a_cancel_event_several_heroes_could_pay_for_stops_and_asks():
    trace = api.replay(api.load("omen.yaml", text=OMEN), abilities=True)
    assert trace.pending is not None and "A Test of Will" in trace.pending.question
    assert [o.value["pay_from"] for o in trace.pending.options] == [["Éowyn"], ["Eleanor"]]


def test_a_cancel_event_paid_by_the_hero_a_decision_names():
    text = OMEN.replace("abilities:\n  responses", "decisions:\n- {step: '3.3', ability: {card: A Test of Will, pay_from: Eleanor}}\n"
                                                 "abilities:\n  responses")
    trace = api.replay(api.load("omen.yaml", text=text), abilities=True)
    assert trace.pending is None and any(s.event == "cancel" for s in trace.steps)
    heroes = {h["label"]: h for h in trace.final_state["players"][0]["heroes"]}
    assert heroes["Eleanor"]["resources"] == 0 and heroes["Éowyn"]["resources"] == 1


# -- one payment for every path ----------------------------------------------------------


def test_the_payment_rule_names_the_payers_or_says_why_not():
    from adjudicator.lotr.engine.planning import payment

    from .core_set_table import BASE, put
    from .tables import table

    r = table(BASE)  # Tom: Aragorn 2 (leadership), Gimli 1 (tactics), Éowyn 1 (spirit)
    tom = r.g.player("Tom")
    greeting = put(r, "The Galadhrim's Greeting", "hand")  # spirit, 3
    assert "Éowyn has 1 resource, not the 3 it costs" in payment(r, tom, greeting, "Éowyn").problem
    assert "Aragorn is not a spirit hero" in payment(r, tom, greeting, ["Aragorn"]).problem
    assert "Tom's spirit heroes hold 1 resource" in payment(r, tom, greeting).problem
    assert [h.label for h in payment(r, tom, put(r, "Will of the West", "hand")).payers] == ["Éowyn"]
    gandalf = put(r, "Gandalf", "hand")  # neutral, 5: any heroes' pools, 4 in all
    assert "hold 4 resources" in payment(r, tom, gandalf).problem
    assert [h.label for h in payment(r, tom, gandalf, cost=4).payers] == ["Aragorn", "Gimli", "Éowyn"]
    assert [h.label for h in payment(r, tom, gandalf, cost=2).undecided] == ["Aragorn", "Gimli", "Éowyn"]
