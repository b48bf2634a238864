"""Events of the effect primitives (`effects`, and the card modules built on them): what a
card ability does to cards and players -- ready, exhaust, heal, resources, drawing and
discarding, moving cards between zones, searching and shuffling, keywords, control, the
prisoner of Escape from Dol Guldur.  Each is caused by a card ability (``cause``), and its
trace step is stamped ``[from <ability>]`` (see `adjudicator.lotr.engine.events`)."""

from __future__ import annotations

from typing import ClassVar

from adjudicator.lotr.engine.events import Event, names, plural


class Readied(Event, kw_only=True):
    """``card`` readies (``paid``: Caught in a Web's hero, after paying ``paid`` resources, ``why``)."""

    KIND: ClassVar[str] = "ready"
    card: str
    paid: int = 0
    why: str = ""

    def describe(self) -> str:
        if self.paid:
            return f"{self.card} readies after paying {self.paid} ({self.why})"
        return f"{self.card} readies"


class Exhausted(Event, kw_only=True):
    KIND: ClassVar[str] = "exhaust"
    card: str

    def describe(self) -> str:
        return f"{self.card} exhausts"


class Healed(Event, kw_only=True):
    KIND: ClassVar[str] = "heal"
    card: str
    amount: int

    def describe(self) -> str:
        return f"{self.amount} damage healed from {self.card}"


class ProgressRemoved(Event, kw_only=True):
    KIND: ClassVar[str] = "remove-progress"
    stage: str
    amount: int

    def describe(self) -> str:
        return f"{self.amount} progress removed from the quest {self.stage}"


class ResourcesAdded(Event, kw_only=True):
    KIND: ClassVar[str] = "resources"
    hero: str
    amount: int

    def describe(self) -> str:
        return f"{self.amount} {plural(self.amount, 'resource')} added to {self.hero}'s pool"


class ResourcesPaid(Event, kw_only=True):
    KIND: ClassVar[str] = "pay"
    hero: str
    amount: int

    def describe(self) -> str:
        return f"{self.hero} pays {self.amount} {plural(self.amount, 'resource')}"


class ResourcesDiscarded(Event, kw_only=True):
    """``player`` discards resources from their heroes' pools: ``asked`` by the effect, ``taken``
    (hero label, n) pairs, ``short`` the part that could not be discarded (FAQ Q28)."""

    KIND: ClassVar[str] = "discard-resources"
    player: str
    asked: int
    taken: tuple[tuple[str, int], ...] = ()
    short: int = 0

    def describe(self) -> str:
        got = ", ".join(f"{n} from {h}" for h, n in self.taken) or "none"
        if self.short:
            return (f"{self.player} must discard {self.asked} {plural(self.asked, 'resource')} but holds only "
                    f"{self.asked - self.short}: discards as many as possible ({got})")
        return f"{self.player} discards {self.asked} {plural(self.asked, 'resource')} ({got})"


class Attached(Event, kw_only=True):
    """``card`` is attached to ``host`` (``to_deck``: to the top of ``host``'s deck, a player)."""

    KIND: ClassVar[str] = "attach"
    card: str
    host: str
    to_deck: bool = False

    def describe(self) -> str:
        if self.to_deck:
            return f"{self.card} is attached to the top of {self.host}'s deck"
        return f"{self.card} is attached to {self.host}"


class DrawReplaced(Event, kw_only=True):
    """Iron Shackles: ``player`` discards ``card`` instead of drawing."""

    KIND: ClassVar[str] = "instead"
    player: str
    card: str

    def describe(self) -> str:
        return f"{self.player} discards {self.card} instead of drawing"


