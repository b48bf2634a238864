"""Targets: what the data's phrases name on the table (Rules Reference: The word "Choose";
Effects; First Player for encounter targets, FAQ 1.03).

`Play` carries a player's choices; `targets` and `players` turn a phrase of the card data
("each Orc enemy in play", "a hero you control", "chosen") into cards or players, raising
`Missing` when the phrase needs a choice the play does not make; `candidates` lists what a
phrase could mean, so that a replay can take a single answer or ask with the options.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.engine.situation import fold
from adjudicator.lotr.engine.state import Card, Player


@dataclass
class Play:
    """The choices made when initiating: ``chosen`` answers "choose" (card labels or player
    names), ``targets`` answers other phrases, ``pay_from`` is the hero paying an event's
    resources, ``option`` picks a mode, ``x`` fixes X."""

    chosen: list[str] = field(default_factory=list)
    targets: dict[str, Any] = field(default_factory=dict)
    pay_from: str = ""
    option: str = ""
    x: int = 0


def host_of(r, card: Card) -> Card | None:
    for c in r.g.cards_in_play():
        if card in c.attachments or card in c.guarding:
            return c
    return None


def controller_of(r, card: Card) -> Player | None:
    for p in r.g.players:
        for c in p.characters:
            if c is card or card in c.attachments:
                return p
        if card in p.engaged:
            return p
    return None


def attacking_cards(r) -> list[Card]:
    """The enemies of the attacks being resolved (the innermost first: an attack made in
    the middle of another, Wolf Rider's as a shadow card) and the shadow cards dealt to
    them.  An enemy attacking as a shadow card is in none of the usual zones, yet effects
    aimed at "the attacking enemy" reach it."""
    from adjudicator.lotr.engine.unengaged_attacks import shadow_cards_of

    out: list[Card] = []
    attack = getattr(r, "attack", None)
    while attack:
        enemy = attack.get("enemy")
        if enemy is not None and all(c is not enemy for c in out):
            out.append(enemy)
            out += [s for s in shadow_cards_of(enemy) if all(c is not s for c in out)]
        attack = attack.get("outer")
    return out


def find_card(r, label: str) -> Card | None:
    pools = attacking_cards(r)
    pools += [c for c in r.g.cards_in_play() if all(c is not x for x in pools)]
    for p in r.g.players:
        pools += p.hand + p.discard + p.deck
    pools += r.g.encounter_discard
    key = fold(label)
    for c in pools:
        if fold(c.label) == key:
            return c
    named = [c for c in pools if fold(c.name) == key]
    return named[0] if len(named) == 1 else None


def _characters(r) -> list[Card]:
    return [c for p in r.g.in_player_order() for c in p.characters]


def _enemies(r) -> list[Card]:
    return [c for c in r.g.enemies_in_play()]


class Missing(Exception):
    """A choice the Play does not answer."""


def targets(r, phrase: str, source: Card, controller: Player, play: Play) -> list[Card]:
    """The cards a target phrase of the data names, on this table."""
    p = (phrase or "").strip()
    chosen = [c for c in (find_card(r, x) for x in play.chosen) if c is not None]
    if p in ("self", ""):
        return [source]
    if p.startswith("attached "):
        host = host_of(r, source)
        return [host] if host is not None else []
    if p == "chosen":
        return chosen
    if p in play.targets:
        value = play.targets[p]
        labels = value if isinstance(value, list) else [value]
        return [c for c in (find_card(r, x) for x in labels) if c is not None]
    chosen_player = next((q for q in r.g.players if q.name in play.chosen), None)
    if p == "each character" or p == "each character in play":
        return _characters(r)
    m = {
        "each Gondor character": lambda: [c for c in _characters(r) if "Gondor" in c.card.traits],
        "each character of the chosen player": lambda: list(chosen_player.characters) if chosen_player else [],
        "each hero of the chosen player": lambda: list(chosen_player.heroes) if chosen_player else [],
        "each enemy engaged with the chosen player": lambda: list(chosen_player.engaged) if chosen_player else [],
        "each Orc enemy in play": lambda: [c for c in _enemies(r) if "Orc" in c.card.traits],
        "each exhausted character": lambda: [c for c in _characters(r) if c.exhausted],
        "each location in the staging area": lambda: [c for c in r.g.staging if c.type == "location"],
        "each enemy and location currently in the staging area": lambda: [c for c in r.g.staging if c.type in ("enemy", "location")],
        "each character currently committed": lambda: [c for c in _characters(r) if c.committed],
        "each event in each player's hand": lambda: [c for q in r.g.in_player_order() for c in q.hand if c.type == "event"],
        "active location": lambda: [r.g.active_location] if r.g.active_location else [],
        "that location": lambda: [r.g.active_location] if r.g.active_location else [],
        "current quest": lambda: [r.g.quest] if r.g.quest else [],
    }
    if p in m:
        return m[p]()
    if p.startswith("each character of each player with threat"):
        limit = int(p.split()[-3])
        return [c for q in r.g.in_player_order() if q.threat >= limit for c in q.characters]
    raise Missing(f"the target '{p}' (answer it in the play's targets)")


def players(r, phrase: str, controller: Player, play: Play) -> list[Player]:
    p = (phrase or "you").strip()
    if p == "you":
        return [controller]
    if p == "chosen":
        return [q for q in r.g.players if q.name in play.chosen]
    if p == "each player":
        return list(r.g.in_player_order())
    if p == "first player":
        return [r.g.first_player]
    if p.startswith("each player with threat") and p.endswith("or more"):
        limit = int(p.split()[-3])
        return [q for q in r.g.in_player_order() if q.threat >= limit]
    if p in play.targets:
        name = play.targets[p]
        return [q for q in r.g.players if q.name == name]
    raise Missing(f"the player '{p}' (answer it in the play's targets)")


def names_in(phrase: str) -> list[str]:
    """Card names in a phrase like "one Forest Spider and one Old Forest Road"."""
    import re

    from adjudicator.lotr.engine.cards import core_set

    names = []
    for part in re.split(r",| and ", phrase):
        part = re.sub(r"^\s*(one|a|an|the)\s+", "", part.strip())
        design = core_set().get(part)
        if design is None:
            return []
        names.append(design.name)
    return names




def count_in(phrase: str) -> int:
    """How many cards a phrase picks: 2 for "2 characters you control", else 1."""
    first = (phrase or "").strip().split(" ", 1)[0]
    return int(first) if first.isdigit() else 1


def candidates(r, phrase: str, player: Player | None) -> list[str] | None:
    """The cards (or players) a phrase of the data could mean on this table; None when the
    phrase names nothing we can list.  "you control" and "your" are ``player``'s cards; "the
    defending player" and "the defending character" those of the attack being resolved."""
    g = r.g
    ph = phrase.lower()
    attack = getattr(r, "attack", None)
    mine = player if player is not None and ("you control" in ph or "your " in ph) else None
    if "defending player" in ph and attack and attack.get("player") is not None:
        mine = attack["player"]
    pool = [mine] if mine else list(g.in_player_order())
    if "defending character" in ph and attack:
        from adjudicator.lotr.engine.defenders import in_play_defenders

        defenders = in_play_defenders(r)
        if "attachment" in ph:
            return [a.label for c in defenders for a in c.attachments]
        return [c.label for c in defenders]
    if "highest threat" in ph:
        top = max(p.threat for p in pool)
        pool = [p for p in pool if p.threat == top]
    if "ally" in ph and "hand" in ph:
        return [c.label for p in pool for c in p.hand if c.type == "ally"]
    if "discard pile" in ph:
        return [c.label for p in pool for c in p.discard]
    if "condition" in ph:
        return [a.label for c in g.cards_in_play() for a in c.attachments if "Condition" in a.card.traits]
    if "attachment" in ph:
        return [a.label for p in pool for c in p.characters for a in c.attachments]
    if "hero" in ph:
        return [c.label for p in pool for c in p.heroes]
    if "character" in ph or "ally" in ph:
        chars = [c for p in pool for c in p.characters if "ally" not in ph or c.type == "ally"]
        if "committed" in ph:
            chars = [c for c in chars if c.committed]
        return [c.label for c in chars]
    if "enemy" in ph:
        if "staging" in ph and "engaged" not in ph:
            return [c.label for c in g.staging if c.type == "enemy"]
        if "engaged" in ph:
            return [c.label for p in pool for c in p.engaged]
        return [c.label for c in g.enemies_in_play()]
    if "location" in ph:
        return [c.label for c in g.staging if c.type == "location"] + ([g.active_location.label] if g.active_location else [])
    if "player" in ph:
        return [p.name for p in pool]
    return None
