"""The JSON Schema of a Middle-earth Quest situation file (``adjudicator schema --game meq``).

Every key the loader accepts is here with its shape and a description, every ``play``
entry included: no bare objects.  docs/meq.md documents each key with an example; a test
checks that the two agree with the loader.
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine.expect import SCHEMA as EXPECT_SCHEMA

from .cards import COMMON, CONDITIONS, HERO_NUMBERS, KINDS, MARKERS as EFFECT_MARKERS, OPS, UNTIL
from .entries import ENTRIES
from .state import ACTIONS, ATTRIBUTES, CARD_TYPES, ICONS, MARKERS, SAURON_MARKERS

INT = {"type": "integer", "minimum": 0, "maximum": 1000}
SIGNED = {"type": "integer", "minimum": -1000, "maximum": 1000}
NAME = {"type": "string", "minLength": 1}
NAMES = {"type": "array", "items": {"type": "string"}}
FLAG = {"type": "boolean"}


def obj(properties: dict[str, Any], description: str, required: tuple[str, ...] = ()) -> dict[str, Any]:
    out = {"type": "object", "description": description, "properties": properties, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    return out


def d(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {**schema, "description": description}


def ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


# ---------------------------------------------------------------- combat cards and abilities

ABILITY = obj({
    "timing": d({"enum": ["current", "next_round"]}, "when it resolves: this round or the next (default current)"),
    "if": obj({"you_played": {"enum": list(CARD_TYPES)}, "opponent_played": {"enum": list(CARD_TYPES)},
               "opponent_printed_attack": INT, "opponent_printed_defense": INT},
              "a condition on the cards played this round (printed values)"),
    "effect": obj({"attack": SIGNED, "defense": SIGNED, "opponent_attack": SIGNED, "opponent_defense": SIGNED,
                   "opponent_attack_to_zero": FLAG, "opponent_defense_to_zero": FLAG, "cancel_opponent": FLAG,
                   "deal_damage": INT}, "what the ability does"),
    "text": d({"type": "string"}, "the ability in our words"),
}, "a combat card's (or a monster's) ability", ("effect",))

FOE = obj({
    "name": NAME, "health": INT, "fortitude": INT, "strength": INT, "wisdom": INT,
    "deck": d({"type": "string"}, "its Monster Combat deck (Zealot, Ravager, Behemoth)"),
    "location": d({"type": "string"}, "a minion's location"), "damage": d(INT, "damage tokens on a minion"),
    "in_play": d(FLAG, "a minion on the board (default: it has a location)"),
    "starting_locations": d(NAMES, "where the minion may enter play"),
    "abilities": {"type": "array", "items": ABILITY},
}, "a monster type (its reference card) or a minion (its space on the board)",
    ("name", "health", "fortitude", "strength", "wisdom"))

# ---------------------------------------------------------------- cards as data

_EFFECT_KEYS: dict[str, dict[str, Any]] = {
    "op": d({"enum": list(OPS)}, "what the effect does: " + "; ".join(f"{op}: {text}" for op, (_, text) in OPS.items())),
    "target": d({"type": "string"}, "who: `hero` (the hero resolving the card, default), `each_hero`, a hero's name, "
                "or a monster's or minion's name (modify, damage, heal)"),
    "when": ref("when"),
}
WHEN = d({"type": "object", "properties": {
        **{k: {"type": ["object", "integer"], "properties": {"at_least": INT, "at_most": INT},
               "additionalProperties": False} for k in HERO_NUMBERS},
        "location": {"type": ["string", "array"], "items": {"type": "string"}},
        "region": {"type": ["string", "array"], "items": {"type": "string"}},
        "dominant": {"enum": ["heroes", "sauron", "none"]}, "stage": {"enum": [1, 2, 3]},
        "influence": obj({"location": NAME, "region": NAME, "at_least": INT}, "influence on a location or region"),
        "enemy_within": obj({"location": NAME, "spaces": INT}, "a monster token or minion within spaces of a location"),
        "items": NAME}, "additionalProperties": False},
        "the effect happens only if all of these hold: " + ", ".join(CONDITIONS))
_EFFECT_KEYS |= {
    "otherwise": d({"type": "array", "items": ref("effect")}, "effects that happen instead when `when` does not hold"),
    "text": d({"type": "string"}, "the card's words for this effect, in our own words"),
    "stat": d({"type": "string"}, "modify: an attribute (" + ", ".join(ATTRIBUTES) + ", or a foe's health); "
              "level: the attribute raised"),
    "value": d({"type": ["integer", "string"]}, "how much (heal and refresh also take `all`)"),
    "until": d({"enum": list(UNTIL)}, "modify: how long (default turn)"),
    "from": d({"type": ["string", "array"], "items": {"type": "string"}},
              "damage, decided by the hero: `life`, `hand`, or one source per damage (`life` or a card in hand)"),
    "defeat": ref("defeat"),
    "cards": d(NAMES, "fatigue: the cards the hero discards (his choice); draw: the names of the cards drawn"),
    "card": d({"type": "string"}, "cancel: the card cancelled; discard: the plot or Item discarded; item: its title"),
    "what": d({"enum": ["plot", "event", "item", "corruption", "hand"]}, "discard: what is discarded"),
    "who": d({"type": "string"}, "move: a hero (`hero` for the one resolving), a minion, a monster token id or a "
             "character"),
    "to": d({"type": "string"}, "move: the location (a decision when the card lets someone choose)"),
    "within": d(INT, "move: at most this many spaces away"),
    "where": d({"enum": ["extension", "named", "shadow_pool"]},
               "place_influence: in extension (default), on the `locations` the card names, or into the Shadow Pool"),
    "locations": d(NAMES, "place_influence / remove_influence: the locations, one entry per influence"),
    "location": d({"type": "string"}, "favor / token / character / remove_influence / remove_token: the location"),
    "marker": d({"enum": list(EFFECT_MARKERS)}, "advance: which story marker"),
    "choice": d({"type": "string"}, "advance leftmost: the tied marker chosen; choose_one: the label chosen"),
    "drawn": d(NAMES, "training: the two Skill cards drawn"),
    "keep": d({"type": "string"}, "training: the Skill card kept"),
    "monster": d({"type": ["string", "null"]}, "token: the monster on it (null: blank or unknown)"),
    "id": d({"type": "string"}, "token: its id"),
    "token": d({"type": "string"}, "remove_token: the token's id"),
    "character": d({"type": "string"}, "character: the character token"),
    "options": d({"type": "array", "items": obj({"label": NAME, "effects": {"type": "array", "items": ref("effect")}},
                                              "one option", ("label",))}, "choose_one: the options"),
    "chooser": d({"enum": ["heroes", "sauron", "hero"]}, "choose_one: who chooses (default heroes, as a side)"),
}
assert set(_EFFECT_KEYS) == set(COMMON) | {k for keys, _ in OPS.values() for k in keys}, \
    set(_EFFECT_KEYS) ^ (set(COMMON) | {k for keys, _ in OPS.values() for k in keys})
EFFECT = obj(_EFFECT_KEYS, "one effect of a card (docs/meq.md, Cards as data); each op takes "
             + "; ".join(f"{op}: {', '.join(keys) or '-'}" for op, (keys, _) in OPS.items()), ("op",))
EFFECTS = d({"type": "array", "items": ref("effect")}, "what the card does, in order (cards as data)")

# ---------------------------------------------------------------- declarations shared by entries

DEFEAT = obj({
    "marker": d({"enum": list(SAURON_MARKERS)}, "step 1: the tied leftmost Sauron marker the hero advances"),
    "high_stakes_marker": d({"enum": list(SAURON_MARKERS)}, "High Stakes (Stage III, heroes dominant): Sauron's pick"),
    "lose": d({"type": "string"}, "step 2: `favor`, or the title of the Item card discarded"),
    "haven": d({"type": "string"}, "step 3: Sauron's pick among equally close Havens"),
}, "the decisions of a defeated hero's five steps")

COMBAT = {
    "sauron_draws": d(NAMES, "the cards Sauron draws (as many as the foe's fortitude)"),
    "agility_draw": d(INT, "how much of the hero's agility buys cards (the rest adds to strength)"),
    "hero_draws": d(NAMES, "the names of the cards the hero draws with agility"),
    "hero_damage_from": d({"type": ["string", "array"], "items": {"type": "string"}},
                          "where the hero's damage comes from: `life`, `hand`, or one source per damage"),
    "rounds": d({"type": "array", "items": obj({"hero": {"type": "string"}, "sauron": {"type": "string"}},
                                               "the cards played in one round (`exhausted` to declare exhaustion)")},
                "each round's cards"),
    "undefeated_influence": d(NAMES, "where Sauron places influence when the foe survives (up to its wisdom)"),
    "defeat": DEFEAT,
    "hero_allows": d(FLAG, "in a Haven: the hero allows the combat"),
}
COMBAT_DECL = obj(COMBAT, "the decisions and draws of a combat")

PERIL = obj({"name": NAME, "affects": d({"type": ["string", "array"], "items": {"type": "string"}},
                                        "its affected locations or regions, or `Any Location`"),
             "effects": EFFECTS}, "a Peril card drawn", ("name",))

TRADE = obj({"with": NAME, "favor": d(SIGNED, "favor the other hero gives (negative: this hero gives)")},
            "a trade with a hero on the same location", ("with",))
CONSULT = obj({"character": NAME, "take": d({"enum": ["favor", "ability"]}, "the character's favor or its ability"),
               "favor": d(INT, "the favor printed on the character"), "effects": EFFECTS},
              "a consultation", ("character",))
EXPLORE = {
    "favor": d(INT, "favor retrieved from the location"),
    "consult": {"type": "array", "items": CONSULT},
    "dark_path": d(FLAG, "choose a Dark Path (+1 favor, +1 Corruption card; once a turn, 3 or fewer)"),
    "complete_quests": d(NAMES, "Quests completed (requirements declared met)"),
    "discard_plot": d({"type": "string"}, "an active plot affecting the location, discarded for its favor"),
    "trade": {"type": "array", "items": TRADE},
    "event": d(FLAG, "activate the current Event card whose marker is on the location"),
}
EXPLORE_DECL = obj(EXPLORE, "what the hero does exploring (`{}`: nothing)")

TRAVEL_LEG = {
    "to": d({"type": "string"}, "the adjacent location (the first Travel step may leave it out to explore in place)"),
    "pay": d({"type": ["string", "array"], "items": {"type": "string"}}, "the cards discarded to move"),
    "sauron": d({"enum": ["attack", "peril"]}, "Combat or Peril: Sauron's choice when both are open"),
    "with": d({"type": "string"}, "the monster token or minion that attacks"),
    "perils": d({"type": "array", "items": PERIL}, "the three Peril cards drawn"),
    "peril": d({"type": "string"}, "the Peril card Sauron chooses"),
    "hero_allows": d(FLAG, "in a Haven: the hero allows the combat"),
    "combat": COMBAT_DECL,
    "defeat": DEFEAT,
    "explore": EXPLORE_DECL,
}
LEG = obj(TRAVEL_LEG, "one Travel step: move, Combat or Peril, explore")

EVENT_CARD = obj({
    "name": NAME, "priority": INT, "flag": d(FLAG, "the event marker icon: it stays as the current Event card"),
    "location": d({"type": "string"}, "its affected location (its ability waits for a hero exploring there)"),
    "places": {"type": "array", "items": obj({"favor": INT, "character": {"type": "string"}, "location": NAME},
                                            "favor or a character placed by the card", ("location",))},
    "effects": EFFECTS,
}, "an Event card", ("name",))
EVENT = obj({"drawn": d({"type": "array", "items": EVENT_CARD}, "the Event cards drawn (three, or one)"),
             "choice": d({"type": "string"}, "the card resolved when priorities tie"),
             "current": d({"type": "string"}, "the card on the Current Event Card space before")}, "the Event step")
PLOT = obj({"play": d({"type": "string"}, "play this Plot card (from plot_cards)"),
            "discard": d({"type": "string"}, "discard this active Plot card"),
            "nothing": d(FLAG, "do nothing"),
            "requirements_met": d(FLAG, "false: its italic requirements are not met (or give `requires` on the card)")},
           "the Plot step: one of play, discard, nothing")
COMMAND = obj({
    "place": obj({"location": NAME, "monster": {"type": ["string", "null"]}, "colour": {"type": "string"},
                  "id": {"type": "string"}}, "place a monster token face down"),
    "move": obj({"token": {"type": "string"}, "minion": {"type": "string"}, "to": {"type": "string"}},
                "move a monster token or a minion to an adjacent location"),
    "heal": obj({"minion": NAME, "amount": INT}, "remove up to four damage from a minion"),
}, "one command")
ACTION = obj({
    "type": d({"enum": list(ACTIONS)}, "the action track"),
    "pool": d(INT, "place_influence: influence into the Shadow Pool (up to 2)"),
    "locations": d(NAMES, "place_influence: one location per influence placed in extension"),
    "plots": d(NAMES, "draw_shadow_and_plot: the Plot cards drawn"),
    "keep": d({"type": "string"}, "draw_shadow_and_plot: the Plot card kept"),
    "commands": d({"type": "array", "items": COMMAND}, "command: the commands given"),
}, "one action")
HERO_DRAW = d({"type": "object", "additionalProperties": {"anyOf": [INT, {"enum": ["all"]}, NAMES]}},
              "hero name (or `all`) -> how many cards he draws: a number, `all`, or the cards' names")
STORY = obj({"minion_location": d({"type": "object", "additionalProperties": {"type": "string"}},
                                  "minion -> the starting location Sauron picks")}, "the Story step")
REST = obj({"hero": NAME, "rest": d(FLAG, "false: the hero does not rest"),
            "marker": d({"enum": list(SAURON_MARKERS)}, "the tied leftmost Sauron marker the hero advances"),
            "heal": d(FLAG, "in a Haven: the hero heals too"),
            "discard_corruption": d({"type": ["integer", "boolean"]}, "the favor paid to discard one Corruption card "
                                    "(false: none)")}, "the Rest step")
AMBUSH = obj({"hero": NAME, "with": d({"type": "string"}, "the monster token or minion Sauron picks"),
              "attack": d(FLAG, "false: Sauron declines (only under the `ambush: may` reading)"),
              "hero_allows": d(FLAG, "in a Haven: the hero allows the combat"), "combat": COMBAT_DECL}, "the Ambush step")
ENCOUNTER = obj({"hero": NAME, "drawn": d({"type": "array", "items": obj({
    "name": NAME, "priority": INT, "affects": {"type": ["string", "array"], "items": {"type": "string"}},
    "quest": d(FLAG, "a Quest: it goes to the hero's play area"), "effects": EFFECTS}, "an Encounter card",
    ("name", "priority"))}, "the three Encounter cards drawn"),
    "choice": d({"type": "string"}, "the card resolved when matching priorities tie")}, "the Encounter step")

PLAY: dict[str, dict[str, Any]] = {
    "hero_rally": obj({}, "Sauron turn step 1: heroes clear influence from their locations"),
    "story_step": STORY,
    "dominance": obj({}, "who is dominant"),
    "stage": obj({}, "the current stage and the Shadow Pool cap"),
    "finale_check": obj({}, "whether the Finale begins"),
    "plot_step": PLOT,
    "event_step": EVENT,
    "action_step": obj({"actions": d({"type": "array", "items": ref("action")}, "Sauron's actions")},
                       "Sauron turn step 5"),
    "action": ref("action"),
    "hero_draw": HERO_DRAW,
    "rest": REST,
    "ambush": AMBUSH,
    "travel": obj({"hero": NAME, **TRAVEL_LEG}, "one Travel step", ("hero",)),
    "perilous": obj({"hero": NAME, "location": {"type": "string"}}, "whether a location is perilous for a hero",
                    ("hero",)),
    "encounter": ENCOUNTER,
    "combat": obj({"hero": NAME, "foe": NAME, "token": d({"type": "string"}, "the monster token fought"),
                   "phase": d({"enum": ["travel", "ambush", "finale"]}, "when the combat happens (default travel)"),
                   **COMBAT}, "a combat", ("hero", "foe")),
    "damage": obj({"hero": NAME, "amount": INT, "from": COMBAT["hero_damage_from"], "why": {"type": "string"},
                   "defeat": DEFEAT}, "damage dealt to a hero", ("hero",)),
    "defeat": obj({"hero": NAME, **DEFEAT["properties"]}, "a defeated hero's five steps", ("hero",)),
    "level": obj({"hero": NAME, "attribute": {"enum": list(ATTRIBUTES)}}, "a level token", ("hero", "attribute")),
    "explore": obj({"hero": NAME, **EXPLORE}, "exploring the hero's location", ("hero",)),
    "shadow_card": obj({"name": NAME, "requirement": d(INT, "its Shadow Pool requirement"),
                        "turn": d({"type": "string"}, "whose turn it is played in (a hero's name or Sauron)"),
                        "hero": d({"type": "string"}, "the hero it targets"), "effects": EFFECTS}, "a Shadow card"),
    "sauron_turn": obj({"story": STORY, "plot": PLOT, "event": EVENT,
                        "actions": d({"type": "array", "items": ref("action")}, "Sauron's actions ([] for none)"),
                        "hero_draw": HERO_DRAW}, "a whole Sauron turn: six steps"),
    "hero_turn": obj({"hero": NAME, "rest": {"anyOf": [FLAG, REST]}, "ambush": AMBUSH,
                      "travel": d({"type": "array", "items": LEG}, "the Travel steps ([] for none)"),
                      "encounter": ENCOUNTER}, "a whole hero turn: four steps", ("hero",)),
    "training": obj({"hero": NAME, "drawn": NAMES, "keep": {"type": "string"}}, "receiving training", ("hero",)),
    "item": obj({"hero": NAME, "title": NAME}, "an Item card received", ("hero", "title")),
    "finale": obj({"sauron_mission": {"type": "string"}, "heroes_mission": {"type": "string"},
                   "champion": {"type": "string"}, "hands": d({"type": "object", "additionalProperties": NAMES},
                                                              "hero -> the cards drawn in step 3"),
                   "combat": COMBAT_DECL}, "the Finale's seven steps"),
    "card": obj({"name": NAME, "type": d({"enum": list(KINDS)}, "what kind of card (default event)"),
                 "hero": d({"type": "string"}, "the hero it affects"), "effects": EFFECTS},
                "a card's effect resolved on its own (cards as data)", ("name",)),
}
assert set(PLAY) == set(ENTRIES), set(PLAY) ^ set(ENTRIES)

PLOT_CARD = obj({"name": NAME, "marker": {"enum": list(SAURON_MARKERS)}, "advance": INT, "influence": INT,
                 "favor": d(INT, "cost to discard"), "location": d({"type": "string"}, "its affected location"),
                 "requires": ref("when"),
                 "effects": d(EFFECTS, "what it does when played")}, "a Plot card", ("name", "marker", "advance"))


def play_entry(name: str) -> dict[str, Any]:
    """An entry's shape; null stands for an empty declaration."""
    return {"anyOf": [{"type": "null"}, PLAY[name]]}


