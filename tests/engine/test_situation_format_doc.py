"""docs/situation-format.md documents every key `adjudicator schema` accepts, each in the
section about it (the schema checks files on load, so a key missing here is a key users
cannot learn about), and the prisoner and the end of Setup in particular."""

from __future__ import annotations

import pytest

from adjudicator.lotr.engine import schema as S

from doc_pages import DOCS, documented, printed_schema
from doc_pages import sections as page_sections


def sections() -> dict[str, str]:
    return page_sections("situation-format.md")


@pytest.fixture(scope="module")
def schema():
    """The schema as `adjudicator schema` prints it."""
    return printed_schema()


def at(schema: dict, path: str) -> dict:
    """The node at a slash-separated path (a number indexes a list)."""
    node = schema
    for part in path.split("/"):
        node = node[int(part)] if part.isdigit() else node[part]
    return node


# Each object of the schema and the section of the doc that must document its keys.
WHERE = [
    ("Top-level keys", ""),
    ("Top-level keys", "properties/stop/oneOf/1"),
    ("Players", "properties/players/items"),
    ("Players", "$defs/card/oneOf/1"),
    ("Cards", "properties/cards/items"),
    ("Modifiers", "$defs/card/oneOf/1/properties/modifiers/items"),
    ("Separate staging areas (`staging_areas`)", "properties/staging_areas"),
    ("Separate staging areas (`staging_areas`)", "properties/staging_areas/properties/areas/items"),
    ("Separate staging areas (`staging_areas`)", "properties/staging_areas/properties/rival"),
    ("Quest stages beyond the current one (`quest_stages`)", "properties/quest_stages"),
    ("Decisions", "properties/decisions/items"),
    ("Decisions", "properties/decisions/items/properties/play/items"),
    ("Card abilities", "properties/abilities"),
    ("Expected outcome (`expect`)", "properties/expect"),
]
# Small objects documented with the key that holds them: {player, character(, amount)}.
SMALL = ["properties/decisions/items/properties/archery/items", "properties/decisions/items/properties/sentinel/oneOf/1",
         "properties/decisions/items/properties/ranged/items/oneOf/1",
         "properties/decisions/items/properties/play/items/properties/attach_to/oneOf/1",
         "properties/expect/properties/events/items", "properties/expect/properties/no_events/items"]


@pytest.mark.parametrize("section,path", WHERE, ids=[f"{s}:{p or 'top'}" for s, p in WHERE])
def test_every_schema_key_is_documented_in_its_section(schema, section, path):
    text = sections()[section]
    node = at(schema, path) if path else schema
    missing = [k for k in node["properties"] if not documented(k, text)]
    assert not missing, f"{section} does not document {missing}"


def test_every_step_that_takes_decisions_is_in_the_decisions_table():
    text = sections()["Decisions"]
    missing = [step for step in S.DECISION_KEYS if f"`{step}`" not in text]
    assert not missing


ABILITY_CARDS = "properties/abilities/properties/cards/items"


def test_the_ability_grammar_is_documented_in_abilities_md(schema):
    """The cards of a situation's abilities block follow the ability grammar: every key of
    an ability and of an effect is named in docs/abilities.md."""
    text = (DOCS / "abilities.md").read_text(encoding="utf-8")
    assert "## The ability grammar" in text
    ability = schema["properties"]["abilities"]["properties"]["cards"]["items"]["properties"]["abilities"]["items"]
    keys = set(ability["properties"]) | {k for k in ability["properties"]["effects"]["items"]["properties"]}
    missing = sorted(k for k in keys if f"`{k}`" not in text)
    assert not missing, missing


def test_every_object_of_the_schema_is_placed_in_a_section(schema):
    """No object with keys is left out of WHERE (a new one must be given its section)."""
    placed = {p for _, p in WHERE} | set(SMALL)

    def walk(node, path):
        if path == ABILITY_CARDS:
            return  # the ability grammar: docs/abilities.md (test_the_ability_grammar_is_documented_in_abilities_md)
        if isinstance(node, dict):
            if "properties" in node and path not in placed:
                yield path
            for k, v in node.items():
                yield from walk(v, f"{path}/{k}" if path else k)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                yield from walk(v, f"{path}/{i}")

    assert list(walk(schema, "")) == []


def test_prisoners_and_flip_quest_are_documented_with_their_start():
    text = sections()
    assert documented("prisoners", text["Players"]) and "facedown: true" in text["Players"]
    flip = text["The end of Setup (`flip_quest`)"]
    assert "flip_quest: true" in flip and 'start: "0.0"' in flip
    assert 'start: "0.0"' in text["Top-level keys"].split("`flip_quest`")[1].split("\n")[0]
