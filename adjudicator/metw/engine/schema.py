"""The METW situation file format (a JSON Schema subset checked by adjudicator.engine.situation).

See docs/metw.md for the format with examples.
"""

from __future__ import annotations

PROCEDURES = (
    "company_size", "hazard", "move", "keying", "attack", "corruption_check", "corruption_bands",
    "influence_accounting", "play_character", "influence_faction", "influence_opponent",
    "marshalling_points", "may_call_council", "free_council", "chain", "on_guard", "set_state",
)

_int = {"type": "integer"}
_str = {"type": "string"}
_names = {"type": "array", "items": {"type": "string"}}
_modifiers = {"type": "array", "items": {"type": "object", "properties": {
    "value": _int, "source": _str, "hazard": {"type": "boolean"}, "skill": {"type": "boolean"}},
    "required": ["value"], "additionalProperties": False}}

ITEM = {"type": "object", "properties": {
    "name": _str, "cp": _int, "mp": _int, "mp_type": {"enum": ["item", "misc", "character", "ally", "faction", "kill"]},
    "kind": {"enum": ["minor", "major", "greater", "gold-ring", "special", "corruption", "resource"]},
    "use": {"enum": ["weapon", "shield", "armor", ""]}, "di_bonus": _int, "prowess_bonus": _int,
    "prowess_max": {"type": ["integer", "null"]}, "body_bonus": _int, "body_max": {"type": ["integer", "null"]},
    "unique": {"type": "boolean"}}, "required": ["name"], "additionalProperties": False}
ITEM_REF = {"oneOf": [_str, ITEM]}

ALLY = {"type": "object", "properties": {"name": _str, "mind": _int, "prowess": _int, "body": _int, "mp": _int,
                                         "state": {"enum": ["untapped", "tapped", "wounded"]}, "unique": {"type": "boolean"}},
        "required": ["name"], "additionalProperties": False}

CHARACTER = {"type": "object", "properties": {
    "name": _str, "mind": {"type": ["integer", "null"]}, "di": _int, "prowess": _int, "body": _int,
    "race": {"enum": ["Dúnadan", "Dunadan", "Dwarf", "Elf", "Hobbit", "Man", "Wizard"]},
    "skills": _names, "mp": _int, "corruption_modifier": _int,
    "state": {"enum": ["untapped", "tapped", "wounded"]}, "controller": {"type": ["string", "null"]},
    "items": {"type": "array", "items": ITEM_REF}, "allies": {"type": "array", "items": {"oneOf": [_str, ALLY]}},
    "corruption_cards": {"type": "array", "items": ITEM_REF}}, "required": ["name"], "additionalProperties": False}
CHARACTER_REF = {"oneOf": [_str, CHARACTER]}

FACTION = {"type": "object", "properties": {"name": _str, "mp": _int, "value": _int, "site": _str,
                                            "standard_modifications": {"type": "object", "additionalProperties": _int},
                                            "unique": {"type": "boolean"}},
           "required": ["name"], "additionalProperties": False}

CREATURE = {"type": "object", "properties": {
    "name": _str, "strikes": {"type": "integer", "minimum": 0}, "prowess": _int, "body": {"type": ["integer", "null"]},
    "mp": _int, "unique": {"type": "boolean"}, "attacker_chooses": {"type": "boolean"}, "each_faces_one": {"type": "boolean"},
    "regions": _names, "sites": _names, "named_sites": _names, "named_regions": _names},
    "required": ["name"], "additionalProperties": False}

SITE = {"type": "object", "properties": {
    "type": {"enum": ["h", "F", "B", "r", "S", "D"]}, "nearest_haven": _str,
    "path": {"type": "array", "items": {"enum": ["c", "f", "b", "w", "s", "d"]}},
    "haven_paths": {"type": "object", "additionalProperties": {"type": "array", "items": {"enum": ["c", "f", "b", "w", "s", "d"]}}},
    "region": _str, "draws": {"type": "integer", "minimum": 0}}, "required": ["type"], "additionalProperties": False}

REGION = {"type": "object", "properties": {"type": {"enum": ["c", "f", "b", "w", "s", "d"]}, "adjacent": _names},
          "required": ["type"], "additionalProperties": False}

COMPANY = {"type": "object", "properties": {
    "name": _str, "site": _str, "new_site": _str, "regions": _names, "hazards_played": {"type": "integer", "minimum": 0},
    "characters": {"type": "array", "items": CHARACTER_REF}}, "required": ["name", "characters"], "additionalProperties": False}

PLAYER = {"type": "object", "properties": {
    "general_influence": _int, "hand": _names, "factions": {"type": "array", "items": {"oneOf": [_str, FACTION]}},
    "mp_pile": {"type": "array", "items": ITEM_REF}, "extra_mp": {"type": "object", "additionalProperties": _int},
    "companies": {"type": "array", "items": COMPANY}}, "additionalProperties": False}

ACTION = {"type": "object", "properties": {**{p: {"type": "object"} for p in PROCEDURES},
                                           "expect": {"type": "object"}, "expect_error": _str, "expect_pending": _str,
                                           "note": _str, "reading": _str, "branch": {"type": "boolean"}},
          "additionalProperties": False}

SCHEMA = {
    "type": "object",
    "properties": {
        "game": {"enum": ["metw"]},
        "title": _str,
        "description": _str,
        "source": {"type": "string", "pattern": "^metw:"},
        "rules": {"enum": ["starter", "standard"]},
        "options": {"type": "object", "properties": {
            "mp_half_cap": {"enum": ["example", "literal-round-up"]},
            "excess_strikes_basis": {"enum": ["characters", "size"]},
            "on_guard_rule": {"enum": ["revised", "old"]},
            "long_event_order": {"enum": ["full-summary", "brief-summary"]}}, "additionalProperties": False},
        "turn": _str,
        "sites": {"type": "object", "additionalProperties": SITE},
        "regions": {"type": "object", "additionalProperties": REGION},
        "cards": {"type": "object", "properties": {
            "characters": {"type": "object", "additionalProperties": {"type": "object"}},
            "items": {"type": "object", "additionalProperties": {"type": "object"}},
            "allies": {"type": "object", "additionalProperties": {"type": "object"}},
            "factions": {"type": "object", "additionalProperties": {"type": "object"}},
            "creatures": {"type": "object", "additionalProperties": {"type": "object"}}}, "additionalProperties": False},
        "players": {"type": "object", "additionalProperties": PLAYER},
        "actions": {"type": "array", "items": ACTION},
    },
    "required": ["game", "players"],
    "additionalProperties": False,
}
