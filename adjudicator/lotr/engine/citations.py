"""Every knowledge-base record id the LOTR engine can cite, in one place.

Glossary ids are computed from the exact Rules Reference glossary titles with the
knowledge base's own `slugify`, so a typo cannot creep in; a test checks every id here
against the records the parsers produce.  Engine code cites these constants only.
"""

from __future__ import annotations

from adjudicator.record_ids import slugify

# Exact Rules Reference glossary titles the engine leans on (short names; the text stays
# in the source document).
_GLOSSARY_TITLES = {
    "ACTIVE_LOCATION": "Active Location",
    "ATTACHMENT_CARDS": "Attachment Cards",
    "ATTACK_STRENGTH": "Attack Strength",
    "BASE_VALUE": "Base Value",
    "CANNOT": "Cannot",
    "COST": "Cost",
    "DAMAGE": "Damage",
    "DEFENDING_PLAYER": "Defending Player",
    "DEFENSE_STRENGTH": "Defense Strength",
    "DESTROY": "Destroy",
    "DISCARD_AND_VICTORY": "Discard Pile and Victory Display",
    "DOOMED": "Doomed X",
    "DRAWING": "Drawing cards",
    "ENCOUNTER_DECK": "Encounter Deck",
    "ENEMY_CARDS": "Enemy Cards",
    "ENGAGED": "Engaged",
    "ENGAGEMENT_CHECK": "Engagement Check",
    "EVENT_CARDS": "Event Cards",
    "EXHAUSTED": "Exhausted",
    "EXPLORED": "Explored",
    "FIRST_PLAYER": "First Player / First Player Token",
    "GUARDED": "Guarded",
    "HERO_CARDS": "Hero Cards",
    "HIT_POINTS": "Hit Points",
    "IMMUNE": "Immune",
    "IN_PLAYER_ORDER": "In Player Order",
    "INITIAL_THREAT": "Initial Threat Level",
    "PLAYING_CARDS": "Initiating Abilities / Playing Cards",
    "PLAYER_DECK": "Player Deck",
    "QUEST_DECK": "Quest Cards / Quest Deck",
    "SETUP": "Setup",
    "KEYWORDS": "Keywords",
    "MODIFIERS": "Modifiers",
    "MULLIGAN": "Mulligan",
    "MULTIPLE_DEFENDERS": "Multiple Defenders",
    "NEUTRAL_CARDS": "Neutral Cards",
    "OBJECTIVE_CARDS": "Objective Cards",
    "OPTIONAL_ENGAGEMENT": "Optional Engagement",
    "OWNERSHIP": "Ownership and Control",
    "PLANNING_PHASE": "Planning Phase",
    "PLAYER_ELIMINATION": "Player Elimination",
    "QUEST_ADVANCEMENT": "Quest Advancement",
    "RANGED": "Ranged",
    "READY": "Ready",
    "RESOURCE_MATCH": "Resource Match",
    "RESOURCES": "Resources",
    "RESTRICTED": "Restricted",
    "RUNNING_OUT_OF_CARDS": "Running out of Cards",
    "SCORING": "Scoring",
    "SENTINEL": "Sentinel",
    "SHADOW_EFFECTS": "Shadow Effects",
    "STAGING": "Staging",
    "STAGING_AREA": "Staging Area",
    "SURGE": "Surge",
    "THREAT": "Threat / Threat Dial",
    "THREAT_ELIMINATION": "Threat Elimination Level",
    "TRAVEL": "Travel",
    "TREACHERY_CARDS": "Treachery Cards",
    "UNIQUE_CARDS": "Unique Cards",
    "VICTORY": "Victory",
    "WILLPOWER": "Willpower Strength",
    "WINNING": "Winning the Game",
    "LETTER_X": 'The letter "X"',
    "CONSTANT": "Constant Ability",
    "ACTION": "Action, Action Ability",
    "GAINS": "Gains",
}

GLOSSARY: dict[str, str] = {const: "lotr:rr:" + slugify(title) for const, title in _GLOSSARY_TITLES.items()}
globals().update(GLOSSARY)

GOLDEN_RULES = "lotr:rr:golden-rules"
ACTION_WINDOWS = "lotr:rr:flow:action-windows"  # Appendix I: the windows in which players act
GRIM_RULE = "lotr:rr:grim-rule"

