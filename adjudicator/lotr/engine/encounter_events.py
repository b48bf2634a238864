"""Events of the quest and the encounter: committing, staging and revealing encounter cards
and their keywords (Doomed, Guarded, Surge), quest resolution and advancement,
engagement, damage and destruction, progress and exploring (see `events` for the base
types and docs/events.md for who subscribes)."""

from __future__ import annotations

from typing import ClassVar

from adjudicator.lotr.engine.events import Event, names


# ---------------------------------------------------------------------------- questing


class Committed(Event, kw_only=True):
    """3.2: ``player`` exhausts and commits ``characters`` (all at once), ``willpower`` in
    all; none committed: ``characters`` empty (``none_ready``: they had no ready character)."""

    KIND: ClassVar[str] = "commit"
    player: str
    characters: tuple[str, ...] = ()
    willpower: int = 0
    none_ready: bool = False
    unexhausted: tuple[tuple[str, str], ...] = ()  # (character, the ability by which committing does not exhaust it)

    def describe(self) -> str:
        if self.characters and self.unexhausted:
            stay = "; ".join(f"{c} does not exhaust ({by})" for c, by in self.unexhausted)
            return f"{self.player} commits {names(self.characters)} ({self.willpower} willpower; {stay})"
        if self.characters:
            return f"{self.player} exhausts and commits {names(self.characters)} ({self.willpower} willpower)"
        if self.none_ready:
            return f"{self.player} has no ready character to commit"
        return f"{self.player} commits no characters"


class StagingBegins(Event, kw_only=True):
    """3.3: ``count`` encounter cards to reveal (one per player, fixed now)."""

    KIND: ClassVar[str] = "staging"
    count: int
    extra: int = 0  # more cards a card in play adds to each staging step (``extra_by``)
    extra_by: str = ""

    def describe(self) -> str:
        total = self.count + self.extra
        text = f"staging: {total} encounter card{'s' if total != 1 else ''}, one per player"
        if self.extra:
            text += f" and {self.extra} more for {self.extra_by}"
        return text + " (fixed now)"


class StagingSkipped(Event, kw_only=True):
    """3.3: a card ability says there is no staging step (Ambush on the Shore)."""

    KIND: ClassVar[str] = "staging"

    def describe(self) -> str:
        return "the staging step is skipped for the rest of the game"


class EncounterDeckEmpty(Event, kw_only=True):
    """No encounter card left to reveal (``for_card``: the card whose Surge finds none)."""

    for_card: str = ""

    @property
    def kind(self) -> str:
        return "surge" if self.for_card else "staging"

    def describe(self) -> str:
        if self.for_card:
            return f"{self.for_card} has Surge, but the encounter deck is empty"
        return "no encounter card left to reveal"


class ThreatNotCounted(Event, kw_only=True):
    """3.4: ``card`` in the staging area does not contribute its ``threat`` (a card effect
    ``by`` forbids it: Secret Paths, Radagast's Cunning)."""

    KIND: ClassVar[str] = "threat-not-counted"
    card: str
    threat: int
    by: str

    def describe(self) -> str:
        return f"{self.card} does not contribute its {self.threat} threat ({self.by})"


class QuestResolved(Event, kw_only=True):
    """3.4: committed ``willpower`` against the staging area's ``threat``: success (progress
    follows), failure (each player's threat rises by the difference) or a tie."""

    willpower: int
    threat: int

    @property
    def kind(self) -> str:
        return "quest-success" if self.willpower > self.threat else "quest-failure" if self.threat > self.willpower else "quest-tie"

    @property
    def succeeded(self) -> bool:
        return self.willpower > self.threat

    @property
    def failed(self) -> bool:
        return self.threat > self.willpower

    def describe(self) -> str:
        if self.succeeded:
            return (f"{self.willpower} willpower against {self.threat} threat: the players quest successfully by "
                    f"{self.willpower - self.threat}")
        if self.failed:
            return (f"{self.threat} threat against {self.willpower} willpower: each player raises their threat by "
                    f"{self.threat - self.willpower}")
        return f"{self.willpower} willpower against {self.threat} threat: no progress and no threat"


