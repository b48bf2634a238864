"""The words of the ability grammar (docs/abilities.md, "The ability grammar"): card types,
traits, spheres, keywords, zones, controllers, qualifiers, and the closed lists of
restrictions, cancels and phases.  Every phrase of the card data is built from these;
a word not here is an input error with a "did you mean".
"""

from __future__ import annotations

# Nouns: the card types a phrase can name (singular and plural), mapped to a kind.
NOUNS = {
    "character": "character", "characters": "character",
    "hero": "hero", "heroes": "hero",
    "ally": "ally", "allies": "ally",
    "enemy": "enemy", "enemies": "enemy",
    "location": "location", "locations": "location",
    "treachery": "treachery", "treacheries": "treachery",
    "attachment": "attachment", "attachments": "attachment",
    "event": "event", "events": "event",
    "objective": "objective", "objectives": "objective",
    "card": "card", "cards": "card",
    "quest": "quest", "quests": "quest",  # a quest card (a stage of the quest deck; not a side quest)
    "player": "player", "players": "player",
    "deck": "deck",
}
CHARACTER_KINDS = ("hero", "ally")

# Quantifiers: how many of the cards the phrase names are affected.
QUANTIFIERS = {
    "a": "a", "an": "a", "one": "a", "the": "a",
    "each": "each", "every": "each", "all": "each",
    "x": "x",
}
NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5}

# Qualifiers written before the noun ("an exhausted character", "a unique ally").
PREFIX_QUALIFIERS = (
    "exhausted", "ready", "damaged", "undamaged", "wounded", "committed", "unique", "non-unique",
    "unclaimed", "different", "other", "eligible", "top", "questing", "attacking", "defending", "face-down", "unconscious",
)
QUALIFIER_ALIASES = {"wounded": "damaged", "questing": "committed"}

# Traits printed on cards (the Core Set's and those of the other products in the library).
TRAITS = (
    "Archer", "Armor", "Artifact", "Beorning", "Condition", "Craftsman", "Creature", "Dol Guldur",
    "Dungeon", "Dwarf", "Dúnedain", "Eagle", "Ent", "Forest", "Gift", "Goblin", "Gondor", "Hobbit",
    "Insect", "Istari", "Item", "Marshland", "Minstrel", "Mount", "Mountain", "Nazgul", "Noble",
    "Noldor", "Orc", "Ranger", "Riverland", "Rohan", "Scout", "Silvan", "Skill", "Song", "Spider",
    "Spell", "Steward", "Stronghold", "Title", "Trap", "Troll", "Undead", "Underground", "Warg",
    "Warrior", "Wasteland", "Weapon", "Wolf", "Healer", "Outlands", "Signal", "Esgaroth", "Dale", "Osgiliath", "Sorcery",
)
SPHERES = ("Leadership", "Tactics", "Spirit", "Lore", "Neutral", "Baggins", "Fellowship")
KEYWORDS = ("Ranged", "Sentinel", "Surge", "Doomed", "Guarded", "Restricted", "Indestructible", "Archery")

# Phrases that name one thing directly (no selection): the source, the chosen target,
# what the trigger or an earlier effect of the ability named.  "that ..." names what an
# earlier part of the same ability (its trigger, its cost, an earlier effect) pointed at.
REFERENCES = {
    "self": "self", "this card": "self", "it": "self",
    "chosen": "chosen", "the chosen card": "chosen",
    "attached": "attached", "attached hero": "attached", "attached character": "attached",
    "attached enemy": "attached", "attached location": "attached",
    "active location": "active location", "the active location": "active location",
    "current quest": "current quest", "the current quest": "current quest",
    "that location": "active location",
    "that ally": "that", "that card": "that", "that character": "that", "that enemy": "that",
    "that shadow card": "that", "that hero": "that",
    "the attacking enemy": "attacking enemy",
    "the defending character": "defending character",
    "the revealed card": "revealed", "the revealed enemy": "revealed", "the revealed treachery": "revealed",
    "the revealed location": "revealed",
    "the first player's deck": "first player's deck",
    "an eligible enemy": "eligible enemy",
}
# Targets that are players rather than cards (a restriction on "each player").
PLAYER_TARGETS = ("each player", "the players", "the players as a group")

# Players: who an effect's ``player`` names.
PLAYERS = {
    "you": "you", "your": "you",
    "chosen": "chosen", "the chosen player": "chosen",
    "each player": "each", "every player": "each", "the players": "each",
    "first player": "first", "the first player": "first",
    "defending player": "defending", "the defending player": "defending",
    "engaged player": "engaged", "the engaged player": "engaged",
    "that player": "that", "that ally's controller": "that", "its controller": "that",
    "another player": "another", "a player": "a", "its owner": "owner", "the next player": "next",
    "each player's own": "each",
}

# Phases (a trigger's subject for end_of_phase / start_of_phase; a phase-restricted action).
PHASES = ("resource", "planning", "quest", "travel", "encounter", "combat", "refresh")

# Trigger subjects that are not a card selection: where a revealed card comes from, which
# threat raise, which shadow effect.
SUBJECTS = (
    "from the encounter deck", "the refresh phase raise", "a shadow effect just triggered",
    "a shadow effect on it", "the deck's owner", "a Song card",
)

# What a "cannot" restriction forbids: `restrictions.PHRASES` (each enforced where its moment comes).

CANCELS = ("when_revealed", "shadow effect", "effect", "card")  # card: the whole encounter card (FAQ 1.54)
