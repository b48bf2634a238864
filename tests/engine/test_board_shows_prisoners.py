"""`adjudicator replay --board` draws the table as the rules leave it: a hero taken prisoner
in Escape from Dol Guldur is still its owner's, so the board shows it in that player's rows,
face down and apart from the heroes they can use; once rescued it is back among them."""

from __future__ import annotations

import re

from lotr_engine_helpers import SCENARIOS

from adjudicator.cli import main


def board(capsys, name: str, *args: str) -> tuple[int, str]:
    code = main(["replay", str(SCENARIOS / name), "--board", *args])
    return code, capsys.readouterr().out


def rows(out: str, area: str) -> list[str]:
    """The cards column of every board row whose area starts with ``area`` (a row Rich
    wraps onto more lines is joined back)."""
    table: list[list[str]] = []
    for line in out.splitlines():
        cells = [c.strip() for c in re.split(r"[│┃]", line)]
        if len(cells) < 3:
            continue
        if cells[1] or not table:
            table.append([cells[1], cells[2]])
        else:
            table[-1][1] += " " + cells[2]
    return [cards for name, cards in table if name.startswith(area)]


def test_board_shows_the_prisoner_face_down_with_its_owner(capsys):
    code, out = board(capsys, "escape-prisoner-taken.yaml")
    assert code == 0
    held = rows(out, "Kris's prisoner")
    assert held and all(r == "Beravor (face down)" for r in held)
    assert all("Beravor" not in r for r in rows(out, "Kris threat"))  # not among the heroes she can use
    assert rows(out, "Tom's prisoner") == []


def test_board_shows_a_rescued_prisoner_among_its_owners_heroes(capsys):
    code, out = board(capsys, "escape-prisoner-rescued.yaml")
    assert code == 0
    assert rows(out, "Kris's prisoner") == []
    assert any("Beravor (1 dmg" in r for r in rows(out, "Kris threat"))

