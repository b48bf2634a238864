"""Events of card abilities themselves: initiated, ordered at a moment (``timing``), not
resolved and why, cancelled, replaced, delayed, lasting, constant, restrictions and
permissions (see `adjudicator.lotr.engine.events` for the base types, `effect_events` for
what the effect primitives do to cards and players, docs/events.md for the list).

Every one is caused by a card ability: ``cause`` is set, and the trace step is stamped
``[from <ability>]``, unless the class says otherwise.
"""

from __future__ import annotations

from typing import ClassVar

from msgspec import Struct

from adjudicator.lotr.engine.events import Event, names


class Initiated(Event, kw_only=True):
    """An ability is initiated (a player's card: by ``player``) or resolves (an encounter or
    quest card's): ``says`` is its card text."""

    KIND: ClassVar[str] = "initiate"
    player: str = ""
    says: str

    def describe(self) -> str:
        return f"{self.player + ' initiates it' if self.player else 'it resolves'}: {self.says}"


class NotResolved(Event, kw_only=True):
    """An ability, or one of its effects, does not resolve (in full): ``why``."""

    KIND: ClassVar[str] = "not-resolved"
    why: str

    def describe(self) -> str:
        return self.why


class OrderRow(Struct, frozen=True, kw_only=True):
    """One ability at a moment, in resolution order: its ``label``, ``controller``, timing
    ``tier`` and ``why`` it comes there."""

    label: str
    controller: str
    tier: str
    why: str


class Timing(Event, kw_only=True):
    """The abilities triggered at one moment (``moment``), in the order they resolve (the
    timing sort key, `timing.order`), and those considered and not used, with the reason.
    ``own_order``: several responses of one player resolve in the order they chose (FAQ Q2)."""

    KIND: ClassVar[str] = "timing"
    STAMP: ClassVar[bool] = False
    moment: str
    rows: tuple[OrderRow, ...] = ()
    not_used: tuple[tuple[str, str], ...] = ()
    own_order: bool = False

    def describe(self) -> str:
        if not self.rows:
            text = f"{self.moment}: no ability is used"
        elif len(self.rows) == 1:
            text = f"{self.moment}: {self.rows[0].label} triggers, the only ability at this moment"
        else:
            text = f"{self.moment}: " + "; ".join(
                f"{i}. {row.label}{' by ' + row.controller if row.controller not in ('', 'encounter') else ''} ({row.tier}: {row.why})"
                for i, row in enumerate(self.rows, 1))
            if self.own_order:
                text += "; each player's own responses in the order they chose"
        for label, reason in self.not_used:
            text += f"; not used: {label} ({reason}{': no declared use' if reason == 'its player passes' else ''})"
        return text


class DelayedOrder(Event, kw_only=True):
    """Delayed effects at their moment (``at``), in order (``labels``); several at once are
    ordered by the first player (``first``)."""

    KIND: ClassVar[str] = "timing"
    STAMP: ClassVar[bool] = False
    at: str
    labels: tuple[str, ...]
    first: str = ""

    def describe(self) -> str:
        text = f"the {self.at.replace('_', ' ')}: " + "; ".join(f"{i}. {label}" for i, label in enumerate(self.labels, 1))
        if len(self.labels) > 1:
            text += f" (the first player, {self.first}, orders simultaneous delayed effects)"
        return text


class NotCancelled(Event, kw_only=True):
    """A cancel was not initiated (its cost unpaid), so ``label`` resolves normally."""

    KIND: ClassVar[str] = "not-cancelled"
    STAMP: ClassVar[bool] = False
    canceller: str
    label: str

    def describe(self) -> str:
        return f"{self.canceller} was not initiated, so nothing cancels {self.label}: it resolves normally"


class Cancelled(Event, kw_only=True):
    """``target``'s ``what`` (effect, card, shadow) is cancelled; ``left``: what that leaves."""

    KIND: ClassVar[str] = "cancel"
    target: str
    what: str
    left: tuple[str, ...]

    def describe(self) -> str:
        return f"cancels the {self.what} of {self.target}: " + "; ".join(self.left)


class Replaced(Event, kw_only=True):
    """An occurrence resolves as a replacement effect (the most recent of several)."""

    KIND: ClassVar[str] = "instead"
    occurrence: str
    superseded: tuple[str, ...] = ()

    def describe(self) -> str:
        text = f"{self.occurrence} is replaced"
        if self.superseded:
            text += f"; the most recent replacement is used, not {names(self.superseded)}"
        return text


class DelayedWaits(Event, kw_only=True):
    KIND: ClassVar[str] = "delayed"
    at: str

    def describe(self) -> str:
        return f"a delayed effect waits for the {self.at.replace('_', ' ')}"


