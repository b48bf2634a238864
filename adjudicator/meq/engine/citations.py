"""Every record id the Middle-earth Quest engine cites, in one table.

A test checks each against the knowledge base built from the rules document, so a
citation can never point at nothing.
"""

from __future__ import annotations

# story track, stages, dominance
STAGES = "meq:rules:sauron-game-rules:understanding-the-game-stages"
CURRENT_STAGE = "meq:glossary:current-stage"
STORY_TRACK = "meq:rules:sauron-game-rules:understanding-the-story-track"
SHADOW_POOL = "meq:rules:sauron-game-rules:influence-in-the-shadow-pool"
DOMINANCE = "meq:rules:sauron-game-rules:determining-dominance"
DOMINANCE_HEROES = "meq:step:determining-dominance:1"
DOMINANCE_SAURON = "meq:step:determining-dominance:2"
DOMINANCE_CLOSEST = "meq:step:determining-dominance:2.a"
DOMINANCE_CUMULATIVE = "meq:step:determining-dominance:2.b"
DOMINANCE_COMPARE = "meq:step:determining-dominance:3"
ADVANCED_DOMINANCE = "meq:rules:other-rules:advanced-dominance"
HIGH_STAKES = "meq:rules:other-rules:high-stakes-stage-iii"

# Sauron's turn
SAURON_TURN = "meq:rules:gameplay-overview:sauron-turn"
HERO_RALLY = "meq:rules:sauron-game-rules:the-hero-rally-step"
STORY_STEP = "meq:rules:sauron-game-rules:the-story-step"
STORY_SUMMARY = "meq:step:sauron-turn:2"
PLOT_CARDS = "meq:rules:sauron-game-rules:plot-cards"
MULTIPLE_PLOTS = "meq:rules:sauron-game-rules:multiple-active-plot-cards"
PLOT_ADVANCE = "meq:glossary:plot-card:story-marker-advancement"
PLACING_MINIONS = "meq:rules:sauron-game-rules:placing-minions"
WINNING = "meq:rules:winning-the-game"
PLOT_STEP = "meq:rules:sauron-game-rules:the-plot-step"
PLAYING_PLOTS = "meq:rules:sauron-game-rules:playing-plot-cards"
PLOT_REQUIREMENT = "meq:glossary:plot-card:influence-requirement"
AFFECTED_PLOT = "meq:rules:sauron-game-rules:affected-locations-on-plot-cards"
EVENT_STEP = "meq:rules:sauron-game-rules:the-event-step"
EVENT_DRAW = "meq:step:the-event-step:1"
EVENT_HEROES = "meq:step:the-event-step:1.a"
EVENT_SAURON = "meq:step:the-event-step:1.b"
EVENT_NEITHER = "meq:step:the-event-step:1.c"
EVENT_PLACE = "meq:step:the-event-step:2"
EVENT_KEEP = "meq:step:the-event-step:3"
EVENT_FIRST_TURN = "meq:step:sauron-turn:4"
ACTION_STEP = "meq:rules:sauron-game-rules:the-action-step"
ACTION_COUNT = "meq:step:sauron-turn:5"
ACTION_TRACKS = "meq:rules:sauron-game-rules:action-tracks"
PLACE_INFLUENCE = "meq:rules:sauron-game-rules:action-place-influence"
PLACING_INFLUENCE = "meq:rules:sauron-game-rules:placing-influence-on-locations"
MAX_INFLUENCE = "meq:rules:sauron-game-rules:maximum-influence"
EXTENSION = "meq:glossary:extension"
DRAW_ACTION = "meq:rules:sauron-game-rules:action-draw-shadow-and-plot-cards"
COMMAND = "meq:rules:sauron-game-rules:action-command-monsters-and-minions"
MOVE_COMMAND = "meq:glossary:move-monster-or-minion"
PLACE_TOKEN = "meq:glossary:place-monster-token"
HEAL_MINION = "meq:glossary:heal-minion"
HERO_DRAW = "meq:rules:sauron-game-rules:the-hero-draw-step"