class ThreatSet(Event, kw_only=True):
    """``player``'s threat is treated as ``value`` (the dial reads ``dial``) ``until`` a
    timing point (end_of_phase ...) or while its card is in play (``while_in_play``);
    ``ends``: that is over and the rules read ``value`` (the dial, or an earlier set value)."""

    KIND: ClassVar[str] = "threat-set"
    player: str
    value: int
    dial: int
    until: str = ""
    ends: bool = False

    @property
    def kind(self) -> str:
        return "threat-set-ends" if self.ends else "threat-set"

    def describe(self) -> str:
        if self.ends:
            return f"{self.player}'s threat is no longer treated as set: the rules read {self.value} again"
        how = "while it is in play" if self.until == "while_in_play" else f"until the {self.until.replace('_', ' ')}" if self.until else ""
        return (f"{self.player}'s threat is treated as {self.value}{' ' + how if how else ''} "
                f"(the threat dial stays at {self.dial} and keeps moving)")


class CardsDrawn(Event, kw_only=True):
    KIND: ClassVar[str] = "draw"
    player: str
    count: int

    def describe(self) -> str:
        return f"{self.player} draws {self.count} {plural(self.count, 'card')}"


class Discarded(Event, kw_only=True):
    """``card`` is discarded: from ``player``'s hand (``as_cost``: paying a cost), from its
    ``host``, or from play."""

    KIND: ClassVar[str] = "discard"
    card: str
    player: str = ""
    host: str = ""
    as_cost: bool = False

    def describe(self) -> str:
        if self.as_cost:
            return f"{self.player} discards {self.card} from hand"
        if self.player:
            return f"{self.player} discards {self.card}"
        if self.host:
            return f"{self.card} is discarded from {self.host}"
        return f"{self.card} is discarded from play"


class ReturnedToOwner(Event, kw_only=True):
    """A character leaves play to its owner's (``player``'s) hand, or is shuffled into their deck."""

    KIND: ClassVar[str] = "leaves-play"
    card: str
    player: str
    where: str

    def describe(self) -> str:
        if self.where == "hand":
            return f"{self.card} returns to {self.player}'s hand"
        return f"{self.card} is shuffled into {self.player}'s deck"


class ReturnedToStaging(Event, kw_only=True):
    KIND: ClassVar[str] = "return-to-staging"
    enemy: str

    def describe(self) -> str:
        return f"{self.enemy} returns to the staging area"


class ReturnedToDeckTop(Event, kw_only=True):
    """Wolf Rider, after combat: back on top of the encounter deck."""

    KIND: ClassVar[str] = "return-to-deck"
    card: str

    def describe(self) -> str:
        return (f"after combat (as the combat phase ends and shadow cards are discarded) {self.card} goes back on top of "
                "the encounter deck instead of staying in the discard pile")


class SearchedDeckShuffled(Event, kw_only=True):
    """A deck searched by a card effect (``whose``) is shuffled, the order from ``seed``."""

    KIND: ClassVar[str] = "shuffle"
    whose: str
    seed: int
    top: str

    def describe(self) -> str:
        return f"{self.whose}, searched, is shuffled (order from the seed {self.seed}): {self.top}"


class DeckSearched(Event, kw_only=True):
    """``player`` searches the top ``count`` cards of their deck and takes ``took`` (or nothing)."""

    KIND: ClassVar[str] = "search"
    player: str
    count: int
    took: str = ""

    def describe(self) -> str:
        return (f"{self.player} searches the top {self.count} cards of their deck"
                + (f" and takes {self.took}" if self.took else " and takes nothing"))


class DeckSearchedFor(Event, kw_only=True):
    """``player`` searches their deck for a card titled ``wanted``: ``found`` (its label) or nothing."""

    KIND: ClassVar[str] = "search"
    player: str
    wanted: str
    found: str = ""

    def describe(self) -> str:
        return (f"{self.player} searches their deck for {self.wanted} and finds {self.found}" if self.found
                else f"{self.player} searches their deck for {self.wanted}: there is none in it (a card in a hand or elsewhere is not searched)")


