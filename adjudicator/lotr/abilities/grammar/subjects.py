"""Trigger subjects: what a triggering condition is about (Rules Reference: Triggered
Ability), parsed into a `Subject` the listener evaluates instead of comparing strings.

    (none)                           any occurrence of the event
    self                             the ability's own card
    combat, quest, ...               a phase (start_of_phase, end_of_phase)
    from the encounter deck, ...     a word of `words.SUBJECTS`, checked by the moment itself
                                     (where a revealed card came from, which threat raise)
    a Dwarf hero you control         a target phrase: the card the occurrence is about must be
    an enemy he attacked             one it names (`fits`), for the ability's controller

`parse_subject` raises `PhraseError` for anything else (`check.subject` reports it at its
column with a "did you mean").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from adjudicator.lotr.abilities.grammar import words as W
from adjudicator.lotr.abilities.grammar.targets import Target, parse_target


@dataclass(frozen=True)
class Subject:
    """Whom or what an ability's condition is about (itself, a phase, a word or some cards)."""

    phrase: str
    kind: str                      # any, self, phase, word, cards
    phase: str = ""
    word: str = ""
    target: Target | None = None

    @property
    def is_self(self) -> bool:
        return self.kind == "self"

    @property
    def is_any(self) -> bool:
        return self.kind == "any"

    def normal(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.phase:
            out["phase"] = self.phase
        if self.word:
            out["word"] = self.word
        if self.target is not None:
            out["target"] = self.target.normal()
        return out


@lru_cache(maxsize=512)
def parse_subject(text: str | None) -> Subject:
    raw = "" if text is None else str(text)
    s = raw.strip()
    if not s:
        return Subject(raw, "any")
    if s in W.PHASES:
        return Subject(raw, "phase", phase=s)
    if s in W.SUBJECTS:
        return Subject(raw, "word", word=s)
    t = parse_target(s)
    if t.ref == "self":
        return Subject(raw, "self")
    return Subject(raw, "cards", target=t)


def fits(r, subject: Subject, card, holder, controller) -> bool:
    """Whether ``card`` -- what the occurrence is about -- fits the subject of an ability on
    ``holder`` controlled by ``controller``: itself for ``self``; one of the cards a target
    phrase names (in play now, or, having just left play, by its type, traits, qualifiers and
    its owner for "you control"); any card for no subject or a word the moment checks."""
    # imported here, not at the top: parsing a subject (the card lookup reads the library) must not load
    # the engine that selecting cards on a table needs (tests/test_fast_dispatch.py)
    from adjudicator.lotr.abilities.grammar.select import matching, qualifies

    if subject.kind in ("any", "word", "phase"):
        return True
    if subject.is_self:
        return card is holder
    t = subject.target
    if t is None or card is None:
        return False
    if any(card is c for c in matching(r, t, holder, controller)):
        return True
    in_play = any(card is c for c in r.g.cards_in_play())
    if in_play:
        return False
    if t.controller == "you" and controller is not None and card.owner != controller.name:
        return False
    return qualifies(r, card, t, holder, controller)
