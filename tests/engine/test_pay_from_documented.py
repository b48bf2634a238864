"""Paying for events (Cost; Resource Match): docs/situation-format.md's card abilities table
documents `pay_from`, the heroes who pay an event's cost, for both `responses` and `plays`
(the key docs/abilities.md describes)."""

from __future__ import annotations

from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "situation-format.md"


def test_cost_pay_from_is_in_the_card_abilities_table():
    text = DOC.read_text(encoding="utf-8").split("### Card abilities\n", 1)[1].split("\n#", 1)[0]
    rows = {line.split("|")[1].strip(): line for line in text.splitlines() if line.startswith("| `")}
    assert "pay_from" in rows["`responses`"] and "pay_from" in rows["`plays`"]
    row = next(line for key, line in rows.items() if key.startswith("`pay_from`"))
    assert "event" in row and "resource" in row