class LookAndTake(Event, kw_only=True):
    """Gandalf's Search: ``looked`` cards of ``player``'s deck looked at; ``taken`` to hand;
    the rest on top (``on_top``) or back in the deck."""

    KIND: ClassVar[str] = "search"
    player: str
    looked: int
    taken: tuple[str, ...]
    on_top: bool

    def describe(self) -> str:
        where = ("the rest back on top in that order, and the deck is not shuffled: the card says where they go" if self.on_top
                 else "the rest back in the deck")
        return (f"{self.looked} {plural(self.looked, 'card')} of {self.player}'s deck looked at; "
                f"{names(self.taken) or 'none'} to {self.player}'s hand, {where}")


class EncounterSearched(Event, kw_only=True):
    """The encounter deck (and its discard pile: ``areas``) searched: ``found``, ``missing``."""

    KIND: ClassVar[str] = "search"
    areas: tuple[str, ...]
    found: tuple[str, ...]
    missing: tuple[str, ...] = ()

    def describe(self) -> str:
        kept = "; the discard pile keeps its order" if len(self.areas) > 1 else ""
        return (f"{' and '.join(self.areas)} searched: {names(self.found) or 'nothing'} found"
                + (f" (not found: {names(self.missing)})" if self.missing else "") + kept)


class AddedToStaging(Event, kw_only=True):
    """Cards added to the staging area, not revealed (no When Revealed, no Guarded)."""

    KIND: ClassVar[str] = "added"
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"{names(self.cards) or 'nothing'} added to the staging area, not revealed: no When Revealed, no Guarded"


class ShuffledIntoEncounterDeck(Event, kw_only=True):
    KIND: ClassVar[str] = "shuffle"
    card: str
    where: str

    def describe(self) -> str:
        return f"{self.card} ({self.where}) is shuffled into the encounter deck"


class DiscardShuffledIn(Event, kw_only=True):
    KIND: ClassVar[str] = "shuffle"
    player: str
    count: int

    def describe(self) -> str:
        return f"{self.player} shuffles {self.count} {plural(self.count, 'card')} from the discard pile into the deck"


class KeywordGained(Event, kw_only=True):
    """``card`` gains ``keyword`` (``value`` for a numbered one; ``total``: what it has in all
    when it already had some)."""

    KIND: ClassVar[str] = "keyword"
    card: str
    keyword: str
    value: int = 1
    numbered: bool = False
    total: int = 0

    def describe(self) -> str:
        text = f"{self.card} gains {self.keyword}{' ' + str(self.value) if self.numbered else ''}"
        if self.total:
            text += f" ({self.keyword} {self.total} in all)"
        return text


class SecondOption(Event, kw_only=True):
    """"Must X or Y" (FAQ 1.44): X cannot be done, so Y is.  ``missing``: the target phrase of
    X that names nothing here; ``first``: X's effect; ``instead``: the effects of Y."""

    KIND: ClassVar[str] = "must-or"
    missing: str = ""
    first: str = ""
    instead: str = ""

    def describe(self) -> str:
        if self.missing:
            return f"nothing here is {self.missing!r}: the {self.first} cannot be done, so {self.instead} resolves instead"
        return "the first option cannot be done, so the second one is"


class PutIntoPlay(Event, kw_only=True):
    KIND: ClassVar[str] = "put-into-play"
    card: str
    player: str

    def describe(self) -> str:
        return f"{self.card} is put into play under {self.player}'s control (not played)"


class ReturnedToHand(Event, kw_only=True):
    KIND: ClassVar[str] = "to-hand"
    card: str

    def describe(self) -> str:
        return f"{self.card} returns from the discard pile to its owner's hand"


class RemovedFromGame(Event, kw_only=True):
    KIND: ClassVar[str] = "removed"
    card: str

    def describe(self) -> str:
        return f"{self.card} is removed from the game"


class ObjectiveClaimed(Event, kw_only=True):
    KIND: ClassVar[str] = "claim"
    player: str
    card: str

    def describe(self) -> str:
        return f"{self.player} claims {self.card} and controls it"


class ControlTaken(Event, kw_only=True):
    KIND: ClassVar[str] = "control"
    player: str
    card: str

    def describe(self) -> str:
        return f"{self.player} takes control of {self.card}"


