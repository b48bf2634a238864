"""A hero's travel: the Ambush step, moving along a path, perilous locations, Combat or
Peril, exploring, and the Encounter step."""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Change, Interpretation

from . import citations as C
from .combat import combat
from .context import Context
from .cards import resolve
from .explore import explore
from .hero import defeat, hero_named, is_out_of_cards
from .state import Hero


def perilous(ctx: Context, hero: Hero, location: str | None = None) -> tuple[bool, str]:
    where = location or hero.location
    loc = ctx.state.board.locations.get(where)
    influence = ctx.state.influence.get(where, 0)
    if loc is not None and loc.perilous:
        return True, f"{where} is permanently perilous"
    if influence > hero.wisdom:
        return True, f"{where} holds {influence} influence, more than {hero.name}'s wisdom {hero.wisdom}"
    return False, f"{where} holds {influence} influence, not more than {hero.name}'s wisdom {hero.wisdom}"


def enemies_at(ctx: Context, where: str) -> list[str]:
    state = ctx.state
    tokens = [t.id for t in state.tokens if t.location == where]
    minions = [m.name for m in state.minions.values() if m.in_play and m.location == where]
    return tokens + minions


def move_cost(ctx: Context, hero: Hero, to: str) -> tuple[int, str, bool]:
    """(cards of any kind, matching icon, Boat applies) for moving from the hero's location to ``to``."""
    path = ctx.state.board.path_between(hero.location, to)
    if path is None:
        raise ctx.illegal(f"{to} is not adjacent to {hero.location}", (C.MOVE,))
    if path.icon == "any":
        return 1, "any", False
    if path.water and "Boat" in hero.items:
        return 1, path.icon, True
    return path.cost, path.icon, False


def move(ctx: Context, hero: Hero, decl: dict[str, Any]) -> None:
    """Part a of the Travel step: discard one card with the path's icon, or as many cards as its number."""
    state = ctx.state
    to = decl.get("to")
    if to not in state.board.locations:
        raise ctx.illegal(f"{to!r} is not a location on the board", (C.MOVE,))
    cost, icon, boat = move_cost(ctx, hero, to)
    pay = decl.get("pay")
    if pay is None:
        if icon == "any" or boat:
            options = [([c], f"any one card: {c!r}") for c in dict.fromkeys(hero.hand)]
        else:
            matching = [c for c in dict.fromkeys(hero.hand) if state.cards.get(c) is not None and state.cards[c].icon == icon]
            options = [([c], f"{c!r}, a {icon} card") for c in matching]
            if len(hero.hand) >= cost:
                options.append((list(hero.hand[:cost]), f"any {cost} cards from his hand"))
        ctx.ask("pay", f"Which cards does {hero.name} discard to move to {to} (one {icon} card or {cost} cards)?",
                options or [([], "he cannot pay")], (C.MOVE,), player=hero.name)
    pay = [pay] if isinstance(pay, str) else list(pay)
    missing = [c for c in pay if c not in hero.hand]
    if missing:
        raise ctx.illegal(f"{hero.name} has no {', '.join(map(repr, missing))} in hand", (C.MOVE,))
    cites = [C.MOVE]
    if icon == "any":
        ok, how = len(pay) == 1, "any one card (any-card path)"
        cites.append(C.ANY_ICON)
    elif boat:
        ok, how = len(pay) == 1, "any one card (water path, Boat)"
        cites.append(C.WATER)
    elif len(pay) == 1 and state.cards.get(pay[0]) is not None and state.cards[pay[0]].icon == icon:
        ok, how = True, f"one {icon} card"
    else:
        ok, how = len(pay) == cost, f"{cost} cards of any kind"
    if not ok:
        raise ctx.illegal(f"moving {hero.location} → {to} costs one {icon} card or {cost} cards; "
                          f"{len(pay)} card(s) without a matching icon do not pay it", tuple(cites))
    for c in pay:
        hero.hand.remove(c)
    hero.rest += len(pay)
    before = hero.location
    hero.location = to
    ctx.emit("move", f"{hero.name} discards {how} to the rest pool and moves {before} → {to}", tuple(cites),
             [Change(hero.name, "location", before, to), Change(hero.name, "rest", hero.rest - len(pay), hero.rest)],
             step="hero-turn:3.a")
    if is_out_of_cards(hero):
        reading = ctx.reading("last_card_defeat")
        ctx.emit("out-of-cards", f"{hero.name} has no cards in hand or life pool", (C.LIFE_POOL,), step="hero-turn:3.a",
                 interpretation=reading)
        with ctx.at("defeat"):
            defeat(ctx, hero, decl.get("defeat") or {})


