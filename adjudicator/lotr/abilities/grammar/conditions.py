"""Conditions: "while ..." and "if ..." (Rules Reference: Constant Ability; Effects).

    [while | if] [subject] predicate

subjects: ``it`` (the card itself, also when left out), ``the attached hero`` /
``attached hero``, ``the staging area``, ``this attack``, ``the ally``, ``its shadow card``,
``that card`` (the card the effect acts on, in an ``override``);
predicates: ``is the active location``, ``is in the staging area``, ``is committed to the
quest``, ``is exhausted``, ``is damaged``, ``is defending``, ``is attacking``, ``is NAME`` (a card of
the library), ``is a TRAIT`` or ``is a CARD TYPE`` (``the attached character is a Dwarf``,
``that card is an objective``), ``is empty``, ``is undefended``, ``is still in play``, ``had no effect``, ``has at
least N resources``, ``attacks a(n) TRAIT``, ``attached``, ``attached to a hero who is not the
prisoner``, ``free of encounters``.

A scenario's own term (rules_db/lotr/scenario_terms.yaml: ``the players have crossed the
Anduin``) is read as the condition a ruling defines it to be (`terms`), and that ruling is
cited where the condition is checked (`rulings_of`).

`parse_condition` checks a phrase (`PhraseError`); `holds` evaluates it: True, False, or None
for a condition of a moment that the engine checks where it occurs (an attack being
undefended, a shadow card without effect, an objective free of encounters).
"""

from __future__ import annotations

import re
from functools import lru_cache

from msgspec import Struct

from adjudicator.engine.situation import did_you_mean
from adjudicator.lotr.abilities.grammar import words as W
from adjudicator.lotr.abilities.grammar.targets import PhraseError
from adjudicator.lotr.abilities.grammar.terms import term
from adjudicator.lotr.engine.keywords import guard_of
from adjudicator.lotr.abilities.choose import host_of
from adjudicator.lotr.engine.cards import card_book
from adjudicator.lotr.engine.defenders import in_play_defenders

SUBJECTS = {
    "": "self", "it": "self", "self": "self", "this card": "self",
    "the attached hero": "attached", "attached hero": "attached", "the attached character": "attached",
    "attached character": "attached",
    "the staging area": "staging area", "this attack": "attack", "the ally": "that", "that ally": "that",
    "its shadow card": "shadow card",
    "that card": "target", "the target": "target",
    "the current quest": "quest",  # the current quest stage ("is stage 4 or later": The Massing at Osgiliath's crossing of the Anduin)
}
PREDICATES = (
    "is the active location", "is in the staging area", "in the staging area", "is committed to the quest",
    "committed to the quest", "is exhausted", "is ready", "is damaged", "is defending", "is attacking",
    "is empty", "is undefended", "is still in play", "had no effect", "attached", "is attached",
    "attached to a hero who is not the prisoner", "free of encounters",
    "has at least # resources", "has at least # resource", "attacks a TRAIT", "attacks an TRAIT", "is NAME",
)
# Conditions of a moment: the engine checks them where the moment occurs.
MOMENT = {"is undefended", "had no effect", "is still in play", "free of encounters", "attacks"}


class Condition(Struct, frozen=True):
    text: str
    subject: str
    predicate: str
    arg: str = ""
    number: int = 0
    ruling: str = ""  # a scenario term's defining ruling (`terms`), cited where the condition is checked

    def normal(self) -> dict:
        out = {"subject": self.subject, "predicate": self.predicate}
        if self.arg:
            out["arg"] = self.arg
        if self.number:
            out["number"] = self.number
        return out


def _card_names() -> list[str]:
    return card_book().names()