class Looked(Event, kw_only=True):
    """``player`` looks at ``what`` (``top``: the encounter deck's top card, which stays face down)."""

    KIND: ClassVar[str] = "look"
    player: str
    what: str = ""
    top: str = ""

    def describe(self) -> str:
        if self.top:
            return f"{self.player} looks at the encounter deck's top card, {self.top} (it stays face down, unrevealed)"
        return f"{self.player} looks at {self.what}"


class MovedInEncounterDeck(Event, kw_only=True):
    """``player`` puts ``card`` on the bottom of the encounter deck, or leaves it on top
    (``stays``: moving it is optional)."""

    KIND: ClassVar[str] = "move"
    player: str
    card: str
    stays: bool = False

    def describe(self) -> str:
        if self.stays:
            return f"{self.player} leaves {self.card} on top of the encounter deck (moving it is optional)"
        return f"{self.player} puts {self.card} on the bottom of the encounter deck"


class IconGained(Event, kw_only=True):
    KIND: ClassVar[str] = "gain-icon"
    card: str
    icon: str

    def describe(self) -> str:
        return f"{self.card} has a {self.icon} resource icon too while it applies: their resources may pay for {self.icon} cards"


class TraitGained(Event, kw_only=True):
    """``cards`` gain ``trait`` (``attached_hero``: a constant ability's, on the attached hero)."""

    KIND: ClassVar[str] = "gain-trait"
    cards: tuple[str, ...] = ()
    trait: str
    attached_hero: bool = False

    def describe(self) -> str:
        if self.attached_hero:
            return f"the attached hero has the {self.trait} trait too"
        return f"{names(self.cards)} gains the {self.trait} trait"


class RemovedFromQuest(Event, kw_only=True):
    KIND: ClassVar[str] = "removed-from-quest"
    card: str

    def describe(self) -> str:
        return f"{self.card} is removed from the quest"


class ReplacementCard(Event, kw_only=True):
    """Eleanor: ``card`` is discarded and the next encounter card replaces it."""

    KIND: ClassVar[str] = "replace"
    card: str

    def describe(self) -> str:
        return f"{self.card} is discarded and the next encounter card replaces it"


# ---------------------------------------------------------------------------- Escape from Dol Guldur


class PrisonerTaken(Event, kw_only=True):
    """``hero`` (``player``'s) is turned face down as the prisoner (``how``: drawn at
    random from the seed, or named by the situation)."""

    KIND: ClassVar[str] = "prisoner"
    hero: str
    player: str
    how: str

    def describe(self) -> str:
        return (f"{self.hero} ({self.player}'s hero) is {self.how}, and is turned face down as the prisoner: "
                f"until rescued it cannot be used (no questing, attacking, defending, paying or abilities), cannot be damaged "
                f"and collects no resources; it still belongs to {self.player}")


class PrisonerRescued(Event, kw_only=True):
    KIND: ClassVar[str] = "rescued"
    hero: str
    player: str

    def describe(self) -> str:
        return f"{self.hero} is turned face up: the prisoner is rescued and {self.player} may use it again"


class EntersStaging(Event, kw_only=True):
    """A set-aside card moves into the staging area (not revealed)."""

    KIND: ClassVar[str] = "enters-staging"
    card: str

    def describe(self) -> str:
        return f"{self.card} moves from the set-aside cards into the staging area (it is not revealed)"


class SetAside(Event, kw_only=True):
    """``card`` is taken from the encounter deck and set aside (``already``: the situation
    lists it as set aside)."""

    KIND: ClassVar[str] = "set-aside"
    card: str
    already: bool = False

    def describe(self) -> str:
        if self.already:
            return f"{self.card} is already set aside (the situation lists it under set_aside)"
        return f"{self.card} is taken from the encounter deck and set aside, out of play"


class ToDeckTop(Event, kw_only=True):
    """An encounter card goes from play (``where``) back on top of the encounter deck."""

    KIND: ClassVar[str] = "to-deck-top"
    card: str
    where: str = ""

    def describe(self) -> str:
        return f"{self.card} goes from {self.where} back on top of the encounter deck"
