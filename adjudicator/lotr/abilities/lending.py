"""Lending a hero to another player for a while (Desperate Alliance): ``{op: lend, target: a
hero you control}`` with a ``duration`` gives control of the hero (its attachments and
resources go with it) to another player, its owner unchanged, until that timing point; then it
comes back to its owner, if it is still in play.  A player whose only heroes in play are lent
out still has heroes in the game and is not eliminated (FAQ Q49: `elimination.check_heroes`)."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.engine.trace import Change
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.ability_events import HeroLent
from adjudicator.lotr.abilities.choose import Missing, Play, targets
from adjudicator.lotr.abilities.effects import _emit, refused, state_of
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.state import Card, Player


@dataclass
class Loan:
    """A hero lent to ``borrower`` until ``until``, its owner unchanged."""

    hero: Card
    owner: str
    borrower: str
    until: str
    cause: Cause


def lend(r, cause: Cause, phrase: str, source: Card, controller: Player, play: Play, until: str) -> bool:
    """Give another player control of a hero ``controller`` controls, until ``until``."""
    others = [p for p in r.g.in_player_order() if p is not controller]
    if not others:
        return refused(r, cause, "there is no other player to lend a hero to", (C.EFFECTS,))
    name = play.targets.get("another player")
    if name is None:
        if len(others) > 1:
            raise Missing("the player 'another player' (answer it in the play's targets)", phrase="another player")
        name = others[0].name
    to = r.g.player(str(name))
    if to is None or to is controller:
        return refused(r, cause, f"{name} is not another player", (C.EFFECTS,))
    found = [h for h in targets(r, phrase, source, controller, play) if h in controller.heroes]
    if not found:
        return refused(r, cause, f"no hero of {controller.name} to lend ({phrase})", (C.EFFECTS,))
    for hero in found:
        controller.heroes.remove(hero)
        to.heroes.append(hero)
        state_of(r).loans.append(Loan(hero, controller.name, to.name, until, cause))
        _emit(r, HeroLent(hero=hero.label, owner=controller.name, to=to.name, until=until, cause=cause), (C.EFFECTS, C.LASTING),
              [Change(hero.label, "controller", controller.name, to.name)])
    return True


def return_loans(r, until: str) -> None:
    """The loans lasting to ``until`` end: each hero still in play goes back to its owner."""
    st = state_of(r)
    due = [x for x in st.loans if x.until == until]
    st.loans = [x for x in st.loans if x.until != until]
    for loan in due:
        borrower, owner = r.g.player(loan.borrower), r.g.player(loan.owner)
        if borrower is None or owner is None or loan.hero not in borrower.heroes or owner.eliminated:
            continue
        borrower.heroes.remove(loan.hero)
        owner.heroes.append(loan.hero)
        r.emit(HeroLent(hero=loan.hero.label, owner=owner.name, to=owner.name, until="", back=True, cause=loan.cause),
               (C.LASTING,) + loan.cause.rules, [Change(loan.hero.label, "controller", borrower.name, owner.name)])