@lru_cache(maxsize=512)
def parse_condition(text) -> Condition:
    raw = str(text)
    s = raw.strip()
    lead = len(raw) - len(raw.lstrip())
    low = s.lower()
    for word in ("while ", "if "):
        if low.startswith(word):
            lead += len(word)
            s, low = s[len(word):], low[len(word):]
    defined = term(low)
    if defined is not None:  # a scenario's own term: read as its meaning, its ruling kept
        c = parse_condition(defined.means)
        return Condition(raw, c.subject, c.predicate, c.arg, c.number, defined.ruling)
    m = re.fullmatch(r"(.+) is in play", s)
    if m and card_book().get(m.group(1)) is not None:  # a card of that title in play (a scenario's Day or Night objective)
        return Condition(raw, "game", "card in play", card_book().get(m.group(1)).name)
    if low in ("attached", "free of encounters", "in the staging area", "committed to the quest",
               "attached to a hero who is not the prisoner"):
        pred = "committed to the quest" if low == "committed to the quest" else low
        return Condition(raw, "self", pred)
    for subj in sorted(SUBJECTS, key=len, reverse=True):
        if subj and not low.startswith(subj + " "):
            continue
        rest, rest_at = low[len(subj):].strip(), lead + len(s) - len(s[len(subj):].lstrip())
        sub = SUBJECTS[subj]
        if rest in PREDICATES:
            return Condition(raw, sub, rest.replace("is attached", "attached"))
        m = re.fullmatch(r"is stage (\d+) or later", rest)
        if m and sub == "quest":
            return Condition(raw, sub, "is stage or later", number=int(m.group(1)))
        m = re.fullmatch(r"has at least (\d+) resources?", rest)
        if m:
            return Condition(raw, sub, "has at least resources", number=int(m.group(1)))
        m = re.fullmatch(r"attacks an? (\S+)", rest)
        if m:
            trait = next((t for t in W.TRAITS if t.lower() == m.group(1).lower()), None)
            if trait is None:
                raise PhraseError(f"a trait after 'attacks', got {m.group(1)!r}", rest_at + m.start(1),
                                  did_you_mean(m.group(1), list(W.TRAITS)))
            return Condition(raw, sub, "attacks", trait)
        m = re.fullmatch(r"is an? (\S+)", rest)
        if m and sub in ("attached", "self", "that", "target") and _trait(m.group(1)) is not None:
            return Condition(raw, sub, "is a", _trait(m.group(1)))
        if m and sub in ("attached", "self", "that", "target") and m.group(1).lower() in W.NOUNS:
            return Condition(raw, sub, "is a", W.NOUNS[m.group(1).lower()])
        m = re.fullmatch(r"is (.+)", s[len(subj):].strip())
        if m and sub in ("attached", "self"):
            design = card_book().get(m.group(1))
            if design is not None:
                return Condition(raw, sub, "is", design.name)
        if m and design_suggestions(m.group(1)):
            raise PhraseError(f"a card of the library after 'is', got {m.group(1)!r}", rest_at + 3, design_suggestions(m.group(1)))
        if subj:
            raise PhraseError(f"a condition on {subj!r}: " + ", ".join(p for p in PREDICATES[:12]) + ", has at least N resources, "
                              "attacks a TRAIT, is NAME", rest_at, did_you_mean(rest, list(PREDICATES)))
    raise PhraseError("a condition: [while|if] [it | the attached hero | the staging area | this attack | the ally] predicate "
                      "(is the active location, is in the staging area, is committed to the quest, is NAME, ...)",
                      lead, did_you_mean(low, [*PREDICATES, "it is the active location", "the attached hero is Aragorn",
                                               "while committed to the quest", "this attack is undefended"]))


def _trait(word: str) -> str | None:
    return next((t for t in W.TRAITS if t.lower() == word.lower()), None)


def design_suggestions(name: str) -> list[str]:
    return card_book().suggest(name)


def rulings_of(text) -> tuple[str, ...]:
    """The rulings a condition rests on: a scenario term's defining ruling, else none."""
    if not text:
        return ()
    ruling = parse_condition(text).ruling
    return (ruling,) if ruling else ()


def holds(r, source, text, target=None) -> bool | None:
    """Whether the condition holds now; None for a condition the engine checks at its moment.
    ``target``: the card an effect is acting on ("that card": Cavern Guardian's discarded objective)."""
    c = parse_condition(text)
    if c.predicate == "free of encounters":  # Guarded: no card guards it (the engine's keywords know the guards)
        return guard_of(r, source) is None
    if c.predicate in MOMENT:
        return None
    if c.subject == "staging area":
        return not r.g.staging if c.predicate == "is empty" else None
    if c.subject == "game" and c.predicate == "card in play":
        return any(x.name == c.arg for x in r.g.cards_in_play())
    if c.subject == "quest":  # the current quest stage: its stage number
        return r.g.quest is not None and (r.g.quest.card.stage or 0) >= c.number if c.predicate == "is stage or later" else None
    card = source if c.subject == "self" else host_of(r, source) if c.subject == "attached" else target if c.subject == "target" else None
    if c.predicate == "attached":
        return host_of(r, source) is not None
    if c.predicate == "attached to a hero who is not the prisoner":  # a prisoner is face down, out of its player's heroes
        host = host_of(r, source)
        return host is not None and host.type == "hero" and any(host is h for p in r.g.players for h in p.heroes)
    if card is None:
        return False if c.subject == "attached" else None
    checks = {
        "is the active location": lambda: r.g.active_location is card,
        "is in the staging area": lambda: card in r.g.staging,
        "in the staging area": lambda: card in r.g.staging,
        "is committed to the quest": lambda: card.committed,
        "committed to the quest": lambda: card.committed,
        "is exhausted": lambda: card.exhausted,
        "is ready": lambda: not card.exhausted,
        "is damaged": lambda: card.damage > 0,
        "is defending": lambda: _defending(r, card),
        "is attacking": lambda: any(card is c for c in (r.attack or {}).get("attackers", ()) or ()),
        "has at least resources": lambda: card.resources >= c.number,
        "is": lambda: card.name == c.arg,
        "is a": lambda: card.has_trait(c.arg) or card.type == c.arg or (c.arg == "character" and card.is_character),
    }
    check = checks.get(c.predicate)
    return None if check is None else bool(check())


def _defending(r, card) -> bool:
    if not r.attack:
        return False
    return any(card is d for d in in_play_defenders(r))