SCHEMA: dict[str, Any] = {
    "$defs": {"plot": PLOT_CARD, "effect": EFFECT, "action": ACTION, "defeat": DEFEAT, "when": WHEN},
    "type": "object",
    "required": ["game"],
    "additionalProperties": False,
    "properties": {
        "game": {"enum": ["meq"]},
        "title": {"type": "string"},
        "source": d({"type": "string"}, "the record id of the rule or example the file replays"),
        "description": {"type": "string"},
        "assumed": d(NAMES, "values the documents do not give, supplied by the file"),
        "players": d({"type": "integer", "minimum": 2, "maximum": 4}, "players, Sauron included (default 3)"),
        "first_turn": d(FLAG, "the game's first turn (no Story or Plot step; one Event card)"),
        "options": obj({
            "ambush": {"enum": ["must", "may"]}, "damage_floor": {"enum": ["zero", "negative-heals"]},
            "defeat_order": {"enum": ["resolution-first", "defeat-first"]},
            "finale_check": {"enum": ["end-of-story-step", "immediately"]},
            "unplaceable_influence": {"enum": ["lost", "illegal"]}, "tied_priority": {"enum": ["ask", "first-drawn"]},
            "last_card_defeat": {"enum": ["immediately", "end-of-step"]},
            "dominance": {"enum": ["standard", "advanced"]}, "high_stakes": FLAG},
            "the readings of points the rules leave open"),
        "track": obj({"finale": {"type": "integer", "minimum": 2, "maximum": 200}, "shadow_falls": INT,
                      "stage_starts": obj({"2": INT, "3": INT}, "first space of stages II and III"),
                      "assumed": FLAG}, "the story track's geometry"),
        "markers": obj({m: INT for m in MARKERS}, "story marker positions"),
        "stages_entered": d({"type": "array", "items": {"enum": [1, 2, 3]}}, "stages a marker has entered"),
        "board": obj({
            "locations": {"type": "array", "items": obj({
                "name": NAME, "region": {"type": "string"}, "haven": FLAG,
                "stronghold_max": d({"type": ["integer", "null"], "minimum": 0}, "a Shadow Stronghold's maximum"),
                "perilous": d(FLAG, "permanently perilous"), "colour": {"type": "string"}}, "a location", ("name",))},
            "paths": {"type": "array", "items": obj({
                "a": NAME, "b": NAME, "icon": {"enum": list(ICONS)}, "cost": INT, "water": FLAG}, "a path", ("a", "b"))}},
            "the part of the board the situation uses"),
        "influence": d({"type": "object", "additionalProperties": INT}, "location -> influence tokens"),
        "shadow_pool": d(INT, "influence in the Shadow Pool"),
        "plots": d({"type": "array", "items": {"anyOf": [{"type": "null"}, ref("plot")]}},
                   "the Active Plot Track (up to 3; null: an empty space)"),
        "plot_cards": d({"type": "array", "items": ref("plot")}, "Plot cards in Sauron's hand"),
        "current_event": EVENT_CARD,
        "action_tracks": obj({a: {"type": "array", "items": INT} for a in ACTIONS}, "each track's printed values"),
        "action_tokens": obj({a: {"type": "array", "items": INT} for a in ACTIONS},
                             "the values of the spaces covered on each track"),
        "heroes": {"type": "array", "items": obj({
            "name": NAME, **{a: INT for a in ATTRIBUTES}, "location": {"type": "string"},
            "life": d(INT, "cards in the life pool"), "hand": d(NAMES, "the cards in hand"),
            "rest": d(INT, "cards in the rest pool"), "damage": d(INT, "cards in the damage pool"), "favor": INT,
            "items": NAMES, "corruption": d(INT, "Corruption cards"),
            "levels": obj({a: INT for a in ATTRIBUTES}, "level increases taken per attribute"),
            "quests_done": NAMES, "quests": d(NAMES, "Quests in his play area")},
            "a hero", ("name", *ATTRIBUTES))},
        "monsters": {"type": "array", "items": FOE},
        "minions": {"type": "array", "items": FOE},
        "characters": d({"type": "object", "additionalProperties": {"type": "string"}}, "character -> location"),
        "favor_on": d({"type": "object", "additionalProperties": INT}, "location -> favor tokens lying there"),
        "tokens": {"type": "array", "items": obj({"id": NAME, "location": NAME, "monster": {"type": ["string", "null"]}},
                                                 "a monster token (monster null: blank)", ("id", "location"))},
        "cards": {"type": "array", "items": obj({
            "name": NAME, "type": {"enum": list(CARD_TYPES)}, "attack": INT, "defense": INT, "cost": INT,
            "icon": {"enum": list(ICONS)}, "abilities": {"type": "array", "items": ABILITY},
            "note": {"type": "string"}}, "a combat card (Hero, Skill or Monster Combat card)",
            ("name", "type", "attack", "defense", "cost"))},
        "play": d({"type": "array", "items": {"type": "object", "minProperties": 1, "maxProperties": 1,
                                              "properties": {p: play_entry(p) for p in PLAY},
                                              "additionalProperties": False}},
                  "the procedures replayed, in order: one entry each"),
        "expect": EXPECT_SCHEMA,  # the shared vocabulary (adjudicator.engine.expect, docs/expectations.md)
    },
}
