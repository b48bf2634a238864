"""Fortitude tests (Mount Doom; the Quest Companion's two rulings on them).

The player making the test commits any number of their ready heroes to it, each exhausting (the
situation names them: ``targets: {committed to the fortitude test: [...]}``, else the replay asks).
Then they discard as many top encounter deck cards as the tens digit of their threat
(the discard pile shuffled back in first if the deck runs out), and the Sauron's Eye icons on those
cards are added up (a card's ``eyes`` figure).  An action window opens then (plays declared with
``step: fortitude test``): the players may act before the result.  The test passes when the committed
heroes' willpower, as it is after that window, is higher than the icons; otherwise it fails and the
effect's instructions for a failed test (``effects``) resolve."""

from __future__ import annotations

import random
from typing import Callable

from adjudicator.engine.situation import fold
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.choose import Missing, Play, players
from adjudicator.lotr.abilities.effects import Cause, refused
from adjudicator.lotr.abilities.escape_test import commit_to_test
from adjudicator.lotr.abilities.model import Effect
from adjudicator.lotr.engine.context import change
from adjudicator.lotr.engine.encounter_events import EncounterReshuffled
from adjudicator.lotr.engine.scenario_events import FortitudeTest, LocateTest
from adjudicator.lotr.engine.state import Player

COMMITTED = "committed to the fortitude test"
WINDOW = "fortitude test"
RULINGS = (C.QC_FORTITUDE_TEST,)
WINDOW_RULING = C.QC_FORTITUDE_ACTIONS


def fortitude_test(r, cause: Cause, e: Effect, controller: Player, play: Play, resolve: Callable[[tuple], bool],
                   window: Callable[[], None]) -> bool:
    who = players(r, str(e.get("player", "you")), controller, play)
    if not who:
        return refused(r, cause, "no player to make the Fortitude test", (C.EFFECTS,))
    p = who[0]
    committed, changes = commit_to_test(play, COMMITTED, [h for h in p.heroes if not h.exhausted],
                                        f"the heroes {p.name} commits to the Fortitude test")
    rules = tuple(dict.fromkeys((C.EFFECTS,) + RULINGS + cause.rules))
    g = r.g
    x = (p.threat // 10) % 10
    discarded = []
    for _ in range(x):
        if not g.encounter_deck and g.encounter_discard:  # the deck ran out during the test: the discard pile back in
            cards = list(g.encounter_discard)
            g.encounter_discard = []
            random.Random(g.seed * 1000 + g.reshuffles).shuffle(cards)
            g.reshuffles += 1
            g.encounter_deck = cards
            r.emit(EncounterReshuffled(cards=len(cards)), rules + (C.ENCOUNTER_DECK,), [change("encounter deck", "cards", 0, len(cards))])
        if not g.encounter_deck:
            break
        card = g.encounter_deck.pop(0)
        g.encounter_discard.insert(0, card)
        discarded.append(card)
    eyes = sum(c.card.stat("eyes") or 0 for c in discarded)
    r.emit(FortitudeTest(player=p.name, committed=tuple(h.label for h in committed), discarded=tuple(c.label for c in discarded),
                         eyes=eyes, cause=cause), rules,
           changes + [change(c.label, "zone", "encounter deck", "encounter discard pile") for c in discarded])
    window()  # the players may act now, before the result (Player Actions During Fortitude Tests)
    willpower = sum(h.stat("willpower") or 0 for h in committed)
    passed = willpower > eyes
    r.emit(FortitudeTest(player=p.name, committed=tuple(h.label for h in committed), eyes=eyes, willpower=willpower,
                         passed=passed, result=True, cause=cause), rules + (WINDOW_RULING,))
    if not passed:
        return resolve(tuple(e.get("effects") or ()))
    return True


LOCATE = "discarded for the locate test"


def locate_test(r, cause: Cause, e: Effect, controller: Player, play: Play, resolve: Callable[[tuple], bool]) -> bool:
    """A locate test (The Long Dark): the player discards cards from hand one at a time (the situation names
    them, in order: ``targets: {discarded for the locate test: [...]}``, [] to fail at once), each discarding
    the top encounter card; a card with PASS passes the test and the player stops; running out of named
    cards, or of cards, fails it and the effect's instructions for a failed test resolve."""
    who = players(r, str(e.get("player", "you")), controller, play)
    if not who:
        return refused(r, cause, "no player to make the locate test", (C.EFFECTS,))
    p = who[0]
    if LOCATE not in play.targets:
        if not p.hand:
            play.targets[LOCATE] = []
        else:
            raise Missing(f"the cards {p.name} discards for the locate test, in order (answer it in the play's targets: "
                          f"'{LOCATE}': a list, [] to fail at once) among " + ", ".join(c.label for c in p.hand), phrase=LOCATE)
    names = play.targets[LOCATE]
    names = [names] if isinstance(names, str) else list(names or [])
    g = r.g
    from_hand, discarded, passed, changes = [], [], False, []
    for n in names:
        card = next((c for c in p.hand if fold(c.label) == fold(str(n)) or fold(c.name) == fold(str(n))), None)
        if card is None or not g.encounter_deck:
            break
        p.hand.remove(card)
        p.discard.insert(0, card)
        top = g.encounter_deck.pop(0)
        g.encounter_discard.insert(0, top)
        from_hand.append(card.label)
        discarded.append(top.label)
        changes += [change(card.label, "zone", f"{p.name}'s hand", f"{p.name}'s discard pile"),
                    change(top.label, "zone", "encounter deck", "encounter discard pile")]
        if top.card.stat("pass"):
            passed = True
            break
    r.emit(LocateTest(player=p.name, from_hand=tuple(from_hand), discarded=tuple(discarded), passed=passed, cause=cause),
           tuple(dict.fromkeys((C.EFFECTS, C.QC_LOCATE_TEST) + cause.rules)), changes)
    if not passed:
        return resolve(tuple(e.get("effects") or ()))
    return True