# FAQ 1.9: rule clarifications and questions (numbered in document order).
FAQ_ENCOUNTER_KEYWORDS = "lotr:faq:1.01"  # Surge, Doomed, Guarded resolve when revealed, even in setup
FAQ_FIRST_PLAYER_CHOOSES_TARGET = "lotr:faq:1.03"  # conflicting targeting: the first player picks
FAQ_MULTIPLE_DEFENDERS = "lotr:faq:1.04"  # all the damage of a multiply defended attack on one defender
FAQ_LIMITS_ON_ATTACKS = "lotr:faq:1.11"  # one attack per enemy per player
FAQ_QUESTING_SUCCESSFULLY = "lotr:faq:1.24"
FAQ_BYPASS = "lotr:faq:1.27"  # only "bypass" skips the active location
FAQ_VICTORY_DISPLAY = "lotr:faq:1.29"
RR_ATTACKS_OUTSIDE_COMBAT = "lotr:rr:attacks-outside-the-combat-phase"  # dealt a shadow card, the enemy attack steps
FAQ_ATTACKS_OUTSIDE_COMBAT = "lotr:faq:1.28"  # an enemy attacking outside combat is dealt a shadow card, discarded after
FAQ_ATTACK_AGAINST_CHARACTER = "lotr:faq:1.41"  # undefended damage of an attack against a character goes to it
FAQ_ADDITIONAL_ATTACK = "lotr:faq:1.42"  # an additional attack: earlier shadow cards discarded before a new one
FAQ_NON_ENGAGED_ATTACKS = "lotr:faq:1.33"  # an enemy not engaged with the player attacks: one defender, sentinel too
FAQ_FIRST_PLAYER_ELIMINATION = "lotr:faq:1.30"
FAQ_MODIFIERS = "lotr:faq:1.43"
FAQ_IMMUNE = "lotr:faq:1.47"
FAQ_ENGAGING = "lotr:faq:1.49"
FAQ_DEFENDING_PLAYER = "lotr:faq:1.52"
FAQ_CANCEL_CARD = "lotr:faq:1.54"  # a cancelled encounter card counts as never revealed
FAQ_THREAT_ELIMINATION = "lotr:faq:1.57"
FAQ_UNCLAIMED_OBJECTIVES = "lotr:faq:1.17"  # a guarded objective is attached to its guard until the guard leaves play
FAQ_STAGING_OBJECTIVES = "lotr:faq:1.39"  # a revealed objective is added to the staging area
FAQ_EXPLORED_ANYWHERE = "lotr:faq:1.18"  # a location with its quest points in progress leaves play, active or not
FAQ_ENGAGED_ENEMIES = "lotr:faq:1.20"  # engaged enemies count no threat at quest resolution
FAQ_ATTACHMENT_CONTROL = "lotr:faq:1.38"  # an attachment played on another player's character is theirs
FAQ_Q_NO_COMMITTED = "lotr:faq:q:1"  # the staging threat counts with no one committed
FAQ_Q_MAIN_QUEST_TEXT = "lotr:faq:q:84"  # a side quest is the current quest: the main quest's text is still active
QC_SIDE_QUESTS_IN_PLAY = "lotr:qc:page:side-quests-in-play"  # chosen as the current quest for the phase; defeated: victory display
QC_PLAYER_SIDE_QUEST = "lotr:qc:page:player-side-quest"  # played in the planning phase, placed in the staging area
QC_QUEST_CARDS_IN_PLAY = "lotr:qc:page:multiple-quest-card-in-play"  # each quest card in play has its text active
FAQ_Q_COMMIT_AT_ONCE = "lotr:faq:q:2"
FAQ_Q_OPTIONAL_ENGAGEMENT_ORDER = "lotr:faq:q:10"
FAQ_Q_WOLF_RIDER_AFTER_COMBAT = "lotr:faq:q:12"  # "after combat" is the end of the combat phase
FAQ_Q_DUNGEON_TORCH = "lotr:faq:q:14"
FAQ_Q_STAGING_COUNT_FIXED = "lotr:faq:q:25"
FAQ_Q_STILL_DEFENDING_PLAYER = "lotr:faq:q:29"  # defenders declared or not, the attacked player defends
FAQ_Q_DEFEND_UNENGAGED_ATTACK = "lotr:faq:q:34"  # a defender against an enemy not engaged with you
FAQ_Q_SHADOW_UNRESOLVED = "lotr:faq:q:43"
FAQ_Q_ATTACKER_DESTROYED = "lotr:faq:q:55"  # an attacking enemy gone after a step: its attack ends
FAQ_Q_DESTROYED_AS_REVEALED = "lotr:faq:q:50"  # an enemy destroyed as it is revealed: no keywords, no When Revealed
FAQ_Q_BEFORE_THE_ATTACK = "lotr:faq:q:9"  # an enemy stopped from attacking before its attack begins makes none
FAQ_Q_ADVANCE_AT_ONCE = "lotr:faq:q:15"  # a stage completed by an effect is replaced at once; no carry-over
FAQ_Q_ONE_GUARD_AT_SETUP = "lotr:faq:q:70"  # a Guarded objective revealed at setup gets one guard, not two
FAQ_Q_NO_PROGRESS_LIMIT = "lotr:faq:q:17"  # no upper limit to the progress on a quest held back
FAQ_RESOURCES = "lotr:faq:1.25"  # collecting, adding and moving resources: a hero that cannot collect gains none from the bank
FAQ_Q_ATTACK_AS_REVEALED = "lotr:faq:q:64"  # an enemy attacking in its When Revealed is neither in the staging area nor engaged
FAQ_Q_CANNOT_LEAVE_PLAY = "lotr:faq:q:73"  # an enemy that cannot leave play stays in play at or above its hit points
FAQ_Q_CANNOT_COMMIT = "lotr:faq:q:21"  # a hero that cannot commit (Sacked!) stays out of later quests
FAQ_Q_ONE_ATTACK_A_PHASE = "lotr:faq:q:56"  # an enemy that attacked, engaging a new player, does not attack again
FAQ_Q_RANGED_ATTACK = "lotr:faq:q:61"
FAQ_Q_ZERO_COST_MATCH = "lotr:faq:q:62"
FAQ_Q_READY_TO_QUEST = "lotr:faq:q:72"
FAQ_Q_LAST_ENCOUNTER_CARD = "lotr:faq:q:74"
FAQ_Q_GUARDED_REVEAL = "lotr:faq:q:78"
FAQ_Q_RANGED_NOT_STAGING = "lotr:faq:q:83"
FAQ_Q_THREAT_NOT_BELOW_ZERO = "lotr:faq:q:86"
FAQ_Q_NO_STAGING_ATTACK_ON_IMMUNE = "lotr:faq:q:89"  # no player card attacks an immune enemy in the staging area
FAQ_SCORING = "lotr:faq:scoring"
FAQ_Q_NO_JOINING = "lotr:faq:q:18"  # no other character joins an attack made by Quick Strike
FAQ_Q_PRISONER_ELIMINATION = "lotr:faq:q:26"  # a player left with only the prisoner: eliminated, the group loses
FAQ_Q_IMMUNE_TARGET = "lotr:faq:q:60"  # Quick Strike may attack an enemy immune to player card effects
ERRATA_FACEDOWN_ORC_GUARD = "lotr:errata:core-125"  # Out of the Dungeons: a destroyed face-down Orc Guard
FAQ_Q_TRAIT_POOL = "lotr:faq:q:27"  # a pool paying for one trait's cards (Radagast) needs no match alone; a hero beside it does
FAQ_Q_LOST_HERO = "lotr:faq:q:38"  # a hero shuffled into its deck (Lost and Alone) returns when drawn; its player is not out
FAQ_Q_LENT_HERO = "lotr:faq:q:49"  # a hero lent to another player (Desperate Alliance) keeps its owner in the game
FAQ_Q_PHASE_ENDS_AT_ONCE = "lotr:faq:q:54"  # a phase a card ends at once: no more staging, no quest resolution (False Lead)

