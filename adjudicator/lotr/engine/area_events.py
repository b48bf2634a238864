"""Events of separate staging areas, several quest stages in play, side quests and rival quest
decks (engine/staging_areas.py, quest_stages.py, rival_areas.py).  Split from `encounter_events`;
see docs/events.md for who subscribes."""

from __future__ import annotations

from typing import ClassVar

from adjudicator.lotr.engine.events import Event


class AreaPhaseBegins(Event, kw_only=True):
    """With separate staging areas, ``phase`` resolves at the staging area ``area`` as if only its
    ``players`` were in the game (engine/staging_areas.py)."""

    KIND: ClassVar[str] = "staging-area"
    phase: str
    area: str
    players: tuple[str, ...]

    def describe(self) -> str:
        who = ", ".join(self.players[:-1]) + " and " + self.players[-1] if len(self.players) > 1 else "".join(self.players)
        return f"the {self.phase} phase resolves at {self.area} as if only {who} were in the game"


class AreasJoined(Event, kw_only=True):
    """The players of staging area ``area`` join those of ``into``: its encounter cards (``moved``) are
    added to that staging area, their engaged enemies stay engaged (``kept``), its active location
    (``discarded``) is discarded, its quest stage (``stage``) leaves play; ``how``: join or combine."""

    KIND: ClassVar[str] = "staging-area-joined"
    area: str
    into: str
    players: tuple[str, ...]
    moved: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    discarded: str = ""
    stage: str = ""
    how: str = "join"

    def describe(self) -> str:
        who = " and ".join(self.players)
        one = len(self.players) == 1
        verb = ("combine" + ("s" if one else "") + " their staging area with") if self.how == "combine" else ("joins" if one else "join")
        out = f"{who} {verb} {self.into}"
        out += f": {', '.join(self.moved)} added to it" if self.moved else ": no encounter card to move"
        if self.kept:
            out += f"; {', '.join(self.kept)} stay engaged"
        if self.discarded:
            out += f"; the active location left behind, {self.discarded}, is discarded"
        return out


class AreaNoneToJoin(Event, kw_only=True):
    """The players of ``area`` would join another staging area, but there is none: they go on to the next stage."""

    KIND: ClassVar[str] = "staging-area-joined"
    area: str

    def describe(self) -> str:
        return f"there is no other staging area for {self.area} to join: its players go on to the next stage"



class StageFlipped(Event, kw_only=True):
    """A quest stage left on its A side when the players advanced to it (a scenario's shuffled stage 2 cards) is
    flipped to its B side at the moment the scenario names (``at``): its When Revealed effects resolve now."""

    KIND: ClassVar[str] = "quest-flip"
    stage: str
    at: str

    def describe(self) -> str:
        return f"{self.stage} is flipped to its B side at {self.at}: it is revealed now, and its When Revealed effects resolve"


class CurrentStageChosen(Event, kw_only=True):
    """With several quest stages in play, ``player`` (the first player) chooses ``stage`` as the current one; the
    ``others`` stay in play, their text active."""

    KIND: ClassVar[str] = "current-stage"
    stage: str
    player: str
    others: tuple[str, ...] = ()

    def describe(self) -> str:
        rest = (f"; {', '.join(self.others)} {'stays' if len(self.others) == 1 else 'stay'} in play, "
                f"{'its' if len(self.others) == 1 else 'their'} text active") if self.others else ""
        return f"{self.player} chooses {self.stage} as the current quest stage: progress goes on it alone{rest}"


class StageCompleted(Event, kw_only=True):
    """The current stage (``progress`` of ``quest_points``) is completed while ``others`` are still in play: it
    leaves play defeated."""

    KIND: ClassVar[str] = "quest-advance"
    stage: str
    progress: int
    quest_points: int
    others: tuple[str, ...] = ()

    def describe(self) -> str:
        return (f"{self.stage} has {self.progress} progress for {self.quest_points} quest points: it is completed and leaves play; "
                f"{', '.join(self.others)} {'is' if len(self.others) == 1 else 'are'} still in play")


class AreaChosen(Event, kw_only=True):
    """``player`` chooses the staging area (the stage) ``area`` for this round (``before``: where they were);
    the enemies engaged with them (``kept``) stay engaged."""

    KIND: ClassVar[str] = "staging-area-chosen"
    player: str
    area: str
    before: str = ""
    kept: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.area == self.before:
            return f"{self.player} stays at {self.area} this round"
        out = f"{self.player} moves from {self.before} to {self.area} for this round"
        return out + (f"; {', '.join(self.kept)} stay engaged with {self.player}" if self.kept else "")


