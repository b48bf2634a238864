"""A hero's body and progress: damage, defeat, rest and heal, level gain."""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Change
from adjudicator.engine.situation import did_you_mean
from adjudicator.errors import InputError

from . import citations as C
from .context import Context
from .state import ATTRIBUTES, Hero
from .story import advance_leftmost, advance_marker, counts, current_stage


def hero_named(ctx: Context, name: str) -> Hero:
    """The hero a declaration names; a missing or unknown name is bad input (exit 2)."""
    hero = ctx.state.heroes.get(name)
    if hero is None:
        close = did_you_mean(str(name), list(ctx.state.heroes)) if name else []
        raise InputError(f"{ctx.key_path('hero')}: expected the name of a hero of the situation "
                         f"({', '.join(ctx.state.heroes) or 'none described'}), got {name!r}",
                         hint=f"did you mean {close[0]}?" if close else "")
    return hero


def is_out_of_cards(hero: Hero) -> bool:
    return hero.life == 0 and not hero.hand


def deal_damage(ctx: Context, hero: Hero, amount: int, sources: Any, why: str, key: str = "from",
                cite: tuple[str, ...] = (), step: str | None = None) -> None:
    """Each damage moves one card, the top of the life pool or a card of the hero's choice
    from his hand, to the damage pool.  ``sources`` (declared under ``key``) is ``life``,
    ``hand`` (when every card in hand is alike), or a list naming each card's source:
    ``life`` or a card in hand.  A choice the declaration leaves open stops the replay."""
    if amount <= 0:
        return
    options = [("life", "the top card of the life pool")] + [(c, f"{c!r} from the hand") for c in dict.fromkeys(hero.hand)]
    if sources is None:
        if hero.hand and hero.life:
            ctx.ask(key, f"{hero.name} is dealt {amount} damage: which cards go to his damage pool (life, or cards "
                    "from his hand, one per damage)?", options, (C.HERO_DAMAGE,), player=hero.name,
                    example={key: ["life"] * amount})
        sources = "life" if hero.life else "hand"
    plan = list(sources) if isinstance(sources, list) else [sources] * amount
    before = (hero.life, len(hero.hand), hero.damage)
    for n in range(amount):
        if hero.life == 0 and not hero.hand:
            break
        if n >= len(plan):
            ctx.ask(key, f"{hero.name} is dealt {amount} damage and the declaration names {len(plan)} sources",
                    options, (C.HERO_DAMAGE,), player=hero.name, example={key: plan + ["life"] * (amount - len(plan))})
        source = plan[n]
        if source == "hand":
            if len(set(hero.hand)) > 1:
                ctx.ask(key, f"{hero.name} discards a card of his choice from his hand for damage: which?",
                        options[1:], (C.HERO_DAMAGE,), player=hero.name,
                        example={key: plan[:n] + [hero.hand[0]] + plan[n + 1:]})
            source = hero.hand[0] if hero.hand else "life"
        if source == "life" and hero.life > 0:
            hero.life -= 1
        elif source != "life" and source in hero.hand:
            hero.hand.remove(source)
        else:
            where = "his life pool is empty" if source == "life" else f"{source!r} is not in his hand"
            raise ctx.illegal(f"{hero.name} cannot take damage from {source!r}: {where}", (C.HERO_DAMAGE,))
        hero.damage += 1
    ctx.emit("hero-damage", f"{hero.name} is dealt {amount} damage ({why}): life {before[0]} → {hero.life}, "
             f"hand {before[1]} → {len(hero.hand)}, damage pool {before[2]} → {hero.damage}",
             tuple(cite) + (C.HERO_DAMAGE, C.DAMAGE_POOL), [Change(hero.name, "damage pool", before[2], hero.damage)],
             step=step)


