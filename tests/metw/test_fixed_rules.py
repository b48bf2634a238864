"""Three rules the engine used to get wrong, each checked against its lines:

- Standard §9 (metw:standard:9): during your site phase one and only one of your characters
  may tap to attempt to influence away an opponent's card;
- Starter §5 Direct Influence (metw:starter:5:direct-influence): a follower whose controller
  leaves play stays in play and does not immediately count against general influence; he is
  placed (or discarded) in his player's next organization phase;
- Starter §10 Allies (metw:starter:10:allies): an ally counts as a character for combat, so
  a strike may be assigned to him.
"""

from __future__ import annotations

import textwrap

from adjudicator.metw.engine import citations as C

from .conftest import result


def acts(*parts: str) -> str:
    return "\n".join(textwrap.dedent(p).strip() for p in parts)

BOB_TWO = "          - {name: Ulf, mind: 3, di: 1}\n          - {name: Vig, mind: 2, di: 0}"


def test_standard_9_one_and_only_one_influence_attempt_per_site_phase(run):
    r = run("- {name: Arn, mind: 6, di: 3}\n- {name: Bea, mind: 5, di: 3}", """
    - influence_opponent: {influencer: Arn, target: Ulf, roll: 2, opponent_roll: 12}
    - influence_opponent: {influencer: Bea, target: Vig, roll: 12, opponent_roll: 2}
    """, bob=BOB_TWO)
    assert result(r, 0)["success"] is False
    second = r.results[1]
    assert "illegal" in second and "one and only one" in second["illegal"]["reason"]
    assert C.INFLUENCE_ATTEMPTS in second["illegal"]["rules"]
    assert r.trace.final_state["characters"]["Vig"]["state"] == "untapped"  # nothing of the refused attempt stays


def test_standard_9_a_new_site_phase_allows_a_new_attempt(run):
    r = run("- {name: Arn, mind: 6, di: 3}\n- {name: Bea, mind: 5, di: 3}", """
    - influence_opponent: {influencer: Arn, target: Ulf, roll: 2, opponent_roll: 12}
    - end_turn: {next: Ann}
    - phase: {to: site}
    - influence_opponent: {influencer: Bea, target: Vig, roll: 2, opponent_roll: 12}
    """, bob=BOB_TWO)
    assert all("illegal" not in e for e in r.results)
    assert result(r)["success"] is False


ORPHAN = """
- {name: Arn, mind: 9, prowess: 5, body: 8}
- {name: Bea, mind: 6, di: 4, prowess: 1, body: 5}
- {name: Cid, mind: 4, controller: Bea, prowess: 5, body: 8}
"""
ELIMINATE_BEA = """
- attack:
    company: Fellows
    creature: {name: Troll, strikes: 1, prowess: 12}
    assign: {defender: [Bea]}
    strikes: [{target: Bea, roll: 2, body_roll: 9}]
"""


def test_starter_5_orphaned_follower_does_not_immediately_count_against_general_influence(run):
    r = run(ORPHAN, acts(ELIMINATE_BEA, "- influence_accounting: {player: Ann}"))
    assert result(r, 0)["strikes"][0]["outcome"] == "eliminated"
    accounts = result(r)
    # 20 - Arn 9 = 11; Cid's mind 4 counts only once he is placed under general influence
    assert accounts["unused_general_influence"] == 11
    assert accounts["orphaned"] == ["Cid"]
    assert r.trace.final_state["players"]["Ann"]["unused_general_influence"] == 11
    stays = [s for s in r.trace.steps if s.event == "follower-stays"]
    assert stays and C.DIRECT_INFLUENCE in stays[0].citations


def test_starter_5_orphaned_follower_is_placed_in_the_next_organization_phase(run):
    asks = run(ORPHAN, acts(ELIMINATE_BEA, "- end_turn: {next: Ann}\n- phase: {to: long-event}"))
    assert asks.trace.pending is not None and asks.trace.pending.key == "organize.control"
    assert "general influence" in [o.value for o in asks.trace.pending.options]
    placed = run(ORPHAN, acts(ELIMINATE_BEA, """
    - end_turn: {next: Ann}
    - organize: {control: {Cid: general influence}}
    - phase: {to: long-event}
    """))
    assert placed.trace.pending is None and all("illegal" not in e for e in placed.results)
    assert placed.results[-2]["result"]["unused_general_influence"] == 7  # now 20 - 9 - 4
    assert placed.trace.final_state["characters"]["Cid"]["orphaned"] is False


def test_starter_5_orphaned_follower_may_be_discarded_instead(run):
    r = run(ORPHAN, acts(ELIMINATE_BEA, "- end_turn: {next: Ann}\n- organize: {discard: [Cid]}\n- phase: {to: site}"))
    assert r.trace.pending is None
    assert r.trace.final_state["characters"]["Cid"]["state"] == "out"


WITH_ALLY = "- {name: Arn, prowess: 5, body: 8, allies: [{name: Treebeard, prowess: 8, body: 9, mind: 5}]}"


def test_starter_10_ally_counts_as_a_character_for_combat(run):
    r = run(WITH_ALLY, """
    - attack:
        company: Fellows
        creature: {name: Orcs, strikes: 2, prowess: 14}
        assign: {defender: [Arn, Treebeard]}
        strikes: [{target: Arn, roll: 12}, {target: Treebeard, roll: 4, body_roll: 6}]
    """)
    res = result(r)
    assert res["assigned"] == ["Arn", "Treebeard"]
    tree = res["strikes"][1]
    assert tree["prowess"] == 8 and tree["outcome"] == "wounded"  # 4 + 8 = 12 < 14; body roll 6 <= 9
    assert r.trace.final_state["characters"]["Arn"]["allies"] == {"Treebeard": "wounded"}


def test_starter_10_ally_eliminated_goes_out_of_play(run):
    r = run(WITH_ALLY, """
    - attack:
        company: Fellows
        creature: {name: Dragon, strikes: 1, prowess: 20}
        assign: {defender: [Treebeard]}
        strikes: [{target: Treebeard, roll: 3, body_roll: 10}]
    """)
    assert result(r)["strikes"][0]["outcome"] == "eliminated"
    final = r.trace.final_state
    assert final["characters"]["Arn"]["allies"] == {"Treebeard": "out"} and "Treebeard" in final["out_of_play"]
    assert any(C.ALLIES_OUT_OF_PLAY in s.citations for s in r.trace.steps if s.event == "eliminated")


def test_starter_10_allies_count_for_excess_strikes_but_not_company_size(run):
    r = run(WITH_ALLY, """
    - company_size: {company: Fellows}
    - attack:
        company: Fellows
        creature: {name: Orcs, strikes: 3, prowess: 5}
        assign: {defender: [Arn, Treebeard], excess: {Arn: 1}}
        strikes: [{target: Arn, roll: 12}, {target: Treebeard, roll: 12}]
    """)
    assert result(r, 0)["size"] == 1
    assert result(r)["excess"] == {"Arn": 1}  # 3 strikes, 2 combatants: one excess
