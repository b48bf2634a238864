"""Immune (Rules Reference; FAQ 1.47, Q42) and Cannot (FAQ 1.14) written in card data: a
constant `immune` ability makes its card ignore player card effects while it is in play, and a
`cannot commit to the quest` restriction on an attachment's hero is enforced at step 3.2."""

from __future__ import annotations

from adjudicator.lotr.engine import api


def _replay(text: str, **kw):
    return api.replay(api.load("restrictions.yaml", text=text), abilities=True, **kw)


def test_immune_a_location_immune_to_player_card_effects_cannot_be_chosen():
    trace = _replay("""
start: "3.1"
stop: {step: "3.1"}
players:
  - {name: Tom, threat: 30, heroes: [{card: Denethor, resources: 1}], hand: [Secret Paths]}
staging_area: [The Carrock, Old Forest Road]
quest: {card: Flies and Spiders}
decisions:
  - {step: "3.1", player: Tom, play: [{card: Secret Paths, pay_from: [Denethor]}]}
abilities:
  plays: [{card: Secret Paths, chosen: [The Carrock]}]
""", strict=False)
    # the event has no valid target: it is not played at all (its cost is not paid)
    assert [v.rules[:3] for v in trace.violations] == [("lotr:rr:initiating-abilities-playing-cards", "lotr:rr:immune", "lotr:faq:1.47")]
    assert "The Carrock is immune" in trace.violations[0].message
    assert trace.final_state["players"][0]["hand"] == ["Secret Paths"]
    assert not [s for s in trace.steps if s.event == "cannot" and "The Carrock" in s.text]


def test_immune_progress_sent_through_an_immune_active_location_is_not_placed_faq_q42():
    trace = _replay("""
start: "6.7"
stop: end-of-phase
players:
  - {name: Tom, heroes: [Legolas], engaged: [{card: Forest Spider, damage: 2}]}
active_location: {card: The Carrock}
quest: {card: Flies and Spiders, progress: 0}
decisions:
  - {step: 6.8b, player: Tom, target: Forest Spider, attackers: [Legolas]}
  - {step: 6.8b, player: Tom, target: null}
abilities:
  responses: [{card: Legolas, player: Tom}]
""")
    final = trace.final_state
    assert final["active_location"]["progress"] == 0 and final["quest"]["progress"] == 0
    assert "lotr:faq:q:42" in trace.cited_ids()


def test_immune_the_carrock_takes_progress_from_questing_a_framework_effect():
    trace = _replay("""
start: "3.2"
stop: {step: "3.4"}
players:
  - {name: Tom, threat: 30, heroes: [Éowyn]}
active_location: {card: The Carrock}
quest: {card: Flies and Spiders}
decisions:
  - {step: "3.2", player: Tom, commit: [Éowyn]}
""")
    assert trace.final_state["active_location"]["progress"] == 4


def test_cannot_a_hero_under_sacked_cannot_commit_to_the_quest():
    text = """
start: "3.1"
stop: {step: "3.4"}
players:
  - {name: Tom, threat: 30, heroes: [{card: Aragorn, attachments: [Sacked!]}, Éowyn]}
quest: {card: Flies and Spiders}
decisions:
  - {step: "3.2", player: Tom, commit: [Aragorn, Éowyn]}
"""
    trace = _replay(text, strict=False)
    assert [v.rules for v in trace.violations] == [("lotr:rr:step:3.2", "lotr:rr:cannot", "lotr:faq:q:21")]
    tom = trace.final_state["players"][0]
    assert [bool(h.get("committed")) for h in tom["heroes"]] == [False, True]


def test_constant_abilities_apply_from_the_first_step_of_a_replay():
    """The Carrock is immune from the first step: Lórien Guide's response to the first commit of
    the replay is already ignored (FAQ 1.47); questing's own progress still lands on it."""
    trace = _replay("""
start: "3.2"
stop: {step: "3.4"}
players:
  - {name: Tom, threat: 30, heroes: [Éowyn], allies: [Lórien Guide]}
active_location: {card: The Carrock}
quest: {card: Flies and Spiders}
decisions:
  - {step: "3.2", player: Tom, commit: [Éowyn, Lórien Guide]}
abilities:
  responses: [{card: Lórien Guide, player: Tom}]
""")
    assert trace.final_state["active_location"]["progress"] == 5
    assert any("The Carrock is immune" in s.text for s in trace.steps if s.step == "3.2")
