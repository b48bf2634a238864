"""Looking at the encounter deck (Denethor, Henamarth Riversong): ``look`` shows the player the
top card, face down ("that card" afterwards), and ``move`` puts it on the bottom of the deck,
or, when the card says it may, where the player decides (``option: bottom`` / ``top``; else
the replay asks)."""

from __future__ import annotations

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities.choose import Play, Undecided
from adjudicator.lotr.abilities.effect_events import Looked, MovedInEncounterDeck
from adjudicator.lotr.abilities.effects import Cause
from adjudicator.lotr.abilities.model import Ability, Effect
from adjudicator.lotr.engine import citations as EC
from adjudicator.lotr.engine.context import change
from adjudicator.lotr.engine.state import Card, Player


def look(r, cause: Cause, e: Effect, t: str, controller: Player, play: Play) -> bool:
    if e.get("deck") != "encounter":
        r.emit(Looked(player=controller.name, what=t, cause=cause), (C.EFFECTS,) + cause.rules)
        return True
    if not r.g.encounter_deck:
        return E.refused(r, cause, "the encounter deck is empty: there is no card to look at", (C.EFFECTS, EC.ENCOUNTER_DECK))
    top = r.g.encounter_deck[0]
    play.targets.setdefault("that card", top.label)
    r.emit(Looked(player=controller.name, top=top.label, cause=cause), (C.EFFECTS, EC.ENCOUNTER_DECK) + cause.rules)
    return True


def move_in_encounter_deck(r, cause: Cause, ability: Ability, e: Effect, source: Card, controller: Player, play: Play,
                           decided_option: str = "") -> bool:
    """Put the looked-at card on the bottom of the encounter deck; when the card says it
    may, the player decides (``option: bottom`` or ``option: top``: the play's, else the
    situation's decision ``decided_option``), else the replay asks."""
    deck = r.g.encounter_deck
    label = str(play.targets.get(str(e.get("target", "that card")), ""))
    card = next((c for c in deck if c.label == label), None)
    if card is None:
        return E.refused(r, cause, f"{label or 'the card looked at'} is no longer in the encounter deck: it is not moved", (C.MOVE,))
    answer = (play.option or decided_option).strip().lower()
    if e.get("optional"):
        if answer not in ("bottom", "top"):
            raise Undecided(f"{ability.label}: {controller.name} looked at {card.label}, the encounter deck's top card: "
                            f"does it go to the bottom of the deck (option: bottom) or stay on top (option: top)?",
                            source, controller, [("bottom", f"{card.label} to the bottom"), ("top", f"{card.label} stays on top")],
                            "option", (C.MAY, C.MOVE))
        if answer == "top":
            r.emit(MovedInEncounterDeck(player=controller.name, card=card.label, stays=True, cause=cause),
                   (C.MAY, C.EFFECTS, EC.ENCOUNTER_DECK) + cause.rules)
            return True
    deck.remove(card)
    deck.append(card)
    r.emit(MovedInEncounterDeck(player=controller.name, card=card.label, cause=cause),
           ((C.MAY,) if e.get("optional") else ()) + (C.MOVE, EC.ENCOUNTER_DECK) + cause.rules,
           [change(card.label, "place in the encounter deck", "top", "bottom")])
    return True