FAQ_SETUP_EFFECTS = "lotr:faq:1.19"  # when revealed effects and responses during setup; no actions
FAQ_SEARCH = "lotr:faq:1.21"  # a searched deck is shuffled afterwards

# The Quest Companion's pages on the setup steps (the Rules Reference's Setup lists them in one entry).
QC_SHUFFLE_DECKS = "lotr:qc:page:shuffle-decks"
QC_PLACE_HEROES = "lotr:qc:page:place-heroes-set-initial-threat-level"
QC_TOKEN_BANK = "lotr:qc:page:setup-token-bank"
QC_FIRST_PLAYER = "lotr:qc:page:determine-first-player"
QC_SETUP_HAND = "lotr:qc:page:draw-setup-hand"
QC_SET_QUEST_CARDS = "lotr:qc:page:set-quest-cards"
QC_SETUP_INSTRUCTIONS = "lotr:qc:page:follow-setup-instructions"

# Rules the Quest Companion states and the Rules Reference does not (its rules pages).
QC_OBJECTIVE_ALLY = "lotr:qc:page:objective-ally-cards"  # both an objective and an ally; taken into a player's control as an ally
# The Blood of Gondor's rulings are the only records of hidden cards (taking one, turning them face up).
QC_HIDDEN_CARDS = "lotr:qc:ruling:the-blood-of-gondor:hidden-cards"  # take the top encounter card face down; reshuffle first; discarded on elimination
QC_HIDDEN_FACE_UP = "lotr:qc:ruling:the-blood-of-gondor:turning-hidden-card-face-up"  # one at a time: an enemy engages, a treachery or location is discarded
# The quest-deck mechanics two scenarios each state in the same words (their only records).
QC_BYPASS = ("lotr:qc:ruling:flight-from-moria:bypassing-a-quest-card", "lotr:qc:ruling:mount-gundabad:bypassing-a-quest-card")
QC_RESET_QUEST_DECK = ("lotr:qc:ruling:the-dead-marshes:reset-the-quest-deck", "lotr:qc:ruling:the-hunt-for-gollum:reset-the-quest-deck")
QC_UNIQUE_ENCOUNTER = "lotr:qc:page:unique-encounter-cards"  # a unique encounter card does not enter play beside a copy in play
# Shadow and Flame's ruling says the same of its unique encounter cards (effects ignored, to the discard pile)
QC_QUEST_FROM_STAGING = "lotr:qc:ruling:into-ithilien:ally-objective-cards"  # objective-allies committed to the quest from the staging area
FAQ_Q_PERIL = "lotr:faq:q:85"  # a Peril card's attack follows the usual steps: another player's Sentinel may defend
FAQ_Q_HIDDEN_TAKEN_STAYS = "lotr:faq:q:69"  # turning each hidden card face up reaches those there as it begins; one taken meanwhile stays hidden
QC_UNIQUE_ENCOUNTER_RULING = "lotr:qc:ruling:shadow-and-flame:unique-encounter-cards"
QC_IMMUNE_TO_RANGED = "lotr:qc:page:immune-to-ranged-damage"  # attackers through Ranged deal it no damage
QC_TIME = "lotr:qc:keyword:time"  # Time X: time counters placed as the card is revealed, one off at each refresh phase's end

