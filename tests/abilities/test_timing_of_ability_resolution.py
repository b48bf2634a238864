"""Timing of Ability Resolution (RR), Forced, Response, Priority of Simultaneous
Resolution, Delayed Effects, Lasting Effects; FAQ 1.02, 1.08, 1.09, 1.37, 1.58.

One sort key decides: tier (expiry, constant, delayed, forced, response), then "when"
before "after", then the first player's order (mandatory effects) or player order from
the first player (responses)."""

from __future__ import annotations

from adjudicator.lotr.abilities.timing import Entry, order

PLAYERS = ["Tom", "Kris", "Ann"]


def labels(result):
    return [row["label"] for row in result["order"]]


def test_constant_then_forced_then_response():
    result = order(
        [
            Entry("R", "response", controller="Tom"),
            Entry("F", "forced", controller="encounter"),
            Entry("C", "constant"),
        ],
        PLAYERS,
    )
    assert labels(result) == ["C", "F", "R"]
    tiers = {row["label"]: row for row in result["order"]}
    assert "lotr:rr:constant-ability" in tiers["C"]["rules"]
    assert "lotr:rr:forced" in tiers["F"]["rules"] and "lotr:faq:1.09" in tiers["F"]["rules"]
    assert "lotr:rr:response" in tiers["R"]["rules"]
    assert all("lotr:rr:timing-of-ability-resolution" in r["rules"] for r in result["order"])


def test_when_before_after_within_a_tier():
    result = order(
        [
            Entry("after-response", "response", "after", controller="Tom"),
            Entry("when-response", "response", "when", controller="Kris"),
        ],
        PLAYERS,
    )
    assert labels(result) == ["when-response", "after-response"]
    assert "lotr:rr:when" in result["order"][0]["rules"]


def test_tier_comes_before_when_and_after_and_the_mix_is_noted():
    result = order(
        [Entry("when-response", "response", "when", controller="Tom"), Entry("after-forced", "forced", "after")],
        PLAYERS,
    )
    assert labels(result) == ["after-forced", "when-response"]
    assert result["notes"] and "lotr:rr:timing-of-ability-resolution" in result["notes"][0]["rules"]


def test_first_player_orders_simultaneous_forced_effects_whoever_controls_them():
    entries = [Entry("F1", "forced", controller="Tom"), Entry("F2", "forced", controller="Kris")]
    undeclared = order(entries, PLAYERS, first_player="Kris")
    decision = undeclared["decisions"][0]
    assert decision["who"] == "Kris" and decision["role"] == "first player"
    assert decision["declared"] is False and set(decision["options"]) == {"F1", "F2"}
    assert "lotr:rr:forced" in decision["rules"] and "lotr:faq:1.02" in decision["rules"]
    declared = order(entries, PLAYERS, first_player="Kris", declared=["F2", "F1"])
    assert labels(declared) == ["F2", "F1"]
    assert declared["decisions"][0]["declared"] is True


def test_responses_offered_from_the_first_player_in_player_order():
    result = order(
        [
            Entry("Tom's", "response", controller="Tom"),
            Entry("Ann's", "response", controller="Ann"),
            Entry("Kris's", "response", controller="Kris"),
        ],
        PLAYERS,
        first_player="Kris",
    )
    assert labels(result) == ["Kris's", "Ann's", "Tom's"]
    assert result["players"] == ["Kris", "Ann", "Tom"]


def test_a_player_orders_their_own_responses():
    result = order([Entry("A", "response", controller="Tom"), Entry("B", "response", controller="Tom")], PLAYERS)
    decision = result["decisions"][0]
    assert decision["who"] == "Tom" and decision["role"] == "player"
    assert "lotr:faq:q:2" in decision["rules"]


def test_each_response_once_per_trigger():
    result = order([Entry("Théodred (response)", "response", controller="Tom")] * 2, PLAYERS)
    assert labels(result) == ["Théodred (response)"]
    assert result["not_resolved"][0]["rules"][0] == "lotr:faq:1.08"


def test_forced_effect_must_be_in_play_when_its_trigger_occurs():
    result = order(
        [
            Entry("Stage 1B: advance at the end of the round", "forced", "at"),
            Entry("Stage 2B: progress at the end of the round", "forced", "at", in_play=False),
        ],
        PLAYERS,
    )
    assert labels(result) == ["Stage 1B: advance at the end of the round"]
    skipped = result["not_resolved"][0]
    assert skipped["label"].startswith("Stage 2B") and "lotr:faq:1.58" in skipped["rules"]


def test_delayed_effects_resolve_before_responses_and_forced_effects():
    result = order(
        [Entry("R", "response", "at", controller="Tom"), Entry("F", "forced", "at"), Entry("D", "delayed", "at")],
        PLAYERS,
    )
    assert labels(result) == ["D", "F", "R"]
    assert "lotr:rr:delayed-effects" in result["order"][0]["rules"]


def test_lasting_effect_expires_before_at_the_end_abilities():
    result = order([Entry("Gandalf leaves", "constant", "at"), Entry("+5 attack ends", "expiry", "at")], PLAYERS)
    assert labels(result) == ["+5 attack ends", "Gandalf leaves"]
    assert result["order"][0]["rules"] == ["lotr:rr:lasting-effects"]


def test_an_action_is_not_an_answer_to_a_trigger():
    result = order([Entry("Beravor (action)", "action", controller="Tom")], PLAYERS)
    assert result["order"] == []
    assert "lotr:rr:action-action-ability" in result["not_resolved"][0]["rules"]


def test_no_valid_target_no_initiation_and_spent_limits_are_reported():
    result = order(
        [
            Entry("Son of Arnor (response)", "response", controller="Tom", no_target=True),
            Entry("Glorfindel (action)", "response", controller="Tom", limit_reached=True),
        ],
        PLAYERS,
    )
    reasons = {n["label"]: n["rules"] for n in result["not_resolved"]}
    assert reasons["Son of Arnor (response)"] == ["lotr:rr:the-word-choose"]
    assert "lotr:rr:limits" in reasons["Glorfindel (action)"]


def test_every_answer_lists_its_citations():
    result = order([Entry("F", "forced"), Entry("R", "response", controller="Tom")], PLAYERS)
    assert {"lotr:rr:forced", "lotr:rr:response", "lotr:rr:timing-of-ability-resolution"} <= set(result["citations"])