class StageAdvanced(Event, kw_only=True):
    """The players advance from stage ``from_stage`` (``progress`` of ``quest_points``) to
    ``to_stage``; ``excess`` progress does not carry over."""

    KIND: ClassVar[str] = "quest-advance"
    from_stage: str
    to_stage: str
    progress: int
    quest_points: int
    face_down: bool = False  # the new stage stays on its A side, not revealed yet (engine/quest_stages.py)

    def describe(self) -> str:
        text = (f"{self.from_stage} has {self.progress} progress for {self.quest_points} quest points: "
                f"the players advance to {self.to_stage}")
        excess = self.progress - self.quest_points
        if excess:
            text += f"; {excess} extra progress does not carry over"
        if self.face_down:
            text += f"; {self.to_stage} stays on its A side for now: it is not revealed yet"
        return text


class AdvanceHeldBack(Event, kw_only=True):
    """A stage has its quest points but its own rule forbids advancing (or defeating it) now."""

    KIND: ClassVar[str] = "quest-held"
    stage: str
    progress: int
    quest_points: int
    last: bool
    why: str

    def describe(self) -> str:
        what = "defeat it" if self.last else "advance"
        return (f"{self.stage} has {self.progress} progress for {self.quest_points} quest points, but the players cannot "
                f"{what} yet ({self.why})")


class ProgressPlaced(Event, kw_only=True):
    """``amount`` progress on a location or on the quest stage ``card`` (``on_quest``)."""

    KIND: ClassVar[str] = "progress"
    STAMP: ClassVar[bool] = False
    card: str
    amount: int
    on_quest: bool
    why: str

    def describe(self) -> str:
        if self.on_quest:
            return f"{self.amount} progress on the quest {self.card} ({self.why})"
        return f"{self.amount} progress on {self.card} ({self.why})"


class ProgressForbidden(Event, kw_only=True):
    """``amount`` progress would go on the main quest ``card``, but ``by`` forbids placing progress
    there (Beneath the Sands' Off Track): none is placed."""

    KIND: ClassVar[str] = "progress-forbidden"
    card: str
    amount: int
    by: str

    def describe(self) -> str:
        return f"{self.amount} progress would go on the quest {self.card}, but {self.by} forbids progress on the main quest: none is placed"


# ---------------------------------------------------------------------------- revealing and staging


class EncounterReshuffled(Event, kw_only=True):
    KIND: ClassVar[str] = "reshuffle"
    cards: int

    def describe(self) -> str:
        return (f"the encounter deck is empty: the discard pile ({self.cards} cards) is shuffled back in "
                "(order from the seed)")


class CardRevealed(Event, kw_only=True):
    """An encounter card is revealed and its staging begins (its When Revealed effects and
    keywords follow, then its placement); ``why``: which reveal this is."""

    KIND: ClassVar[str] = "reveal"
    STAMP: ClassVar[bool] = False
    card: str
    card_type: str
    why: str

    def describe(self) -> str:
        return f"{self.card} is revealed ({self.why})"


class LeftPlayAsRevealed(Event, kw_only=True):
    """The card being revealed left play before its keywords and When Revealed effects
    (an enemy destroyed by damage dealt as it is revealed): they do not resolve, and it is
    not placed (FAQ Q50)."""

    KIND: ClassVar[str] = "not-staged"
    card: str
    where: str

    def describe(self) -> str:
        return (f"{self.card} left play as it was revealed (it is in the {self.where}): its keywords and "
                "When Revealed effects do not resolve, and it is not added to the staging area")


class GuardedRevealed(Event, kw_only=True):
    """A Guarded objective revealed for the Guarded keyword of ``objective``: guarded
    itself, it waits while the next card guards ``objective`` first."""

    KIND: ClassVar[str] = "reveal"
    card: str
    objective: str

    def describe(self) -> str:
        return (f"{self.card} is revealed for the Guarded keyword of {self.objective}; it is guarded too, "
                f"so the next card guards {self.objective} first")


class DoomedResolves(Event, kw_only=True):
    KIND: ClassVar[str] = "doomed"
    card: str
    amount: int

    def describe(self) -> str:
        return f"{self.card} has Doomed {self.amount}: each player raises their threat by {self.amount}"