# Keywords that are not in the Rules Reference or the FAQ: the Quest Companion's entries.
ARCHERY = "lotr:qc:keyword:archery"
INDESTRUCTIBLE = "lotr:qc:keyword:indestructible"

# Appendix I framework steps, all 48 (kept in step with rules_db/lotr/framework.yaml; a
# test checks both).
STEP_IDS = (
    "0.0", "1.1", "1.2", "1.3", "1.4", "2.1", "2.2", "2.3", "2.4",
    "3.1", "3.2", "3.3", "3.4", "3.5", "4.1", "4.2", "4.3",
    "5.1", "5.2", "5.3", "5.4",
    "6.1", "6.2", "6.3", "6.4a", "6.5", "6.6", "6.7", "6.8a", "6.9", "6.10", "6.11",
    "7.1", "7.2", "7.3", "7.4", "7.5", "0.1",
    "6.4b", "6.4.1", "6.4.2", "6.4.3", "6.4.4",
    "6.8b", "6.8.1", "6.8.2", "6.8.3", "6.8.4",
)


def step(step_id: str) -> str:
    """The record id of a framework step: ``step("5.3")`` is ``lotr:rr:step:5.3``."""
    if step_id not in STEP_IDS:
        raise KeyError(f"no framework step {step_id!r}")
    return f"lotr:rr:step:{step_id}"


def all_ids() -> set[str]:
    """Every id the engine can cite."""
    ids = set(GLOSSARY.values())
    ids.update(step(s) for s in STEP_IDS)
    ids.update(v for k, v in globals().items() if k.isupper() and isinstance(v, str) and v.startswith("lotr:"))
    return ids


TITLES: dict[str, str] = {"lotr:rr:" + slugify(t): t for t in _GLOSSARY_TITLES.values()}
