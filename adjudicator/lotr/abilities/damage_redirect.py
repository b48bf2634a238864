"""Damage assigned to a hero placed on another character instead (Dori): a response
``{timing: when, event: damage_assigned, subject: a hero}`` whose effect is ``instead`` with
``{op: damage, target: self}``.  It acts on the damage, not on the hero it was assigned to, so
a hero immune to player card effects is no obstacle (FAQ Q68: Beorn).  Its cost (exhausting
the character) is paid before the damage moves; a character that cannot pay is not offered.
Called by `engine.damage.deal_damage` through the hooks (`damage_placed_instead`)."""

from __future__ import annotations

from adjudicator.engine.trace import Change
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities.ability_events import DamageMoved
from adjudicator.lotr.abilities.grammar.subjects import fits
from adjudicator.lotr.abilities.responses import Candidate
from adjudicator.lotr.engine.state import Card


def _takes_it(a) -> bool:
    return any(e.op == "instead" and any(x.op == "damage" and x.get("target") == "self" for x in (e.get("effects") or ()))
               for e in a.effects)


def redirect(listener, r, card: Card, amount: int) -> Card | None:
    """The character that takes the ``amount`` damage assigned to ``card`` instead, if a
    declared response moves it (its cost paid); None when the damage stays."""
    found: list[Card] = []
    cands = []
    for p in r.g.in_player_order():
        for holder in p.characters:
            for a in listener.abilities(holder):
                if not (a.kind == "response" and a.trigger and a.trigger.event == "damage_assigned" and _takes_it(a)):
                    continue
                if holder is card or not fits(r, a.trigger.about, card, holder, p):
                    continue
                d = listener._declared(holder, p.name)
                unable = f"{holder.label} is exhausted" if holder.exhausted else ""

                def run(a=a, holder=holder, p=p) -> bool:
                    cause = listener._cause(a, p.name)
                    if not E.exhaust(r, cause, holder):
                        return False
                    r.emit(DamageMoved(card=card.label, to=holder.label, amount=amount, cause=cause),
                           (C.REPLACEMENT, C.RESPONSE) + cause.rules, [Change(card.label, "damage assigned", amount, 0)])
                    found.append(holder)
                    return True

                cands.append(Candidate(a, holder, p.name, run, d, skip=unable))
    if cands:
        listener._resolve(r, f"{amount} damage is assigned to {card.label}", cands)
    return found[0] if found else None
