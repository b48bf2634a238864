"""The METW situation file format (a JSON Schema subset checked by adjudicator.engine.situation).

Every object has its keys listed (``additionalProperties: false``) or says what its free
keys are; docs/metw.md documents each key with an example, and a test checks both.
"""

from __future__ import annotations

from adjudicator.engine.expect import SCHEMA as EXPECT_SCHEMA

PROCEDURES = (
    "company_size", "hazard", "move", "keying", "attack", "corruption_check", "corruption_bands",
    "influence_accounting", "play_character", "influence_faction", "influence_opponent",
    "marshalling_points", "may_call_council", "free_council", "chain", "on_guard", "set_state",
    "untap_phase", "transfer_item", "store_item", "long_event_phase", "setup",
    "organize", "enter_site", "play_resource", "play", "end_turn", "phase",
)
PHASES = ["untap", "organization", "long-event", "movement/hazard", "site", "end-of-turn"]
REGION_SYMBOLS = ["c", "f", "b", "w", "s", "d"]
SITE_SYMBOLS = ["h", "F", "B", "r", "S", "D"]

_int = {"type": "integer"}
_str = {"type": "string"}
_bool = {"type": "boolean"}
_names = {"type": "array", "items": {"type": "string"}}
_roll = {"type": ["integer", "null"], "minimum": 2, "maximum": 12, "description": "a roll of two dice (2 to 12)"}
_state = {"enum": ["untapped", "tapped", "wounded"]}
_modifiers = {"type": "array", "items": {"type": "object", "properties": {
    "value": _int, "source": _str, "hazard": _bool, "skill": _bool},
    "required": ["value"], "additionalProperties": False}}
_race = {"enum": ["Dúnadan", "Dunadan", "Dwarf", "Elf", "Hobbit", "Man", "Wizard"]}


def _obj(props: dict, required: tuple[str, ...] = ()) -> dict:
    out = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    return out


# ---------------------------------------------------------------- cards as data (cards.py)
WHEN = _obj({
    "keyed_to": {"type": "array", "items": {"enum": REGION_SYMBOLS + SITE_SYMBOLS}},
    "faced": _names, "against": _names, "automatic": _bool,
    "site_types": {"type": "array", "items": {"enum": SITE_SYMBOLS}},
    "faction": _str, "race": {"type": "array", "items": _race}, "skill": _str})
EFFECT = _obj({
    "op": {"enum": ["modify", "cancel", "discard", "tap", "untap", "heal", "wound", "return_to_origin", "retype",
                    "corruption", "corruption_check"]},
    "target": {"enum": ["attack", "strike", "character", "company", "bearer", "self", "card", "keyword"]},
    "stat": {"enum": ["prowess", "body", "strikes", "hazard_limit", "influence", "corruption_check"]},
    "value": _int,
    "until": {"enum": ["attack", "end-of-turn", "long-event", "permanent"]},
    "when": WHEN,
    "from": {"enum": REGION_SYMBOLS}, "to": {"enum": REGION_SYMBOLS}, "count": {"type": "integer", "minimum": 1},
    "map": {"type": "object", "properties": {k: {"enum": REGION_SYMBOLS} for k in REGION_SYMBOLS}, "additionalProperties": False},
    "card": _str, "keyword": _str, "side": {"enum": ["hazard", "resource"]},
    "to_state": {"enum": ["untapped", "tapped"]}}, ("op",))
EFFECTS = {"type": "array", "items": EFFECT}
COST = _obj({"tap": {"enum": ["by", "item"]}, "skill": _str, "discard": {"enum": ["item"]}})
EVENT = _obj({
    "name": _str, "side": {"enum": ["hazard", "resource"]},
    "class": {"enum": ["short-event", "long-event", "permanent-event"]},
    "keywords": _names, "counts": _bool, "cost": COST, "effects": EFFECTS}, ("side", "class"))

ITEM = _obj({
    "name": _str, "cp": _int, "mp": _int, "mp_type": {"enum": ["item", "misc", "character", "ally", "faction", "kill"]},
    "kind": {"enum": ["minor", "major", "greater", "gold-ring", "special", "corruption", "resource"]},
    "use": {"enum": ["weapon", "shield", "armor", ""]}, "di_bonus": _int, "prowess_bonus": _int,
    "prowess_max": {"type": ["integer", "null"]}, "body_bonus": _int, "body_max": {"type": ["integer", "null"]},
    "unique": _bool, "state": {"enum": ["untapped", "tapped"]}, "cost": COST, "effects": EFFECTS}, ("name",))