class Staged(Event, kw_only=True):
    """A revealed enemy, location or objective is added to the staging area."""

    KIND: ClassVar[str] = "staged"
    card: str

    def describe(self) -> str:
        return f"{self.card} is added to the staging area"


class TreacheryDiscarded(Event, kw_only=True):
    """A revealed treachery's staging is over: to the encounter discard pile."""

    KIND: ClassVar[str] = "treachery"
    card: str
    replayed: bool = True

    def describe(self) -> str:
        if self.replayed:
            return f"{self.card}'s staging is over: it is placed in the encounter discard pile"
        return (f"{self.card} resolves and goes to the encounter discard pile "
                "(its when-revealed text is card text, not replayed: --no-abilities)")


class CancelledCardDiscarded(Event, kw_only=True):
    """A card cancelled as a whole (FAQ 1.54) is discarded, not staged."""

    KIND: ClassVar[str] = "discarded"
    card: str

    def describe(self) -> str:
        return f"{self.card} was cancelled as a whole: it is discarded, not added to the staging area"


class RemovedInstead(Event, kw_only=True):
    """A card leaving play (``how``: destroyed, discarded with its host...) is removed from the game
    instead of going to a discard pile (a replacement: the Cave Torch)."""

    KIND: ClassVar[str] = "removed"
    card: str
    how: str = ""

    def describe(self) -> str:
        return f"{self.card} leaves play{f' ({self.how})' if self.how else ''} and is removed from the game instead of going to a discard pile"


class BackToStaging(Event, kw_only=True):
    """A card leaving play (``how``) goes back to the staging area instead (a replacement: a detached
    Book of Mazarbul), unclaimed."""

    KIND: ClassVar[str] = "to-staging"
    card: str
    how: str = ""

    def describe(self) -> str:
        return f"{self.card} is detached{f' ({self.how})' if self.how else ''} and returns to the staging area instead of a discard pile"


class StageReplaced(Event, kw_only=True):
    """A card effect puts ``to_stage`` in place of the current stage ``from_stage`` (advancing to a
    different stage of the same number at random, The Nîn-in-Eilph): the old stage goes back into
    the quest deck, its ``lost`` progress and ``discarded`` attachments gone."""

    KIND: ClassVar[str] = "quest-advance"
    from_stage: str
    to_stage: str
    lost: int = 0
    discarded: tuple[str, ...] = ()
    among: tuple[str, ...] = ()

    def describe(self) -> str:
        text = f"the players advance to {self.to_stage}"
        if len(self.among) > 1:
            text += f" (drawn at random among {', '.join(self.among)})"
        text += f"; {self.from_stage} goes back into the quest deck"
        if self.lost:
            text += f", its {self.lost} progress lost"
        if self.discarded:
            text += f", {', '.join(self.discarded)} discarded"
        return text


class StageBypassed(Event, kw_only=True):
    """The players bypass the current stage ``from_stage`` (its own option): its ``lost`` progress
    removed, it goes to the bottom of the quest deck, and ``to_stage``, the next card of the quest
    deck, becomes the current stage."""

    KIND: ClassVar[str] = "quest-bypass"
    from_stage: str
    to_stage: str
    lost: int = 0

    def describe(self) -> str:
        lost = f", its {self.lost} progress removed" if self.lost else ""
        return f"the players bypass {self.from_stage}: it goes to the bottom of the quest deck{lost}; {self.to_stage} is the current stage"


class QuestDeckReset(Event, kw_only=True):
    """A card effect resets the quest deck to stage ``number``: ``to_stage``, a stage the players had
    defeated, is the current stage again; ``returned`` (the current stage ``from_stage`` and any
    stage defeated after ``to_stage``) go back into the quest deck in order, the current stage's
    ``lost`` progress removed first."""

    KIND: ClassVar[str] = "quest-reset"
    from_stage: str
    to_stage: str
    number: int
    lost: int = 0
    returned: tuple[str, ...] = ()

    def describe(self) -> str:
        lost = f"its {self.lost} progress removed, " if self.lost else ""
        return (f"the quest deck is reset to stage {self.number}: {lost}{names(self.returned)} go{'es' if len(self.returned) == 1 else ''} "
                f"back into the quest deck and {self.to_stage} is the current stage again; every other card stays as it is")


