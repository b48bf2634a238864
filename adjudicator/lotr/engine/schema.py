"""The JSON Schema of a LOTR LCG situation file (printed by ``adjudicator schema``).

The same schema checks files on load (`adjudicator.engine.situation.validate`), so the
documentation and the loader cannot drift apart.  See docs/situation-format.md.
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine.expect import SCHEMA as EXPECT_SCHEMA
from adjudicator.lotr.abilities.grammar.schema import card_schema as ability_card_schema
from adjudicator.lotr.engine.cards import CARD_TYPES, SPHERES
from adjudicator.lotr.engine.citations import STEP_IDS

MAIN_FLOW = tuple(s for s in STEP_IDS if not (s.startswith("6.4") and s != "6.4a") and not (s.startswith("6.8") and s != "6.8a"))
# The game's setup, before round 1 (Rules Reference: Setup): a start value and the step of
# the decisions made there (the mulligans).
SETUP = "setup"

NAME = {"type": "string", "minLength": 1, "description": "a card name"}
NAMES = {"type": "array", "items": {"type": "string"}, "description": "a list of card names"}
COUNT = {"type": "integer", "minimum": 0}

CHARACTER_REF = {
    "oneOf": [
        {"type": "string", "description": "a character's name"},
        {
            "type": "object",
            "properties": {"player": {"type": "string"}, "character": {"type": "string"}},
            "required": ["character"],
            "additionalProperties": False,
        },
    ],
    "description": "a character: its name, or {player, character}",
}

MODIFIER = {
    "type": "object",
    "description": "a modifier {stat, op, value}",
    "properties": {
        "stat": {"enum": ["willpower", "attack", "defense", "hit_points", "threat", "engagement_cost", "quest_points", "cost"]},
        "op": {"enum": ["add", "subtract", "double", "halve", "set"]},
        "value": {"type": "integer"},
        "source": {"type": "string"},
    },
    "required": ["stat", "op"],
    "additionalProperties": False,
}

CARD_IN_PLAY = {
    "oneOf": [
        {"type": "string", "description": "a card name"},
        {
            "type": "object",
            "description": "a card with its state",
            "properties": {
                "card": {"type": "string", "description": "the card's name"},
                "label": {"type": "string", "description": "a name for this copy, to tell copies apart"},
                "exhausted": {"type": "boolean"},
                "damage": COUNT,
                "progress": COUNT,
                "resources": COUNT,
                "committed": {"type": "boolean"},
                "attacked": {"type": "boolean", "description": "an enemy that already attacked this round"},
                "attachments": {"type": "array", "items": {"$ref": "#/$defs/card"}},
                "shadow": {"type": "array", "items": {"type": "string"}, "description": "shadow cards dealt to an enemy"},
                "guarding": {"type": "array", "items": {"type": "string"}, "description": "objectives attached to this guard"},
                "under": {"type": "array", "items": {"type": "string"}, "description": "encounter cards face up under a side quest (revealed when it is chosen)"},
                "modifiers": {"type": "array", "items": MODIFIER},
                "tokens": {"type": "object", "additionalProperties": COUNT,
                           "description": "tokens that are not damage, progress or resources: {time: 2} (time counters of Time X)"},
                "from_deck": {"type": "string", "description": "the separate encounter deck the card came from (Orc, Evil Creatures, Burden)"},
            },
            "required": ["card"],
            "additionalProperties": False,
        },
    ],
    "description": "a card name, or a mapping {card, damage, exhausted, ...}",
}

CARD_DEFINITION = {
    "type": "object",
    "description": "an inline card definition",
    "properties": {
        "name": {"type": "string"},
        "type": {"enum": list(CARD_TYPES)},
        "sphere": {"enum": list(SPHERES)},
        "encounter_set": {"type": "string"},
        "unique": {"type": "boolean"},
        "threat_cost": COUNT,
        "cost": {"oneOf": [COUNT, {"enum": ["X"]}], "description": "a cost (a whole number or X)"},
        "engagement_cost": COUNT,
        "willpower": COUNT,
        "threat": COUNT,
        "attack": COUNT,
        "defense": COUNT,
        "hit_points": COUNT,
        "quest_points": COUNT,
        "victory": COUNT,
        "travel_threat": {"type": "integer", "minimum": 0, "description": "a travel cost: each player raises their threat by this much"},
        "escape": {"type": "integer", "minimum": 0, "description": "an escape value (The Dead Marshes: counted when the card is dealt for an escape test)"},
        "pass": {"type": "integer", "minimum": 0, "maximum": 1, "description": "1: a bold PASS in the text box (The Long Dark: a locate test passes on it)"},
        "eyes": {"type": "integer", "minimum": 0, "description": "Sauron's Eye icons (Mount Doom: counted when the card is discarded for a Fortitude test)"},
        "stage": {"type": "integer", "minimum": 1, "description": "a quest card's stage number (1 for 1A/1B)"},
        "back": {"type": "string", "description": "a double-sided card (a side quest, an enemy such as Thaurdir): the design on its other side (its name or key)"},
        "key": {"type": "string", "description": "a design's own name when two sides share a title (Thaurdir (Captain), Thaurdir (Champion)): its abilities are filed under it; the title stays name"},
        "flips": {"enum": ["defeated", "chosen"], "description": "when a double-sided side quest is turned over: defeated, or chosen as the current quest"},
        "traits": {"type": "array", "items": {"type": "string"}},
        "keywords": {
            "type": "array",
            "items": {"type": "string"},
            "description": "keywords such as Surge, Doomed 2, Archery 1, Indestructible",
        },
    },
    "required": ["name", "type"],
    "additionalProperties": False,
}

PLAY = {
    "type": "object",
    "description": "a card played from hand {card, pay_from, attach_to, x, discard}",
    "properties": {
        "card": {"type": "string"},
        "pay_from": NAMES,
        "attach_to": CHARACTER_REF,
        "x": COUNT,
        "discard": {"type": "string", "description": "the restricted attachment to discard"},
    },
    "required": ["card"],
    "additionalProperties": False,
}

DECISION = {
    "type": "object",
    "description": "a decision {step, player, ...}",
    "properties": {
        "step": {"enum": list(STEP_IDS) + [SETUP], "description": "the framework step id where the decision is made (setup: at Setup)"},
        "round": {"type": "integer", "minimum": 1},
        "player": {"type": "string"},
        "play": {"type": "array", "items": PLAY},
        "commit": NAMES,
        "travel": {"type": ["string", "null"]},
        "stage": {"type": "string", "description": "separate staging areas a player chooses between (The Siege of Erebor): the one this player is at this round"},
        "current_quest": {"type": "string", "description": "several stages in play: the one the first player makes the current quest stage"},
        "join": {"type": "string", "description": "separate staging areas: the staging area a group joins (engine/staging_areas.py)"},
        "engage": {"type": ["string", "null"]},
        "archery": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"player": {"type": "string"}, "character": {"type": "string"}, "amount": {"type": "integer", "minimum": 1}},
                "required": ["character", "amount"],
                "additionalProperties": False,
            },
        },
        "shadow_order": NAMES,
        "enemy": {"type": "string", "description": "an attacking enemy: at 6.4a/6.4b the next to attack; at 6.4.1 to 6.4.3 the attack "
                  "a defender, a hero or the events (play) are for"},
        "attack_order": NAMES,
        "defender": {"type": ["string", "null"]},
        "defenders": {**NAMES, "description": "several defenders, where a card effect allows it (Stand Together); [] for none"},
        "damage_to": {"type": "string", "description": "the one defender that takes all the damage of a multiply defended attack (FAQ 1.04)"},
        "sentinel": CHARACTER_REF,
        "undefended_hero": {"type": "string"},
        "target": {"type": ["string", "null"], "description": "the enemy attacked, or null to make no more attacks"},
        "attackers": NAMES,
        "ranged": {"type": "array", "items": CHARACTER_REF},
        "ability": {
            "type": "object",
            "description": "choices for a card ability resolving at this step: {card, chosen, targets, option, x} (docs/abilities.md)",
        },
        "delayed_order": {"type": "array", "items": {"type": "string"}, "description": "the first player's order of simultaneous delayed effects"},
        "forced_order": {"type": "array", "items": {"type": "string"},
                         "description": "the first player's order of simultaneous Forced effects (and When Revealed, shadow and "
                                        "other mandatory card effects) at this step, by their labels in the timing step"},
        "mulligan": {"type": "boolean", "description": "at setup: whether the player takes a mulligan (true) or keeps the setup hand (false)"},
    },
    "required": ["step"],
    "additionalProperties": False,
}

STOP = {
    "oneOf": [
        {"enum": ["end-of-step", "end-of-phase", "end-of-round", "end-of-game"]},
        {
            "type": "object",
            "properties": {
                "step": {"enum": list(STEP_IDS)},
                "round": {"type": "integer", "minimum": 1},
                "rounds": {"type": "integer", "minimum": 1, "maximum": 1000},
            },
            "additionalProperties": False,
        },
    ],
    "description": "end-of-phase, end-of-round, end-of-game, {step: ID}, or {rounds: N}",
}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://adjudicator.invalid/schema/lotr-situation.json",
    "title": "LOTR LCG situation",
    "description": "A described position and the players' decisions, replayed by `adjudicator replay`.",
    "type": "object",
    "properties": {
        "game": {"enum": ["lotr"]},
        "title": {"type": "string"},
        "notes": {"type": "string"},
        "round": {"type": "integer", "minimum": 1},
        "start": {"enum": list(MAIN_FLOW) + [SETUP], "description": "the framework step to start from, or setup: the game's "
                  "setup steps, then round 1"},
        "deck_order": {"enum": ["listed", "seed"], "description": "with start: setup, how the decks are shuffled: listed (the "
                       "situation's deck lists are the shuffled order, top first) or seed (shuffled with the seed; the default)"},
        "first_player": {"type": "string"},
        "seed": {"type": "integer", "description": "orders every shuffle the rules call for: reshuffles of the encounter "
                 "discard, decks searched by card effects, setup shuffles (deck_order: seed) and random picks such as the prisoner"},
        "stop": STOP,
        "flip_quest": {"type": "boolean", "description": "the position is the end of Setup: the quest card is "
                       "flipped to its B side as the replay starts (start: '0.0'), and its When Revealed resolves"},
        "cards": {"type": "array", "items": CARD_DEFINITION},
        "players": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "description": "a player {name, threat, heroes, ...}",
                "properties": {
                    "name": {"type": "string"},
                    "threat": COUNT,
                    "heroes": {"type": "array", "items": {"$ref": "#/$defs/card"}},
                    "allies": {"type": "array", "items": {"$ref": "#/$defs/card"}},
                    "hand": NAMES,
                    "deck": NAMES,
                    "discard": NAMES,
                    "engaged": {"type": "array", "items": {"$ref": "#/$defs/card"}},
                    "eliminated": {"type": "boolean"},
                    "elimination_level": {"type": "integer", "minimum": 0,
                                          "description": "the threat that eliminates the player (50 unless a card has changed it)"},
                    "prisoners": {"type": "array", "items": {"$ref": "#/$defs/card"},
                                  "description": "this player's heroes held face down as prisoners (Escape from Dol Guldur)"},
                    "hidden": {**NAMES, "description": "encounter cards face down in this player's play area, unseen (hidden cards: The Blood of Gondor)"},
                    "locations": {"type": "array", "items": {"$ref": "#/$defs/card"},
                                  "description": "locations this player controls (a scenario that gives explored locations to the first player)"},
                },
                "required": ["name", "heroes"],
                "additionalProperties": False,
            },
        },
        "staging_area": {"type": "array", "items": {"$ref": "#/$defs/card"}},
        "active_location": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/card"}], "description": "a location, or null"},
        "quest": {"$ref": "#/$defs/card"},
        "quest_deck": NAMES,
        "encounter_deck": NAMES,
        "encounter_discard": NAMES,
        "victory_display": NAMES,
        "set_aside": {**NAMES, "description": "cards set aside by the scenario, out of play until an effect brings them in"},
        "decks": {"type": "object", "additionalProperties": NAMES,
                  "description": "separate encounter decks by name (rules_db/lotr/separate_decks.yaml: Orc, Evil Creatures, Burden), top first"},
        "deck_discards": {"type": "object", "additionalProperties": NAMES,
                          "description": "the own discard piles of separate decks that have one (Evil Creatures), top first"},
        "trackers": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
                     "description": "a scenario's trackers and their values (rules_db/lotr/scenario_state.yaml: the temperature, the pursuit value)"},
        "defeated_stages": {**NAMES, "description": "the quest cards the players have already defeated, oldest first (a reset of the quest deck takes them back)"},
        "staging_areas": {
            "type": "object",
            "description": "separate staging areas (Foundations of Stone, Flies and Spiders...): the scenario "
            "(rules_db/lotr/staging_areas.yaml) and each area other than the main one: its players, staging area, "
            "active location, quest stage and quest deck; the players at none of them share the main staging area",
            "properties": {
                "scenario": {"type": "string"},
                "areas": {"type": "array", "minItems": 1, "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string"},
                        "players": {"type": "array", "items": {"type": "string"}},
                        "staging_area": {"type": "array", "items": {"$ref": "#/$defs/card"}},
                        "active_location": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/card"}]},
                        "quest": {"$ref": "#/$defs/card"},
                        "quest_deck": NAMES,
                        "joining": {"type": "boolean", "description": "its stage has told its players to join another staging area"},
                    },
                    "required": ["players"],
                    "additionalProperties": False,
                }},
                "rival": {"type": "object", "description": "a rival's area with its own quest deck (the Stormcaller's, the Orcs')",
                          "properties": {"name": {"type": "string"}, "staging_area": {"type": "array", "items": {"$ref": "#/$defs/card"}},
                                         "quest": {"$ref": "#/$defs/card"}, "quest_deck": NAMES},
                          "required": ["name", "quest"], "additionalProperties": False},
            },
            "required": ["scenario"],
            "additionalProperties": False,
        },
        "quest_stages": {
            "type": "object",
            "description": "quest stages beyond the current one (rules_db/lotr/quest_stages.yaml): the scenario, the other "
            "stages in play beside `quest` (The Battle of Five Armies), and face_down: the current stage is still on its A side",
            "properties": {
                "scenario": {"type": "string"},
                "stages": {"type": "array", "items": {"$ref": "#/$defs/card"}},
                "face_down": {"type": "boolean"},
            },
            "required": ["scenario"],
            "additionalProperties": False,
        },
        "decisions": {"type": "array", "items": DECISION},
        "ruling": {
            "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}, "minItems": 1}],
            "description": "the ruling record(s) this situation reproduces (scenarios/lotr/faq/, scenarios/lotr/rulings/; faq/README.md)",
        },
        "abilities": {
            "type": "object",
            "description": "card abilities (docs/abilities.md): the optional responses the players use, the choices "
            "made for card effects, the first player's order of simultaneous delayed effects, cards whose abilities "
            "are written here, and the card version (errata or printed)",
            "properties": {
                "responses": {"type": "array", "items": {"type": "object"}},
                "plays": {"type": "array", "items": {"type": "object"}},
                "delayed_order": {"type": "array", "items": {"type": "string"}},
                "cards": {"type": "array", "items": ability_card_schema()},
                "version": {"enum": ["errata", "printed"]},
            },
            "additionalProperties": False,
        },
        "expect": EXPECT_SCHEMA,  # the shared vocabulary (adjudicator.engine.expect, docs/expectations.md)
    },
    "required": ["players"],
    "additionalProperties": False,
    "$defs": {"card": CARD_IN_PLAY},
}

# Which decision keys belong to which step (a decision at any other step is refused).
DECISION_KEYS: dict[str, tuple[str, ...]] = {
    "2.2": ("play",),
    "3.2": ("commit",),
    "0.0": ("stage",),  # separate staging areas a player chooses between as the round begins (The Siege of Erebor)
    "4.1": ("join",),  # separate staging areas: the area a group joins (engine/staging_areas.py)
    "4.2": ("travel",),
    "5.2": ("engage",),
    "5.3": ("engage",),
    "6.1": ("archery",),
    "6.2": ("shadow_order",),
    "6.4a": ("enemy", "attack_order"),
    "6.4b": ("enemy", "attack_order"),
    "6.4.1": ("enemy", "defender", "sentinel", "undefended_hero", "defenders", "damage_to"),
    "6.4.2": ("enemy",),  # with play: the attack whose window the events are for
    "6.4.3": ("enemy", "undefended_hero", "damage_to"),
    "6.8a": ("target", "attackers", "ranged"),
    "6.8b": ("target", "attackers", "ranged"),
    SETUP: ("mulligan",),
}
# Events may be played in any action window.
WINDOW_KEYS = ("play",)
# Choices for card abilities may come at any step (where the ability resolves).
# current_quest: several stages in play, the first player's choice of the current one (engine/quest_stages.py): at
# the scenario's step, or wherever the current stage is completed
ANY_STEP_KEYS = ("ability", "delayed_order", "forced_order", "current_quest")
