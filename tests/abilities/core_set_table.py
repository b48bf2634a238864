"""The table the Core Set card tests play on, and the helpers that put a card on it and
play one of its abilities."""

from __future__ import annotations

from adjudicator.lotr.abilities.initiate import Play, apply_constant, initiate
from adjudicator.lotr.abilities.load import card_abilities
from adjudicator.lotr.engine.cards import core_set
from adjudicator.lotr.engine.state import Card

from .tables import card

BASE = """
players:
  - name: Tom
    threat: 30
    heroes: [{card: Aragorn, resources: 2}, {card: Gimli, damage: 2, resources: 1}, {card: Éowyn, resources: 1}]
    allies: [Gondorian Spearman, {card: Veteran Axehand, exhausted: true}]
    hand: [Feint, Lórien Guide]
    deck: [Faramir, Gléowine, Snowbourn Scout, Citadel Plate]
    discard: [Dwarven Axe, A Test of Will]
    engaged: [Dol Guldur Orcs, Forest Spider]
  - name: Kris
    threat: 36
    heroes: [{card: Glorfindel, damage: 2, resources: 2}, Denethor, {card: Beravor, exhausted: true}]
    allies: [Henamarth Riversong]
    hand: [Gandalf's Search]
    deck: [Horseback Archer, Brok Ironfist]
    discard: [Northern Tracker, Théodred]
    engaged: [Hill Troll]
staging_area: [Wargs, Old Forest Road, Misty Mountain Goblins]
active_location: {card: Forest Gate}
quest: {card: Flies and Spiders, progress: 2}
quest_deck: [A Fork in the Road]
encounter_deck: [King Spider, Necromancer's Reach, East Bight Patrol]
"""


def put(r, name: str, where: str, owner: str = "Tom", host: str = "", **state) -> Card:
    """A fresh copy of a Core Set card on the table."""
    c = Card(name, core_set().get(name), owner if where not in ("staging", "active", "quest", "engaged", "revealed") or owner != "Tom" else "encounter")
    for k, v in state.items():
        setattr(c, k, v)
    p = r.g.player(owner)
    if where == "hand":
        p.hand.append(c)
    elif where == "hero":
        p.heroes.append(c)
    elif where == "ally":
        p.allies.append(c)
    elif where == "attach":
        card(r, host).attachments.append(c)
    elif where == "staging":
        r.g.staging.append(c)
    elif where == "engaged":
        p.engaged.append(c)
    elif where == "active":
        r.g.active_location = c
    elif where == "quest":
        r.g.quest = c
    elif where == "revealed":
        r.g.encounter_discard.insert(0, c)
    return c


def go(r, source: Card, n: int = 1, player: str = "Tom", version: str = "errata", **play) -> bool:
    ability = card_abilities(source.name, version).abilities[n - 1]
    if ability.kind in ("constant",) and ability.trigger is None:
        return apply_constant(r, source, ability)
    return initiate(r, source, ability, r.g.player(player), Play(**play))


def threat(r, name):
    return r.g.player(name).threat


def hand(r, name):
    return [c.label for c in r.g.player(name).hand]


def events(r):
    return [s.event for s in r.trace.steps]


def texts(r):
    return " | ".join(s.text for s in r.trace.steps)


