"""Events as values: everything that happens in a replay is a typed event.

Every primitive of the engine (and of the card abilities) builds one frozen value (a
`msgspec.Struct`, see `Event`) saying what happened, to what, caused by which card ability
or rule, and the amounts, and hands it to `Replay.emit`.  The trace step is rendered from
the event (its text is for people only); the event itself rides along in ``Step.data``;
and listeners -- card abilities, stage rules, keywords -- subscribe by event type on the
replay's `Bus`:

    r.bus.subscribe(EnemyEngaged, lambda r, ev: ...)   # every engagement
    r.bus.subscribe(Event, on_any)                     # every event, in emission order

Nothing that changes the game reads a step's text: behaviour reads the event's fields.
docs/events.md lists every event type, its fields and who subscribes to it.

This module holds the base types (`Cause`, `Event`, `Bus`) and the events of the round's
frame: framework steps and milestones, the resource, planning, travel and refresh phases,
setup, threat, elimination and the end of the game.  The events of the encounter and the
quest are in `encounter_events`, those of combat in `combat_events`, those of card
abilities in `adjudicator.lotr.abilities.ability_events`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from msgspec import Struct


# ---------------------------------------------------------------------------- causes


@dataclass(frozen=True)
class Cause:
    """Who or what makes an event happen: a card's ability (``label``, e.g. ``Legolas
    (response)``, with the record ids of its own rulings in ``rules``, the kind of card it
    is on in ``source``: player, encounter or quest, and its ``controller``), or a rule
    (``rule``: the record id of the rule that produced it, the label empty)."""

    label: str = ""
    rules: tuple[str, ...] = ()
    source: str = "player"
    controller: str = ""
    card: str = ""
    rule: str = ""

    @property
    def from_player_card(self) -> bool:
        return self.source == "player"

    @property
    def is_ability(self) -> bool:
        return bool(self.label)

    def to_dict(self) -> dict[str, Any]:
        if not self.label:
            return {"rule": self.rule}
        return {"ability": self.label, "card": self.card or None, "controller": self.controller or None, "source": self.source}


def by_rule(record_id: str) -> Cause:
    return Cause(rule=record_id)


# ---------------------------------------------------------------------------- events


class Event(Struct, frozen=True, kw_only=True):
    """The base of every event.  ``cause``: the card ability that made it happen (its
    step is stamped ``[from <ability>]``), or None: the rule the step cites first.

    Events are msgspec Structs, built in C: ``@dataclass`` compiled six methods for each
    of some 160 event classes at every start of a replay.  Frozen is inherited;
    ``kw_only=True`` is not, so every subclass is declared ``class Name(Base, kw_only=True)``
    (tests/abilities/test_no_prose_dispatch.py checks it)."""

    KIND: ClassVar[str] = "step"
    STAMP: ClassVar[bool] = True  # stamp "[from <ability>]" on the text when a card ability causes it

    cause: Cause | None = None

    @property
    def kind(self) -> str:
        """The step's ``event`` name in the trace and in --json."""
        return self.KIND

    def describe(self) -> str:
        raise NotImplementedError

    def render(self) -> str:
        """The step's text, for people (presentation only)."""
        text = self.describe()
        if self.STAMP and self.cause is not None and self.cause.label:
            return f"[from {self.cause.label}] {text}"
        return text


def render(event: Event) -> str:
    """The text of the trace step of ``event`` (one place, so that a test can replace it)."""
    return event.render()


class Bus:
    """Subscriptions by event type: ``subscribe(EventType, fn)``; ``publish(r, event)`` calls
    ``fn(r, event)`` for every subscription whose type the event is an instance of, in the
    order they subscribed."""

    def __init__(self) -> None:
        self._subs: list[tuple[type, Callable[[Any, Event], None]]] = []
        self._by_type: dict[type, list[Callable[[Any, Event], None]]] = {}

    def subscribe(self, event_type: type, fn: Callable[[Any, Event], None]) -> None:
        self._subs.append((event_type, fn))
        self._by_type.clear()

    def publish(self, r, event: Event) -> None:
        fns = self._by_type.get(type(event))
        if fns is None:
            fns = self._by_type[type(event)] = [fn for t, fn in self._subs if isinstance(event, t)]
        for fn in fns:
            fn(r, event)

    def __bool__(self) -> bool:
        return bool(self._subs)


