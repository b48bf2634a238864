"""docs/situation-format.md documents every key `adjudicator schema` accepts, each in the
section about it (the schema checks files on load, so a key missing here is a key users
cannot learn about), and the prisoner and the end of Setup in particular."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.lotr.engine import schema as S

DOC = Path(__file__).resolve().parents[2] / "docs" / "situation-format.md"


def sections() -> dict[str, str]:
    """Heading text -> the text under it, subsections included."""
    text = DOC.read_text(encoding="utf-8")
    heads = [(m.start(), len(m.group(1)), m.group(2).strip()) for m in re.finditer(r"^(#{2,3}) (.+)$", text, re.M)]
    out = {}
    for i, (start, level, title) in enumerate(heads):
        end = next((s for s, lv, _ in heads[i + 1:] if lv <= level), len(text))
        out[title] = text[start:end]
    return out


def documented(key: str, text: str) -> bool:
    """The key written as code: `key`, `key: ...`, {key, ...}, or a YAML line ``key:``."""
    return re.search(r"[`{\s,(\[]" + re.escape(key) + r"[`:,}]", text) is not None


def props(node: dict) -> list[str]:
    return list(node.get("properties", {}))


WHERE = [
    ("Top-level keys", lambda: props(S.SCHEMA)),
    ("Top-level keys", lambda: props(S.STOP["oneOf"][1])),
    ("Players", lambda: props(S.SCHEMA["properties"]["players"]["items"])),
    ("Players", lambda: props(S.CARD_IN_PLAY["oneOf"][1])),
    ("Cards", lambda: props(S.CARD_DEFINITION)),
    ("Modifiers", lambda: props(S.MODIFIER)),
    ("Decisions", lambda: props(S.DECISION)),
    ("Decisions", lambda: props(S.PLAY)),
    ("Card abilities", lambda: props(S.SCHEMA["properties"]["abilities"])),
    ("Expected outcome (`expect`)", lambda: props(S.SCHEMA["properties"]["expect"])),
]


@pytest.mark.parametrize("section,keys", WHERE, ids=[f"{s}:{i}" for i, (s, _) in enumerate(WHERE)])
def test_every_schema_key_is_documented_in_its_section(section, keys):
    text = sections()[section]
    missing = [k for k in keys() if not documented(k, text)]
    assert not missing, f"{section} does not document {missing}"


def test_every_step_that_takes_decisions_is_in_the_decisions_table():
    text = sections()["Decisions"]
    missing = [step for step in S.DECISION_KEYS if f"`{step}`" not in text]
    assert not missing


def test_every_key_of_the_schema_is_covered_by_a_section():
    """No object of the schema with properties is left out of WHERE (a new one must be placed)."""
    covered = {id(n) for n in (S.SCHEMA, S.STOP["oneOf"][1], S.SCHEMA["properties"]["players"]["items"], S.CARD_IN_PLAY["oneOf"][1],
                               S.CARD_DEFINITION, S.MODIFIER, S.DECISION, S.PLAY, S.SCHEMA["properties"]["abilities"],
                               S.SCHEMA["properties"]["expect"])}
    small = {id(S.CHARACTER_REF["oneOf"][1]), id(S.DECISION["properties"]["archery"]["items"])}  # {player, character(, amount)}

    def walk(node):
        if isinstance(node, dict):
            if "properties" in node and id(node) not in covered | small:
                yield sorted(node["properties"])
            for v in node.values():
                yield from walk(v)
        elif isinstance(node, list):
            for v in node:
                yield from walk(v)

    assert list(walk(S.SCHEMA)) == []


def test_prisoners_and_flip_quest_are_documented_with_their_start():
    text = sections()
    assert documented("prisoners", text["Players"]) and "facedown: true" in text["Players"]
    flip = text["The end of Setup (`flip_quest`)"]
    assert "flip_quest: true" in flip and 'start: "0.0"' in flip
    assert 'start: "0.0"' in text["Top-level keys"].split("`flip_quest`")[1].split("\n")[0]
