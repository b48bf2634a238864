"""Discarding resources from heroes' resource pools (Resources): "each player discards N
resources from among their heroes' pools" (Bitter Wind).  A discard effect resolves as far
as it can (FAQ Q28): a player with fewer resources than it asks discards every one they have,
and the effect has not resolved in full (Then; Cost look at that).  With more than it asks,
which heroes' resources go is the player's choice: the play's targets name it
(``{PLAYER discards: {Hero: n, ...}}``), one hero with resources is taken, else it is asked."""

from __future__ import annotations

from adjudicator.engine.trace import Change
from adjudicator.lotr.abilities import cites as C
from itertools import product

from adjudicator.lotr.abilities.choose import Missing, Play, Undecided
from adjudicator.lotr.abilities.effect_events import ResourcesDiscarded
from adjudicator.lotr.abilities.effects import _emit
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.state import Card, Player


def _splits(holding: list[Card], amount: int) -> list[dict[str, int]]:
    """Every way of taking ``amount`` resources from the heroes ``holding`` them."""
    ranges = [range(h.resources + 1) for h in holding]
    return [{h.label: n for h, n in zip(holding, ns) if n} for ns in product(*ranges) if sum(ns) == amount]


def _split(player: Player, amount: int, play: Play, source: Card) -> dict[str, int]:
    """Hero label -> resources that hero's pool loses."""
    holding = [h for h in player.heroes if h.resources > 0]
    if sum(h.resources for h in holding) <= amount:  # all of them: no choice to make
        return {h.label: h.resources for h in holding}
    if len(holding) == 1:
        return {holding[0].label: amount}
    key = f"{player.name} discards"
    named = play.targets.get(key)
    ways = _splits(holding, amount)
    if isinstance(named, dict) and {str(k): int(v) for k, v in named.items() if int(v)} in ways:
        return {str(k): int(v) for k, v in named.items() if int(v)}
    if named is not None:
        raise Missing(f"the resources '{key}': {named} is not {amount} resources its heroes hold", phrase=key)
    answers = [(w, ", ".join(f"{n} from {h}" for h, n in w.items())) for w in ways]
    raise Undecided(f"which {amount} resources {player.name} discards, from among {', '.join(h.label for h in holding)}",
                    source, player, answers, key, (C.RESOURCES,))


def discard_resources(r, cause: Cause, player: Player, amount: int, play: Play, source: Card) -> bool:
    """``player`` discards ``amount`` resources from among their heroes' pools, as far as they
    can (FAQ Q28); True only if all ``amount`` were discarded."""
    split = _split(player, amount, play, source)
    taken = sum(split.values())
    changes = []
    for h in player.heroes:
        n = split.get(h.label, 0)
        if n:
            changes.append(Change(h.label, "resources", h.resources, h.resources - n))
            h.resources -= n
    short = amount - taken
    rules = (C.RESOURCES, C.EFFECTS) + ((C.FAQ_Q_DISCARD_AS_FAR_AS_POSSIBLE,) if short else ())
    _emit(r, ResourcesDiscarded(player=player.name, asked=amount, taken=tuple(split.items()), short=short, cause=cause), rules, changes)
    return short == 0