def names(items) -> str:
    return ", ".join(items)


def plural(n: int, one: str, many: str | None = None) -> str:
    return one if n == 1 else (many or one + "s")


# ---------------------------------------------------------------------------- the frame of the round


class StepResolved(Event, kw_only=True):
    """A framework step (or milestone) whose handler had nothing else to write."""

    step_id: str
    name: str
    milestone: bool = False

    @property
    def kind(self) -> str:
        return "milestone" if self.milestone else "step"

    def describe(self) -> str:
        return self.name


class Milestone(Event, kw_only=True):
    """A milestone of the framework with something to say (a phase or the round begins or
    ends); the subclasses say which."""

    KIND: ClassVar[str] = "milestone"


class RoundBegins(Milestone, kw_only=True):
    def describe(self) -> str:
        return "Round begins"


class RoundEnds(Milestone, kw_only=True):
    round: int

    def describe(self) -> str:
        return f"round {self.round} ends"


class PhaseBegins(Milestone, kw_only=True):
    phase: str

    def describe(self) -> str:
        return f"{self.phase.capitalize()} phase begins"


class QuestPhaseEnds(Milestone, kw_only=True):
    """3.5: committed characters are no longer committed."""

    def describe(self) -> str:
        return "Quest phase ends; committed characters are no longer committed"


class CombatEnds(Milestone, kw_only=True):
    """6.11: every shadow card is discarded."""

    shadows_discarded: bool

    def describe(self) -> str:
        return "Combat phase ends; all shadow cards are discarded" if self.shadows_discarded else "Combat phase ends"


class AttacksBegin(Milestone, kw_only=True):
    """6.3 / 6.7: enemy attacks or player attacks begin, with the first active player."""

    enemy: bool
    active: str

    def describe(self) -> str:
        return f"{'enemy' if self.enemy else 'player'} attacks begin; {self.active or 'nobody'} is the active player"


class ReplayStopped(Event, kw_only=True):
    KIND: ClassVar[str] = "stop"
    rounds: int

    def describe(self) -> str:
        return f"stopped after {self.rounds} rounds without an end to the game"


class ActivePlayer(Event, kw_only=True):
    """2.3, 6.5, 6.9: the next player becomes the active player, or every player has had
    their turn (``player`` empty; ``what``: the turns that are over)."""

    KIND: ClassVar[str] = "active-player"
    player: str = ""
    what: str = ""

    def describe(self) -> str:
        if self.player:
            return f"{self.player} becomes the active player"
        return "every player has been the active player" if not self.what else f"every player has resolved {self.what}"


# ---------------------------------------------------------------------------- resource phase


class ResourcesGained(Event, kw_only=True):
    """1.2: each hero of ``player`` gains 1 resource (a prisoner, face down, gains none)."""

    KIND: ClassVar[str] = "gain-resources"
    player: str
    heroes: tuple[str, ...]
    prisoners: tuple[str, ...] = ()
    stopped: tuple[tuple[str, str], ...] = ()  # (hero, the ability that says it cannot collect resources)

    def describe(self) -> str:
        held = f" ({names(self.prisoners)}, the prisoner, face down: none)" if self.prisoners else ""
        held += "".join(f" ({hero} collects none: {by} says it cannot collect resources)" for hero, by in self.stopped)
        if self.heroes and self.stopped:
            return f"{self.player}: {names(self.heroes)} gain{'s' if len(self.heroes) == 1 else ''} 1 resource{held}"
        if self.heroes:
            return f"{self.player}: each hero gains 1 resource{held}"
        return f"{self.player}: no hero gains a resource{held}"


class CardDrawn(Event, kw_only=True):
    """1.3: ``player`` draws ``card`` from their deck."""

    KIND: ClassVar[str] = "draw"
    player: str
    card: str

    def describe(self) -> str:
        return f"{self.player} draws {self.card}"


class NoDraw(Event, kw_only=True):
    """1.3: ``player`` draws nothing: an empty deck (``by`` empty) or a card forbids it (``by``)."""

    KIND: ClassVar[str] = "draw"
    player: str
    by: str = ""

    def describe(self) -> str:
        if self.by:
            return f"{self.player} cannot draw a card ({self.by})"
        return f"{self.player} has no cards left to draw"


# ---------------------------------------------------------------------------- planning, playing cards