def ambush(ctx: Context, decl: dict[str, Any]) -> None:
    """Hero turn step 2: Sauron chooses one monster token or minion on the hero's location,
    which the hero must fight (in a Haven only if the hero allows it)."""
    state = ctx.state
    ctx.phase = "ambush"
    hero = hero_named(ctx, decl.get("hero"))
    present = enemies_at(ctx, hero.location)
    if not present:
        ctx.emit("no-ambush", f"no monster token or minion on {hero.location}: no ambush", (C.AMBUSH,),
                 step="hero-turn:2")
        return
    location = state.board.locations.get(hero.location)
    if location is not None and location.haven:
        if decl.get("hero_allows") is None:
            ctx.ask("hero_allows", f"{hero.name} is in the Haven {hero.location} with {', '.join(present)}: does he "
                    "allow the combat?", [(True, "allow it"), (False, "refuse it: no combat")], (C.AMBUSH, C.COMBAT),
                    player=hero.name)
        if not decl.get("hero_allows"):
            ctx.emit("no-ambush", f"{hero.name} is in the Haven {hero.location} and does not allow "
                     "combat", (C.AMBUSH, C.COMBAT), step="hero-turn:2")
            return
    reading = ctx.reading("ambush")
    if state.options.ambush == "may":
        if decl.get("attack") is None and decl.get("with") is None:
            ctx.ask("attack", f"Sauron may ambush {hero.name} (the quick reference's reading): does he?",
                    [(True, "ambush"), (False, "decline")], (C.AMBUSH_QUICKREF,), player="Sauron")
        if decl.get("attack") is False:
            ctx.emit("ambush-declined", "Sauron declines to ambush", (C.AMBUSH_QUICKREF,), step="hero-turn:2",
                     interpretation=reading)
            return
    elif decl.get("attack") is False:
        raise ctx.illegal("Sauron must ambush with one monster or minion on the hero's location", (C.AMBUSH,))
    target = decl.get("with")
    if target is None:
        if len(present) > 1:
            ctx.ask("with", f"Sauron must pick one of {', '.join(present)} on {hero.location} to ambush {hero.name}",
                    [(p, p) for p in present], (C.AMBUSH,), player="Sauron")
        target = present[0]
    if target not in present:
        raise ctx.illegal(f"{target!r} is not on {hero.location} ({', '.join(present)})", (C.AMBUSH,))
    ctx.emit("ambush", f"Sauron ambushes {hero.name} with {target}"
             + ("" if decl.get("with") else " (the only one there)"), (C.AMBUSH,), step="hero-turn:2", interpretation=reading)
    fight(ctx, hero, target, decl, "ambush")


def fight(ctx: Context, hero: Hero, target: str, decl: dict[str, Any], phase: str):
    state = ctx.state
    token = next((t for t in state.tokens if t.id == target), None)
    if token is not None:
        if token.monster is None:
            state.tokens.remove(token)
            reading = None
            if phase == "ambush":
                reading = Interpretation("blank token in the Ambush step", C.COMBAT_OR_PERIL,
                                         "only the Travel step says what a blank token does: it is discarded here too")
            ctx.emit("blank-token", f"{target} is blank (a false rumour): discarded", (C.COMBAT_OR_PERIL,),
                     [Change(target, "location", token.location, None)], interpretation=reading)
            return None
        spec = dict(decl.get("combat") or {})
        spec.update({"hero": hero.name, "foe": token.monster, "token": token.id, "phase": phase})
        ctx.emit("flip", f"{target} is flipped: {token.monster}",
                 (C.AMBUSH,) if phase == "ambush" else (C.MONSTER_ATTACK, C.COMBAT_OR_PERIL),
                 step="hero-turn:2" if phase == "ambush" else "hero-turn:3.b")
        with ctx.at("combat"):
            return combat(ctx, spec)
    spec = dict(decl.get("combat") or {})
    spec.update({"hero": hero.name, "foe": target, "phase": phase})
    with ctx.at("combat"):
        return combat(ctx, spec)


