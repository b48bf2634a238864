"""Escape tests (The Dead Marshes; the Quest Companion's ruling on escape tests).

The player making the test (``player``: the first player for Nightfall) commits characters to it,
each exhausting: the situation names them (``targets: {committed to the escape test: [...]}``),
else the replay asks, listing that player's ready characters (none committed is an answer: an
empty list).  Then ``count`` cards are dealt from the encounter deck, their other effects ignored;
a card with no printed escape value counts 0.  The test passes when the committed willpower is
higher than the dealt escape total; otherwise it fails and the card's instructions for a failed
test (``effects``) resolve.  The dealt cards then go to the encounter discard pile."""

from __future__ import annotations

from typing import Callable

from adjudicator.engine.situation import fold
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.choose import Missing, Play, players
from adjudicator.lotr.abilities.effects import Cause, refused
from adjudicator.lotr.abilities.model import Effect
from adjudicator.lotr.engine.context import change
from adjudicator.lotr.engine.scenario_events import EscapeTest
from adjudicator.lotr.engine.state import Player

COMMITTED = "committed to the escape test"


def commit_to_test(play: Play, key: str, ready: list, asked: str) -> tuple[list, list]:
    """The cards a player commits to a scenario's test, named in the play's targets under ``key``
    (asked for, as ``asked``, among the ``ready`` ones; none to ask about commits none);
    committing exhausts them.  Returns the committed cards and their changes."""
    if key not in play.targets:
        if not ready:
            play.targets[key] = []
        else:
            raise Missing(f"{asked} (answer it in the play's targets: '{key}': a list, [] for none) among "
                          + ", ".join(c.label for c in ready), phrase=key)
    names = play.targets[key]
    names = [names] if isinstance(names, str) else list(names or [])
    committed = [c for n in names for c in ready if fold(c.label) == fold(str(n)) or fold(c.name) == fold(str(n))]
    changes = []
    for c in committed:  # committing a card to the test exhausts it
        c.exhausted = True
        changes.append(change(c.label, "exhausted", False, True))
    return committed, changes


def escape_test(r, cause: Cause, e: Effect, controller: Player, play: Play, resolve: Callable[[tuple], bool]) -> bool:
    who = players(r, str(e.get("player", "the first player")), controller, play)
    if not who:
        return refused(r, cause, "no player to make the escape test", (C.EFFECTS,))
    p = who[0]
    committed, changes = commit_to_test(play, COMMITTED, [c for c in p.characters if not c.exhausted],
                                        f"the characters {p.name} commits to the escape test")
    dealt = []
    for _ in range(int(e.get("count", 1))):
        if not r.g.encounter_deck:
            break
        dealt.append(r.g.encounter_deck.pop(0))
    rules = tuple(dict.fromkeys((C.EFFECTS, C.QC_ESCAPE_TEST) + cause.rules))  # whatever card makes the test
    willpower = sum(c.stat("willpower") or 0 for c in committed)
    escape = sum(c.card.stat("escape") or 0 for c in dealt)
    passed = willpower > escape
    r.emit(EscapeTest(player=p.name, committed=tuple(c.label for c in committed), willpower=willpower,
                      dealt=tuple(c.label for c in dealt), escape=escape, passed=passed, cause=cause),
           rules, changes)
    ok = True
    if not passed:
        ok = resolve(tuple(e.get("effects") or ()))
    for c in dealt:  # after the test, the dealt cards go to the encounter discard pile
        r.g.encounter_discard.insert(0, c)
    if dealt:
        r.emit(EscapeTest(player=p.name, dealt=tuple(c.label for c in dealt), after=True, cause=cause), rules,
               [change(c.label, "zone", "dealt for the escape test", "encounter discard pile") for c in dealt])
    return ok
