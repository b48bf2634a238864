"""Helpers for METW engine tests: a situation written inline, replayed."""

from __future__ import annotations

import textwrap

import pytest

from adjudicator.metw.engine import replay

BASE = """
game: metw
rules: {rules}
players:
  Ann:
    companies:
      - name: Fellows
        site: Rivendell
        characters:
{characters}
  Bob:
    companies:
      - name: Raiders
        site: Rivendell
        characters:
{bob}
actions:
{actions}
"""


def situation(characters: str, actions: str, *, rules: str = "standard", bob: str = "          - {name: Ulf, mind: 3, di: 1}",
              extra: str = "") -> str:
    text = BASE.format(rules=rules, characters=textwrap.indent(textwrap.dedent(characters).strip(), " " * 10),
                       bob=bob, actions=textwrap.indent(textwrap.dedent(actions).strip(), "  "))
    return text + textwrap.dedent(extra)


@pytest.fixture
def run():
    def go(characters: str, actions: str, **kw):
        return replay("inline.yaml", text=situation(characters, actions, **kw))

    return go


def result(run_, index: int = -1):
    entry = run_.results[index]
    assert "illegal" not in entry, entry.get("illegal")
    assert "pending" not in entry, entry.get("pending")
    return entry["result"]
