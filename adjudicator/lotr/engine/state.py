"""The state of a game of the LOTR LCG as plain data.

`Card` is a card on the table (a design plus its tokens and status); `Player` holds a
seat's cards; `Game` the whole table.  Cards are named by their ``label``: the card's
name, or ``Name#2`` for a later copy, or the label the situation gave it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.lotr.engine.cards import CHARACTER_TYPES, CardDef
from adjudicator.lotr.engine.modifiers import Modifier, apply_modifiers
from adjudicator.lotr.engine.scenario_data import is_attribute

# The fields `picture` writes only when they are set (the final state leaves them out when
# empty: an expectation's path reads them as null), with the replay's own
# ``unused_decisions`` (engine.framework).  Every key written conditionally is here (a test).
LEFT_OUT_WHEN_EMPTY = frozenset({
    "facedown", "committed", "attacked", "attachments", "shadows", "guarding", "modifiers", "tokens", "under",  # a card
    "eliminated", "prisoners", "threat_treated_as", "elimination_level", "locations", "hidden",  # a player
    "set_aside", "removed_from_game", "defeated_stages", "decks", "deck_discards", "unused_decisions",  # the game
    "trackers",
    "staging_areas", "rivals",  # the game: separate staging areas (engine/staging_areas.py), rivals' areas (rival_areas.py)
    "other_stages", "quest_face_down",  # the game: stages beyond the current one (engine/quest_stages.py)
})


@dataclass
class Card:
    """A card in play or in a pile, with its tokens and state."""

    label: str
    card: CardDef
    owner: str  # a player's name, or "encounter"
    exhausted: bool = False
    damage: int = 0
    progress: int = 0
    resources: int = 0
    committed: bool = False
    attacked: bool = False  # an enemy that has attacked this round
    attachments: list["Card"] = field(default_factory=list)
    shadows: list["Card"] = field(default_factory=list)
    modifiers: list[Modifier] = field(default_factory=list)
    guarding: list["Card"] = field(default_factory=list)  # objectives attached to this guard
    facedown: "Card | None" = None  # a player card turned face down as this enemy (an Orc Guard): the card itself
    removed: bool = False  # removed from the game by a card effect
    deck: str = ""  # the separate encounter deck it came from (the Orc deck ...: engine/separate_decks.py)
    # tokens that are not damage, progress or resources: time counters (Time X), villager tokens...
    tokens: dict[str, int] = field(default_factory=dict)
    gained_traits: list[tuple[str, str]] = field(default_factory=list)  # (trait, the constant ability giving it)
    under: list["Card"] = field(default_factory=list)  # encounter cards face up under a side quest (engine/quest_stages.py)
    type_as: str = ""  # a card type a constant ability gives it instead of its printed one (Sword-thain: an ally a hero)
    blank: str = ""  # the effect treating its text box as blank for now (its abilities are inactive)

    def has_trait(self, trait: str) -> bool:
        """A printed trait, or one a constant ability gives while it applies (Steward of Gondor)."""
        return trait in self.card.traits or any(t == trait for t, _ in self.gained_traits)

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def type(self) -> str:
        return self.type_as or self.card.type

    @property
    def is_character(self) -> bool:
        return any(self.card.is_a(kind) for kind in CHARACTER_TYPES)

    def stat(self, name: str) -> int:
        """The current value of a printed stat, modifiers applied (attribute tokens: +1 each,
        rules_db/lotr/scenario_state.yaml)."""
        mods = [m for m in self.modifiers if m.stat == name]
        base = self.card.stat(name)
        if self.tokens.get(name) and is_attribute(name):
            base = (base or 0) + self.tokens[name]
        if not mods:
            return base or 0
        return apply_modifiers(base, mods)

    def keyword(self, name: str) -> int:
        return self.card.keyword(name)

    def picture(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "label": self.label,
            "name": self.card.name,
            "exhausted": self.exhausted,
            "damage": self.damage,
            "progress": self.progress,
            "resources": self.resources,
        }
        if self.facedown is not None:  # a player card turned face down as an enemy (an Orc Guard)
            out["facedown"] = True
        if self.committed:
            out["committed"] = True
        if self.attacked:
            out["attacked"] = True
        if self.attachments:
            out["attachments"] = [a.picture() for a in self.attachments]
        if self.shadows:
            out["shadows"] = [s.label for s in self.shadows]
        if self.guarding:
            out["guarding"] = [g.picture() for g in self.guarding]
        if self.modifiers:
            out["modifiers"] = [{"stat": m.stat, "op": m.op, "value": m.value} for m in self.modifiers]
        if any(self.tokens.values()):
            out["tokens"] = {k: v for k, v in self.tokens.items() if v}
        if self.under:
            out["under"] = [c.label for c in self.under]
        return out


@dataclass
class Player:
    """A player: threat, heroes, allies, hand, deck, discard pile and engaged enemies."""

    name: str
    threat: int = 0
    heroes: list[Card] = field(default_factory=list)
    allies: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    deck: list[Card] = field(default_factory=list)  # top first
    discard: list[Card] = field(default_factory=list)  # top first
    engaged: list[Card] = field(default_factory=list)  # in the order they engaged
    eliminated: bool = False
    optional_engaged: bool = False  # used the optional engagement this round
    attacked_enemies: list[str] = field(default_factory=list)  # enemies attacked this round
    # heroes of this player turned face down as prisoners (Escape from Dol Guldur): still
    # theirs, but out of every use until rescued, so kept out of ``heroes``
    prisoners: list[Card] = field(default_factory=list)
    # locations this player controls (a scenario's rule: an explored location taken into the first player's
    # control instead of leaving play): in play, their text active
    locations: list[Card] = field(default_factory=list)
    hidden: list[Card] = field(default_factory=list)  # encounter cards face down in the play area, unseen (hidden cards)
    elimination_level: int = 50  # the threat that eliminates this player (Threat Elimination Level; a card may lower it)
    # "treat your threat as X" (a card effect, for a duration or while its card is in play):
    # (value, the effect's label), the most recent last; the threat dial itself keeps moving
    threat_set: list[tuple[int, str]] = field(default_factory=list)

    @property
    def threat_value(self) -> int:
        """The threat the rules read (engagement checks, threat comparisons): a value a card
        effect sets, the most recent one, else the threat dial."""
        return self.threat_set[-1][0] if self.threat_set else self.threat

    @property
    def characters(self) -> list[Card]:
        return self.heroes + self.allies

    def cards_in_play(self):
        """This player's cards in play: characters and their attachments, engaged enemies and
        theirs, the locations the player controls."""
        for c in self.characters:
            yield c
            yield from c.attachments
        for e in self.engaged:
            yield e
            yield from e.attachments
        yield from self.locations

    def picture(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "threat": self.threat,
            "heroes": [c.picture() for c in self.heroes],
            "allies": [c.picture() for c in self.allies],
            "engaged": [c.picture() for c in self.engaged],
            "hand": [c.label for c in self.hand],
            "deck": len(self.deck),
            "discard": [c.label for c in self.discard],
        }
        if self.eliminated:
            out["eliminated"] = True
        if self.threat_set:
            out["threat_treated_as"] = self.threat_value
        if self.locations:
            out["locations"] = [c.picture() for c in self.locations]
        if self.hidden:
            out["hidden"] = [c.label for c in self.hidden]
        if self.prisoners:
            out["prisoners"] = [c.picture() | {"facedown": True} for c in self.prisoners]
        if self.elimination_level != 50:
            out["elimination_level"] = self.elimination_level
        return out


@dataclass
class StagingArea:
    """A separate staging area (Foundations of Stone, Flies and Spiders, Escape from Mount Gram...):
    the players who share it, its encounter cards, its active location and its quest stage.  The
    game's own fields hold the main staging area; ``Game.areas`` the others (engine/staging_areas.py)."""

    name: str
    players: list[str] = field(default_factory=list)
    staging: list[Card] = field(default_factory=list)
    active_location: Card | None = None
    quest: Card | None = None
    quest_deck: list[Card] = field(default_factory=list)
    joining: bool = False  # its stage has told its players to join another staging area (a scenario's rule)

    def picture(self) -> dict[str, Any]:
        threat = sum(c.stat("threat") for c in self.staging if c.type in ("enemy", "location", "objective", "treachery"))
        return {
            "name": self.name,
            "players": list(self.players),
            "staging_area": [c.picture() for c in self.staging],
            "staging_threat": threat,
            "active_location": self.active_location.picture() if self.active_location else None,
            "quest": self.quest.picture() | {"quest_points": self.quest.stat("quest_points")} if self.quest else None,
            "quest_deck": [c.label for c in self.quest_deck],
        }


