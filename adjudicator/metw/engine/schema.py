"""The METW situation file format (a JSON Schema subset checked by adjudicator.engine.situation).

See docs/metw.md for the format with examples.
"""

from __future__ import annotations

PROCEDURES = (
    "company_size", "hazard", "move", "keying", "attack", "corruption_check", "corruption_bands",
    "influence_accounting", "play_character", "influence_faction", "influence_opponent",
    "marshalling_points", "may_call_council", "free_council", "chain", "on_guard", "set_state",
    "untap_phase", "transfer_item", "store_item", "long_event_phase", "setup",
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

_roll = {"type": ["integer", "null"], "minimum": 2, "maximum": 12}
_creature_ref = {"oneOf": [_str, {"type": "object", "required": ["name"], "properties": {"name": _str}}]}
_strike = {"type": "object", "required": ["target"], "properties": {
    "target": _str, "roll": _roll, "body_roll": _roll, "creature_body_roll": _roll, "no_tap": {"type": "boolean"},
    "canceled": {"type": "boolean"}, "by": _str, "weapon": _str, "support": _names, "modifiers": _modifiers,
    "items_to": {"type": "object", "additionalProperties": _str}}, "additionalProperties": False}
PARAMS = {
    "company_size": {"required": ["company"], "properties": {"company": _str, "limit_modifier": _int}},
    "hazard": {"required": ["company"], "properties": {"company": _str, "card": _str, "counts": {"type": "boolean"},
                                                       "limit_modifier": _int}},
    "move": {"required": ["company"], "properties": {"company": _str, "to": _str, "regions": _names, "arrive": {"type": "boolean"},
                                                     "check_only": {"type": "boolean"}}},
    "keying": {"required": ["company"], "properties": {"company": _str, "creature": _creature_ref, "keyed_to": _str,
                                                       "path": _names, "check_only": {"type": "boolean"},
                                                       "type_changes": {"type": "array", "items": {"type": "object"}}}},
    "attack": {"required": ["company", "creature"], "properties": {
        "company": _str, "creature": _creature_ref, "automatic": {"type": "boolean"}, "canceled": {"type": "boolean"}, "by": _str,
        "counts_as_hazard": {"type": "boolean"}, "keyed_to": _str, "strike_modifier": _int, "prowess_modifiers": _modifiers,
        "assign": {"type": "object", "properties": {"defender": _names, "attacker": _names,
                                                    "excess": {"type": "object", "additionalProperties": _int}},
                   "additionalProperties": False},
        "strikes": {"type": "array", "items": _strike},
        "attacks": {"type": "array", "minItems": 1, "items": {"type": "object", "properties": {
            "assign": {"type": "object"}, "strikes": {"type": "array", "items": _strike}, "strike_modifier": _int,
            "prowess_modifiers": _modifiers, "canceled": {"type": "boolean"}, "by": _str}, "additionalProperties": False}}}},
    "corruption_check": {"required": ["character"], "properties": {"character": _str, "roll": _roll, "modifiers": _modifiers,
                                                                   "helpers": _names}},
    "corruption_bands": {"required": ["character"], "properties": {"character": _str, "modifiers": _modifiers}},
    "influence_accounting": {"properties": {"player": _str}},
    "play_character": {"required": ["character"], "properties": {"character": {"oneOf": [_str, {"type": "object", "required": ["name"]}]},
                                                                 "player": _str, "company": _str, "site": _str, "controller": _str,
                                                                 "options_only": {"type": "boolean"}}},
    "influence_faction": {"required": ["character", "faction"], "properties": {
        "character": _str, "faction": {"oneOf": [_str, FACTION]}, "roll": _roll, "modifiers": _modifiers}},
    "influence_opponent": {"required": ["influencer", "target"], "properties": {
        "influencer": _str, "target": _str, "kind": {"enum": ["character", "follower", "ally", "faction", "item"]},
        "roll": _roll, "opponent_roll": _roll, "reveal": {"type": "boolean"}, "modifiers": _modifiers,
        "first_turn": {"type": "boolean"}, "wizard_revealed_this_turn": {"type": "boolean"}}},
    "marshalling_points": {"properties": {"reveals": {"type": "object", "additionalProperties": _names}}},
    "may_call_council": {"required": ["player"], "properties": {"player": _str, "game_length": {"enum": [1, 2, 3, 4]},
                                                                "exhausted": {"type": "integer", "minimum": 0},
                                                                "opponent_exhausted": {"type": "integer", "minimum": 0},
                                                                "starter_deck_only": {"type": "boolean"}}},
    "free_council": {"properties": {"last_turn": _str, "others_pass": {"type": "boolean"}, "checks": {"type": "array", "items": {
        "type": "object", "required": ["character"], "properties": {"character": _str, "roll": _roll, "modifiers": _modifiers,
                                                                    "helpers": _names}, "additionalProperties": False}},
        "reveals": {"type": "object", "additionalProperties": _names}}},
    "chain": {"required": ["actions"], "properties": {"actions": {"type": "array", "minItems": 1, "items": {
        "type": "object", "properties": {"id": {"type": ["string", "integer"]}, "player": _str, "action": _str,
                                         "requires": _names, "removes": _names, "cancels": {"type": "array", "items": {"type": ["string", "integer"]}},
                                         "roll": {"type": "boolean"}}, "additionalProperties": False}}}},
    "on_guard": {"required": ["moment", "card"], "properties": {
        "moment": {"enum": ["automatic-attack", "site-card"]}, "site_has_automatic_attack": {"type": "boolean"},
        "ring_test": {"type": "boolean"}, "card": {"type": "object", "properties": {
            "name": _str, "type": {"enum": ["creature", "event"]}, "keyed_to_site": {"type": "boolean"},
            "modifies_automatic_attack": {"type": "boolean"}, "affects_company": {"type": "boolean"},
            "targets_existed": {"type": "boolean"}, "returns_to_origin": {"type": "boolean"}, "taps_site": {"type": "boolean"},
            "removes_character": {"type": "boolean"}, "forces_nothing": {"type": "boolean"}, "traitor": {"type": "boolean"}},
            "additionalProperties": False}}},
    "set_state": {"required": ["character", "state"], "properties": {"character": _str, "state": {"enum": ["untapped", "tapped", "wounded"]},
                                                                     "by": _str}},
    "untap_phase": {"properties": {"player": _str, "heal": _names}},
    "transfer_item": {"required": ["character", "item", "to"], "properties": {
        "character": _str, "item": _str, "to": _str, "roll": _roll, "modifiers": _modifiers, "helpers": _names}},
    "store_item": {"required": ["character", "item"], "properties": {
        "character": _str, "item": _str, "named_site": {"type": "boolean"}, "roll": _roll, "modifiers": _modifiers, "helpers": _names}},
    "long_event_phase": {"properties": {"player": _str}},
    "setup": {"properties": {
        "player": _str, "game_length": {"enum": [1, 2, 3, 4]}, "location_deck": _names, "unique": _names, "wizards_known": _names,
        "starting_characters": {"type": "array", "items": CHARACTER_REF}, "minor_items": _names,
        "play_deck": {"type": "object", "properties": {
            "resources": {"type": "integer", "minimum": 0}, "hazards": {"type": "integer", "minimum": 0},
            "limited_collection": {"type": "boolean"}, "characters": _names, "wizards": _names,
            "cards": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}}, "additionalProperties": False},
        "sideboard": {"type": "object", "properties": {"cards": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}},
                      "additionalProperties": False}}},
}
for _schema in PARAMS.values():
    _schema["type"] = "object"
    _schema["additionalProperties"] = False

ACTION = {"type": "object", "properties": {**PARAMS,
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