class Passes(Event, kw_only=True):
    """2.2: the active player plays no card."""

    KIND: ClassVar[str] = "pass"
    player: str

    def describe(self) -> str:
        return f"{self.player} is the active player and plays no cards"


class CardPlayed(Event, kw_only=True):
    """A player plays a card from hand: an ally (into play), an attachment (onto ``host``),
    or an event (``card_type`` event: to the discard pile; its ability then resolves).
    ``says``: the event's text, when a response event is played by the ability listener."""

    KIND: ClassVar[str] = "play"
    STAMP: ClassVar[bool] = False
    player: str
    card: str
    card_type: str
    cost: int | None = None
    host: str = ""
    says: str = ""
    replayed: bool = True  # whether card abilities are replayed (else its text is only card text)
    no_cost: str = ""  # played at no cost by a card effect (its source: Vilya's top card of the deck): no resource match

    def describe(self) -> str:
        if self.says:
            return f"{self.player} plays {self.card} ({self.says})"
        if self.no_cost:
            return f"{self.player} plays {self.card} from {self.no_cost} at no cost: no resources paid, no resource match needed"
        if self.card_type == "attachment":
            return f"{self.player} plays {self.card} for {self.cost}, attached to {self.host}"
        if self.card_type == "event":
            note = "" if self.replayed else " (its effect is card text, not replayed: --no-abilities)"
            return f"{self.player} plays the event {self.card} for {self.cost}{note}"
        return f"{self.player} plays {self.card} for {self.cost}"


class EventDiscarded(Event, kw_only=True):
    """An event card played from hand goes to its owner's discard pile once resolved."""

    KIND: ClassVar[str] = "event-discarded"
    STAMP: ClassVar[bool] = False
    card: str
    player: str

    def describe(self) -> str:
        return f"{self.card} goes to {self.player}'s discard pile"


class GainedIconPays(Event, kw_only=True):
    """A hero pays for a sphere card with a resource icon a card ability (``cause``) gives it."""

    KIND: ClassVar[str] = "resource-match"
    hero: str
    sphere: str
    card: str

    def describe(self) -> str:
        return f"{self.hero} has a {self.sphere} resource icon: their resources may pay for {self.card}"


class RestrictedDiscarded(Event, kw_only=True):
    KIND: ClassVar[str] = "restricted"
    host: str
    card: str
    limit: int

    def describe(self) -> str:
        return f"{self.host} may hold only {self.limit} restricted attachments: {self.card} goes to its owner's discard pile"


# ---------------------------------------------------------------------------- travel


class NoTravel(Event, kw_only=True):
    """4.2: the players do not travel.  ``why``: active (a location is active), none (no
    location to travel to), declined (they choose not to), unpaid (its Travel cost cannot
    be paid)."""

    KIND: ClassVar[str] = "no-travel"
    why: str
    location: str = ""

    def describe(self) -> str:
        return {
            "active": f"no travel: {self.location} is the active location",
            "none": "no location in the staging area to travel to",
            "declined": "the players do not travel",
            "unpaid": f"the travel cost of {self.location} cannot be paid in full: the players do not travel there",
        }[self.why]


class TravelCost(Event, kw_only=True):
    KIND: ClassVar[str] = "travel-cost"
    location: str
    threat: int

    def describe(self) -> str:
        return f"travel cost of {self.location}: each player raises their threat by {self.threat}"


class Traveled(Event, kw_only=True):
    """4.2: ``location`` becomes the active location (the first player, ``first``, decides)."""

    KIND: ClassVar[str] = "travel"
    location: str
    first: str

    def describe(self) -> str:
        return f"the players travel to {self.location}, which becomes the active location (the first player, {self.first}, decides)"


# ---------------------------------------------------------------------------- refresh


class AllReady(Event, kw_only=True):
    """7.2: every exhausted card readies (``cards``: those that did)."""

    KIND: ClassVar[str] = "ready"
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"all exhausted cards ready ({len(self.cards)})" if self.cards else "no exhausted cards to ready"


class FirstPlayerPasses(Event, kw_only=True):
    """7.4 (or at once when the first player is eliminated: ``at_once``): the token passes."""

    KIND: ClassVar[str] = "first-player"
    before: str
    after: str
    at_once: bool = False

    def describe(self) -> str:
        if self.at_once:
            return f"the first player token passes at once from {self.before} to {self.after}"
        if self.after == self.before:
            return f"{self.before} keeps the first player token (no other player)"
        return f"the first player token passes from {self.before} to {self.after}"


