"""Active and inactive encounter decks (the Quest Companion's rulings for Over the Misty Mountains Grim
and The City of Corsairs): a scenario may set a second encounter deck aside, inactive
(rules_db/lotr/separate_decks.yaml, ``inactive: true``).  Nothing interacts with it (a reveal from it
does nothing) until a quest card makes it the active encounter deck (`activate`): the old encounter
deck and its discard pile leave the game, with the encounter cards in play unless the quest card keeps
them in play, and the inactive deck becomes the encounter deck."""

from __future__ import annotations

from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine.context import Replay, change
from adjudicator.lotr.engine.scenario_events import EncounterDeckActivated
from adjudicator.lotr.engine.separate_decks import rules, ruling


def inactive(name: str) -> bool:
    return bool(rules().get(name, {}).get("inactive"))


def _encounter_cards_in_play(r: Replay) -> list:
    """The encounter cards in play, each taken out of where it is (the quest cards stay)."""
    g = r.g
    out = []
    for p in g.players:
        out += p.engaged
        p.engaged = []
        for c in p.characters:
            enc = [a for a in c.attachments if a.owner == "encounter"]
            c.attachments = [a for a in c.attachments if a.owner != "encounter"]
            out += enc
    for c in g.staging:
        out += [c, *c.guarding, *c.attachments]
    g.staging = []
    if g.active_location is not None:
        out += [g.active_location, *g.active_location.guarding]
        g.active_location = None
    return out


def activate(r: Replay, name: str, keep_in_play: bool, cites: tuple[str, ...], cause=None) -> bool:
    """Make the inactive deck ``name`` the active encounter deck; False when there is no such deck."""
    g = r.g
    if name not in g.decks or not inactive(name):
        return False
    gone = list(g.encounter_deck) + list(g.encounter_discard)
    in_play = [] if keep_in_play else _encounter_cards_in_play(r)
    g.removed_from_game += gone + in_play
    g.encounter_deck = g.decks.pop(name)
    for c in g.encounter_deck:
        c.deck = ""
    g.encounter_discard = []
    r.emit(EncounterDeckActivated(deck=name, removed=len(gone), in_play=tuple(c.label for c in in_play), cause=cause),
           cites + (C.ENCOUNTER_DECK,) + ruling(name),
           [change("encounter deck", "deck", "the old encounter deck", f"the {name} deck")]
           + [change(c.label, "zone", "in play", "out of the game (inactive)") for c in in_play])
    return True