class DelayedResolves(Event, kw_only=True):
    KIND: ClassVar[str] = "delayed"
    at: str

    def describe(self) -> str:
        return f"the delayed effect resolves at the {self.at.replace('_', ' ')}"


class OptionPicked(Event, kw_only=True):
    """"Either ... or ...": ``player`` picks ``option``."""

    KIND: ClassVar[str] = "option"
    player: str
    option: str

    def describe(self) -> str:
        return f"{self.player} picks the option {self.option!r}"


class RandomPick(Event, kw_only=True):
    """A random pick a cost makes (``count`` cards of ``player``'s hand), from the seed."""

    KIND: ClassVar[str] = "random"
    player: str
    count: int

    def describe(self) -> str:
        return f"{self.count} card{'s' if self.count != 1 else ''} of {self.player}'s hand picked at random (order from the seed)"


class NextStageAtRandom(Event, kw_only=True):
    """A Fork in the Road: the next stage is ``stage``, at random (the seed); ``set_aside``:
    the path not taken."""

    KIND: ClassVar[str] = "random"
    stage: str
    set_aside: tuple[str, ...]

    def describe(self) -> str:
        return (f"the next stage is {self.stage}, at random (the order from the seed); "
                f"{names(self.set_aside)} is set aside")


# ---------------------------------------------------------------------------- restrictions, lasting and constant effects


class Restricted(Event, kw_only=True):
    """A "cannot": ``target`` cannot ``what`` (absolute: nothing overrides it)."""

    KIND: ClassVar[str] = "cannot"
    target: str
    what: str
    kept: tuple[str, ...] = ()  # cards of the kind it forbids playing that are already in play: they stay

    def describe(self) -> str:
        text = f"{self.target} cannot {self.what}"
        if self.kept:
            text += f"; already in play, {', '.join(self.kept)} stay{'s' if len(self.kept) == 1 else ''} (a play restriction is checked as a card enters play)"
        return text


class RestrictionEnds(Event, kw_only=True):
    KIND: ClassVar[str] = "lasting-ends"
    until: str

    def describe(self) -> str:
        return f"the restriction ends ({self.until.replace('_', ' ')})"


class Modified(Event, kw_only=True):
    """``card``'s ``stat`` gets a modifier (``how`` ``value``): ``before`` -> ``after``,
    recomputed from the base value (Modifiers)."""

    KIND: ClassVar[str] = "modifier"
    card: str
    stat: str
    how: str
    value: int
    before: int
    after: int

    def describe(self) -> str:
        word = {"add": f"+{self.value}", "subtract": f"-{self.value}", "set": f"set to {self.value}",
                "double": "doubled", "halve": "halved"}[self.how]
        return f"{self.card} {self.stat} {word}: {self.before} → {self.after}"


class LastingEstablished(Event, kw_only=True):
    """A lasting modifier until ``until`` (``dynamic``: an encounter card's, reaching later
    arrivals and recalculated; else the set is fixed now: ``player_card`` says why)."""

    KIND: ClassVar[str] = "lasting"
    until: str
    stat: str
    how: str
    dynamic: bool
    player_card: bool

    def describe(self) -> str:
        cls = "an encounter card's lasting effect: it reaches later arrivals and is recalculated" if self.dynamic else (
            "a player card's lasting effect: only the cards there now, value fixed now" if self.player_card
            else "its text limits it to the cards there now: the set is fixed now")
        return f"lasting until {self.until.replace('_', ' ')}: {self.stat} {self.how} ({cls})"


class LastingApplied(Event, kw_only=True):
    """A lasting effect (re)applied: each card's ``stat`` (label, before, after)."""

    KIND: ClassVar[str] = "lasting"
    values: tuple[tuple[str, int, int], ...]
    floored: tuple[str, ...] = ()  # cards whose value stops at 0 instead of going below (FAQ 1.43)

    def describe(self) -> str:
        text = "applies to: " + ", ".join(f"{c} {b}→{a}" for c, b, a in self.values)
        if self.floored:
            text += f" ({', '.join(self.floored)} cannot go below 0)"
        return text


class LastingEnds(Event, kw_only=True):
    KIND: ClassVar[str] = "lasting-ends"
    until: str

    def describe(self) -> str:
        return f"the lasting effect ends ({self.until.replace('_', ' ')})"


class ConstantApplied(Event, kw_only=True):
    """A constant ability applies: ``card``'s ``stat`` ``before`` -> ``after``
    (``while_in_play``: kept up to date while its card is in play)."""

    KIND: ClassVar[str] = "constant"
    card: str
    stat: str
    before: int
    after: int
    while_in_play: bool = False

    def describe(self) -> str:
        return f"{self.card} {self.stat} {self.before} → {self.after}" + (" (while it is in play)" if self.while_in_play else "")