class LocationControlled(Event, kw_only=True):
    """``player`` takes control of the location ``card`` as it leaves play explored, instead of its
    going to a discard pile or the victory display: its ``lost`` progress removed, it stays in play in
    front of them (a scenario's rule: The Assault on Osgiliath, Wrath and Ruin)."""

    KIND: ClassVar[str] = "location-control"
    player: str
    card: str
    lost: int = 0

    def describe(self) -> str:
        lost = f", its {self.lost} progress removed" if self.lost else ""
        return f"{self.player} takes control of the explored location {self.card} instead of discarding it{lost}: it stays in play"


class LocationControlLost(Event, kw_only=True):
    """A location ``player`` controlled goes back to the staging area (a card effect, or ``player``
    eliminated): they lose control of it and its ``lost`` progress is removed."""

    KIND: ClassVar[str] = "location-control-lost"
    player: str
    card: str
    lost: int = 0
    eliminated: bool = False

    def describe(self) -> str:
        why = f"{self.player} is eliminated: " if self.eliminated else ""
        lost = f", its {self.lost} progress removed" if self.lost else ""
        return f"{why}{self.card} returns to the staging area and {self.player} loses control of it{lost}"


class HiddenCardTaken(Event, kw_only=True):
    """``player`` takes a hidden card: the top card of the encounter deck (``card``), face down in
    their play area, unseen (The Blood of Gondor)."""

    KIND: ClassVar[str] = "hidden-card"
    player: str
    card: str

    def describe(self) -> str:
        return f"{self.player} takes a hidden card: the top card of the encounter deck ({self.card}) goes face down in their play area, unseen"


class CardFlipped(Event, kw_only=True):
    """A double-sided encounter card in play is turned from side ``before`` to side ``after``; it stays in
    play with its damage, tokens and attachments (The Battle of Carn Dum's ruling on Thaurdir)."""

    KIND: ClassVar[str] = "flipped"
    card: str
    before: str
    after: str

    def describe(self) -> str:
        return f"{self.card} is flipped from {self.before} to {self.after}: it stays in play, its tokens and attachments kept"


class QuestsFromStaging(Event, kw_only=True):
    """A character in the staging area (an objective-ally no player controls) is committed to the quest by
    its own text: its ``willpower`` counts for the players at 3.4 while it stays there."""

    KIND: ClassVar[str] = "quests-from-staging"
    card: str
    willpower: int

    def describe(self) -> str:
        return f"{self.card} is committed to the quest from the staging area: its {self.willpower} willpower counts for the players"


class PerilRevealed(Event, kw_only=True):
    """A card with Peril is revealed: the player revealing it resolves it alone; what it makes happen
    (an attack) goes through the usual steps, their windows open to every player (FAQ Q85)."""

    KIND: ClassVar[str] = "peril"
    card: str

    def describe(self) -> str:
        return (f"{self.card}, about to be revealed, has Peril: the player revealing it resolves it without the other players' counsel; what it makes "
                "happen follows the usual steps, whose action windows and declarations stay open to every player")


class HiddenCardTurned(Event, kw_only=True):
    """``player`` turns the hidden card ``card`` face up: an enemy engages them (``result``
    "engages"), a treachery or location is discarded ("discarded"); one taken while the turning went on
    stays face down ("taken meanwhile": FAQ Q69)."""

    KIND: ClassVar[str] = "hidden-card-turned"
    player: str
    card: str
    card_type: str
    result: str

    def describe(self) -> str:
        if self.result == "taken meanwhile":
            return f"{self.card}, taken while {self.player} turned their hidden cards face up, stays face down: the turning reached only the cards hidden as it began"
        if self.result == "engages":
            return f"{self.player} turns the hidden card {self.card} face up: an enemy, it engages {self.player} at once"
        if self.result == "discarded":
            return f"{self.player} turns the hidden card {self.card} face up: a {self.card_type}, it is discarded at once"
        return f"{self.player} turns the hidden card {self.card} face up: a {self.card_type}, which the rule for hidden cards does not place; it stays face down"