# hero's turn
HERO_TURN = "meq:rules:gameplay-overview:hero-turn"
REST = "meq:rules:hero-game-rules:the-rest-step"
HEALING = "meq:rules:hero-game-rules:healing"
AMBUSH = "meq:rules:hero-game-rules:the-ambush-step"
AMBUSH_QUICKREF = "meq:quickref:hero-turn:2"
TRAVEL = "meq:rules:hero-game-rules:the-travel-step"
EXPLORE = "meq:rules:hero-game-rules:explore"
CONSULT = "meq:rules:hero-game-rules:consulting-with-a-character"
DARK_PATH = "meq:glossary:choose-a-dark-path"
COMPLETING_QUESTS = "meq:rules:hero-game-rules:completing-quests"
DISCARD_PLOT = "meq:rules:sauron-game-rules:discarding-active-plot-cards"
CORRUPTION = "meq:rules:hero-game-rules:discarding-corruption-cards"
SHADOW_CARDS = "meq:rules:sauron-game-rules:playing-shadow-cards"
SHADOW_REQUIREMENT = "meq:glossary:shadow-card:shadow-pool-requirement"
MOVE = "meq:rules:hero-game-rules:move"
WATER = "meq:rules:hero-game-rules:traveling-on-water-paths"
ANY_ICON = "meq:rules:hero-game-rules:the-any-card-icon"
COMBAT_OR_PERIL = "meq:rules:hero-game-rules:combat-or-peril"
PERILOUS = "meq:rules:hero-game-rules:peril-cards"
WISDOM = "meq:rules:hero-game-rules:wisdom"
ENCOUNTER = "meq:rules:hero-game-rules:the-encounter-step"
ENCOUNTER_SUMMARY = "meq:step:hero-turn:4"
LEVELS = "meq:rules:other-game-elements:level-tokens"
TRAINING = "meq:rules:other-game-elements:training"
ITEMS = "meq:rules:other-game-elements:item-cards"

# combat
COMBAT = "meq:rules:combat"
SETUP = "meq:step:steps-of-combat:1"
PREPARATION = "meq:step:steps-of-combat:2"
ROUNDS = "meq:step:steps-of-combat:3"
CHOOSE = "meq:step:steps-of-combat:3.a"
REVEAL = "meq:step:steps-of-combat:3.b"
STRENGTH = "meq:step:steps-of-combat:3.c"
PREVIOUS = "meq:step:steps-of-combat:3.d"
CURRENT = "meq:step:steps-of-combat:3.e"
DEAL_DAMAGE = "meq:step:steps-of-combat:3.f"
RESOLUTION = "meq:step:steps-of-combat:4"
DISCARD_CARDS = "meq:step:steps-of-combat:4.a"
DISCARD_TOKEN = "meq:step:steps-of-combat:4.b"
UNDEFEATED = "meq:step:steps-of-combat:4.c"
CANCEL = "meq:glossary:cancel"
DEAL_X = "meq:glossary:deal-x-damage"
MODIFY = "meq:glossary:modifying-attack-or-defense"
PRINTED = "meq:glossary:if-opponents-printed-attack-or-defense-is-x"
REDUCE_TO_0 = "meq:glossary:reduce-to-0"
COMBAT_TIMING = "meq:rules:combat:combat-timing"
EXHAUSTED = "meq:rules:combat:exhausted-combatants"
MONSTERS = "meq:rules:combat:monsters"
MINIONS = "meq:rules:combat:minions"
HERO_DAMAGE = "meq:rules:combat:dealing-damage-to-heroes"
DEFEATED = "meq:rules:combat:defeated-heroes"
DEFEAT_ADVANCE = "meq:step:defeated-heroes:1"
DEFEAT_FAVOR = "meq:step:defeated-heroes:2"
DEFEAT_HAVEN = "meq:step:defeated-heroes:3"
DEFEAT_RECOVER = "meq:step:defeated-heroes:4"
DEFEAT_END = "meq:step:defeated-heroes:5"
DAMAGE_POOL = "meq:rules:hero-game-rules:the-damage-pool"
LIFE_POOL = "meq:rules:hero-game-rules:the-life-pool"

# finale
FINALE = "meq:rules:winning-the-game:finale"
FINALE_VICTORY = "meq:step:finale:1"
FINALE_ADVANCE = "meq:step:finale:2"
FINALE_PREPARE = "meq:step:finale:3"
FINALE_ADJUST = "meq:step:finale:4"
FINALE_ADJUST_CLOSEST = "meq:step:finale:4.a"
FINALE_ADJUST_CUMULATIVE = "meq:step:finale:4.b"
FINALE_CHAMPION = "meq:step:finale:5"
FINALE_COMBAT = "meq:step:finale:6"
FINALE_WINNER = "meq:step:finale:7"
MISSIONS = {
    "his-dark-throne": "meq:mission:his-dark-throne",
    "in-darkness-bind-them": "meq:mission:in-darkness-bind-them",
    "to-rule-them-all": "meq:mission:to-rule-them-all",
    "where-the-shadows-lie": "meq:mission:where-the-shadows-lie",
    "to-find-them-all": "meq:mission:to-find-them-all",
    "noble-blood": "meq:mission:noble-blood",
    "against-the-shadow": "meq:mission:against-the-shadow",
    "isildurs-secret": "meq:mission:isildurs-secret",
    "minas-morgul-kept-at-bay": "meq:mission:minas-morgul-kept-at-bay",
    "the-spear-of-the-west": "meq:mission:the-spear-of-the-west",
}


def all_ids() -> set[str]:
    out = {v for k, v in globals().items() if k.isupper() and isinstance(v, str)}
    return out | set(MISSIONS.values())