# ---------------------------------------------------------------------------- threat, elimination, the game's end


class ThreatChanged(Event, kw_only=True):
    """A player's threat goes from ``before`` to ``after`` (``why``: the refresh phase, an
    unsuccessful quest, a travel cost, Doomed, a card effect)."""

    KIND: ClassVar[str] = "threat"
    STAMP: ClassVar[bool] = False
    player: str
    before: int
    after: int
    why: str

    @property
    def amount(self) -> int:
        return self.after - self.before

    def describe(self) -> str:
        return f"{self.player} threat {self.before} → {self.after} ({self.why})"


class EliminationLevelChanged(Event, kw_only=True):
    """A card changes a player's threat elimination level for the rest of the game."""

    KIND: ClassVar[str] = "elimination-level"
    player: str
    before: int
    after: int
    why: str = ""

    def describe(self) -> str:
        return f"{self.player}'s threat elimination level {self.before} → {self.after} for the rest of the game"


class TrackerChanged(Event, kw_only=True):
    """A scenario's tracker (rules_db/lotr/scenario_state.yaml: the temperature, the pursuit value)
    goes from ``before`` to ``after`` (``before`` None: it is set for the first time)."""

    KIND: ClassVar[str] = "tracker"
    tracker: str
    before: int | None
    after: int
    why: str = ""

    def describe(self) -> str:
        if self.before is None:
            return f"{self.tracker} is set to {self.after} ({self.why})"
        return f"{self.tracker} goes from {self.before} to {self.after} ({self.why})"


class TrackerAddsQuestPoints(Event, kw_only=True):
    """A tracker that adds to the quest points (the pursuit value): ``stage`` needs its
    ``printed`` quest points and the tracker's ``value``, ``quest_points`` in all."""

    KIND: ClassVar[str] = "tracker"
    tracker: str
    value: int
    stage: str
    printed: int
    quest_points: int

    def describe(self) -> str:
        return f"{self.stage} needs {self.quest_points} progress: its {self.printed} quest points and {self.tracker} ({self.value})"


class TokensChanged(Event, kw_only=True):
    """Scenario tokens of a kind (``token``: villager, steed, an attribute) on ``card`` go from
    ``before`` to ``after``; ``attribute``: the stat they raise by one each."""

    KIND: ClassVar[str] = "tokens"
    card: str
    token: str
    before: int
    after: int
    attribute: bool = False

    def describe(self) -> str:
        n = abs(self.after - self.before)
        what = f"{n} {self.token} token{'s' if n != 1 else ''}"
        text = (f"{what} placed on {self.card}" if self.after > self.before else f"{what} removed from {self.card}") + f": {self.after}"
        return text + (f" (+{self.after} {self.token} while they stay)" if self.attribute and self.after else "")


class TimeCounters(Event, kw_only=True):
    """Time counters on a card with Time X go from ``before`` to ``after``: X placed as it is
    revealed, one removed at the end of each refresh phase, or a card effect's."""

    KIND: ClassVar[str] = "time-counters"
    card: str
    before: int
    after: int
    why: str = ""

    def describe(self) -> str:
        if self.after > self.before:
            return f"{self.after - self.before} time counter{'s' if self.after - self.before != 1 else ''} on {self.card} ({self.why}): {self.after}"
        text = f"{self.before - self.after} time counter{'s' if self.before - self.after != 1 else ''} removed from {self.card} ({self.why}): {self.after} left"
        return text + ("; that was the last" if self.after == 0 else "")


class PhaseEndedAtOnce(Event, kw_only=True):
    """A card effect (``by``) ended the ``phase`` at once: its remaining steps do not happen
    (``skipped``: encounter cards the staging step would still have revealed)."""

    KIND: ClassVar[str] = "phase-ends-at-once"
    phase: str
    by: str
    skipped: int = 0

    def describe(self) -> str:
        more = (f"; {self.skipped} more encounter card{'s are' if self.skipped != 1 else ' is'} not revealed" if self.skipped else "")
        return f"{self.by} ends the {self.phase} phase at once: its remaining steps do not happen{more}"