def defeat(ctx: Context, hero: Hero, decisions: dict[str, Any]) -> None:
    """The five steps of a defeated hero."""
    state = ctx.state
    ctx.emit("hero-defeated", f"{hero.name} has no cards in his life pool or hand: defeated; he performs "
             "the five steps of a defeated hero", (C.LIFE_POOL, C.HERO_DAMAGE, C.DEFEATED))
    chooser = "the hero"
    choice = decisions.get("marker")
    if state.options.high_stakes and current_stage(state) == 3:
        if counts(state).side == "heroes":
            chooser = "Sauron"
            choice = decisions.get("high_stakes_marker")
            if choice is None:
                ctx.ask("high_stakes_marker", "High Stakes: which Sauron marker advances?",
                        [(m, m) for m in ("yellow", "red", "black")], (C.HIGH_STAKES,), player="Sauron")
            advance_marker(ctx, choice, 1, f"{hero.name} defeated (High Stakes Stage III)", (C.HIGH_STAKES,))
        else:
            advance_leftmost(ctx, f"{hero.name} defeated", (C.DEFEAT_ADVANCE,), choice)
    else:
        advance_leftmost(ctx, f"{hero.name} defeated", (C.DEFEAT_ADVANCE,), choice, chooser)
    lose = decisions.get("lose")
    if hero.favor and hero.items:
        if lose is None:
            ctx.ask("lose", f"{hero.name} loses one favor or one Item card: which?",
                    [("favor", "one favor")] + [(i, f"the Item {i!r}") for i in hero.items], (C.DEFEAT_FAVOR,),
                    player=hero.name)
    elif hero.favor:
        lose = "favor"
    elif hero.items:
        lose = lose if lose in hero.items else hero.items[0] if len(hero.items) == 1 else lose
        if lose is None:
            ctx.ask("lose", f"{hero.name} loses one Item card: which?", [(i, i) for i in hero.items],
                    (C.DEFEAT_FAVOR,), player=hero.name)
    else:
        lose = None  # neither favor nor an Item card: the step is skipped
    if lose == "favor":
        hero.favor -= 1
        ctx.emit("defeat-lose", f"{hero.name} discards one favor", (C.DEFEAT_FAVOR,),
                 [Change(hero.name, "favor", hero.favor + 1, hero.favor)])
    elif lose:
        if lose not in hero.items:
            raise ctx.illegal(f"{hero.name} has no Item {lose!r}", (C.DEFEAT_FAVOR,))
        hero.items.remove(lose)
        ctx.emit("defeat-lose", f"{hero.name} discards the Item {lose!r}", (C.DEFEAT_FAVOR,))
    else:
        ctx.emit("defeat-lose", f"{hero.name} has neither favor nor items: nothing lost", (C.DEFEAT_FAVOR,))
    move_to_haven(ctx, hero, decisions.get("haven"))
    before = hero.life
    hero.life += hero.rest + hero.damage
    hero.rest = hero.damage = 0
    ctx.emit("defeat-recover", f"{hero.name} shuffles his rest and damage pools into his life pool "
             f"({before} → {hero.life})", (C.DEFEAT_RECOVER,), [Change(hero.name, "life", before, hero.life)])
    ctx.emit("defeat-end", f"{hero.name}'s turn ends", (C.DEFEAT_END,))
    ctx.turn_over = True


def move_to_haven(ctx: Context, hero: Hero, choice: str | None) -> None:
    board = ctx.state.board
    havens = [n for n, loc in board.locations.items() if loc.haven]
    if not havens:
        ctx.emit("defeat-haven", f"no Haven on the described board: {hero.name} stays on {hero.location}",
                 (C.DEFEAT_HAVEN,))
        return
    distance = board.distances_from(hero.location) if hero.location in board.locations else {}
    reachable = {h: distance[h] for h in havens if h in distance}
    if not reachable:
        ctx.emit("defeat-haven", f"no Haven connected to {hero.location}: {hero.name} stays", (C.DEFEAT_HAVEN,))
        return
    best = min(reachable.values())
    nearest = sorted(h for h, d in reachable.items() if d == best)
    if len(nearest) > 1:
        if choice is None:
            ctx.ask("haven", f"Havens {', '.join(nearest)} are equally close to {hero.location}: Sauron chooses",
                    [(h, h) for h in nearest], (C.DEFEAT_HAVEN,), player="Sauron")
        if choice not in nearest:
            raise ctx.illegal(f"{choice!r} is not one of the nearest Havens {nearest}", (C.DEFEAT_HAVEN,))
        target = choice
    else:
        target = nearest[0]
    before = hero.location
    hero.location = target
    ctx.emit("defeat-haven", f"{hero.name} moves to the nearest Haven {target} ({best} locations away)",
             (C.DEFEAT_HAVEN,), [Change(hero.name, "location", before, target)])


def rest_forbidden(ctx: Context, hero: Hero) -> str:
    """Why ``hero`` may not rest now ("" when he may): an enemy on his location, or a Shadow Stronghold."""
    state = ctx.state
    location = state.board.locations.get(hero.location)
    if any(t.location == hero.location for t in state.tokens) or any(
            m.in_play and m.location == hero.location for m in state.minions.values()):
        return f"a monster or minion is on {hero.location}"
    if location is not None and location.stronghold:
        return f"{hero.location} is a Shadow Stronghold"
    return ""


