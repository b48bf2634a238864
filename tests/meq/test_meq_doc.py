"""docs/meq.md documents every key of the MEQ situation format: every key the loader
accepts (the schema refuses any other) is in `adjudicator schema --game meq` with its
shape (no bare objects) and documented in the page's section for it; every play entry and
every card op has its section or row; and every example on the page replays to the
values it states (a whole situation, or keys merged into the reference situation)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import yaml

from adjudicator.engine import game
from adjudicator.meq.engine import schema as S
from adjudicator.meq.engine.cards import OPS

from doc_pages import documented, first_yaml, objects, printed_schema, yaml_blocks
from doc_pages import sections as page_sections


def sections() -> dict[str, str]:
    return page_sections("meq.md", deepest=4)


@pytest.fixture(scope="module")
def printed() -> dict[str, Any]:
    return printed_schema("meq")


def test_the_cli_prints_the_engine_s_schema(printed):
    assert printed == json.loads(json.dumps(S.SCHEMA))


def test_schema_gives_the_full_shape_of_every_object_and_every_play_entry(printed):
    bare = [p for p, node in objects(printed) if p != "properties/expect" and not p.startswith("properties/expect/")
            and "properties" not in node and not isinstance(node.get("additionalProperties"), dict)]
    assert bare == []
    loose = [p for p, node in objects(printed) if not p.startswith("properties/expect")
             and "properties" in node and node.get("additionalProperties", True) is not False]
    assert loose == []
    entries = printed["properties"]["play"]["items"]["properties"]
    assert set(entries) == set(S.PLAY)
    for name, shape in entries.items():
        alternatives = shape["anyOf"]
        assert alternatives[0] == {"type": "null"}
        declared = alternatives[1]
        assert "properties" in declared or "$ref" in declared or isinstance(declared.get("additionalProperties"), dict), \
            name


# Shared objects, each documented in its own section; any other object in the section of
# the entry (or shared object) holding it.
def shared() -> list[tuple[dict, str]]:
    return [
        (S.SCHEMA, "Top-level keys"), (S.SCHEMA["properties"]["options"], "Readings (`options`)"),
        (S.FOE, "Monsters, minions and combat cards"), (S.ABILITY, "Monsters, minions and combat cards"),
        (S.SCHEMA["properties"]["cards"]["items"], "Monsters, minions and combat cards"),
        (S.DEFEAT, "Defeat decisions"), (S.COMBAT_DECL, "Combat decisions"), (S.LEG, "Travel steps"),
        (S.PERIL, "Travel steps"), (S.EXPLORE_DECL, "Exploring"), (S.CONSULT, "Exploring"), (S.TRADE, "Exploring"),
        (S.EVENT_CARD, "`event_step`"), (S.EVENT, "`event_step`"), (S.PLOT, "`plot_step`"),
        (S.ACTION, "Actions"), (S.COMMAND, "Actions"), (S.STORY, "`story_step`"), (S.REST, "`rest`"),
        (S.AMBUSH, "`ambush`"), (S.ENCOUNTER, "`encounter`"), (S.EFFECT, "Cards as data"),
        (S.WHEN, "Conditions"), (S.PLOT_CARD, "Top-level keys"),
    ]


def entry_section(name: str) -> str:
    if name == "combat":
        return "Combat and defeat"  # the entry and its decisions, documented side by side
    titles = sections()
    own = f"`{name}`"
    if own in titles:
        return own
    joined = [t for t in titles if own in t.split(", ") or t.startswith(own + ",")]
    if joined:
        return joined[0]
    return {"action_step": "Actions", "action": "Actions", "travel": "Travel steps", "explore": "Exploring",
            "defeat": "Defeat decisions", "card": "Cards as data"}[name]


def placed_objects():
    pairs = shared()

    def walk(node, path, section):
        if isinstance(node, dict):
            own = next((sec for sch, sec in pairs if sch is node), None)
            here = own or section
            entries = node is S.SCHEMA["properties"]["play"]["items"]  # each entry has its own section (below)
            if "properties" in node and not path.startswith("properties/expect") and not entries:
                yield path, node, here
            for key, value in node.items():
                sub = entry_section(key) if node is S.SCHEMA["properties"]["play"]["items"]["properties"] else None
                yield from walk(value, f"{path}/{key}" if path else key, sub or here)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                yield from walk(value, f"{path}/{i}", section)

    yield from walk(S.SCHEMA, "", "Top-level keys")


def test_every_key_the_loader_accepts_is_documented_in_its_section():
    text = sections()
    missing = [f"{path}: {key} (in {section})" for path, node, section in placed_objects()
               for key in node["properties"] if not documented(key, text[section])]
    assert missing == []


def test_every_play_entry_is_documented_with_an_example():
    text = sections()
    for name in S.PLAY:
        body = text[entry_section(name)]
        assert f"`{name}`" in body, name
        assert re.search(rf"^\s*-?\s*{name}:", body, re.M), f"{name} has no example in {entry_section(name)}"


def test_every_card_op_and_its_keys_are_in_the_vocabulary_table():
    table = sections()["Cards as data"]
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)` \| ([^|]*) \|", table, re.M)}
    assert set(OPS) <= set(rows)
    for op, (keys, _) in OPS.items():
        assert all(documented(k, rows[op]) for k in keys), op


def test_the_documented_keys_of_hero_turn_sauron_turn_ambush_and_defeat_are_there():
    """The keys issue 15 found documented nowhere but the tests."""
    text = sections()
    assert all(documented(k, text["`hero_turn`"]) for k in ("hero", "rest", "ambush", "travel", "encounter"))
    assert all(documented(k, text["`sauron_turn`"]) for k in ("story", "plot", "event", "actions", "hero_draw"))
    assert documented("with", text["`ambush`"])
    assert all(documented(k, text["Defeat decisions"]) for k in ("marker", "lose", "haven"))


# ---------------------------------------------------------------- the examples run


def blocks() -> list[tuple[int, str]]:
    return yaml_blocks("meq.md")


def reference() -> dict[str, Any]:
    body = sections()["The reference situation"]
    return first_yaml(body)


def situation_of(block: str) -> dict[str, Any]:
    data = yaml.safe_load(block)
    if data.get("game") == "meq":
        return data
    merged = {k: v for k, v in reference().items() if k not in ("play", "expect")}
    merged.update(data)
    return merged


BLOCKS = blocks()


@pytest.mark.parametrize("line,block", BLOCKS, ids=[f"line{n}" for n, _ in BLOCKS])
def test_doc_example_replays_to_the_values_it_states(line, block):
    data = situation_of(block)
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    result = game.replay(game.open_situation("meq.md", text=text))
    expect = data.get("expect") or {}
    assert expect.get("state") or expect.get("results") or expect.get("pending") or expect.get("illegal"), \
        "an example states the values it reaches"
    assert not result.missed, [c.describe() for c in result.missed]
    wanted = 3 if expect.get("pending") else 1 if expect.get("illegal") else 0
    assert result.exit_code == wanted


def test_the_page_has_whole_situations_and_fragments():
    kinds = {"situation" if "game: meq" in b else "fragment" for _, b in BLOCKS}
    assert kinds == {"situation", "fragment"} and len(BLOCKS) >= 25
