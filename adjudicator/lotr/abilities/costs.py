"""Paying for an ability: its cost (exhaust, pay from a hero's pool, discard from hand, raise
threat, reveal) checked before it is initiated and paid when it is (the Cost rule), and an
event's resource cost from heroes with a matching resource icon (`planning.payment`)."""

from __future__ import annotations

import random

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import card_moves as M
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities import resource_icons
from adjudicator.lotr.abilities.ability_events import RandomPick, XFromCost
from adjudicator.lotr.abilities.choose import Missing, Play, Undecided, host_of, players, targets
from adjudicator.lotr.abilities.effects import Cause
from adjudicator.lotr.abilities.grammar.targets import PhraseError, parse_target
from adjudicator.lotr.abilities.model import Ability
from adjudicator.lotr.abilities.ruling_points import on_point
from adjudicator.lotr.engine import citations as EC
from adjudicator.lotr.engine.planning import note_gained_icon, payment
from adjudicator.lotr.engine.state import Card, Player


# ---------------------------------------------------------------------------- costs


def cost_payable(r, ability: Ability, source: Card, controller: Player, play: Play) -> str:
    """Why the cost cannot be paid in full ("" when it can)."""
    for e in ability.cost:
        if e.op == "exhaust":
            for c in targets(r, str(e.get("target", "self")), source, controller, play):
                if c.exhausted:
                    return f"{c.label} is already exhausted"
        elif e.op == "pay":
            who = host_of(r, source) if e.get("from") == "attached hero" else source
            if who is None or who.resources < int(e.get("amount", 0)):
                return f"{who.label if who else 'nobody'} lacks the resources"
        elif e.op == "discard_from_hand":
            if len(controller.hand) < int(e.get("amount", 1)):
                return f"{controller.name} has too few cards in hand"
    return ""


def _x_of(phrase: str) -> bool:
    try:
        return parse_target(phrase).quantifier.lower() == "x"
    except PhraseError:
        return False


def x_from_cost(r, cause: Cause, ability: Ability, play: Play, found: list) -> None:
    """X set by a cost that exhausts X cards: the number of cards exhausted, each one card
    whatever it counts as elsewhere (The letter "X"; FAQ Q39: Bombur is 1 character here)."""
    play.x = len(found)
    point = (EC.LETTER_X, C.COST)
    r.emit(XFromCost(x=play.x, cards=tuple(c.label for c in found), cause=cause), point + on_point(ability, point) + cause.rules)


def pay_cost(r, cause: Cause, ability: Ability, source: Card, controller: Player, play: Play) -> bool:
    ok = True
    for e in ability.cost:
        if e.op == "exhaust":
            found = targets(r, str(e.get("target", "self")), source, controller, play)
            for c in found:
                ok = E.exhaust(r, cause, c) and ok
            if _x_of(str(e.get("target", ""))):  # "exhaust X ...": X is the number of cards exhausted
                x_from_cost(r, cause, ability, play, found)
        elif e.op == "pay":
            who = host_of(r, source) if e.get("from") == "attached hero" else source
            ok = E.pay(r, cause, who, int(e.get("amount", 0))) and ok
        elif e.op == "discard_from_hand":
            n = int(e.get("amount", 1))
            who = players(r, str(e.get("player", "you")), controller, play)[0]
            if e.get("random"):
                cards = random.Random(r.g.seed * 31 + r.g.round).sample(who.hand, min(n, len(who.hand)))
                r.emit(RandomPick(player=who.name, count=n, cause=cause), (C.COST,) + cause.rules)
            else:
                picks = play.targets.get("discard") or []
                cards = [c for c in who.hand if c.label in picks]
                if len(cards) < min(n, len(who.hand)):
                    raise Missing(f"the cards '{who.name} discards' (answer it in the play's targets: discard)", phrase=f"{who.name} discards")
            for c in cards[:n]:
                ok = E.discard_from_hand(r, cause, who, c) and ok
        elif e.op == "threat":
            for q in players(r, str(e.get("player", "you")), controller, play):
                ok = E.threat(r, cause, q, int(e.get("amount", 0))) and ok
        elif e.op == "reveal":
            ok = M.reveal(r, cause, e.get("count", 1)) and ok
    return ok


# ---------------------------------------------------------------------------- resource match


def event_payment(r, cause: Cause, source: Card, controller: Player, play: Play, ask: bool = False, what: str = ""):
    """How ``controller`` pays the resource cost of the event ``source`` played from hand
    (`planning.payment`: in full, from heroes with a matching resource icon, printed or
    gained; a 0-cost sphere card still needs a match, FAQ Q62; a neutral one needs none):
    the `Payment`, or False with a step saying why it cannot be played.  The paying heroes
    are named in ``play.pay_from`` (a name or a list); with several possible and none named
    the replay stops and asks (``ask``), else the event is not played.  ``what``: what
    else is not initiated with it (a cancel), for the step."""
    cost = play.x if source.card.cost_x else None
    paid = payment(r, controller, source, play.pay_from, cost, can_pay=lambda hero, card: resource_icons.can_pay_for(r, hero, card))
    also = f" and {what}" if what else ""
    if paid.problem:
        return E.refused(r, cause, f"{source.label} is not played{also}: its cost cannot be paid in full ({paid.problem})",
                         tuple(dict.fromkeys((C.COST, C.TO) + paid.rules + (EC.EVENT_CARDS,))))
    if paid.undecided:
        if ask:
            raise Undecided(f"{cause.label}: {paid.question()}", source, controller,
                            [(o.value, o.label) for o in paid.options(lambda labels: labels)],
                            "pay_from", (EC.RESOURCE_MATCH, C.COST))
        return E.refused(r, cause, f"{source.label} is not played{also}: several heroes of {controller.name} could pay its cost "
                                   f"and none is named (pay_from)", (C.COST, EC.RESOURCE_MATCH))
    return paid


def pay_event(r, cause: Cause, paid) -> bool:
    """Pay an event's resource cost (a `Payment` that can be paid): a step for each paying
    hero, after a step naming the ability that gives a payer a matching icon it gained."""
    note_gained_icon(r, paid.card, paid.payers, source_of=lambda hero, sphere: resource_icons.source_of(r, hero, sphere))
    due, ok = paid.cost, True
    for h in paid.payers:
        take = min(h.resources, due)
        if take:
            ok = E.pay(r, cause, h, take) and ok
            due -= take
    return ok and due == 0