ITEM_REF = {"oneOf": [_str, ITEM]}

ALLY = _obj({"name": _str, "mind": _int, "prowess": _int, "body": _int, "mp": _int, "state": _state, "unique": _bool,
             "skills": _names, "race": _str, "site": _str}, ("name",))

CHARACTER = _obj({
    "name": _str, "mind": {"type": ["integer", "null"]}, "di": _int, "prowess": _int, "body": _int, "race": _race,
    "skills": _names, "mp": _int, "corruption_modifier": _int, "state": _state, "controller": {"type": ["string", "null"]},
    "home_site": _str, "items": {"type": "array", "items": ITEM_REF}, "allies": {"type": "array", "items": {"oneOf": [_str, ALLY]}},
    "corruption_cards": {"type": "array", "items": ITEM_REF}, "effects": EFFECTS}, ("name",))
CHARACTER_REF = {"oneOf": [_str, CHARACTER]}

FACTION = _obj({"name": _str, "mp": _int, "value": _int, "site": _str,
                "standard_modifications": {"type": "object", "description": "race -> modification",
                                           "propertyNames": _race, "additionalProperties": _int},
                "unique": _bool}, ("name",))

CREATURE = _obj({
    "name": _str, "strikes": {"type": "integer", "minimum": 0}, "prowess": _int, "body": {"type": ["integer", "null"]},
    "mp": _int, "unique": _bool, "attacker_chooses": _bool, "each_faces_one": _bool, "race": _str,
    "regions": {"type": "array", "items": {"enum": REGION_SYMBOLS}}, "sites": {"type": "array", "items": {"enum": SITE_SYMBOLS}},
    "named_sites": _names, "named_regions": _names, "effects": EFFECTS}, ("name",))
CREATURE_REF = {"oneOf": [_str, CREATURE]}

_path = {"type": "array", "items": {"enum": REGION_SYMBOLS}}
SITE = _obj({
    "type": {"enum": SITE_SYMBOLS}, "nearest_haven": _str, "path": _path,
    "haven_paths": {"type": "object", "description": "adjacent Haven -> site path", "additionalProperties": _path},
    "region": _str, "draws": {"type": "integer", "minimum": 0}, "tapped": _bool,
    "playable": {"type": "array", "items": {"enum": ["minor", "major", "greater", "gold-ring"]}},
    "automatic_attacks": {"type": "array", "items": CREATURE_REF}}, ("type",))

REGION = _obj({"type": {"enum": REGION_SYMBOLS}, "adjacent": _names}, ("type",))

COMPANY = _obj({
    "name": _str, "site": _str, "new_site": _str, "regions": _names, "hazards_played": {"type": "integer", "minimum": 0},
    "characters": {"type": "array", "items": CHARACTER_REF}}, ("name", "characters"))

PLAYER = _obj({
    "general_influence": _int, "hand": _names, "factions": {"type": "array", "items": {"oneOf": [_str, FACTION]}},
    "mp_pile": {"type": "array", "items": ITEM_REF},
    "extra_mp": {"type": "object", "description": "marshalling point type -> points",
                 "propertyNames": {"enum": ["character", "item", "faction", "ally", "kill", "misc"]}, "additionalProperties": _int},
    "companies": {"type": "array", "items": COMPANY}})

# ---------------------------------------------------------------- procedures
PLAY = _obj({"card": _str, "by": _str, "target": _str, "company": _str, "player": _str, "roll": _roll}, ("card",))
PLAY_REF = {"oneOf": [_str, PLAY]}
_assign = _obj({"defender": _names, "attacker": _names,
                "excess": {"type": "object", "description": "character -> excess strikes taken as -1 prowess",
                           "additionalProperties": {"type": "integer", "minimum": 0}}})
_strike = _obj({
    "target": _str, "roll": _roll, "body_roll": _roll, "creature_body_roll": _roll, "no_tap": _bool,
    "canceled": _bool, "by": _str, "weapon": _str, "support": _names, "modifiers": _modifiers,
    "cards": {"type": "array", "items": PLAY_REF},
    "items_to": {"type": "object", "description": "item of the eliminated character -> unwounded character taking it",
                 "additionalProperties": _str}}, ("target",))