class SideQuestDefeated(Event, kw_only=True):
    """The side quest ``card`` (the current quest, ``progress`` of ``quest_points``) is defeated: it goes to the
    victory display, the players do not advance, and ``main`` is the current quest again."""

    KIND: ClassVar[str] = "side-quest-defeated"
    card: str
    progress: int
    quest_points: int
    main: str = ""
    flipped_to: str = ""  # a double-sided side quest turned over instead, staying in the staging area

    def describe(self) -> str:
        if self.flipped_to:
            return (f"the side quest {self.card} is defeated and turned over: as {self.flipped_to} it stays in the staging area"
                    + (f"; the players do not advance, and {self.main} is the current quest again" if self.main else ""))
        extra = self.progress - self.quest_points
        out = f"the side quest {self.card} is defeated ({self.progress} progress for {self.quest_points} quest points) and goes to the victory display"
        out += f"; {extra} extra progress is discarded with it" if extra > 0 else ""
        return out + (f"; the players do not advance, and {self.main} is the current quest again" if self.main else "")


class SideQuestEnds(Event, kw_only=True):
    """The quest phase ends: the side quest ``card`` is no longer the current quest; it goes back to the staging
    area with its progress, and ``main`` is the current quest again."""

    KIND: ClassVar[str] = "current-stage"
    card: str
    main: str

    def describe(self) -> str:
        return f"the quest phase is over: {self.card} goes back to the staging area with its progress, and {self.main} is the current quest again"


class MovedBetweenAreas(Event, kw_only=True):
    """``card`` moves ``direction`` (west or east) from the staging area ``from_area`` to ``to_area``, the nearest
    that way (The Siege of Erebor); ``to_area`` empty: there is none that way, and it stays."""

    KIND: ClassVar[str] = "moves"
    card: str
    direction: str
    from_area: str
    to_area: str = ""

    def describe(self) -> str:
        if not self.to_area:
            return f"{self.card} would move {self.direction}, but there is no staging area {self.direction} of {self.from_area}: it stays"
        return f"{self.card} moves {self.direction}, from {self.from_area} to {self.to_area}"


class SideQuestFlipped(Event, kw_only=True):
    """A double-sided side quest ``card`` is turned over (``when``: defeated, or chosen as the current quest): it
    is now ``after``, the design on its other side."""

    KIND: ClassVar[str] = "side-quest-flipped"
    card: str
    before: str
    after: str
    when: str

    def describe(self) -> str:
        return f"{self.card} is turned over: {self.before} becomes {self.after}"


class RivalAreaJoins(Event, kw_only=True):
    """The players are at the rival's stage (``stage``): the cards of its area ``area`` are in the staging area now;
    ``apart``: the stages differ again and those still there go back to its area."""

    KIND: ClassVar[str] = "rival-area"
    area: str
    stage: str
    cards: tuple[str, ...] = ()
    apart: bool = False

    def describe(self) -> str:
        what = ", ".join(self.cards) or "no card"
        if self.apart:
            return f"the players and {self.area} are no longer at the same stage: {what} go back to {self.area}, out of the staging area"
        return f"the players are at the same stage as {self.area} ({self.stage}): {what} are in the staging area now"


class RivalProgress(Event, kw_only=True):
    """The rival's stage ``stage`` (of ``area``) discards the top encounter card ``discarded`` and takes its
    ``threat`` (plus ``area_threat``, the threat in its area) as progress, ``amount`` in all."""

    KIND: ClassVar[str] = "rival-progress"
    area: str
    stage: str
    discarded: str
    threat: int
    area_threat: int = 0
    amount: int = 0

    def describe(self) -> str:
        plus = f" plus {self.area_threat} threat in {self.area}" if self.area_threat else ""
        return f"{self.stage} ({self.area}) discards {self.discarded} from the encounter deck and takes its threat ({self.threat}){plus}: {self.amount} progress"


class RivalAdvances(Event, kw_only=True):
    """The rival's stage has its quest points in progress: ``area`` advances to the next stage of its own deck."""

    KIND: ClassVar[str] = "rival-advance"
    area: str
    from_stage: str
    to_stage: str
    progress: int
    quest_points: int

    def describe(self) -> str:
        return f"{self.from_stage} has {self.progress} progress for {self.quest_points} quest points: {self.area} advances to {self.to_stage}"
