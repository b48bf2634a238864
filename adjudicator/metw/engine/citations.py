"""Every knowledge-base record id the METW engine cites, in one place.

Ids are those the METW parser makes from the heading manifest (``rules_db/metw/headings.yaml``)
and from the labelled blocks inside a section (``...:clarification:<k>``); a test checks
every one against the records parsed from the user's copy of the rules.
"""

from __future__ import annotations

S = "metw:starter:"
D = "metw:standard:"

# Companies, size, hazard limit
SIZE = "metw:glossary:size"
COMPANIES = S + "5:companies"
HAZARD_LIMIT = S + "10:the-hazard-limit"
HAZARD_LIMIT_FIXED = S + "10:the-hazard-limit:clarification:1"
HAZARD_LIMIT_FULL = D + "4:movement-hazard-phase"
STRIKE_SEQUENCE = S + "7:the-strike-sequence"  # hazards on a strike count toward the limit
TWILIGHT = "metw:intro:notes-for-ccg-players:clarification:1"

# Movement, site paths, keying
MOVEMENT = S + "6"
MOVE_FROM_NON_HAVEN = S + "6:moving-from-a-non-haven-site"
MOVE_FROM_HAVEN = S + "6:moving-from-a-haven-site"
MOVEMENT_DRAWS = S + "6:moving-from-a-haven-site:clarification:1"
DRAW_LIMIT_STANDARD = D + "10:limits-on-drawing-cards"
SITE_PATHS = S + "6:site-paths"
COMPANY_SITE_PATH = S + "6:site-paths:clarification:1"
CREATURE_CARDS = S + "10:creature-cards"
DEEP_WILDERNESS = S + "10:creature-cards:clarification:1"
REGIONS_MOVED_THROUGH = S + "10:creature-cards:clarification:2"
REGION_CARDS_TYPES = S + "10:creature-cards:standard-only:1"
NOT_MOVING_KEYING = D + "4:movement-hazard-phase"
REGION_MOVEMENT = D + "6:region-movement"
REGION_MOVEMENT_SAME = D + "6:region-movement:clarification:1"
REGION_MOVEMENT_FOUR = D + "6:region-movement:clarification:2"
REGION_HAZARDS = D + "6:playing-hazards"
LONG_EVENT = S + "10:long-event"
EVENTS = S + "10:events"

# Combat
ATTACKS_AND_STRIKES = S + "7:attacks-and-strikes"
ONE_STRIKE_EACH = S + "7:attacks-and-strikes:clarification:1"
ATTACKER_CHOOSES = S + "7:attacks-and-strikes:clarification:2"
ALL_STRIKES_ASSIGNED = S + "7:attacks-and-strikes:clarification:3"
STRIKE_MODIFICATIONS = S + "7:strike-modifications"
STRIKE_MODS_LAST_ATTACK = S + "7:strike-modifications:clarification:1"
RESOLVING_STRIKES = S + "7:resolving-strikes"
BODY_CHECKS = S + "7:body-checks"
WOUNDED_AGAIN = S + "7:body-checks:clarification:1"
STRIKE_BODY_CHECK = S + "7:body-checks:clarification:2"
DEFEATING_AN_ATTACK = S + "7:defeating-an-attack"
WEAPON_FIRST = S + "7:the-strike-sequence:clarification:2"
EACH_FACES_ONE = S + "7:the-strike-sequence:clarification:1"
SUPPORT = D + "7"
SUPPORT_NOT_TARGET = D + "7:clarification:1"
ITEMS = S + "10:items"
ITEMS_TAP = S + "10:items:clarification:1"
CHARACTER_ATTRIBUTES = S + "5:character-attributes"
ALLIES = S + "10:allies"  # an ally counts as a character for combat
ALLIES_OUT_OF_PLAY = S + "10:allies:clarification:1"
ONE_WEAPON = S + "10:items:clarification:3"
OUT_OF_PLAY = S + "2:clarification:4"
TAPPING = S + "2:tapping-and-card-positions"
ACTIONS = S + "10:actions-and-card-play"
DICE_TIMING = D + "10:dice-roll-timing"
WIZARD_ELIMINATED = S + "1"

# Corruption
CORRUPTION = S + "8"
CORRUPTION_POINTS = S + "8:corruption-points"
CORRUPTION_CHECKS = S + "8:corruption-checks"
DISCARDED_RETURNS = S + "8:corruption-checks:clarification:1"
ELIMINATED_NEVER = S + "8:corruption-checks:clarification:2"
CHECK_MODIFIERS = S + "8:corruption-check-modifiers"
CHECK_MODIFIERS_SIGNED = S + "8:corruption-check-modifiers:clarification:1"
CORRUPTION_HELP = D + "8"
CORRUPTION_HELP_ONE_CHECK = D + "8:clarification:1"
CORRUPTION_HELP_COUNCIL = D + "8:clarification:2"