class StageRemoved(Event, kw_only=True):
    """A card effect removes stage ``number`` (``stage``) from the quest deck: set aside, no longer
    part of the scenario."""

    KIND: ClassVar[str] = "stage-removed"
    stage: str
    number: int

    def describe(self) -> str:
        return f"stage {self.number}, {self.stage}, is removed from the quest deck and set aside: the players will advance past it"


class UniqueCopyDiscarded(Event, kw_only=True):
    """A unique encounter card revealed while a copy of it (``copy``) is in play cannot enter
    play: its effects and keywords are ignored and it goes to the encounter discard pile."""

    KIND: ClassVar[str] = "unique-copy"
    card: str
    copy: str

    def describe(self) -> str:
        return (f"{self.card} is revealed, but it is unique and {self.copy} is in play: it cannot enter play, its effects "
                "are ignored and it goes to the encounter discard pile")


class Guarded(Event, kw_only=True):
    """Guarded: ``objective`` is attached to ``guard``; ``guard`` empty: the encounter deck
    is empty and it goes to the staging area unguarded; ``resumes``: a waiting Guarded
    keyword resolves now."""

    KIND: ClassVar[str] = "guarded"
    objective: str
    guard: str = ""
    resumes: bool = False

    def describe(self) -> str:
        if self.resumes:
            return f"now the Guarded keyword of {self.objective} resolves"
        if not self.guard:
            return f"{self.objective} has Guarded but the encounter deck is empty: it goes to the staging area unguarded"
        return f"{self.objective} is attached to {self.guard}, which guards it in the staging area"


class Unguarded(Event, kw_only=True):
    """``objective`` stays in the staging area unguarded: its ``guard`` left play
    (``how`` left), was a treachery that resolved (treachery) or was cancelled (cancelled)."""

    KIND: ClassVar[str] = "unguarded"
    objective: str
    guard: str
    how: str = "left"

    def describe(self) -> str:
        if self.how == "treachery":
            return (f"{self.objective} was guarded by the treachery {self.guard}, which has resolved: "
                    "it stays in the staging area unguarded")
        if self.how == "cancelled":
            return f"{self.objective} was to be guarded by {self.guard}: it stays in the staging area unguarded"
        return f"{self.objective} is no longer guarded and stays in the staging area"


# ---------------------------------------------------------------------------- engagement


class EnemyEngaged(Event, kw_only=True):
    """``enemy`` engages ``player`` (FAQ 1.49: engaging and being engaged are one).  ``how``:
    optional (5.2), check (an engagement check, 5.3, with the ``check`` number, the player's
    ``threat`` and the engagement ``cost``), effect (a card effect: ``cause``), put into play (a card
    effect puts it into play engaged: it has engaged the player, FAQ Q67)."""

    KIND: ClassVar[str] = "engage"
    enemy: str
    player: str
    how: str
    cost: int = 0
    threat: int = 0
    check: int = 0
    facedown: str = ""  # a player card engaging face down (an Orc Guard): whose deck's top card
    face_down_from: str = ""  # where a scenario's face-down enemy's card came from (a Reanimated Dead: "top of discard pile")

    def describe(self) -> str:
        if self.facedown and self.face_down_from:
            return (f"the card at the {self.face_down_from} of {self.player} ({self.facedown}) is turned face down as {self.enemy}, "
                    f"engaged with {self.player} as if it had just engaged them from the staging area")
        if self.how == "optional":
            return (f"{self.player} optionally engages {self.enemy} (engagement cost {self.cost}, threat {self.threat}: "
                    "the cost does not matter)")
        if self.how == "check":
            return (f"engagement check {self.check} for {self.player} (threat {self.threat}): {self.enemy} has the highest "
                    f"engagement cost at or below it ({self.cost}) and engages {self.player}")
        if self.how == "put into play":
            return f"{self.enemy} enters play engaged with {self.player}: it has engaged {self.player}"
        if self.facedown:
            return f"the top card of {self.player}'s deck engages {self.player} face down as {self.enemy} (no traits)"
        return f"{self.player} engages {self.enemy}"


class NoOptionalEngagement(Event, kw_only=True):
    KIND: ClassVar[str] = "optional-engagement"
    player: str

    def describe(self) -> str:
        return f"{self.player} does not engage an enemy optionally"