def rest(ctx: Context, hero: Hero, decl: dict[str, Any]) -> None:
    """Hero turn step 1."""
    state = ctx.state
    ctx.phase = "rest"
    if not decl.get("rest", True):
        ctx.emit("no-rest", f"{hero.name} does not rest", (C.REST,), step="hero-turn:1")
        return
    location = state.board.locations.get(hero.location)
    why_not = rest_forbidden(ctx, hero)
    if why_not:
        raise ctx.illegal(f"{hero.name} may not rest: {why_not}", (C.REST,))
    before = hero.life
    hero.life += hero.rest
    moved, hero.rest = hero.rest, 0
    ctx.emit("rest", f"{hero.name} rests: {moved} cards from the rest pool into the life pool", (C.REST,),
             [Change(hero.name, "life", before, hero.life)], step="hero-turn:1")
    advance_leftmost(ctx, f"{hero.name} rested", (C.REST,), decl.get("marker"))
    if "discard_corruption" not in decl and hero.corruption and hero.favor:
        ctx.ask("discard_corruption", f"{hero.name} rests with {hero.corruption} Corruption card(s) and {hero.favor} "
                "favor: does he discard one Corruption card by paying the favor printed on it (the cost), or not "
                "(false)?", [(False, "keep his Corruption cards")] + [(n, f"discard one costing {n} favor")
                                                                   for n in range(1, hero.favor + 1)],
                (C.CORRUPTION,), player=hero.name)
    if decl.get("discard_corruption") not in (None, False):
        cost = int(decl["discard_corruption"])
        if hero.corruption < 1 or hero.favor < cost:
            raise ctx.illegal(f"{hero.name} cannot shed a Corruption card for {cost} favor "
                              f"({hero.corruption} cards, {hero.favor} favor)", (C.CORRUPTION,))
        hero.corruption -= 1
        hero.favor -= cost
        ctx.emit("corruption", f"{hero.name} pays {cost} favor to discard one Corruption card", (C.CORRUPTION,),
                 [Change(hero.name, "corruption", hero.corruption + 1, hero.corruption)], step="hero-turn:1")
    if location is not None and location.haven:
        heal = decl.get("heal")
        if heal is None:
            ctx.ask("heal", f"{hero.name} rests in the Haven {hero.location}: does he heal?",
                    [(True, "heal: damage pool into the life pool"), (False, "do not heal")], (C.HEALING,),
                    player=hero.name)
        if heal:
            before = hero.life
            hero.life += hero.damage
            healed, hero.damage = hero.damage, 0
            ctx.emit("heal", f"{hero.name} heals: {healed} cards from the damage pool into the life pool", (C.HEALING,),
                     [Change(hero.name, "life", before, hero.life)], step="hero-turn:1")
    elif decl.get("heal"):
        raise ctx.illegal(f"{hero.name} may heal only when resting in a Haven", (C.HEALING,))


def gain_level(ctx: Context, hero: Hero, attribute: str) -> bool:
    if attribute not in ATTRIBUTES:
        raise ctx.illegal(f"unknown attribute {attribute!r}; expected one of {', '.join(ATTRIBUTES)}", (C.LEVELS,))
    taken = hero.levels.get(attribute, 0)
    if taken >= 2:
        ctx.emit("level", f"{hero.name} has raised {attribute} twice already: no effect", (C.LEVELS,))
        return False
    before = hero.attribute(attribute)
    setattr(hero, attribute, before + 1)
    hero.levels[attribute] = taken + 1
    ctx.emit("level", f"{hero.name} takes a {attribute} {before + 1} level token", (C.LEVELS,),
             [Change(hero.name, attribute, before, before + 1)])
    return True


def training(ctx: Context, hero: Hero, decl: dict[str, Any]) -> str:
    """Receive training: draw the top two Skill cards, keep one in hand, discard the other."""
    drawn = list(decl.get("drawn") or [])
    if len(drawn) != 2:
        if not drawn:
            ctx.ask("drawn", "Which two Skill cards are on top of the Skill deck?", [("?", "two card names")],
                    (C.TRAINING,), player=hero.name)
        raise ctx.illegal(f"training draws two Skill cards, the situation lists {len(drawn)}", (C.TRAINING,))
    keep = decl.get("keep")
    if keep is None:
        ctx.ask("keep", f"Which Skill card does {hero.name} keep?", [(c, c) for c in drawn], (C.TRAINING,),
                player=hero.name)
    if keep not in drawn:
        raise ctx.illegal(f"{keep!r} is not one of the drawn Skill cards", (C.TRAINING,))
    hero.hand.append(keep)
    other = drawn[1] if keep == drawn[0] else drawn[0]
    ctx.emit("training", f"{hero.name} keeps the Skill card {keep!r} in hand (now part of his deck) and "
             f"discards {other!r}", (C.TRAINING,), [Change(hero.name, "hand", len(hero.hand) - 1, len(hero.hand))])
    return keep


def gain_item(ctx: Context, hero: Hero, title: str) -> bool:
    """A hero holds at most one copy of each Item title."""
    if title in hero.items:
        ctx.emit("item", f"{hero.name} already has {title!r}: one copy of each Item at a time", (C.ITEMS,))
        return False
    hero.items.append(title)
    ctx.emit("item", f"{hero.name} takes the Item {title!r} from the Item deck", (C.ITEMS,),
             [Change(hero.name, "items", len(hero.items) - 1, len(hero.items))])
    return True
