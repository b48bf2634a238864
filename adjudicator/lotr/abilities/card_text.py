"""The cards' text in a replay: which abilities a card has (the card library, errata applied
or printed, and the situation's own cards).  `CardText` is the base of the hooks that know
the cards' abilities (`framework_hooks`, `triggers`)."""

from __future__ import annotations

from adjudicator.engine.situation import fold
from adjudicator.lotr.abilities.load import library
from adjudicator.lotr.abilities.model import Ability
from adjudicator.lotr.abilities.ruling_points import about_card, on_point
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.hooks import Hooks
from adjudicator.lotr.engine.state import Card


class CardText(Hooks):
    """Hooks that know each card's abilities."""

    def __init__(self, version: str = "errata", extra_cards: list | None = None) -> None:
        self.version = version
        self.lib = dict(library(version))
        for extra in extra_cards or ():
            self.lib[fold(extra.name)] = extra

    def abilities(self, card: Card) -> list[Ability]:
        entry = self.lib.get(fold(card.card.design_key))  # a second design of one title has its own key
        if getattr(card, "blank", ""):  # its text box treated as blank: no ability of it is active (Blank) ...
            # ... but a card's own condition of defeat, which no card effect can modify (Intruders in Chetwood: Iarion)
            return [a for a in entry.abilities if a.effects and all(e.op == "lose_game" for e in a.effects)] if entry else []
        return entry.abilities if entry else []

    def attach_to(self, card: Card) -> str:
        """The attachment's "Attach to" phrase (a character when the data names none)."""
        entry = self.lib.get(fold(card.name))
        return (entry.attach_to if entry is not None else "") or "a character"

    def _cause(self, ability: Ability, controller: str = "") -> Cause:
        return cause_of(ability, controller)

    def rulings_on(self, cause: Cause | None, cites: tuple[str, ...]) -> tuple[str, ...]:
        """The causing ability's own rulings that rest on a record this step cites
        (`ruling_points.on_point`): a card's ruling is cited where its point is applied."""
        entry = self.lib.get(fold(cause.card.split("#")[0])) if cause is not None and cause.card else None
        if entry is None:
            return ()
        out: tuple[str, ...] = ()
        for a in entry.abilities:
            if cause.label == a.label or cause.label.endswith(": " + a.label):
                out += tuple(x for x in on_point(a, cites) if x not in out)
        return out

    def rulings_of(self, card: Card, cites: tuple[str, ...]) -> tuple[str, ...]:
        """The rulings of ``card``'s abilities that rest on a record cited where a rule meets it."""
        out: tuple[str, ...] = ()
        for a in self.abilities(card):
            out += tuple(x for x in on_point(a, cites) if x not in out)
        return out + tuple(x for x in about_card(card.name, cites) if x not in out)

    def has_setup_instructions(self, stage: Card) -> bool:
        return any(a.kind == "setup" for a in self.abilities(stage))


def cause_of(ability: Ability, controller: str = "") -> Cause:
    """The cause of what ``ability`` does: its label and, as the rules each step it causes
    cites, its erratum only (the corrected text is what resolves).  The FAQ rulings the card
    data lists about it (``rulings:``) are not stamped on its steps: each is cited where the
    engine applies the point it decides (faq/README.md)."""
    return Cause(ability.label, (ability.errata,) if ability.errata else (), ability.source, controller, card=ability.card)


def abilities_of(r):
    """How to list a card's abilities in the replay ``r``: its hooks' (their library version
    and the situation's own cards), else the card library (effects initiated directly on a
    table)."""
    if isinstance(r.hooks, CardText):
        return r.hooks.abilities
    lib = library()

    def of(card: Card):
        entry = lib.get(fold(card.card.design_key))
        return entry.abilities if entry is not None else ()

    return of