# Influence
GENERAL_INFLUENCE = S + "5:influencing-a-character"
DIRECT_INFLUENCE = S + "5:direct-influence"
INFLUENCE_END_OF_ORG = S + "5:direct-influence:clarification:1"
INFLUENCE_EXCESS_DISCARD = S + "5:direct-influence:clarification:2"
UNUSED_INFLUENCE = S + "9"
BRINGING_CHARACTERS = S + "5:bringing-characters-into-play"
BRINGING_CHARACTERS_STD = D + "5:bringing-characters-into-play"
BRINGING_A_FACTION = S + "9:bringing-a-faction-into-play"
FACTION_MODS_TAPPED_ONLY = S + "9:bringing-a-faction-into-play:clarification:1"
BRINGING_AN_ALLY = S + "9:bringing-an-ally-into-play"
INFLUENCE_ATTEMPTS = D + "9"
INFLUENCE_CHARACTER = D + "9:influencing-an-opponents-character"
INFLUENCE_REVEAL_DISCARD = D + "9:influencing-an-opponents-character:clarification:1"
INFLUENCE_ALLY = D + "9:influencing-an-opponents-ally"
INFLUENCE_FOLLOWER = D + "9:influencing-an-opponents-follower"
INFLUENCE_FACTION = D + "9:influencing-an-opponents-faction"
INFLUENCE_ITEM = D + "9:influencing-an-opponents-item"
INFLUENCE_ITEM_DI = D + "9:influencing-an-opponents-item:clarification:1"

# Victory, Free Council, marshalling points
VICTORY = S + "1"
FREE_COUNCIL = S + "1:the-free-council"
COUNCIL_NO_UNTAP = S + "1:the-free-council:clarification:1"
COUNCIL_FAILED_GONE = S + "1:the-free-council:clarification:2"
COUNCIL_TIE = S + "1:the-free-council:clarification:3"
STARTER_DECK_THRESHOLD = S + "1:note:1"
LONGER_GAMES = D + "1:the-longer-games"
MP_MODIFICATIONS = D + "1:marshalling-point-modifications"
MP_UNMODIFIED_TO_CALL = D + "1:marshalling-point-modifications:clarification:1"
MP_MODIFICATIONS_EXAMPLE = D + "1:marshalling-point-modifications:example:1"

# Chain of effects, on-guard
TIMING_RULES = D + "10:timing-rules"
ON_GUARD_OLD = D + "10:on-guard-old-rule"
ON_GUARD_REVISED = D + "10:on-guard-revised-rule"
ON_GUARD_RETROACTIVE = D + "10:on-guard-revised-rule:important:1"

# Getting ready to play
SETUP = S + "3"
SETUP_NO_FOLLOWERS = S + "3:clarification:1"
SETUP_COUNTS = S + "3:clarification:2"
UNIQUE_CARDS = S + "2:unique-cards"
SIDEBOARD = D + "2"

# The player turn
PLAYER_TURN = S + "4"
ORGANIZATION_ANY_ORDER = S + "4:clarification:1"
HAND_SIZE_AFTER_MOVEMENT = S + "4:clarification:3"
SITE_NOT_ENTERED = S + "4:clarification:4"
AUTOMATIC_ATTACK_FIRST = S + "4:clarification:5"
SITE_TAPPED = S + "4:clarification:6"
ORGANIZATION_PHASE = D + "4:organization-phase"
REGION_PLAN = D + "4:organization-phase:standard-only:1"
MOVEMENT_HAZARD_PHASE = D + "4:movement-hazard-phase"
SITE_PHASE = D + "4:site-phase"
SITE_PHASE_INFLUENCE = D + "4:site-phase:standard-only:1"
END_OF_TURN_PHASE = D + "4:end-of-turn-phase"
ONE_CHARACTER_PER_TURN = S + "5:bringing-characters-into-play"
BRINGING_CHARACTERS_UNIQUE = S + "5:bringing-characters-into-play:clarification:2"
COMBINE_SPLIT_AT_HAVEN = S + "5"  # Starter: companies combine and split only at a Haven
COMPANY_SIZE_LIMIT = S + "5:companies"
COMPANIES_SIZE_FIXED = S + "5:companies"
SPLITTING = D + "5:splitting-a-company"
SPLITTING_SAME_SITE = D + "5:splitting-a-company:clarification:1"
JOINING = D + "5:joining-two-companies"
DISCARDING_CHARACTERS = D + "5:discarding-characters"
SHORT_EVENT = S + "10:short-event"
PERMANENT_EVENT = S + "10:permanent-event"
EVENT_TIMING = S + "10:permanent-event:clarification:1"
RESOURCE_CARDS = S + "10:resource-cards"
RESOURCE_NEEDS_UNTAPPED = S + "10:resource-cards:clarification:1"
HAZARD_CARDS = S + "10:hazard-cards"
PLAYING_CARDS = S + "10"
MINOR_ITEMS = S + "10:minor-items"
FACTIONS = S + "10:factions"

# Organisation
STORING = S + "10:storing-cards"
TRANSFERRING = S + "10:transferring-items"
TRANSFER_CHECK = S + "10:transferring-items:clarification:1"
HEALING = S + "5:healing"
UNTAP_PHASE = D + "4:untap-phase"
LONG_EVENT_PHASE = D + "4:long-event-phase"
BRIEF_SUMMARY = "metw:intro:brief-player-turn-summary"


def all_ids() -> set[str]:
    return {v for k, v in globals().items() if k.isupper() and isinstance(v, str) and v.startswith("metw:") and not v.endswith(":")}