_one_attack = {"assign": _assign, "strikes": {"type": "array", "items": _strike}, "strike_modifier": _int,
               "prowess_modifiers": _modifiers, "canceled": _bool, "by": _str, "cards": {"type": "array", "items": PLAY_REF}}
_type_change = {"oneOf": [
    _obj({"from": {"enum": REGION_SYMBOLS}, "to": {"enum": REGION_SYMBOLS}, "index": {"type": "integer", "minimum": 0},
          "source": _str}, ("from", "to")),
    _obj({"map": EFFECT["properties"]["map"], "source": _str}, ("map",))]}
_check_entry = _obj({"character": _str, "roll": _roll, "modifiers": _modifiers, "helpers": _names}, ("character",))
_chain_action = _obj({"id": {"type": ["string", "integer"]}, "player": _str, "action": _str, "requires": _names,
                      "removes": _names, "cancels": {"type": "array", "items": {"type": ["string", "integer"]}}, "roll": _bool})
_on_guard_card = _obj({
    "name": _str, "type": {"enum": ["creature", "event"]}, "keyed_to_site": _bool, "modifies_automatic_attack": _bool,
    "affects_company": _bool, "targets_existed": _bool, "returns_to_origin": _bool, "taps_site": _bool,
    "removes_character": _bool, "forces_nothing": _bool, "traitor": _bool})
_copies = {"type": "object", "description": "card name -> copies", "additionalProperties": {"type": "integer", "minimum": 0}}
_reveals = {"type": "object", "description": "player -> unique cards he reveals", "additionalProperties": _names}

PARAMS = {
    "company_size": ({"company": _str, "limit_modifier": _int}, ("company",)),
    "hazard": ({"company": _str, "card": _str, "counts": _bool, "limit_modifier": _int}, ("company",)),
    "move": ({"company": _str, "to": _str, "regions": _names, "arrive": _bool, "check_only": _bool}, ("company",)),
    "keying": ({"company": _str, "creature": CREATURE_REF, "keyed_to": _str, "path": _path, "check_only": _bool,
                "type_changes": {"type": "array", "items": _type_change}}, ("company",)),
    "attack": ({"company": _str, "creature": CREATURE_REF, "automatic": _bool, "counts_as_hazard": _bool, "keyed_to": _str,
                **_one_attack, "attacks": {"type": "array", "minItems": 1, "items": _obj(dict(_one_attack))}},
               ("company", "creature")),
    "corruption_check": ({"character": _str, "roll": _roll, "modifiers": _modifiers, "helpers": _names}, ("character",)),
    "corruption_bands": ({"character": _str, "modifiers": _modifiers}, ("character",)),
    "influence_accounting": ({"player": _str}, ()),
    "play_character": ({"character": CHARACTER_REF, "player": _str, "company": _str, "site": _str, "controller": _str,
                        "options_only": _bool}, ("character",)),
    "influence_faction": ({"character": _str, "faction": {"oneOf": [_str, FACTION]}, "roll": _roll, "modifiers": _modifiers},
                          ("character", "faction")),
    "influence_opponent": ({"influencer": _str, "target": _str, "kind": {"enum": ["character", "follower", "ally", "faction", "item"]},
                            "roll": _roll, "opponent_roll": _roll, "reveal": _bool, "modifiers": _modifiers, "first_turn": _bool,
                            "wizard_revealed_this_turn": _bool}, ("influencer", "target")),
    "marshalling_points": ({"reveals": _reveals}, ()),
    "may_call_council": ({"player": _str, "game_length": {"enum": [1, 2, 3, 4]}, "exhausted": {"type": "integer", "minimum": 0},
                          "opponent_exhausted": {"type": "integer", "minimum": 0}, "starter_deck_only": _bool}, ("player",)),
    "free_council": ({"last_turn": _str, "others_pass": _bool, "checks": {"type": "array", "items": _check_entry},
                      "reveals": _reveals}, ()),
    "chain": ({"actions": {"type": "array", "minItems": 1, "items": _chain_action}}, ("actions",)),
    "on_guard": ({"moment": {"enum": ["automatic-attack", "site-card"]}, "site_has_automatic_attack": _bool, "ring_test": _bool,
                  "card": _on_guard_card}, ("moment", "card")),
    "set_state": ({"character": _str, "state": _state, "by": _str}, ("character", "state")),
    "untap_phase": ({"player": _str, "heal": _names}, ()),
    "transfer_item": ({"character": _str, "item": _str, "to": _str, "roll": _roll, "modifiers": _modifiers, "helpers": _names},
                      ("character", "item", "to")),
    "store_item": ({"character": _str, "item": _str, "named_site": _bool, "roll": _roll, "modifiers": _modifiers, "helpers": _names},
                   ("character", "item")),
    "long_event_phase": ({"player": _str}, ()),
    "setup": ({"player": _str, "game_length": {"enum": [1, 2, 3, 4]}, "location_deck": _names, "unique": _names,
               "wizards_known": _names, "starting_characters": {"type": "array", "items": CHARACTER_REF}, "minor_items": _names,
               "play_deck": _obj({"resources": {"type": "integer", "minimum": 0}, "hazards": {"type": "integer", "minimum": 0},
                                  "limited_collection": _bool, "characters": _names, "wizards": _names, "cards": _copies}),
               "sideboard": _obj({"cards": _copies})}, ()),
    "organize": ({"player": _str, "discard": _names,
                  "control": {"type": "object", "description": "character -> 'general influence' or the character controlling him",
                              "additionalProperties": _str},
                  "split": _obj({"company": _str, "into": {"type": "object", "description": "new company -> its characters",
                                                           "additionalProperties": _names}}, ("company", "into")),
                  "join": _obj({"company": _str, "into": _str}, ("company", "into"))}, ()),
    "enter_site": ({"company": _str}, ("company",)),
    "play_resource": ({"character": _str, "item": ITEM_REF, "ally": {"oneOf": [_str, ALLY]},
                       "minor_item": _obj({"character": _str, "item": ITEM_REF}, ("character", "item"))}, ("character",)),
    "play": (dict(PLAY["properties"]), ("card",)),
    "end_turn": ({"next": _str}, ()),
    "phase": ({"to": {"enum": PHASES}}, ("to",)),
}
PARAMS = {name: _obj(props, required) for name, (props, required) in PARAMS.items()}


