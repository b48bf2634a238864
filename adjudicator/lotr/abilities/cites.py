"""Every knowledge-base record id the abilities package cites, in one place.

Glossary ids are computed from the exact Rules Reference glossary titles with the
knowledge base's own `slugify`; a test checks every id here against the records the
parsers produce.  The modules of this package cite these constants only.
"""

from __future__ import annotations

from adjudicator.record_ids import slugify

_GLOSSARY_TITLES = {
    "ACTION": "Action, Action Ability",
    "AFTER": "After",
    "CANCEL": "Cancel",
    "CANNOT": "Cannot",
    "CHOOSE": "The word \"Choose\"",
    "CONSTANT": "Constant Ability",
    "COST": "Cost",
    "DAMAGE": "Damage",
    "DELAYED": "Delayed Effects",
    "DOOMED": "Doomed X",
    "EFFECTS": "Effects",
    "EVENT_CARDS": "Event Cards",
    "EXHAUSTED": "Exhausted",
    "FIRST_PLAYER": "First Player / First Player Token",
    "FORCED": "Forced",
    "IMMUNE": "Immune",
    "KEYWORDS": "Keywords",
    "LASTING": "Lasting Effects",
    "LIMITS": "Limits",
    "MAY": "May",
    "MODIFIERS": "Modifiers",
    "MOVE": "Move",
    "PRIORITY": "Priority of Simultaneous Resolution",
    "QUEST_ADVANCEMENT": "Quest Advancement",
    "READY": "Ready",
    "REPLACEMENT": "Replacement Effects",
    "RESOURCES": "Resources",
    "RESPONSE": "Response",
    "SEARCH": "Search",
    "SHADOW_EFFECTS": "Shadow Effects",
    "STAGING": "Staging",
    "STAGING_AREA": "Staging Area",
    "SURGE": "Surge",
    "THEN": "Then",
    "THREAT": "Threat / Threat Dial",
    "TIMING": "Timing of Ability Resolution",
    "TO": "To",
    "TRAVEL": "Travel",
    "TREACHERY_CARDS": "Treachery Cards",
    "TRIGGERED": "Triggered Ability",
    "TRIGGERING_CONDITION": "Triggering Condition",
    "WHEN": "When",
    "DRAWING": "Drawing cards",
    "ACTIVE_LOCATION": "Active Location",
    "ENGAGED": "Engaged",
    "ATTACHMENT_CARDS": "Attachment Cards",
    "GOLDEN_RULES": "Golden Rules",
    "OPTIONAL_ENGAGEMENT": "Optional Engagement",
}

GLOSSARY: dict[str, str] = {const: "lotr:rr:" + slugify(title) for const, title in _GLOSSARY_TITLES.items()}
# Entries whose titles carry a slash or a redirect: their ids as the knowledge base has them.
GLOSSARY.update({
    "ABILITY": "lotr:rr:ability-card-ability",
    "REVEAL": "lotr:rr:reveal",
    "ENTERS_PLAY": "lotr:rr:enters-play",
    "PLAY_AND_PUT": "lotr:rr:play-and-put-into-play",
    "DESTROY": "lotr:rr:destroy",
    "EXPLORED": "lotr:rr:explored",
    "BLANK": "lotr:rr:blank",
    "GAINS": "lotr:rr:gains",
    "SELF_REFERENTIAL": "lotr:rr:self-referential-abilities",
    "CANNOT_BE_DAMAGED": "lotr:rr:cannot-be-damaged",
    "DEFENDING_PLAYER": "lotr:rr:defending-player",
    "SETUP": "lotr:rr:setup",
    "ACTION_WINDOWS": "lotr:rr:flow:action-windows",
    "IN_PLAY": "lotr:rr:in-play-and-out-of-play",
    "OWNERSHIP": "lotr:rr:ownership-and-control",
    "UNIQUE_CARDS": "lotr:rr:unique-cards",
    "ENCOUNTER_DECK": "lotr:rr:encounter-deck",
})
# "Instead" and "Heal" have no entries of their own: "Instead" points at Replacement
# Effects, healing is described under Damage.
GLOSSARY["INSTEAD"] = GLOSSARY["REPLACEMENT"]
GLOSSARY["HEAL"] = GLOSSARY["DAMAGE"]
GOLDEN_RULES = "lotr:rr:golden-rules"
GRIM_RULE = "lotr:rr:grim-rule"
globals().update({k: v for k, v in GLOSSARY.items() if k != "GOLDEN_RULES"})


