"""Events of scenario mechanics beyond the core encounter: separate and inactive encounter decks,
and the tests some scenarios make (locate, fortitude, escape).  Split from `encounter_events`;
see docs/events.md for who subscribes."""

from __future__ import annotations

from typing import ClassVar

from adjudicator.lotr.engine.events import Event, names


class EncounterDeckActivated(Event, kw_only=True):
    """The inactive encounter deck ``deck`` becomes the active encounter deck: the old deck and its discard
    pile (``removed`` cards) leave the game, with the encounter cards in play named in ``in_play``."""

    KIND: ClassVar[str] = "encounter-deck-activated"
    deck: str
    removed: int
    in_play: tuple[str, ...] = ()

    def describe(self) -> str:
        text = (f"the {self.deck} deck becomes the active encounter deck; the old encounter deck and its discard pile "
                f"({self.removed} cards) are set aside, inactive, out of the game")
        if self.in_play:
            text += f", with the encounter cards in play: {', '.join(self.in_play)}"
        return text


class InactiveDeckUntouched(Event, kw_only=True):
    """An effect would reveal from the inactive deck ``deck``: nothing interacts with an inactive deck."""

    KIND: ClassVar[str] = "inactive-deck"
    deck: str

    def describe(self) -> str:
        return f"the {self.deck} deck is inactive: no effect interacts with it until a quest card makes it the active encounter deck"


class SeparateDeckReshuffled(Event, kw_only=True):
    """The separate deck ``deck`` is empty: its own discard pile (``cards``) is shuffled back in at once."""

    KIND: ClassVar[str] = "reshuffle"
    deck: str
    cards: int

    def describe(self) -> str:
        return f"the {self.deck} deck is empty: its own discard pile ({self.cards} cards) is shuffled back in at once"


class ToSeparateDeckDiscard(Event, kw_only=True):
    """``card``, from the separate deck ``deck``, leaves play (``how``) and goes where that deck's
    rule says (``to``), victory points or not."""

    KIND: ClassVar[str] = "separate-deck-card"
    card: str
    deck: str
    how: str
    to: str

    def describe(self) -> str:
        return f"{self.card} ({self.how}) came from the {self.deck} deck: it goes to {self.to}, as that deck's rule says"


class LocateTest(Event, kw_only=True):
    """A locate test (The Long Dark): ``player`` discarded ``from_hand`` from their hand, one at a time, each
    discarding the top encounter card (``discarded``) until one shows PASS (``passed``) or they stop."""

    KIND: ClassVar[str] = "locate-test"
    player: str
    from_hand: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    passed: bool = False

    def describe(self) -> str:
        tries = ", ".join(f"{h} for {d}" for h, d in zip(self.from_hand, self.discarded)) or "no card discarded"
        verdict = "it passes on PASS" if self.passed else "no PASS: the test fails"
        return f"{self.player} makes a locate test ({tries}): {verdict}"


class FortitudeTest(Event, kw_only=True):
    """A Fortitude test (Mount Doom): ``player`` commits ``committed`` heroes (exhausting them), discards
    ``discarded`` from the encounter deck (the tens digit of their threat) showing ``eyes`` Sauron's Eye
    icons; then (``result``) the committed ``willpower`` against the eyes: ``passed`` when higher."""

    KIND: ClassVar[str] = "fortitude-test"
    player: str
    committed: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    eyes: int = 0
    willpower: int = 0
    passed: bool = False
    result: bool = False

    def describe(self) -> str:
        if self.result:
            verdict = "passes" if self.passed else "fails"
            return (f"{self.player}'s Fortitude test: {self.willpower} willpower of {', '.join(self.committed) or 'no hero'} "
                    f"against {self.eyes} Sauron's Eye icons: it {verdict}")
        return (f"{self.player} makes a Fortitude test: commits {', '.join(self.committed) or 'no hero'} (exhausted) and discards "
                f"{len(self.discarded)} encounter cards ({', '.join(self.discarded) or 'none'}): {self.eyes} Sauron's Eye icons; "
                "the players may act before the result")


class EscapeTest(Event, kw_only=True):
    """An escape test (The Dead Marshes): ``player`` commits ``committed`` (``willpower`` in all),
    ``dealt`` cards with ``escape`` in all; ``passed`` when the willpower is higher.  ``after``: the
    dealt cards go to the encounter discard pile once the test is over."""

    KIND: ClassVar[str] = "escape-test"
    player: str
    committed: tuple[str, ...] = ()
    willpower: int = 0
    dealt: tuple[str, ...] = ()
    escape: int = 0
    passed: bool = False
    after: bool = False

    def describe(self) -> str:
        if self.after:
            return f"the cards dealt for the escape test ({names(self.dealt)}) go to the encounter discard pile"
        who = f"{names(self.committed)} ({self.willpower} willpower)" if self.committed else "no character (0 willpower)"
        dealt = f"{names(self.dealt)} dealt (escape {self.escape} in all)" if self.dealt else "no card dealt (escape 0)"
        verdict = "higher: the test is passed" if self.passed else "not higher: the test is failed"
        return f"{self.player} makes an escape test, committing {who}; {dealt}; the willpower is {verdict}"