class NoEngagementChecks(Event, kw_only=True):
    """5.3: a card effect ``by`` says no engagement checks are made (for ``player``, or for
    every player when none is named)."""

    KIND: ClassVar[str] = "engagement-checks-end"
    by: str
    player: str = ""

    def describe(self) -> str:
        who = f"{self.player} makes" if self.player else "the players make"
        return f"{who} no engagement checks ({self.by})"


class EngagementChecksEnd(Event, kw_only=True):
    """5.3: no enemy left in the staging area can engage anyone (``stay``: those that stay,
    with their engagement costs)."""

    KIND: ClassVar[str] = "engagement-checks-end"
    any_engaged: bool
    stay: tuple[tuple[str, int], ...] = ()

    def describe(self) -> str:
        if not self.any_engaged:
            text = "engagement checks: no enemy in the staging area can engage any player"
        else:
            text = "engagement checks end: no enemy left in the staging area can engage any player"
        if self.stay:
            text += f" ({names(f'{e} {c}' for e, c in self.stay)} stay)"
        return text


# ---------------------------------------------------------------------------- damage, destruction, exploring


class DamageDealt(Event, kw_only=True):
    """``amount`` damage placed on ``card`` (``why``: the attack, archery, a card effect)."""

    KIND: ClassVar[str] = "damage"
    STAMP: ClassVar[bool] = False
    card: str
    amount: int
    why: str

    def describe(self) -> str:
        return f"{self.amount} damage to {self.card} ({self.why})"


class IndestructibleHolds(Event, kw_only=True):
    KIND: ClassVar[str] = "indestructible"
    card: str
    damage: int
    hit_points: int
    by: str = ""  # the ability that says it cannot leave play (empty: the Indestructible keyword)

    def describe(self) -> str:
        keeps = f"{self.by} says it cannot leave play, so it stays" if self.by else "Indestructible keeps it"
        return f"{self.card} has {self.damage} damage, at or above its {self.hit_points} hit points, but {keeps} in play"


class Destroyed(Event, kw_only=True):
    """A card is destroyed (the subclasses say which kind of card)."""

    KIND: ClassVar[str] = "destroyed"
    card: str


class CharacterDestroyed(Destroyed, kw_only=True):
    """A character is destroyed and goes to its owner's (``player``'s) discard pile."""

    player: str
    damage: int
    hit_points: int
    to: str = ""  # where it goes when that is not a player's discard pile (an objective-ally: the encounter discard pile)

    def describe(self) -> str:
        if self.to:
            return (f"{self.card} is destroyed ({self.damage} damage, {self.hit_points} hit points) and goes to "
                    f"{self.to}, its owner's")
        return (f"{self.card} is destroyed ({self.damage} damage, {self.hit_points} hit points) and goes to "
                f"{self.player}'s discard pile")


class EnemyDestroyed(Destroyed, kw_only=True):
    """An enemy is destroyed and goes to ``to`` (the victory display, the encounter discard
    pile, or -- a replacement: ``instead`` -- somewhere else).  ``facedown``: the player card
    under a face-down enemy (an Orc Guard), which goes to ``player``'s discard pile."""

    to: str
    instead: bool = False
    facedown: str = ""
    player: str = ""
    engaged_with: str = ""  # the player it was engaged with as it was destroyed (none: the staging area)

    def describe(self) -> str:
        if self.facedown:
            return (f"{self.card} is destroyed: its face-down card, {self.facedown}, is {self.player}'s and goes to "
                    f"{self.player}'s discard pile (not the encounter discard pile)")
        if self.instead:
            return f"{self.card} is destroyed and goes {self.to} instead of the discard pile"
        return f"{self.card} is destroyed and goes to {self.to}"


class Explored(Event, kw_only=True):
    """A location with its quest points in progress is explored: it leaves play to ``to``
    (``instead``: a replacement effect put it there)."""

    KIND: ClassVar[str] = "explored"
    card: str
    to: str
    instead: bool = False

    def describe(self) -> str:
        if self.instead:
            return f"{self.card} is explored and goes {self.to} instead of the discard pile"
        return f"{self.card} is explored and goes to {self.to}"


LEFT_PLAY = {"destroyed": EnemyDestroyed, "explored": Explored}  # how an encounter card left play -> its event
