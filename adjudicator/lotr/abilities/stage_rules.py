"""Rules printed on quest stages that hold while the stage is the current one: what keeps the
players from advancing (or from defeating the last stage), and the group's one ally a round.

The card data writes them as constant "cannot" abilities; `constant.refresh` keeps them in
the abilities' restrictions while the stage is in play, and the engine asks here:

- ``advance_held_back(r)`` (asked by the quest rules when a stage has its quest points):
  Escape from Dol Guldur's stage 1B needs an objective held by the players, stage 2B the
  prisoner rescued and all three objectives (the prisoner's module says how those are
  counted); a stage that cannot be defeated while a named card is in play (Out of the
  Dungeons and the Nazgûl of Dol Guldur; Beorn's Path and Ungoliant's Spawn) waits for it
  to leave play.  A stage held back keeps its progress and is checked again the next time
  progress is placed on it (an interpretation: the cards do not say when the players
  advance once the condition holds).
- ``ally_limit_reached(r, player)`` (asked by the planning rules when an ally is played):
  stages 1B and 2B let the group play only one ally each round.  Only allies played count:
  an ally put into play by a card effect (Sneak Attack) is not played (FAQ 1.16).
"""

from __future__ import annotations

from adjudicator.engine.situation import fold
from adjudicator.lotr.abilities.effects import forbidden, state_of
from adjudicator.lotr.abilities.prisoner import objectives_held, prisoner_of
from adjudicator.lotr.engine.planning import allies_played
from adjudicator.lotr.engine.questing import ADVANCE_RECHECKED  # noqa: F401  (the interpretation the quest rules name)

# The stages' rules on advancing, as their data names them: what must hold, and what the
# trace says when it does not.
ADVANCE_RULES = {
    "advance without an objective": (lambda r: len(objectives_held(r)) >= 1, "the players hold no objective"),
    "advance without the rescued prisoner and all three objectives": (
        lambda r: prisoner_of(r) is None and len(objectives_held(r)) >= 3,
        lambda r: "; ".join(x for x in (
            "the prisoner is not rescued" if prisoner_of(r) is not None else "",
            f"the players hold {len(objectives_held(r))} of the 3 objectives" if len(objectives_held(r)) < 3 else "") if x)),
}
ONE_ALLY_A_ROUND = "play more than one ally a round"


def in_play_named(r, name: str) -> list[str]:
    """Labels of the cards in play with this name (folded: Nazgul finds Nazgûl)."""
    key = fold(name)
    return [c.label for c in r.g.cards_in_play() if fold(c.name) == key]


def advance_held_back(r) -> str | None:
    """Why the players cannot advance from (or defeat) the current stage now: a stage rule
    whose condition does not hold, or None."""
    for held in list(state_of(r).restrictions):
        what, by = held.restriction.phrase.strip(), held.by
        rule = ADVANCE_RULES.get(what)
        if rule is not None:
            if rule[0](r):
                continue
            reason = rule[1] if isinstance(rule[1], str) else rule[1](r)
            return f"{by}: {reason}"
        if held.restriction.forbids("defeat this stage"):
            name = held.restriction.card
            found = in_play_named(r, name)
            if found:
                which = "" if [fold(x) for x in found] == [fold(name)] else f" ({', '.join(found)})"
                return f"{by}: the stage cannot be defeated while {name} is in play{which}"
    return None


def ally_limit_reached(r, player) -> str | None:
    """Why ``player`` cannot play another ally this round (the stage's rule, and the ally the
    group has played), or None."""
    by = forbidden(r, ONE_ALLY_A_ROUND, player.name)
    played = allies_played(r)
    if by is None or not played:
        return None
    who, ally = played[0]
    return f"{by}: the group may play only one ally each round, and {who} has played {ally} in round {r.g.round}"