class HeroDrawnIntoPlay(Event, kw_only=True):
    """``card``, a hero in ``player``'s deck (Lost and Alone), is drawn: it goes back into play."""

    KIND: ClassVar[str] = "hero-drawn"
    player: str
    card: str

    def describe(self) -> str:
        return f"{self.player} draws {self.card}, a hero: it goes back into play under {self.player}'s control"


class NotEliminated(Event, kw_only=True):
    """``player`` controls no hero, but heroes they own (``lent``) are in play under another
    player's control: they are still in the game (Player Elimination; FAQ Q49)."""

    KIND: ClassVar[str] = "not-eliminated"
    player: str
    lent: tuple[str, ...] = ()
    in_deck: tuple[str, ...] = ()  # heroes shuffled into the player's deck (Lost and Alone): not killed (FAQ Q38)

    def describe(self) -> str:
        if self.in_deck and not self.lent:
            return (f"{self.player} controls no hero, but {names(self.in_deck)} is in their deck, not killed (a hero is killed "
                    "only in the discard pile): not eliminated")
        return (f"{self.player} controls no hero, but still owns {names(self.lent)} in play under another player's "
                "control: not eliminated")


class PlayerEliminated(Event, kw_only=True):
    KIND: ClassVar[str] = "eliminated"
    player: str
    why: str
    prisoners: tuple[str, ...] = ()
    to_staging: tuple[str, ...] = ()
    facedown_guards: tuple[str, ...] = ()

    def describe(self) -> str:
        text = (f"{self.player} is eliminated ({self.why}): their hand, the cards they control and their deck go to "
                "their owners' discard piles")
        if self.prisoners:
            text += f" (the prisoner {names(self.prisoners)} too)"
        if self.to_staging:
            moved = self.to_staging
            text += f"; {names(moved)} return{'s' if len(moved) == 1 else ''} to the staging area with their damage"
        if self.facedown_guards:
            guards = self.facedown_guards
            text += f"; {names(guards)}, face down, go{'es' if len(guards) == 1 else ''} to {self.player}'s discard pile instead"
        return text


class GameLost(Event, kw_only=True):
    """The players lose: every player eliminated, or (Escape from Dol Guldur) the
    prisoner's player (``prisoners``, ``player``)."""

    KIND: ClassVar[str] = "game-lost"
    player: str = ""
    prisoners: tuple[str, ...] = ()
    why: str = ""  # a card's own condition of defeat (an objective-ally that leaves play)

    def describe(self) -> str:
        if self.why:
            return f"the players lose the game: {self.why}"
        if self.prisoners:
            return f"the prisoner {names(self.prisoners)} leaves the game with {self.player}: the players lose as a group"
        return "every player is eliminated: the players lose"


class GameWon(Event, kw_only=True):
    KIND: ClassVar[str] = "game-won"
    why: str

    def describe(self) -> str:
        return f"the players win: {self.why}"


# ---------------------------------------------------------------------------- setup


class SetupBegins(Milestone, kw_only=True):
    def describe(self) -> str:
        return "Setup begins: the seven setup steps, in order, then round 1"


class DeckShuffled(Event, kw_only=True):
    """Setup 1: a player's deck (``player``) or the encounter deck (``player`` empty) is
    shuffled, ``how`` (listed or from the seed); ``top``: what is on top now."""

    KIND: ClassVar[str] = "shuffle"
    player: str = ""
    how: str
    top: str

    def describe(self) -> str:
        if self.player:
            return f"Setup 1 (shuffle decks): {self.player}'s deck is shuffled, {self.how}: {self.top}"
        return f"Setup 1 (shuffle decks): the encounter deck is shuffled, {self.how}: {self.top}; the quest deck is not shuffled"


class HeroesPlaced(Event, kw_only=True):
    """Setup 2: ``player``'s heroes (label, threat cost) and their initial threat."""

    KIND: ClassVar[str] = "threat"
    player: str
    heroes: tuple[tuple[str, int], ...]
    threat: int

    def describe(self) -> str:
        listing = " + ".join(f"{label} {cost}" for label, cost in self.heroes)
        return (f"Setup 2 (place heroes, set initial threat): {self.player} places {names(h for h, _ in self.heroes)} "
                f"in their play area; initial threat {listing} = {self.threat}")


class TokenBank(Event, kw_only=True):
    def describe(self) -> str:
        return ("Setup 3 (token bank): damage, progress and resource tokens go in a bank next to the encounter deck; "
                "the replay counts tokens on cards only, the bank has no limit")