def combat_or_peril(ctx: Context, hero: Hero, decl: dict[str, Any]) -> None:
    """Part b: after moving into danger Sauron must resolve an attack or a peril, if able."""
    state = ctx.state
    present = enemies_at(ctx, hero.location)
    location = state.board.locations.get(hero.location)
    if present and location is not None and location.haven:
        if decl.get("hero_allows") is None:
            ctx.ask("hero_allows", f"{hero.name} entered the Haven {hero.location} with {', '.join(present)}: does "
                    "he allow combat?", [(True, "allow it"), (False, "refuse it")], (C.COMBAT, C.MOVE_COMMAND),
                    player=hero.name)
        if not decl.get("hero_allows"):
            ctx.emit("haven", f"{hero.location} is a Haven and {hero.name} does not allow combat",
                     (C.COMBAT, C.MOVE_COMMAND), step="hero-turn:3.b")
            present = []
    is_perilous, why = perilous(ctx, hero)
    ctx.emit("perilous", why, (C.PERILOUS, C.WISDOM), step="hero-turn:3.b")
    options = (["attack"] if present else []) + (["peril"] if is_perilous else [])
    if not options:
        ctx.emit("no-danger", "nothing to fight and not perilous: no Combat or Peril", (C.COMBAT_OR_PERIL,),
                 step="hero-turn:3.b")
        return
    choice = decl.get("sauron")
    if choice is None and len(options) == 1:
        choice = options[0]
        ctx.emit("only-option", f"Sauron must resolve the only option he has: {choice}", (C.COMBAT_OR_PERIL,),
                 step="hero-turn:3.b")
    if choice is None:
        ctx.ask("sauron", f"Sauron must resolve one of: {', '.join(options)}", [(o, o) for o in options],
                (C.COMBAT_OR_PERIL, C.MONSTER_ATTACK, C.PERIL), player="Sauron")
    if choice not in options:
        raise ctx.illegal(f"Sauron cannot choose {choice!r} here (able: {', '.join(options)})", (C.COMBAT_OR_PERIL,))
    if choice == "attack":
        target = decl.get("with") or (present[0] if len(present) == 1 else None)
        if target is None:
            ctx.ask("with", "Which monster token or minion attacks?", [(p, p) for p in present],
                    (C.MONSTER_ATTACK,), player="Sauron")
        if target not in present:
            raise ctx.illegal(f"{target!r} is not on {hero.location}", (C.MONSTER_ATTACK,))
        outcome = fight(ctx, hero, target, decl, "travel")
        if outcome is not None and not outcome.foe_defeated and not ctx.turn_over:
            ctx.turn_over = True
        return
    peril(ctx, hero, decl)


def matches(ctx: Context, hero: Hero, affects: Any) -> bool:
    if affects in ("any", "Any Location"):
        return True
    names = [affects] if isinstance(affects, str) else list(affects or [])
    loc = ctx.state.board.locations.get(hero.location)
    return hero.location in names or (loc is not None and loc.region in names)


def peril(ctx: Context, hero: Hero, decl: dict[str, Any]) -> None:
    """Three Peril cards are drawn; Sauron picks one that affects the hero's location or
    region; its effect (``effects``) resolves on the hero, then all three are discarded."""
    perils = decl.get("perils") or []
    if not perils:
        ctx.ask("perils", "Which three Peril cards does Sauron draw (with their affected locations)?",
                [("?", "three Peril cards")], (C.PERIL,), player="Sauron",
                example={"perils": [{"name": "?", "affects": "Any Location"}] * 3})
    if len(perils) != 3:
        raise ctx.illegal(f"Sauron draws three Peril cards, the situation lists {len(perils)}", (C.PERIL,))
    valid = [p["name"] for p in perils if matches(ctx, hero, p.get("affects"))]
    if not valid:
        ctx.emit("peril-none", "no Peril card affects the hero's location or region: all three "
                 "discarded without effect", (C.PERIL, C.PERIL_AFFECTS), step="hero-turn:3.b")
        return
    pick = decl.get("peril")
    if pick is None:
        ctx.ask("peril", "Which Peril card does Sauron choose?", [(v, v) for v in valid], (C.PERIL, C.PERIL_AFFECTS),
                player="Sauron")
    if pick not in valid:
        raise ctx.illegal(f"{pick!r} does not affect {hero.location} or its region (valid: {', '.join(valid)})",
                          (C.PERIL, C.PERIL_AFFECTS))
    ctx.emit("peril", f"Sauron chooses the Peril {pick!r} for {hero.name}", (C.PERIL, C.PERIL_AFFECTS),
             step="hero-turn:3.b")
    index, card = next((i, p) for i, p in enumerate(perils) if p["name"] == pick)
    if card.get("effects"):
        with ctx.at("perils", index):
            resolve(ctx, card, "peril", hero=hero, cite=(C.PERIL_EFFECT,), step="hero-turn:3.b")
    ctx.emit("peril-discard", "the three Peril cards are discarded", (C.PERIL,), step="hero-turn:3.b")