class ConstantEnds(Event, kw_only=True):
    KIND: ClassVar[str] = "constant-ends"
    card: str
    stat: str
    before: int
    after: int

    def describe(self) -> str:
        return f"no longer applies: {self.card} {self.stat} {self.before} → {self.after}"


class AttackPermission(Event, kw_only=True):
    """A character may target a staging-area enemy with an attack (``how``: on what terms)."""

    KIND: ClassVar[str] = "permission"
    card: str
    how: str = ""

    def describe(self) -> str:
        return (f"{self.card} may target a staging-area enemy with an attack{self.how} "
                "(checked when an attack is declared, step 6.8b)")


class DefendersPermission(Event, kw_only=True):
    """Until the end of ``phase``, ``player`` may declare any number of defenders."""

    KIND: ClassVar[str] = "lasting"
    player: str
    phase: str

    def describe(self) -> str:
        return (f"until the end of the {self.phase} phase, {self.player} may declare any number of defenders "
                "against each enemy attack on them (each defender exhausts; the defense is pooled and all the damage "
                "goes to one of them)")


# ---------------------------------------------------------------------------- the rules printed on encounter and quest cards


class ShadowVersion(Event, kw_only=True):
    """A shadow effect worded for an undefended attack: which version resolves."""

    enemy: str
    undefended: bool

    @property
    def kind(self) -> str:
        return "shadow-undefended" if self.undefended else "shadow-defended"

    def describe(self) -> str:
        if self.undefended:
            return f"the attack of {self.enemy} is undefended: the shadow effect resolves in its undefended version"
        return f"the attack of {self.enemy} has a defender: the shadow effect resolves without its undefended version"


class Blanked(Event, kw_only=True):
    """``card``'s text box is treated as blank until ``until``; ``back``: its text is active again."""

    KIND: ClassVar[str] = "blank"
    card: str
    until: str = ""
    back: bool = False

    def describe(self) -> str:
        if self.back:
            return f"{self.card}'s text box is active again"
        return f"{self.card}'s text box is treated as blank until {self.until.replace('_', ' ')}: its abilities are inactive"


class AttachmentsShed(Event, kw_only=True):
    """``card`` cannot have attachments again: ``discarded`` go to their owners' discard piles (FAQ 1.56)."""

    KIND: ClassVar[str] = "discard"
    card: str
    discarded: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"{self.card} cannot have attachments: {', '.join(self.discarded)} discarded at once"


class OutOfPlay(Event, kw_only=True):
    """``card`` is treated as out of play, with ``attached`` (Saruman); ``back``: in the staging area again."""

    KIND: ClassVar[str] = "out-of-play"
    card: str
    attached: tuple[str, ...] = ()
    back: bool = False

    def describe(self) -> str:
        with_ = f", with {', '.join(self.attached)} attached to it" if self.attached else ""
        if self.back:
            return f"{self.card} is back in the staging area{with_}: the card whose effect held it out of play has left play"
        return f"{self.card} is treated as out of play{with_}"


class Poisoned(Event, kw_only=True):
    """``card`` is given ``amount`` poison (``total`` now)."""

    KIND: ClassVar[str] = "poison"
    card: str
    amount: int
    total: int

    def describe(self) -> str:
        return f"{self.card} is given {self.amount} poison ({self.total} in all)"


class MadeUnconscious(Event, kw_only=True):
    """``card``'s poison reached its printed hit points: it is unconscious, its poison to its
    owner's discard pile; ``woken``: an effect readying an unconscious character ended it."""

    KIND: ClassVar[str] = "unconscious"
    card: str
    poison: int
    hit_points: int
    woken: bool = False

    def describe(self) -> str:
        if self.woken:
            return f"{self.card} is readied and is no longer unconscious"
        return (f"{self.card} has {self.poison} poison, its printed hit points: it is unconscious (turned upside down), its "
                "poison to its owner's discard pile; it cannot quest, attack, defend, collect resources or ready")


class TypeChanged(Event, kw_only=True):
    """``card`` is a ``now`` (no longer a ``was``) while a constant ability applies, or again as printed."""

    KIND: ClassVar[str] = "type-changed"
    card: str
    was: str
    now: str

    def describe(self) -> str:
        return f"{self.card} is now a{'n' if self.now[:1] in 'aeiou' else ''} {self.now}, no longer a{'n' if self.was[:1] in 'aeiou' else ''} {self.was}"


class DamageMoved(Event, kw_only=True):
    """``amount`` damage assigned to ``card`` is placed on ``to`` instead (Dori)."""

    KIND: ClassVar[str] = "instead"
    card: str
    to: str
    amount: int

    def describe(self) -> str:
        return f"the {self.amount} damage assigned to {self.card} is placed on {self.to} instead"


