"""The untap, organization and long-event phases (Starter §4, §5 Healing, §10 Storing Cards
and Transferring Items; Standard §4 Full Player Turn Summary).

- Untap phase: each character untaps, or heals (wounded → tapped) if at a Haven.
- Transferring or storing an item: the character giving it up makes a corruption check
  first; if he fails, the item is discarded with him.  The One Ring may not be stored.
- Long-event phase: the Full Player Turn Summary removes your resource long-events, then
  you play new ones, then your opponent's hazard long-events go; the Brief summary discards
  both kinds before the new ones are played (option ``long_event_order``).
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Change, IllegalDecision, Interpretation, Trace

from . import citations as C
from .corruption import corruption_check
from .state import TAPPED, UNTAPPED, WOUNDED, Game

PHASE = "organization"


def untap_phase(game: Game, trace: Trace, decl: dict[str, Any]) -> dict[str, Any]:
    player = decl.get("player") or game.turn_player
    heal = set(decl.get("heal", []) or [])
    out: dict[str, str] = {}
    for char in game.player_characters(player):
        before = char.state
        site = game.sites.get(game.companies[char.company].site) if char.company in game.companies else None
        if char.name in heal:
            if char.state != WOUNDED:
                raise IllegalDecision(f"{char.name} is not wounded and cannot heal", (C.HEALING,))
            if site is None or not site.haven:
                raise IllegalDecision(f"{char.name} can heal only at a Haven", (C.HEALING,))
            char.state = TAPPED
            trace.add("untap", "untap", "heal", f"{char.name} heals at {site.name}: wounded → tapped",
                      changes=[Change(char.name, "state", before, TAPPED)], citations=[C.HEALING, C.UNTAP_PHASE])
        elif char.state == TAPPED:
            char.state = UNTAPPED
            trace.add("untap", "untap", "untap", f"{char.name} untaps", changes=[Change(char.name, "state", before, UNTAPPED)],
                      citations=[C.UNTAP_PHASE])
        out[char.name] = char.state
    return {"states": out}


def give_up_item(game: Game, trace: Trace, decl: dict[str, Any], *, store: bool) -> dict[str, Any]:
    giver = game.characters.get(decl["character"])
    if giver is None or not giver.in_play:
        raise IllegalDecision(f"{decl['character']!r} is not a character in play", (C.TRANSFERRING,))
    item = next((i for i in giver.items if i.name == decl["item"]), None)
    if item is None:
        raise IllegalDecision(f"{giver.name} bears no item {decl['item']!r}", (C.TRANSFERRING,))
    cites = [C.STORING] if store else [C.TRANSFERRING]
    receiver = None
    if store:
        if item.name == "The One Ring":
            raise IllegalDecision("The One Ring may not be stored", (C.STORING,))
        site = game.sites.get(game.companies[giver.company].site) if giver.company in game.companies else None
        if site is not None and not site.haven and not decl.get("named_site"):
            raise IllegalDecision(f"items are stored at a Haven (or a site the card names); {site.name} is not one", (C.STORING,))
    else:
        receiver = game.characters.get(decl.get("to", ""))
        if receiver is None or not receiver.in_play or receiver.player != giver.player:
            raise IllegalDecision(f"{decl.get('to')!r} is not one of your characters in play", (C.TRANSFERRING,))
        s1 = game.companies[giver.company].site if giver.company in game.companies else ""
        s2 = game.companies[receiver.company].site if receiver.company in game.companies else ""
        if s1 != s2:
            raise IllegalDecision(f"{giver.name} and {receiver.name} are not at the same site", (C.TRANSFERRING,))
    trace.add("organization.item", PHASE, "check-first",
              f"{giver.name} must pass a corruption check before giving up {item.name}", citations=cites + [C.TRANSFER_CHECK])
    check = corruption_check(game, trace, {"character": giver.name, "roll": decl.get("roll"), "modifiers": decl.get("modifiers"),
                                           "helpers": decl.get("helpers")})
    if check["outcome"] != "nothing":
        trace.add("organization.item", PHASE, "item-discarded", f"{giver.name} failed: {item.name} is discarded",
                  citations=[C.TRANSFER_CHECK])
        return {"check": check, "done": False}
    giver.items.remove(item)
    if store:
        game.players[giver.player].mp_pile.append(item)
        text = f"{item.name} is stored in {giver.player}'s marshalling point pile; it still scores {item.mp}"
    else:
        receiver.items.append(item)
        text = f"{item.name} passes from {giver.name} to {receiver.name}"
    trace.add("organization.item", PHASE, "stored" if store else "transferred", text,
              changes=[Change(item.name, "bearer", giver.name, "marshalling point pile" if store else receiver.name)], citations=cites)
    return {"check": check, "done": True}


def long_event_phase(game: Game, trace: Trace, decl: dict[str, Any]) -> dict[str, Any]:
    reading = game.options.long_event_order
    if reading == "full-summary":
        order = ["remove your resource long-events", "play new resource long-events", "remove your opponent's hazard long-events"]
        cite = C.LONG_EVENT_PHASE
    else:
        order = ["discard your resource long-events", "discard your opponent's hazard long-events", "play new resource long-events"]
        cite = C.BRIEF_SUMMARY
    trace.add("long-event", "long-event", "order", "; then ".join(order), citations=[cite, C.LONG_EVENT],
              interpretation=Interpretation(f"long_event_order={reading}", cite,
                                            "the Full and Brief turn summaries give different orders"))
    return {"order": order}
