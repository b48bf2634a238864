"""Card abilities as plain values: kinds, triggering conditions, costs, targets, effects,
limits and durations (Rules Reference: Ability, Triggered Ability, Cost, To, Choose,
Then, Limits, Lasting Effects).

An `Ability` is one bold-trigger paragraph of a card (or one constant ability, or a
keyword).  Its parts keep the rulebook's grammar:

- ``cost`` is what precedes "to": it must be paid in full before anything else (Cost, To);
- ``choose`` are the targets: with no valid target the ability cannot be initiated (Choose);
- ``effects`` resolve in order; ``then`` resolves only if ``effects`` resolved in full (Then);
- ``limit`` counts uses per phase, round or game, per copy or per player (Limits, FAQ 1.51);
- ``duration`` makes the effect lasting (Lasting Effects, FAQ 1.55);
- ``delayed`` is a later effect the ability sets up ("at the end of the phase ..."), which
  resolves at its moment and is not a new triggered ability (Delayed Effects).

``says`` is our own one-line paraphrase; the card's text stays on the card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.lotr.abilities.grammar.subjects import Subject, parse_subject

# Ability kinds, by their bold trigger word (or none: constant, keyword).
KINDS = (
    "constant",      # no trigger word: always active (FAQ 1.36)
    "action",        # Action / Planning Action / Combat Action / Quest Action ...
    "response",      # Response: optional, after (or when) its triggering condition
    "forced",        # Forced: mandatory, before responses to the same condition
    "when_revealed", # When Revealed: on an encounter card, only when it is revealed (FAQ 1.22)
    "shadow",        # Shadow: on a card dealt as a shadow card
    "travel",        # Travel: a cost of travelling to a location
    "setup",         # Setup: on a quest card
    "valour",        # Valour: a stronger version while a player's threat is 40 or more
    "keyword",       # Surge, Doomed X, Guarded, Ranged, Sentinel, Restricted, Victory X
    "delayed",       # a delayed effect set up by another ability (not a triggered ability)
    "last_gasp",     # Last Gasp: a Forced effect of an enemy as it is destroyed, resolved by the player it was engaged with (else the first player)
    "lost",          # Lost: (The Long Dark) resolves only when another effect triggers it (op trigger_lost), no timing of its own
)
TRIGGERED_KINDS = ("action", "response", "forced", "when_revealed", "shadow", "travel", "setup", "valour")
MANDATORY_KINDS = ("constant", "forced", "when_revealed", "shadow", "setup", "keyword", "delayed", "lost", "last_gasp")

# "when": the occurrence is under way; "after": it has just concluded; "at": a timing point
# ("at the end of the phase") -- treated like "after" once the point is reached.
TIMINGS = ("when", "after", "at")

# Game occurrences a triggering condition can name.
EVENTS = (
    "commits", "quests_successfully", "quest_fails", "revealed", "enters_play", "played",
    "leaves_play", "destroyed", "discarded", "attacks", "declared_attacker", "declared_defender",
    "takes_damage", "damage_dealt", "engages", "explored", "travels_to", "becomes_active",
    "progress_placed", "stage_advances", "exhausted", "readied", "healed", "threat_raised",
    "draws", "shadow_dealt", "shadow_resolved", "end_of_phase", "end_of_round", "end_of_attack",
    "start_of_phase", "start_of_round", "resources_collected", "card_revealed", "attack_undefended",
    "enemy_defeated", "treachery_revealed", "location_revealed", "enemy_revealed",
    "prisoner_rescued",  # Escape from Dol Guldur: the prisoner hero is turned face up (Through the Caverns)
    "last_time_counter_removed",  # Time X: the card's last time counter comes off
    "flipped",  # a double-sided encounter card in play turned to its other side (Thaurdir): its new side's effect
    "damage_assigned",   # damage is about to be placed on a card (a response may place it elsewhere instead: Dori)
    "added_to_staging",  # a card is added to (placed in: the same, FAQ Q35) the staging area, by staging or an effect
    "returns_to_staging",  # an engaged enemy is about to go back to the staging area (a replacement: the erratum of Core 125)
)

PHASES = ("resource", "planning", "quest", "travel", "encounter", "combat", "refresh")
PERIODS = ("phase", "round", "game")
LIMIT_SCOPES = ("copy", "player", "group")
DURATIONS = (
    "end_of_phase", "end_of_round", "end_of_attack", "end_of_combat", "end_of_quest_phase",
    "end_of_combat_phase", "while_in_play", "while_attached", "while_committed",
)
SOURCES = ("player", "encounter", "quest")

# Effect primitives (adjudicator.lotr.abilities.effects implements them).
OPS = (
    "modify",            # a stat: add / subtract / set / double / halve
    "ready", "exhaust",
    "damage", "heal",
    "progress",          # on the quest (through the active location unless bypass) or a location
    "remove_progress",
    "threat",            # raise (+) or reduce (-) a player's threat
    "set_threat",        # a player's threat is treated as a value (value:), for a duration or while in play
    "resources",         # add resources to a hero's pool
    "discard_resources", # a player discards N resources from among their heroes' pools, as far as they can (FAQ Q28)
    "move_resources",
    "pay",               # spend resources (a cost)
    "draw", "discard", "discard_from_hand", "search", "reveal", "look",
    "engage", "return_to_staging", "add_to_staging", "return_to_hand", "shuffle_into_deck",
    "put_into_play", "attach", "move", "shuffle_discard_into_deck", "remove_from_game",
    "cancel",            # cancel an effect or a card
    "switch",            # exchange the controllers of two cards (target, with): FAQ 1.26
    "instead",           # a replacement: the named occurrence is handled this way instead
    "immune", "cannot",  # constant restrictions
    "progress_first",    # constant: the target takes the progress the players make before the active location does (Mines of Moria)
    "gain_keyword", "gain_trait", "gain_icon", "attack", "defend", "deal_shadow", "return_to_deck_top",
    "place_in_victory_display", "raise_each_threat", "take_control",
    "blank",             # with a duration: the card's text box is treated as blank until then (its abilities inactive)
    "choose_one",        # the player picks one of several options ("either ... or ..."), each with its effects
    "next_stage",        # the stage defeated goes on to one of the quest cards it names (among; random)
    "enemy_attack",      # an enemy attacks a player or a character because a card says so (attacker, player, target)
    "remove_from_quest", # a committed character is no longer committed to the quest (3.4)
    "lose_game",         # the players lose as a group (a card's condition of defeat)
    "time_counters",     # place (+) or remove (-) time counters on a card (Time X)
    "elimination_level", # raise (+) or lower (-) a player's threat elimination level for the rest of the game
    "advance_at_random", # advance to a different stage of this stage's number, drawn at random; this one back in the quest deck
    "remove_stage",      # take the stage of that number (stage: N) out of the quest deck, if it is there
    "trigger_lost",      # every "Lost:" effect of the cards in play resolves (The Long Dark)
    "tracker",           # raise, lower (amount) or set (value) a scenario's tracker (rules_db/lotr/scenario_state.yaml)
    "tokens",            # place (or remove) scenario tokens of a kind (token) on the targets: villagers, steeds, attribute tokens
    "move_tokens",       # move tokens of a kind from the target onto another card (onto), amount N or all
    "scenario_effect",   # the effects a scenario's own word stands for (name: capture steeds)
    "face_down_enemy",   # a player card (from: top of deck / top of discard pile) face down as a scenario's enemy (as: NAME) engaged with its player
    "flip",              # a double-sided encounter card in play turns to its other side (its design's back), keeping its tokens and attachments
    "quest_from_staging",  # a character in the staging area (an objective-ally) is committed to the quest while there
    "activate_deck",     # an inactive encounter deck (deck: NAME deck) becomes the active one; keep_in_play: the encounter cards in play stay
    "locate_test",       # a locate test: cards discarded from hand one at a time, each discarding the top encounter card, until PASS; effects on failing
    "fortitude_test",    # a Fortitude test: commit heroes (exhausting), discard the threat's tens digit of cards, willpower against eyes; effects on failing
    "escape_test",       # an escape test: commit characters (exhausting), deal count cards, willpower against escape; effects on failing
    "move_stage",        # the target moves west or east (direction): to the nearest other staging area that way (The Siege of Erebor)
    "take_hidden",       # each player named takes 1 hidden card (the top encounter card, face down in their play area)
    "turn_hidden_face_up",  # the players named turn their hidden cards face up: enemies engage them, treacheries and locations discarded
    "reset_quest_deck",  # reset the quest deck to stage N (stage: N): the defeated stage is current again, the current one back in the deck
    "play_at_no_cost",   # the top card of your deck played at no cost, no resource match (option play), or to the bottom (Vilya)
    "end_phase",         # the current phase ends at once: its remaining steps do not happen (False Lead: the quest phase)
    "lend",              # with a duration: another player controls a hero of yours until then (Desperate Alliance)
    "out_of_play",       # the card is treated as out of play, with what is attached to it, while this card is in play (Saruman)
    "poison",            # give a character `amount` poison; at its printed hit points it is unconscious (Flies and Spiders)
    "gain_type",         # constant: the card is of `type` while it applies (Sword-thain: the ally it is on is a hero)
    "pays_for",          # constant: this character's own pool pays for cards of `trait`, no resource match (Radagast)
    "spend_on_sphere",   # lasting: the controller may pay for cards of a sphere they choose (option) from any hero (A Good Harvest)
    "count_as",          # constant: the card counts as `amount` cards of `trait` where an effect counts them (Bombur)
    "make_active",       # a location (staging area, victory display, set aside) becomes the active location
    "bypass_stage",      # the players bypass the current stage: progress removed, to the bottom of the quest deck, the next card current
    "python",            # the escape hatch: a named Python function for the odd card (with `why:`)
)
MODIFY_OPS = ("add", "subtract", "set", "double", "halve")
# Ops that take a card out of play (used to see when a later effect on it no longer applies).
LEAVES_PLAY_OPS = (
    "return_to_hand", "shuffle_into_deck", "remove_from_game", "return_to_deck_top",
    "place_in_victory_display",
)


@dataclass(frozen=True)
class Trigger:
    """A triggering condition: ``timing`` (when / after / at) and ``event``; ``subject``
    narrows it ("self", "enemy", "a character you control", a card name)."""

    timing: str
    event: str
    subject: str = ""

    @property
    def about(self) -> Subject:
        """The subject parsed by the grammar (`grammar.subjects`): what the listener evaluates."""
        return parse_subject(self.subject)

    def to_dict(self) -> dict[str, Any]:
        out = {"timing": self.timing, "event": self.event}
        if self.subject:
            out["subject"] = self.subject
        return out


@dataclass(frozen=True)
class Effect:
    """One primitive step: ``op`` and its arguments (``target``, ``amount``, ``stat`` ...)."""

    op: str
    args: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def to_dict(self) -> dict[str, Any]:
        return {"op": self.op, **{k: _plain(v) for k, v in self.args}}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Effect):
        return value.to_dict()
    return value


@dataclass(frozen=True)
class Target:
    """A "choose" target: ``what`` (a player, a character, an enemy engaged with you ...)."""

    what: str
    count: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.what, "count": self.count}


@dataclass(frozen=True)
class Limit:
    """``count`` uses per ``period``; per copy of the card for a phase or round, per
    player for a game (Limits; FAQ 1.51), unless the card says "for the group"."""

    count: int
    period: str
    scope: str = ""

    @property
    def effective_scope(self) -> str:
        if self.scope:
            return self.scope
        return "player" if self.period == "game" else "copy"

    def to_dict(self) -> dict[str, Any]:
        return {"count": self.count, "period": self.period, "scope": self.effective_scope}


@dataclass(frozen=True)
class Delayed:
    """A delayed effect: at ``at`` (a Trigger), resolve ``effects`` on ``affects``."""

    at: Trigger
    effects: tuple[Effect, ...]
    condition: str = ""
    then: tuple[Effect, ...] = ()   # resolves only if ``effects`` resolved in full (Then; FAQ 1.15)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"at": self.at.to_dict(), "effects": [e.to_dict() for e in self.effects]}
        if self.condition:
            out["condition"] = self.condition
        if self.then:
            out["then"] = [e.to_dict() for e in self.then]
        return out


@dataclass(frozen=True)
class Ability:
    """One ability of a card, parsed: its kind, trigger, cost, effects and limit."""

    card: str
    index: int
    kind: str
    says: str
    trigger: Trigger | None = None
    phase: str | None = None            # a phase-restricted action ("Combat Action")
    window: str | None = None           # "play only after step X": only in the action window right after that framework step
    cost: tuple[Effect, ...] = ()
    choose: tuple[Target, ...] = ()
    condition: str = ""                 # "while ...", "if ..."
    effects: tuple[Effect, ...] = ()
    then: tuple[Effect, ...] = ()
    limit: Limit | None = None
    duration: str | None = None
    delayed: Delayed | None = None
    source: str = "player"              # player / encounter / quest card
    keyword: tuple[str, int] | None = None
    version: str = "printed"            # "errata" when the FAQ's errata changed it
    errata: str = ""                    # the erratum's record id
    rulings: tuple[str, ...] = ()       # FAQ records about this ability
    line: int = 0                       # where it is written in its data file
    ordinal: int = 0                    # 2 for a card's second ability of the same kind

    @property
    def label(self) -> str:
        kind = self.kind.replace("_", " ")
        return f"{self.card} ({kind} {self.ordinal})" if self.ordinal > 1 else f"{self.card} ({kind})"

    @property
    def is_cancel(self) -> bool:
        return any(e.op == "cancel" for e in self.effects)

    @property
    def is_replacement(self) -> bool:
        return any(e.op == "instead" for e in self.effects)

    @property
    def timing(self) -> str:
        return self.trigger.timing if self.trigger else ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"card": self.card, "kind": self.kind, "says": self.says, "source": self.source}
        if self.trigger:
            out["trigger"] = self.trigger.to_dict()
        if self.phase:
            out["phase"] = self.phase
        if self.window:
            out["window"] = self.window
        if self.cost:
            out["cost"] = [e.to_dict() for e in self.cost]
        if self.choose:
            out["choose"] = [t.to_dict() for t in self.choose]
        if self.condition:
            out["condition"] = self.condition
        if self.effects:
            out["effects"] = [e.to_dict() for e in self.effects]
        if self.then:
            out["then"] = [e.to_dict() for e in self.then]
        if self.limit:
            out["limit"] = self.limit.to_dict()
        if self.duration:
            out["duration"] = self.duration
        if self.delayed:
            out["delayed"] = self.delayed.to_dict()
        if self.keyword:
            out["keyword"] = {"name": self.keyword[0], "value": self.keyword[1]}
        out["version"] = self.version
        if self.errata:
            out["errata"] = self.errata
        if self.rulings:
            out["rulings"] = list(self.rulings)
        return out


@dataclass(frozen=True)
class Unwritten:
    """An ability of a card that the grammar cannot express yet (a card file's ``unwritten:``):
    our paraphrase, the mechanic it needs, and the rulings that touch it.  It is shown by
    `adjudicator card` and never resolves in a replay."""

    kind: str
    says: str
    needs: str
    rulings: tuple[str, ...] = ()
    line: int = 0


@dataclass
class CardAbilities:
    """A card's abilities in one version (the FAQ's errata applied, or as printed)."""

    name: str
    abilities: list[Ability] = field(default_factory=list)
    source: str = "player"
    line: int = 0
    attach_to: str = ""     # an attachment's "Attach to ...": a target phrase (a character when empty)
    unwritten: tuple[Unwritten, ...] = ()  # abilities the grammar cannot express yet, each with its need

    def of_kind(self, kind: str) -> list[Ability]:
        return [a for a in self.abilities if a.kind == kind]