class HealCapped(Event, kw_only=True):
    """One effect would heal ``wanted`` damage on ``card``; a restriction (``by``) caps it at ``cap``."""

    KIND: ClassVar[str] = "heal-capped"
    card: str
    wanted: int
    cap: int
    by: str

    def describe(self) -> str:
        return f"{self.card} cannot be healed of more than {self.cap} damage by one effect ({self.by}): this one heals {self.cap}, not {self.wanted}"


class MovedToBottom(Event, kw_only=True):
    """``card``, the top card of ``player``'s deck, goes to the bottom of that deck (not played)."""

    KIND: ClassVar[str] = "to-bottom"
    card: str
    player: str

    def describe(self) -> str:
        return f"{self.card} goes from the top to the bottom of {self.player}'s deck"


class FacedownToOwner(Event, kw_only=True):
    """``enemy``, a face-down player card, would return to the staging area: ``card`` goes to
    ``player``'s discard pile instead (the erratum of Core 125)."""

    KIND: ClassVar[str] = "instead"
    enemy: str
    card: str
    player: str

    def describe(self) -> str:
        return (f"{self.enemy} would go back to the staging area: its face-down card, {self.card}, goes to "
                f"{self.player}'s discard pile instead")


class HeroLent(Event, kw_only=True):
    """``hero``, ``owner``'s, is controlled by ``to`` until ``until``; ``back``: the loan is over."""

    KIND: ClassVar[str] = "lent"
    hero: str
    owner: str
    to: str
    until: str = ""
    back: bool = False

    def describe(self) -> str:
        if self.back:
            return f"the loan is over: {self.hero} comes back under {self.owner}'s control"
        return f"{self.owner} gives {self.to} control of {self.hero} until {self.until.replace('_', ' ')} (still {self.owner}'s)"


class SpendingAllowed(Event, kw_only=True):
    """Until the end of the phase ``player`` may pay for ``sphere`` cards from any hero's pool."""

    KIND: ClassVar[str] = "spending-allowed"
    player: str
    sphere: str

    def describe(self) -> str:
        return (f"until the end of the phase {self.player} may spend any hero's resources on {self.sphere} cards "
                f"(a {self.sphere} card with no cost still needs a {self.sphere} hero)")


class XFromCost(Event, kw_only=True):
    """X is ``x``: the number of cards a cost exhausted (``cards``), each counting once."""

    KIND: ClassVar[str] = "x-set"
    x: int
    cards: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"X is {self.x}: the number of cards the cost exhausted ({', '.join(self.cards) or 'none'}), each one card"


class MadeActive(Event, kw_only=True):
    """A card effect makes ``card`` the active location, taken from ``where`` (the staging
    area, the victory display: FAQ Q32, or the set-aside cards)."""

    KIND: ClassVar[str] = "made-active"
    card: str
    where: str

    def describe(self) -> str:
        return f"{self.card} comes from {self.where} and becomes the active location"


class CancelledNotRevealed(Event, kw_only=True):
    """``card`` was cancelled as a whole: it counts as never revealed, so the Forced effects
    after a card is revealed (``waiting``) do not answer it (FAQ 1.54)."""

    KIND: ClassVar[str] = "not-revealed"
    card: str
    waiting: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"{self.card} was cancelled as a whole and counts as never revealed: {', '.join(self.waiting)} does not resolve"


class DealtNotRevealed(Event, kw_only=True):
    """``card``, an enemy, is dealt as a shadow card: dealt, not revealed, so the Forced effects
    after an enemy is revealed (``waiting``: their labels) do not answer it."""

    KIND: ClassVar[str] = "not-revealed"
    card: str
    waiting: tuple[str, ...] = ()

    def describe(self) -> str:
        return (f"{self.card}, an enemy, is dealt as a shadow card, not revealed from the encounter deck: "
                f"{', '.join(self.waiting)} does not resolve")


class NoShadowText(Event, kw_only=True):
    KIND: ClassVar[str] = "shadow-no-effect"
    STAMP: ClassVar[bool] = False
    card: str

    def describe(self) -> str:
        return f"{self.card} has no Shadow text: as a shadow card only that text is active, so nothing happens"


class ExcessDamage(Event, kw_only=True):
    """Hill Troll: ``amount`` damage beyond what ``target`` can take raises ``player``'s threat."""

    KIND: ClassVar[str] = "excess-damage"
    amount: int
    target: str
    player: str

    def describe(self) -> str:
        return f"{self.amount} damage beyond what {self.target} can take raises {self.player}'s threat instead"


class NoEnemiesLeft(Event, kw_only=True):
    """Ambush on the Shore: no enemy is left in play (the players win)."""

    KIND: ClassVar[str] = "quest-rule"

    def describe(self) -> str:
        return "no enemy is left in play"