def _keyed(schema: dict) -> dict:
    """A card described under cards:, where its name is the key (so no name is required)."""
    return {**schema, "required": [k for k in schema.get("required", []) if k != "name"]}

_any_value = {"description": "any value: a number, text, a list or a mapping"}
ACTION = {"type": "object", "properties": {
    **PARAMS,
    "expect": {"type": "object", "description": "result key (dotted for nested values) -> the value expected",
               "additionalProperties": _any_value},
    "expect_error": _str, "expect_pending": _str, "note": _str, "reading": _str, "branch": _bool},
    "additionalProperties": False}

EXPECT = EXPECT_SCHEMA  # the top-level expect: block, the vocabulary shared by every game (docs/expectations.md)

SCHEMA = {
    "type": "object",
    "properties": {
        "game": {"enum": ["metw"]},
        "title": _str,
        "description": _str,
        "source": {"type": "string", "pattern": "^metw:", "description": "a METW record id (metw:...)"},
        "rules": {"enum": ["starter", "standard"]},
        "options": _obj({
            "mp_half_cap": {"enum": ["example", "literal-round-up"]},
            "excess_strikes_basis": {"enum": ["characters", "size"]},
            "on_guard_rule": {"enum": ["revised", "old"]},
            "long_event_order": {"enum": ["full-summary", "brief-summary"]}}),
        "turn": _str,
        "turn_number": {"type": "integer", "minimum": 1},
        "phase": {"enum": PHASES},
        "sites": {"type": "object", "description": "site name -> site", "additionalProperties": SITE},
        "regions": {"type": "object", "description": "region name -> region", "additionalProperties": REGION},
        "cards": _obj({
            "characters": {"type": "object", "description": "name -> character", "additionalProperties": _keyed(CHARACTER)},
            "items": {"type": "object", "description": "name -> item", "additionalProperties": _keyed(ITEM)},
            "allies": {"type": "object", "description": "name -> ally", "additionalProperties": _keyed(ALLY)},
            "factions": {"type": "object", "description": "name -> faction", "additionalProperties": _keyed(FACTION)},
            "creatures": {"type": "object", "description": "name -> creature", "additionalProperties": _keyed(CREATURE)},
            "events": {"type": "object", "description": "name -> hazard or resource event", "additionalProperties": EVENT}}),
        "players": {"type": "object", "description": "player name -> player", "additionalProperties": PLAYER},
        "actions": {"type": "array", "items": ACTION},
        "expect": EXPECT,
    },
    "required": ["game", "players"],
    "additionalProperties": False,
}