@dataclass
class Game:
    """The state of the whole game: players, round, phase, step, staging area and quest."""

    players: list[Player]
    first: int = 0  # index of the first player
    round: int = 1
    phase: str = "round"
    step: str = "0.0"
    staging: list[Card] = field(default_factory=list)
    active_location: Card | None = None
    quest: Card | None = None
    quest_deck: list[Card] = field(default_factory=list)
    encounter_deck: list[Card] = field(default_factory=list)  # top first
    encounter_discard: list[Card] = field(default_factory=list)  # top first
    victory_display: list[Card] = field(default_factory=list)
    # cards set aside by the scenario (out of play until an effect brings them in: the
    # Nazgûl of Dol Guldur, set aside at setup by The Necromancer's Tower)
    set_aside: list[Card] = field(default_factory=list)
    removed_from_game: list[Card] = field(default_factory=list)  # set aside for good and ignored (Removed from Game)
    decks: dict[str, list[Card]] = field(default_factory=dict)  # separate encounter decks by name, top first
    deck_discards: dict[str, list[Card]] = field(default_factory=dict)  # their own discard piles, top first
    defeated_stages: list[Card] = field(default_factory=list)  # the quest cards the players have defeated, oldest first
    # separate staging areas (engine/staging_areas.py): the others than the main one, whose cards are the
    # fields above; ``area_rules`` the scenario's row of rules_db/lotr/staging_areas.yaml.  While a phase
    # resolves at one staging area, the fields above show that area and ``players`` its players only:
    # ``everyone`` is then every player in seat order, ``home_first`` the first player among them
    areas: list[StagingArea] = field(default_factory=list)
    # a rival's area with its own quest deck (engine/rival_areas.py: the Stormcaller's, the Orcs'); ``joining``
    # marks a rival whose cards are in the staging area (the players are at its stage)
    rivals: list[StagingArea] = field(default_factory=list)
    # quest stages beyond the current one (engine/quest_stages.py): the scenario's row of
    # rules_db/lotr/quest_stages.yaml, the other stages in play (their text active), and whether the
    # current stage is still on its A side, not yet revealed
    stage_rules: dict[str, Any] = field(default_factory=dict)
    other_stages: list[Card] = field(default_factory=list)
    quest_face_down: bool = False
    main_quest: Card | None = None  # a side quest is the current quest this phase: the main quest, still in play (other_stages)
    area_rules: dict[str, Any] = field(default_factory=dict)
    everyone: list[Player] | None = None
    home_first: int = 0
    viewing: str = ""  # the staging area a phase is resolving at (its name), while it does
    main_staging: list[Card] | None = None  # the main staging area's cards, while a phase resolves at another
    main_location: Card | None = None  # and its active location and quest card, meanwhile
    main_area_quest: Card | None = None
    outcome: str | None = None  # "won" or "lost"
    rounds_completed: int = 0
    active: int = 0  # index of the active player (planning, combat)
    seed: int = 0
    reshuffles: int = 0
    # a scenario's trackers (a spare threat dial counting one value: the temperature, the pursuit
    # value; rules_db/lotr/scenario_state.yaml): name -> value
    trackers: dict[str, int] = field(default_factory=dict)

    @property
    def first_player(self) -> Player:
        return self.players[self.first]

    def in_player_order(self) -> list[Player]:
        """Players still in, starting with the first player and going left."""
        n = len(self.players)
        order = [self.players[(self.first + i) % n] for i in range(n)]
        return [p for p in order if not p.eliminated]

    def player(self, name: str) -> Player | None:
        for p in self.players:
            if p.name == name:
                return p
        return None

    def cards_in_play(self):
        """Every card in play: characters and their attachments, engaged enemies, the
        staging area, the active location, the quest."""
        for p in self.players:
            if not p.eliminated:
                yield from p.cards_in_play()
        for c in self.staging:
            yield c
            yield from c.guarding
            yield from c.attachments
        if self.active_location is not None:
            yield self.active_location
            yield from self.active_location.guarding
        if self.quest is not None:
            yield self.quest
        yield from self.other_stages  # several stages in play: each one's text is active

    def enemies_in_play(self):
        for c in self.cards_in_play():
            if c.type == "enemy":
                yield c

    def staging_threat(self) -> int:
        """Total threat of the cards in the staging area, guards included; the active
        location and engaged enemies do not count."""
        return sum(c.stat("threat") for c in self.staging if c.type in ("enemy", "location", "objective", "treachery"))

    def picture(self) -> dict[str, Any]:
        out = {
            "round": self.round,
            "phase": self.phase,
            "step": self.step,
            "first_player": self.first_player.name,
            "players": [p.picture() for p in self.players],
            "staging_area": [c.picture() for c in self.staging],
            "staging_threat": self.staging_threat(),
            "active_location": self.active_location.picture() if self.active_location else None,
            "quest": self.quest.picture() | {"quest_points": self.quest.stat("quest_points")} if self.quest else None,
            "quest_deck": [c.label for c in self.quest_deck],
            "encounter_deck": [c.label for c in self.encounter_deck],
            "encounter_discard": [c.label for c in self.encounter_discard],
            "victory_display": [c.label for c in self.victory_display],
            "outcome": self.outcome,
            "rounds_completed": self.rounds_completed,
        }
        if self.set_aside:
            out["set_aside"] = [c.label for c in self.set_aside]
        if self.removed_from_game:
            out["removed_from_game"] = [c.label for c in self.removed_from_game]
        if any(self.decks.values()):
            out["decks"] = {k: [c.label for c in v] for k, v in self.decks.items() if v}
        if any(self.deck_discards.values()):
            out["deck_discards"] = {k: [c.label for c in v] for k, v in self.deck_discards.items() if v}
        if self.defeated_stages:
            out["defeated_stages"] = [c.label for c in self.defeated_stages]
        if self.trackers:
            out["trackers"] = dict(self.trackers)
        if self.areas:
            out["staging_areas"] = [a.picture() for a in self.areas]
        if self.rivals:  # a rival whose cards are in the staging area shows none of its own
            out["rivals"] = [a.picture() | ({"staging_area": [], "staging_threat": 0, "at_the_players_stage": True} if a.joining else {})
                             for a in self.rivals]
        if self.other_stages:
            out["other_stages"] = [c.picture() | {"quest_points": c.stat("quest_points")} for c in self.other_stages]
        if self.quest_face_down:
            out["quest_face_down"] = True
        return out
