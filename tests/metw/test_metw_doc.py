"""docs/metw.md documents every key of the METW situation format (`adjudicator schema --game
metw`), the schema gives the full shape of every entry (no bare objects), and every example
on the page replays to the values it states (a whole situation, a list of actions added to
the reference situation, or keys merged into it)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import yaml

from adjudicator.engine import game
from adjudicator.metw.engine.schema import PROCEDURES


from doc_pages import documented, first_yaml, objects, printed_schema, yaml_blocks
from doc_pages import sections as page_sections


def sections() -> dict[str, str]:
    return page_sections("metw.md")


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return printed_schema("metw")


def test_schema_gives_the_full_shape_of_every_object(schema):
    bare = [p for p, node in objects(schema)
            if "properties" not in node and not isinstance(node.get("additionalProperties"), dict)]
    assert bare == [], f"objects without their keys or the shape of their values: {bare}"


def test_schema_objects_list_their_keys_or_say_what_their_free_keys_are(schema):
    loose = [p for p, node in objects(schema)
             if "properties" in node and node.get("additionalProperties", True) is not False]
    free = [p for p, node in objects(schema) if "properties" not in node and not node.get("description")]
    assert loose == [] and free == []


SECTION_OF_PROCEDURE = {
    "untap_phase": "Untap and organization", "play_character": "Untap and organization", "organize": "Untap and organization",
    "transfer_item": "Untap and organization", "store_item": "Untap and organization",
    "influence_accounting": "Untap and organization", "long_event_phase": "Long-event",
    "company_size": "Movement and hazards", "move": "Movement and hazards", "keying": "Movement and hazards",
    "hazard": "Movement and hazards", "attack": "Combat", "corruption_check": "Corruption", "corruption_bands": "Corruption",
    "enter_site": "Influence and the site phase", "play_resource": "Influence and the site phase",
    "influence_faction": "Influence and the site phase", "influence_opponent": "Influence and the site phase",
    "on_guard": "Influence and the site phase", "marshalling_points": "Free Council and marshalling points",
    "may_call_council": "Free Council and marshalling points", "free_council": "Free Council and marshalling points",
    "chain": "Chains, setup and stated changes", "setup": "Chains, setup and stated changes",
    "set_state": "Chains, setup and stated changes", "play": "Cards as data", "end_turn": "The player turn",
    "phase": "The player turn",
}


def shared_sections() -> list[tuple[dict, str]]:
    """Sub-schemas used in several places, each documented once, in its own section."""
    from adjudicator.metw.engine import schema as S

    return [(S.SCHEMA, "Top-level keys"), (S.SCHEMA["properties"]["options"], "Options"), (S.SITE, "Sites and regions"),
            (S.REGION, "Sites and regions"), (S.PLAYER, "Players and companies"), (S.COMPANY, "Players and companies"),
            (S.SCHEMA["properties"]["cards"], "Cards"), (S.ACTION, "Actions"), (S.EXPECT, "Expected outcome (`expect`)"),
            (S.CHARACTER, "Cards"), (S.ITEM, "Cards"), (S.ALLY, "Cards"), (S.FACTION, "Cards"), (S.CREATURE, "Cards"),
            (S.EVENT, "Cards as data"), (S.EFFECT, "Cards as data"), (S.WHEN, "Conditions"), (S.COST, "Cards as data"),
            (S.PLAY, "Cards as data"), (S._modifiers["items"], "Combat"), (S.EFFECT["properties"]["map"], "Cards as data")]


def placed_objects():
    """(path, object, section) for every object with keys: a shared one in its own section,
    any other in the section of the procedure (or shared object) that holds it."""
    from adjudicator.metw.engine import schema as S

    shared = shared_sections()

    def walk(node, path, section):
        if isinstance(node, dict):
            own = next((sec for sch, sec in shared if sch is node), None)
            if own is None and not section and "properties" in node:
                raise AssertionError(f"no section of docs/metw.md is named for the schema object at {path}")
            here = own or section
            if "properties" in node:
                yield path, node, here
            for key, value in node.items():
                sub = SECTION_OF_PROCEDURE.get(key) if node is S.ACTION["properties"] else None
                yield from walk(value, f"{path}/{key}" if path else key, sub or here)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                yield from walk(value, f"{path}/{i}", section)

    yield from walk(S.SCHEMA, "", "")


def test_the_cli_prints_this_schema(schema):
    from adjudicator.metw.engine import schema as S

    assert schema == json.loads(json.dumps(S.SCHEMA))


def test_every_key_the_loader_accepts_is_documented_in_its_section():
    from adjudicator.metw.engine import schema as S

    text = sections()
    missing = []
    for path, node, section in placed_objects():
        for key in node["properties"]:
            where = SECTION_OF_PROCEDURE[key] if node is S.ACTION and key in SECTION_OF_PROCEDURE else section
            if not documented(key, text[where]):
                missing.append(f"{path}: {key} (in {where})")
    assert missing == []


def test_every_procedure_is_documented_with_an_example():
    text = sections()
    for proc in PROCEDURES:
        body = text[SECTION_OF_PROCEDURE[proc]]
        assert f"`{proc}`" in body, proc
        assert re.search(rf"^\s*-?\s*{proc}:", body, re.M), f"{proc} has no example in {SECTION_OF_PROCEDURE[proc]}"


# ---------------------------------------------------------------- the examples run
def blocks() -> list[tuple[int, str]]:
    return yaml_blocks("metw.md")


def reference() -> dict[str, Any]:
    """The page's reference situation, without its own actions (examples add theirs)."""
    body = sections()["The reference situation"]
    data = first_yaml(body)
    data["actions"] = []
    return data


def merged(base: Any, extra: Any) -> Any:
    if isinstance(base, dict) and isinstance(extra, dict):
        out = dict(base)
        for key, value in extra.items():
            out[key] = merged(base[key], value) if key in base and key != "actions" else value
        if "actions" in extra:
            out["actions"] = list(base.get("actions") or []) + list(extra["actions"])
        return out
    return extra


def situation_of(block: str) -> dict[str, Any]:
    data = yaml.safe_load(block)
    if isinstance(data, list):
        return merged(reference(), {"actions": data})
    if isinstance(data, dict) and data.get("game") == "metw":
        return data
    return merged(reference(), data)


BLOCKS = blocks()


@pytest.mark.parametrize("line,block", BLOCKS, ids=[f"line{n}" for n, _ in BLOCKS])
def test_doc_example_replays_to_the_values_it_states(line, block):
    data = situation_of(block)
    loaded = game.open_situation("metw.md", text=yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    result = game.replay(loaded)  # the shared checker: each action's expect, expect_error, expect_pending, the expect block
    assert result.results, "an example must run at least one action"
    assert len(result.results) == len(data["actions"]), "every action of an example runs"
    assert not result.missed, [c.describe() for c in result.missed]
    assert result.exit_code == 0
    unchecked = [e["line"] for e in result.results
                 if not (data["actions"][e["index"]].keys() & {"expect", "expect_error", "expect_pending"})]
    assert unchecked == [], "every action of an example states what it expects"


def test_doc_has_an_example_of_every_kind_of_block():
    kinds = {type(yaml.safe_load(b)).__name__ + (":situation" if "game: metw" in b else "") for _, b in BLOCKS}
    assert kinds == {"dict:situation", "list", "dict"}
