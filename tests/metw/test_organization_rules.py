"""Starter §5 Healing, §10 Storing Cards and Transferring Items; the long-event phase order."""

from __future__ import annotations

from adjudicator.metw.engine import citations as C
from adjudicator.metw.engine import replay

from .conftest import result, situation

HAVEN = "sites:\n  Rivendell: {type: h}\n"


def test_healing_at_a_haven_moves_wounded_to_tapped(run):
    r = run("- {name: Arn, state: wounded}\n- {name: Bea, state: tapped}", "- untap_phase: {player: Ann, heal: [Arn]}", extra=HAVEN)
    assert result(r)["states"] == {"Arn": "tapped", "Bea": "untapped"}


def test_transferring_items_giver_checks_corruption_first(run):
    chars = "- {name: Arn, items: [The Arkenstone]}\n- {name: Bea}"
    ok = run(chars, "- transfer_item: {character: Arn, item: The Arkenstone, to: Bea, roll: 7}")
    assert result(ok)["done"] and ok.trace.final_state["characters"]["Bea"]["items"] == ["The Arkenstone"]
    failed = run(chars, "- transfer_item: {character: Arn, item: The Arkenstone, to: Bea, roll: 3}")
    assert result(failed)["done"] is False
    assert failed.trace.final_state["characters"]["Arn"]["state"] == "out"


def test_the_one_ring_may_not_be_stored(run):
    r = run("- {name: Arn, items: [The One Ring]}", "- store_item: {character: Arn, item: The One Ring, roll: 12}", extra=HAVEN)
    assert r.illegal and C.STORING in r.illegal["rules"]


def test_stored_item_still_scores(run):
    r = run("- {name: Arn, items: [Sword of Gondolin]}", """
    - store_item: {character: Arn, item: Sword of Gondolin, roll: 12}
    - marshalling_points: {}
    """, extra=HAVEN, rules="starter")
    assert result(r)["final"]["Ann"] == 2


def test_long_event_phase_follows_the_full_summary_by_default(run):
    r = run("- {name: Arn}", "- long_event_phase: {}")
    assert result(r)["order"][1] == "play new resource long-events"
    assert r.trace.steps[-1].interpretation.name == "long_event_order=full-summary"


def test_long_event_phase_brief_summary_reading():
    text = situation("- {name: Arn}", "- long_event_phase: {}") + "options: {long_event_order: brief-summary}\n"
    run = replay("s.yaml", text=text)
    assert run.results[-1]["result"]["order"][-1] == "play new resource long-events"