def travel_step(ctx: Context, decl: dict[str, Any]) -> None:
    """One repetition of the Travel step: move, combat or peril, explore.  Only the first
    may skip moving, to explore the location where the hero began his turn."""
    ctx.phase = "travel"
    hero = hero_named(ctx, decl.get("hero"))
    if ctx.turn_over:
        raise ctx.illegal(f"{hero.name}'s turn has already ended", (C.TRAVEL,))
    ctx.travel_steps += 1
    if decl.get("to"):
        move(ctx, hero, decl)
        if ctx.turn_over:
            return
        combat_or_peril(ctx, hero, decl)
        if ctx.turn_over:
            return
    elif ctx.travel_steps > 1:
        raise ctx.illegal(f"only the first Travel step may skip moving (to explore the starting location); this is "
                          f"{hero.name}'s Travel step {ctx.travel_steps}: give `to`", (C.EXPLORE, C.TRAVEL))
    else:
        ctx.emit("explore-start", f"{hero.name} skips moving (and Combat or Peril) to explore the "
                 "location where his turn began", (C.EXPLORE,), step="hero-turn:3")
    explore(ctx, hero, decl)


def encounter(ctx: Context, decl: dict[str, Any]) -> str | None:
    """Hero turn step 4: the lowest-priority drawn card that affects the location or region."""
    state = ctx.state
    ctx.phase = "encounter"
    hero = hero_named(ctx, decl.get("hero"))
    is_perilous, why = perilous(ctx, hero)
    if is_perilous:
        ctx.emit("no-encounter", f"{why}: perilous, so no Encounter step", (C.ENCOUNTER, C.PERILOUS),
                 step="hero-turn:4")
        return None
    loc = state.board.locations.get(hero.location)
    deck = "Haven" if loc is not None and loc.haven else (loc.region if loc is not None else "?")
    drawn = decl.get("drawn") or []
    if len(drawn) != 3:
        if not drawn:
            ctx.ask("drawn", f"Which three Encounter cards does {hero.name} draw from the {deck} deck?",
                    [("?", "three cards with priority and affected location")], (C.ENCOUNTER,), player=hero.name)
        raise ctx.illegal(f"three Encounter cards are drawn, the situation lists {len(drawn)}", (C.ENCOUNTER,))
    ordered = sorted(drawn, key=lambda c: int(c["priority"]))
    for card in ordered:
        if matches(ctx, hero, card.get("affects")):
            tied = [c for c in ordered if int(c["priority"]) == int(card["priority"]) and matches(ctx, hero, c.get("affects"))]
            if len(tied) > 1:
                choice = decl.get("choice")
                if choice is None:
                    ctx.ask("choice", f"matching Encounter cards tie at priority {card['priority']}: which resolves?",
                            [(c["name"], c["name"]) for c in tied], (C.ENCOUNTER,), player=hero.name)
                card = next((c for c in tied if c["name"] == choice), None)
                if card is None:
                    raise ctx.illegal(f"{choice!r} is not one of the tied Encounter cards", (C.ENCOUNTER,))
            others = [c["name"] for c in drawn if c is not card]
            ctx.emit("encounter", f"{hero.name} on {hero.location} ({deck} deck) resolves "
                     f"{card['name']!r} (priority {card['priority']}), the lowest that affects his location or region;"
                     f" discards {', '.join(others)}", (C.ENCOUNTER, C.ENCOUNTER_SUMMARY), step="hero-turn:4")
            resolve_encounter(ctx, hero, card, drawn.index(card))
            return card["name"]
        ctx.emit("encounter-skip", f"{card['name']!r} (priority {card['priority']}) does not affect "
                 f"{hero.location}", (C.ENCOUNTER,), step="hero-turn:4")
    ctx.emit("encounter-none", "no drawn card affects the hero's location or region: all discarded, "
             "the turn is over", (C.ENCOUNTER,), step="hero-turn:4")
    return None


def resolve_encounter(ctx: Context, hero: Hero, card: dict[str, Any], index: int) -> None:
    """A Quest goes to the hero's play area; any other card's effect resolves at once."""
    if card.get("quest"):
        hero.quests.append(card["name"])
        ctx.emit("quest-taken", f"{card['name']!r} is a Quest: {hero.name} places it faceup in his "
                 "play area", (C.ENCOUNTER, C.QUESTS), [Change(hero.name, "quests", len(hero.quests) - 1,
                                                len(hero.quests))], step="hero-turn:4")
        return
    if card.get("effects"):
        with ctx.at("drawn", index):
            resolve(ctx, card, "encounter", hero=hero, cite=(C.ENCOUNTER_EFFECT, C.ENCOUNTER), step="hero-turn:4")