def faq(number: str) -> str:
    """``faq("1.09")`` -> ``lotr:faq:1.09``: a numbered FAQ clarification."""
    return f"lotr:faq:{number}"


def qa(n: int) -> str:
    """``qa(14)`` -> ``lotr:faq:q:14``: a FAQ question, numbered in document order."""
    return f"lotr:faq:q:{n}"


def errata(number: int) -> str:
    """``errata(12)`` -> ``lotr:errata:core-12``: the FAQ erratum of Core Set card 12."""
    return f"lotr:errata:core-{number}"


def step(step_id: str) -> str:
    return f"lotr:rr:step:{step_id}"


# The FAQ clarifications this package leans on.
FAQ_GOLDEN_RULE = faq("1.00")  # card text wins only where card and rules cannot both be followed
FAQ_SIMULTANEOUS = faq("1.02")
FAQ_REMOVING_PROGRESS = faq("1.05")
FAQ_RESOURCES = faq("1.25")
FAQ_ENGAGING = faq("1.49")
FAQ_ENCOUNTER_KEYWORDS = faq("1.01")
QC_DEALT_NOT_REVEALED = "lotr:qc:ruling:into-the-pit:revealing-enemies"  # an enemy dealt as a shadow card was not revealed
FAQ_Q_VICTORY_DISPLAY_REFERENCED = qa(32)  # a card in the victory display is not removed from the game: effects may name it
FAQ_Q_ENCOUNTER_ATTACH = qa(65)  # "no attachments" stops players playing or moving them, not an encounter effect attaching one
FAQ_Q_NO_COST = qa(40)  # a card played at no cost needs no resource match (unlike a 0-cost card)
FAQ_Q_ADDED_IS_PLACED = qa(35)  # adding a card to the staging area and placing it there are the same
QC_UNCONSCIOUS = "lotr:qc:ruling:flies-and-spiders:unconscious-characters"  # poison at printed hit points: unconscious
QC_READY_UNCONSCIOUS = "lotr:qc:ruling:flies-and-spiders:ready-an-unconscious-character"  # readied so, no longer unconscious
FAQ_Q_ATTACHED_OUT_OF_PLAY = qa(76)  # a card treated as out of play takes what is attached to it along (a guarded objective)
FAQ_CANNOT_HAVE_ATTACHMENTS = faq("1.56")  # "cannot have attachments" is absolute: blanked it may take them, discarded when active
FAQ_Q_DISCARD_AS_FAR_AS_POSSIBLE = qa(28)  # a discard effect that cannot be met in full is met as far as it can
FAQ_Q_REVEALED_BY_ENCOUNTER_EFFECT = qa(71)  # found and revealed by an encounter or quest effect: revealed by the encounter deck
FAQ_Q_NOT_OPTIONAL_ENGAGEMENT = qa(31)  # engaging by a card effect is not optional engagement
FAQ_Q_IMMUNE_ACTIVE_LOCATION = qa(42)  # progress sent through an immune active location is not placed at all
FAQ_ATTACHED_OBJECTIVE = faq("1.23")  # an attached objective is also an attachment
FAQ_Q_GUARDED_ONLY_REVEALED = qa(78)  # Guarded triggers when its card is revealed, not when it is added
FAQ_Q_NO_ATTACHMENT_ON_IMMUNE = qa(59)  # "attach to" targets: no player attachment on a card immune to player card effects
FAQ_Q_PROGRESS_TO_ACTIVE_LOCATION = qa(3)  # a card's progress "on the quest" goes to the active location first
FAQ_Q_AFTER_ATTACKS = qa(4)  # "after this enemy attacks" Forced effects: right after the attack ends
FAQ_Q_GUARDED_UNCLAIMED = qa(6)  # a guarded objective is unclaimed too
FAQ_SWITCH = faq("1.26")  # a switch needs something on both sides
FAQ_Q_POOL_NOT_HERO = qa(87)  # a hero's resource pool is not the hero: immunity does not keep resources out
FAQ_Q_PRINTED_ICON = qa(47)  # a printed resource icon is the one in the icon space, never a gained one
FAQ_NOT_DISCARDING = faq("1.48")  # destroyed or played cards are placed in the discard pile, not discarded
FAQ_NEXT_PLAYER = faq("1.46")  # with one player there is no next player
FAQ_X = faq("1.40")  # X is 0 unless a card defines it or a player chooses it
FAQ_Q_ENTERS_ENGAGED = qa(67)  # entering play already engaged counts as engaging (Q67)
FAQ_Q_SHADOW_IS_ENCOUNTER_EFFECT = qa(51)  # a shadow effect is an encounter card effect: a ban on cancelling those covers it
FAQ_Q_SHADOW_RESOLVED = qa(13)  # a shadow effect resolved (not cancelled) is what "after it resolves" waits for
FAQ_Q_ADDS_TO_REFRESH = qa(14)  # a Forced threat raise in the refresh phase adds to the 1 point
FAQ_Q_KEYWORDS_BEFORE_REPLACEMENT = qa(22)  # a cancelled card's keywords resolve before Eleanor's replacement
FAQ_Q_EACH_COPY_A_CONDITION = qa(16)  # two Caught in a Web on one hero: each is paid for
FAQ_MID_ATTACK_CHANGE = faq("1.32")  # a card that changes hands or place mid-attack still takes part
FAQ_Q_ATTACK_NOT_STOPPED = qa(30)  # an attacking enemy returned to the staging area still finishes its attack
FAQ_Q_DEFENDER_CHANGES_HANDS = qa(24)  # a defender whose control changes still defends; the defending player stays
FAQ_Q_LATER_ARRIVALS = qa(44)  # an encounter card's lasting effect reaches later arrivals unless it says "currently"
FAQ_Q_FACE_DOWN_NO_TRAITS = qa(8)  # a face-down card (an Orc Guard) has no traits
FAQ_Q_RESPONSES_AT_SETUP = qa(7)  # responses can be used during setup
FAQ_Q_STILL_DEFENDING = qa(29)  # no defender declared: the attacked player is still the defending player
FAQ_Q_EXHAUSTED_BONUS = qa(41)  # an exhausted attachment keeps its stat bonus
FAQ_Q_PLAY_RESTRICTION_ON_ENTRY = qa(36)  # attachments in play stay when playing them becomes forbidden
# The Quest Companion's scenario pages state some rules generally (official rulings):
QC_IMMUNE = "lotr:qc:ruling:the-old-forest:immune-to-player-card-effects"  # immune cards ignore and cannot be chosen by player card effects
QC_REMOVED_FROM_GAME = "lotr:qc:ruling:a-journey-to-rhosgobel:removed-from-game"  # removed from the game: set aside, not discarded
QC_LOCATE_TEST = "lotr:qc:ruling:the-long-dark:locate-test"  # how a locate test is made, passed or failed
QC_FORTITUDE_TEST = "lotr:qc:ruling:mount-doom:fortitude-tests"  # how a Fortitude test is made, passed or failed
QC_FORTITUDE_ACTIONS = "lotr:qc:ruling:mount-doom:player-actions-during-fortitude-tests"  # its window before the result
QC_QUEST_FROM_STAGING = "lotr:qc:ruling:into-ithilien:ally-objective-cards"  # an objective-ally committed from the staging area
QC_DOUBLE_SIDED_ENEMY = "lotr:qc:ruling:the-battle-of-carn-dum:thaurdir"  # the only record of flipping a double-sided enemy in play
QC_LAST_GASP = "lotr:qc:ruling:pies-for-the-party:last-gasp"  # Last Gasp: a Forced effect as the enemy is destroyed, its engaged player's (else the first player's)
QC_LOST = "lotr:qc:ruling:the-long-dark:lost-effects"  # the only record of Lost: effects (no timing of their own)
QC_ESCAPE_TEST = "lotr:qc:ruling:the-dead-marshes:escape-test"  # the only record of how an escape test is made, passed or failed
ERRATA_QUEST_ACTION_WINDOWS = "lotr:errata:rulebook-p14"  # actions at the beginning and end of each quest step
FAQ_ENTERS_STAGING = faq("1.35")
FAQ_Q_SUPERLATIVE_TIE = qa(48)  # "the character with the most X": all tied (at 0 too), the first player picks among them
FAQ_OBJECTIVE_CONTROL = faq("1.07")
FAQ_SEARCH = faq("1.21")
FAQ_SHADOW_TEXT_ONLY = qa(11)  # a card dealt as a shadow card has only its Shadow text active
FAQ_CONFLICTING_TARGET = faq("1.03")
FAQ_ENCOUNTER_CARDS_NOT_CONTROLLED = faq("1.06")  # an encounter card attached to your character is not yours
FAQ_RESPONSES_PER_TRIGGER = faq("1.08")
FAQ_FORCED = faq("1.09")
FAQ_LIMITS_ON_ACTIONS = faq("1.10")
FAQ_EXHAUSTION_AND_ATTACHMENTS = faq("1.12")
FAQ_CHARACTERS_NOT_ENEMIES = faq("1.13")
FAQ_ATTACHED_OBJECTIVE = faq("1.23")  # an objective attached to a card is an attachment
FAQ_VICTORY_DISPLAY = faq("1.29")
FAQ_SELF_REFERENCE = faq("1.31")
FAQ_NOT_BELOW_ZERO = faq("1.43")  # no quantity goes below 0  # a card's own title in its text means that copy only  # the victory display is out of play, not the discard pile  # "character" is a hero or an ally, never an enemy  # an attachment and its card exhaust and ready apart
FAQ_CANNOT = faq("1.14")
FAQ_THEN = faq("1.15")
FAQ_PUT_INTO_PLAY = faq("1.16")
FAQ_WHEN_REVEALED = faq("1.22")
FAQ_QUESTING_SUCCESSFULLY = faq("1.24")
FAQ_BYPASS = faq("1.27")
FAQ_PASSIVE = faq("1.36")
FAQ_TIMING = faq("1.37")
FAQ_MUST_OR = faq("1.44")
FAQ_REVEAL = faq("1.45")
FAQ_IMMUNE = faq("1.47")
FAQ_LIMITS = faq("1.51")
FAQ_CANCEL_EFFECT = faq("1.53")
FAQ_CANCEL_CARD = faq("1.54")
FAQ_LASTING = faq("1.55")
FAQ_FORCED_IN_PLAY = faq("1.58")

# The Quest Companion's rules pages: rules it states that the Rules Reference does not.
QC_REMOVED = "lotr:qc:page:removed-from-game"  # out of the game for good, never in a discard pile
QC_OBJECTIVE_ALLY = "lotr:qc:page:objective-ally-cards"  # both an objective and an ally; a player takes control of it as an ally

# Every id in the FAQ ranges (clarifications 1.00-1.58, questions 1-89) is well formed;
# `all_ids` lists only those the package's modules and data name.
CLARIFICATIONS = tuple(f"1.{n:02d}" for n in range(0, 59))


def all_ids() -> set[str]:
    """Every constant id of this table (the card data and the rulings table name more;
    their own tests check those)."""
    ids = set(GLOSSARY.values()) | {GOLDEN_RULES, GRIM_RULE}
    ids.update(v for k, v in globals().items() if k.isupper() and isinstance(v, str) and v.startswith("lotr:"))
    return ids
