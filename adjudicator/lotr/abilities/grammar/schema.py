"""The ability grammar as JSON Schema: the ``cards:`` of a situation's ``abilities:`` block
(the same format as the card library), printed by ``adjudicator schema``.  The phrases are
strings whose grammar the descriptions give (docs/abilities.md, "The ability grammar");
`check.py` parses them as the file loads, with file:line:column errors."""

from __future__ import annotations

from typing import Any

from adjudicator.lotr.abilities.grammar import words as W
from adjudicator.lotr.abilities.grammar.check import ARG_KEYS, WORD_KEYS
from adjudicator.lotr.abilities.grammar.restrictions import phrases
from adjudicator.lotr.abilities.model import DURATIONS, EVENTS, KINDS, LIMIT_SCOPES, OPS, PERIODS, PHASES, SOURCES, TIMINGS

TARGET = {
    "type": "string",
    "description": "a target phrase: a reference (" + ", ".join(sorted(W.REFERENCES)[:12]) + ", ...) or "
    "[quantifier: a/an/one/each/every/all/N/two/up to N/X] [qualifiers: " + ", ".join(W.PREFIX_QUALIFIERS) + "] "
    "[Trait/Sphere/Keyword] card type (" + ", ".join(sorted(set(W.NOUNS.values()))) + ") [endings: you control, "
    "in play, in the staging area, engaged with you/a player/another player/the chosen player, in your hand, in a discard "
    "pile, committed to the quest, of each player, each player chooses, the defending player chooses, with printed cost X, "
    "not neutral, other than this, with the most damage/resources/progress/attachments, with the highest engagement cost/threat, ...]",
    "examples": ["each exhausted character", "a Dwarf hero you control", "2 characters you control",
                 "an enemy in the staging area or engaged with another player", "a hero of each player"],
}
PLAYER = {"type": "string", "description": "a player: " + ", ".join(W.PLAYERS) + ", each player with threat N or more"}
AMOUNT = {"type": ["integer", "string"], "description": "a number, X, all, 'damage on self', 'N per resource on self', "
          "'number of players', 'N per player', 'N per <cards of a target phrase>[, at most N]', 'damage just taken'"}
CONDITION = {"type": "string", "description": "[while|if] [it | the attached hero | the staging area | this attack | the ally] "
             "predicate: is the active location, is in the staging area, is committed to the quest, is exhausted, is "
             "damaged, is defending, is NAME, is empty, is undefended, has at least N resources, attacks a TRAIT, attached"}
TRIGGER = {
    "type": "object", "additionalProperties": False, "required": ["timing", "event"],
    "properties": {"timing": {"enum": list(TIMINGS)}, "event": {"enum": list(EVENTS)},
                   "subject": {"type": "string", "description": "self, a phase, " + ", ".join(W.SUBJECTS) + ", or a target phrase"}},
}


def effect_schema() -> dict[str, Any]:
    props: dict[str, Any] = {"op": {"enum": list(OPS)}}
    for key in ARG_KEYS:
        props[key] = {}
    for key in ("target", "attacker", "replaces", "for_each"):
        props[key] = TARGET
    props["player"] = PLAYER
    for key in ("amount", "value", "count"):
        props[key] = AMOUNT
    for key, words in WORD_KEYS.items():
        props[key] = {"enum": list(words)}
    props["condition"] = CONDITION
    props["what"] = {"type": "string", "description": "cannot: " + "; ".join(phrases()) + ".  cancel: " + ", ".join(W.CANCELS)}
    props["trait"] = {"enum": list(W.TRAITS)}
    props["keyword"] = {"enum": list(W.KEYWORDS)}
    props["options"] = {"type": "object", "description": "choose_one: each option's name and its list of effects",
                        "additionalProperties": {"type": "array", "items": {"type": "object"}}}
    props["why"] = {"type": "string", "description": "op python only: what the grammar lacks for this effect"}
    props["otherwise"] = {"type": "array", "items": {"type": "object"},
                          "description": "must X or Y: effects resolved instead when the effect's target phrase names nothing (FAQ 1.44)"}
    return {"type": "object", "required": ["op"], "additionalProperties": False, "properties": props}


def ability_schema() -> dict[str, Any]:
    effects = {"type": "array", "items": effect_schema()}
    props = {
        "kind": {"enum": list(KINDS)},
        "says": {"type": "string", "description": "our own one-line paraphrase"},
        "trigger": TRIGGER,
        "phase": {"enum": list(PHASES)},
        "window": {"type": "string", "description": "play only after a framework step: initiated only in the action "
                   "window right after that step (3.3: after the staging step)"},
        "cost": effects,
        "choose": {"type": "array", "items": {"type": "object", "properties": {"what": TARGET, "count": {"type": "integer"}},
                                               "required": ["what"]}},
        "condition": CONDITION,
        "effects": effects,
        "then": effects,
        "limit": {"type": "object", "properties": {"count": {"type": "integer"}, "period": {"enum": list(PERIODS)},
                                                    "scope": {"enum": list(LIMIT_SCOPES)}}},
        "duration": {"enum": list(DURATIONS)},
        "delayed": {"type": "object", "properties": {"at": TRIGGER, "effects": effects, "condition": CONDITION}},
        "keyword": {"type": "object"},
        "errata": {"type": "string"}, "printed": {"type": "object"}, "rulings": {"type": "array", "items": {"type": "string"}},
        "source": {"enum": list(SOURCES)}, "absent": {"type": "boolean"},
    }
    return {"type": "object", "required": ["kind"], "additionalProperties": False, "properties": props,
            "description": "one ability (docs/abilities.md, 'The ability grammar')"}


def card_schema() -> dict[str, Any]:
    """A card written in a situation's ``abilities: cards:`` (the library's format)."""
    return {
        "type": "object", "required": ["name"], "additionalProperties": False,
        "description": "a card and its abilities, written in the ability grammar (docs/abilities.md)",
        "properties": {"name": {"type": "string"}, "source": {"enum": list(SOURCES)}, "notes": {"type": "string"},
                       "attach_to": {**TARGET, "description": "an attachment's 'Attach to': " + TARGET["description"]
                                     + " (a character when left out)"},
                       "abilities": {"type": "array", "items": ability_schema()}},
    }