class FirstPlayerChosen(Event, kw_only=True):
    KIND: ClassVar[str] = "first-player"
    player: str
    how: str

    def describe(self) -> str:
        return f"Setup 4 (first player): {self.player} is the first player ({self.how}) and takes the first player token"


class SetupHandDrawn(Event, kw_only=True):
    KIND: ClassVar[str] = "draw"
    player: str
    cards: tuple[str, ...]
    hand_size: int

    def describe(self) -> str:
        n = len(self.cards)
        short = f" (the deck held only {n})" if n < self.hand_size else ""
        return f"Setup 5 (setup hand): {self.player} draws {n} cards{short}: {names(self.cards) or 'none'}"


class Mulligan(Event, kw_only=True):
    """Setup 5: ``player`` keeps the setup hand (``kept``), has none (``old`` empty), or
    shuffles ``old`` back (order from ``seed``) and draws ``drawn``."""

    KIND: ClassVar[str] = "mulligan"
    player: str
    kept: bool = False
    old: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()
    seed: int = 0

    def describe(self) -> str:
        if self.kept:
            return f"Setup 5 (mulligan): {self.player} keeps the setup hand"
        if not self.old:
            return f"Setup 5 (mulligan): {self.player} has no setup hand, so there is nothing to mulligan"
        return (f"Setup 5 (mulligan): {self.player} takes a mulligan: {names(self.old)} are shuffled back into the deck "
                f"(order from the seed {self.seed}) and {self.player} draws {names(self.drawn) or 'nothing'}, "
                "a hand that must be kept")


class QuestCardsSet(Event, kw_only=True):
    """Setup 6: the quest deck in sequence (``stages``; ``moved``: the situation listed them
    in another order), the first on top beside the encounter deck (``encounter`` cards)."""

    stages: tuple[str, ...]
    moved: bool = False
    encounter: int = 0

    def describe(self) -> str:
        if not self.stages:
            return "Setup 6 (quest cards): the situation gives no quest cards"
        note = " (arranged in sequence: the situation listed them in another order)" if self.moved else ""
        return (f"Setup 6 (quest cards): the quest deck in sequence{note}: {names(self.stages)}; "
                f"{self.stages[0]} on top, side A up, beside the encounter deck ({self.encounter} cards)")


class SetupInstructions(Event, kw_only=True):
    """Setup 7: the first quest card's setup instructions.  ``status``: followed (they
    resolve next), none (it has none), not-replayed (card text, card abilities off),
    no-stage (no quest card)."""

    stage: str = ""
    status: str

    def describe(self) -> str:
        return {
            "no-stage": "Setup 7 (setup instructions): there is no quest card",
            "followed": f"Setup 7 (setup instructions): the players follow the setup instructions of {self.stage} before flipping it",
            "none": f"Setup 7 (setup instructions): {self.stage} has no setup instructions",
            "no-text": f"Setup 7 (setup instructions): {self.stage}: it has no setup instructions",
            "not-replayed": f"Setup 7 (setup instructions): {self.stage}: its setup instructions are card text, not replayed: --no-abilities",
        }[self.status]


class SearchedEncounterShuffled(Event, kw_only=True):
    """Setup 7: the encounter deck a setup instruction searched is shuffled (``by``)."""

    KIND: ClassVar[str] = "shuffle"
    STAMP: ClassVar[bool] = False
    by: str
    how: str
    top: str

    def describe(self) -> str:
        return f"Setup 7: the encounter deck, searched by {self.by}, is shuffled ({self.how}): {self.top}"


class QuestFlipped(Event, kw_only=True):
    """The end of Setup: the first quest card is flipped to its B side (its When Revealed
    effects resolve now, as for a stage the players advance to); ``stage`` empty: there is
    no quest card."""

    stage: str = ""
    round: int = 1
    replayed: bool = True

    @property
    def kind(self) -> str:
        return "quest-advance" if self.stage else "setup"

    def describe(self) -> str:
        if not self.stage:
            return "the end of Setup: there is no quest card to flip"
        note = "" if self.replayed else " (its When Revealed text is card text, not replayed: --no-abilities)"
        return (f"the end of Setup: the players flip the first quest card to its B side, {self.stage}, and its When Revealed "
                f"effects resolve before round {self.round} begins{note}")
