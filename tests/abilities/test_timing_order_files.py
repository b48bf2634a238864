"""`adjudicator timing order FILE` (adjudicator.lotr.abilities.timing.order_file): the
FAQ 1.09 (Tower Gate / Strength of Will) and FAQ 1.02 (Sneak Attack / Beorn) cases, and
every example file's expected order; bad files fail with file:line and "did you mean"."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.errors import InputError
from adjudicator.cli.timing_render import render_order
from adjudicator.lotr.abilities.timing import order_file

TIMING = Path(__file__).resolve().parents[2] / "scenarios" / "lotr" / "timing"


def test_faq_1_09_tower_gate_forced_effect_before_strength_of_will():
    result = order_file(TIMING / "faq-1.09-tower-gate-strength-of-will.yaml")
    assert [r["label"] for r in result["order"]] == ["Tower Gate (forced)", "Strength of Will (response)"]
    first = result["order"][0]
    assert first["tier"] == "forced" and first["controller"] == "encounter"
    assert {"lotr:faq:1.09", "lotr:rr:forced"} <= set(first["rules"])
    assert result["decisions"] == []


def test_faq_1_02_sneak_attack_and_beorn_first_player_orders_and_the_second_no_longer_applies():
    result = order_file(TIMING / "faq-1.02-sneak-attack-beorn.yaml")
    decision = result["decisions"][0]
    assert decision["who"] == "Kris" and decision["role"] == "first player" and decision["declared"]
    assert [r["label"] for r in result["order"]][-1] == "Beorn (delayed)"
    skipped = result["not_resolved"][0]
    assert skipped["label"] == "Sneak Attack (delayed)" and "lotr:faq:1.02" in skipped["rules"]


def test_faq_1_02_the_other_order_leaves_beorn_in_hand():
    text = (TIMING / "faq-1.02-sneak-attack-beorn.yaml").read_text(encoding="utf-8").replace(
        'order: ["Beorn (delayed)", "Sneak Attack (delayed)"]', 'order: ["Sneak Attack (delayed)", "Beorn (delayed)"]'
    )
    result = order_file("swapped.yaml", text=text)
    assert [r["label"] for r in result["order"]][-1] == "Sneak Attack (delayed)"
    assert result["not_resolved"][0]["label"] == "Beorn (delayed)"


@pytest.mark.parametrize("path", sorted(TIMING.glob("*.yaml")), ids=lambda p: p.stem)
def test_example_files_give_their_expected_order(path):
    result = order_file(path)
    from adjudicator.engine.situation import load_yaml_data

    expect = load_yaml_data(path.read_text(encoding="utf-8"))["expect"]
    assert [r["label"] for r in result["order"]] == expect["order"]
    assert [n["label"] for n in result["not_resolved"]] == expect.get("not_resolved", [])
    assert set(expect["cites"]) <= set(result["citations"])


def test_render_order_prints_the_order_and_the_rules(capsys):
    render_order(order_file(TIMING / "faq-1.09-tower-gate-strength-of-will.yaml"))
    out = capsys.readouterr().out
    assert "1. Tower Gate (forced)" in out and "lotr:faq:1.09" in out


def test_unknown_card_is_reported_with_its_line_and_a_suggestion():
    text = "players: [Tom]\nabilities:\n  - {card: Strenght of Will, player: Tom}\n"
    with pytest.raises(InputError) as info:
        order_file("bad.yaml", text=text)
    message = str(info.value)
    assert "bad.yaml:3:" in message and "Strength of Will" in message


def test_unknown_key_and_unknown_player_are_reported_together():
    text = "players: [Tom]\nabilites: []\nabilities:\n  - {card: Strength of Will, player: Kirs}\n"
    with pytest.raises(InputError) as info:
        order_file("bad.yaml", text=text)
    message = str(info.value)
    assert "bad.yaml:2:" in message and "abilities" in message
    assert "bad.yaml:4:" in message and "Kirs" in message


def test_a_card_with_several_abilities_needs_one_named():
    text = "players: [Tom]\nabilities:\n  - {card: Gandalf, player: Tom}\n"
    with pytest.raises(InputError) as info:
        order_file("bad.yaml", text=text)
    assert "1: constant" in str(info.value) and "2: response" in str(info.value)


def test_every_timing_file_cites_its_ruling_and_only_existing_records(kb_ids):
    from adjudicator.engine.situation import load_yaml_data

    for path in sorted(TIMING.glob("*.yaml")):
        data = load_yaml_data(path.read_text(encoding="utf-8"))
        result = order_file(path)
        assert data["ruling"] in result["citations"], path.name
        assert set(result["citations"]) <= kb_ids, (path.name, sorted(set(result["citations"]) - kb_ids))


def test_order_file_result_is_plain_json():
    import json

    result = order_file(TIMING / "faq-1.02-sneak-attack-beorn.yaml")
    assert json.loads(json.dumps(result))["ruling"] == "lotr:faq:1.02"
