"""Cards as data: what an Event, Peril, Encounter, Plot, Shadow card (or a character's
ability) does, described in the situation file with a small vocabulary, and resolved step
by step with the card named as the cause.

The rules of play print no card texts, so a player writes the card's effect in our words
as a list of effects (docs/meq.md, "Cards as data").  Each effect is a mapping with an
``op`` and its arguments; ``when`` makes it conditional (``otherwise`` lists what happens
instead).  The card's own words (``value``, ``stat``, ``location``...) and the players'
decisions the card leaves open (``from``, ``to``, ``locations``, ``choice``, ``cards``) are
both written on the effect; a decision left out stops the replay with its key path.

`OPS` is the vocabulary: op -> (its keys, what it does); the loader's schema is built from
it and a test checks that docs/meq.md documents every op and key.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from adjudicator.engine import Change, by_card

from . import citations as C
from .actions import place_influence
from .context import Context
from .hero import deal_damage, defeat, gain_item, gain_level, is_out_of_cards, training
from .influence import trim_influence
from .state import ATTRIBUTES, Hero, Token
from .story import advance_leftmost, advance_marker, current_stage, dominance

# What a card is, for the trace ("the Peril card 'Foul Weather'").
KINDS = ("event", "peril", "encounter", "plot", "shadow", "character", "quest", "item", "skill", "corruption")

# The rule that makes each kind of card resolve its text (the `card` play entry cites it).
KIND_RULES = {
    "event": C.EVENT_ABILITY, "peril": C.PERIL_EFFECT, "encounter": C.ENCOUNTER_EFFECT, "plot": C.PLOT_GAME_TEXT,
    "shadow": C.SHADOW_EFFECT, "character": C.USE_ABILITY, "quest": C.COMPLETING_QUESTS, "item": C.ITEMS,
    "skill": C.SKILL_CARDS, "corruption": C.CORRUPTION_CARDS,
}
assert set(KIND_RULES) == set(KINDS)

# op -> (its own keys, what it does).  Every effect also takes: op, target, when, otherwise, text.
OPS: dict[str, tuple[tuple[str, ...], str]] = {
    "modify": (("stat", "value", "until"), "change a hero's or a monster's/minion's attribute (`stat`) by `value` "
               "until the end of the `turn`, of the next `combat`, or for the `game`"),
    "damage": (("value", "from", "defeat"), "deal `value` damage to a hero (he chooses life pool or hand cards: `from`) or to "
               "a minion"),
    "heal": (("value",), "move `value` cards (or `all`) from a hero's damage pool to his life pool, or remove "
             "damage from a minion"),
    "fatigue": (("value", "cards", "defeat"), "the hero discards `value` cards of his choice (`cards`) from his hand to his "
                "rest pool"),
    "refresh": (("value",), "move `value` cards (or `all`) from a hero's rest pool to his life pool"),
    "cancel": (("card",), "cancel a card: the current Event card is discarded, a card yet to resolve in this replay "
               "resolves nothing"),
    "discard": (("what", "card", "value"), "discard an active plot, the current event, an Item card, Corruption "
                "cards (`value`) or cards from the hand (`value`, to the rest pool)"),
    "move": (("who", "to", "within"), "move a hero, minion, monster token or character to `to` (at most `within` "
             "spaces away when the card says so)"),
    "place_influence": (("value", "where", "locations"), "Sauron gains `value` influence: in extension of his "
                        "Shadow Strongholds (`locations` he chooses), on `named` locations, or into the `shadow_pool`"),
    "remove_influence": (("value", "location", "locations"), "remove up to `value` influence from `location` (or "
                         "from the `locations` chosen)"),
    "favor": (("value", "location"), "the hero gains (or loses, negative) `value` favor; with `location`, that much "
              "favor is placed there"),
    "draw": (("value", "cards"), "the hero draws `value` cards from his life pool (`cards`: their names)"),
    "advance": (("marker", "value", "choice"), "advance a story marker (`heroes`, `yellow`, `red`, `black`, or the "
                "`leftmost` Sauron marker) `value` spaces; negative moves it back"),
    "level": (("stat",), "the hero gains one level in `stat` (at most twice per attribute)"),
    "item": (("card",), "the hero takes the Item card `card` (one copy of each title)"),
    "corruption": (("value",), "the hero gains `value` Corruption cards (negative: discards them)"),
    "training": (("drawn", "keep"), "the hero receives training: two Skill cards drawn, one kept"),
    "token": (("location", "monster", "id"), "a monster token is placed face down on `location`"),
    "remove_token": (("token", "location"), "a monster token is removed from the board"),
    "character": (("character", "location"), "a character token is placed on `location` (it stays where it is if "
                  "already on the board)"),
    "choose_one": (("options", "chooser", "choice"), "one of `options` (each `{label, effects}`) resolves, chosen "
                   "by `chooser` (`heroes` decide as a side, `sauron`, or `hero`): the decision is `choice`"),
}
COMMON = ("op", "target", "when", "otherwise", "text")
UNTIL = ("turn", "combat", "game")
MARKERS = ("heroes", "yellow", "red", "black", "leftmost")

# `when` keys: a hero's numbers compare with {at_least, at_most}; the rest as documented.
HERO_NUMBERS = ATTRIBUTES + ("favor", "corruption", "life", "hand", "damage", "rest")
CONDITIONS = HERO_NUMBERS + ("location", "region", "dominant", "stage", "influence", "enemy_within", "items")


@contextmanager
def rooted(ctx: Context, root: str | None) -> Iterator[None]:
    """Read decisions under ``root`` (a card written outside ``play``), then return."""
    if root is None:
        yield
        return
    saved, ctx.path = ctx.path, [root]
    try:
        yield
    finally:
        ctx.path = saved


def resolve(ctx: Context, card: dict[str, Any], kind: str, *, hero: Hero | None = None,
            cite: tuple[str, ...] = (), step: str | None = None, root: str | None = None) -> list[dict[str, Any]]:
    """Resolve ``card``'s effects in order: every step an effect writes (its rules'
    consequences too) has the effect as its cause (``{"card", "effect": its index, "op",
    "kind"}``).  Returns what each effect did (op, target, and the change)."""
    name = card.get("name", "a card")
    label = f"{kind.capitalize()} card {name!r}" if kind in KINDS else repr(name)
    if name in ctx.cancelled:
        by = ctx.cancelled[name]
        ctx.emit("card-cancelled", f"the {label} was cancelled by {by['card']!r}: it resolves nothing",
                 tuple(cite) + (C.CANCEL,), cause=by, step=step)
        return []
    done: list[dict[str, Any]] = []
    ctx.resolved.append({"card": name, "kind": kind, "hero": hero.name if hero else None, "effects": done})
    with rooted(ctx, root):
        for index, effect in enumerate(card.get("effects") or []):
            with ctx.at("effects", index):
                done.extend(apply(ctx, effect or {}, Cause(label, name, kind, hero, tuple(cite), step, index)))
    return done


class Cause:
    """The card an effect comes from (``index``: the effect's place in its list), and where
    its resolution stands."""

    def __init__(self, label: str, name: str, kind: str, hero: Hero | None, cite: tuple[str, ...], step: str | None,
                 index: int | None = None):
        self.label, self.name, self.kind, self.hero, self.cite, self.step = label, name, kind, hero, cite, step
        self.index = index


def apply(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    op = effect.get("op")
    if op not in OPS:
        raise ctx.illegal(f"{cause.label}: unknown effect op {op!r}; expected one of {', '.join(OPS)}", cause.cite)
    with ctx.emit.caused_by(by_card(cause.name, cause.index, op, kind=cause.kind)):
        when = effect.get("when")
        if when:
            problems = condition_problems(ctx, when, cause.hero)
            if problems:
                ctx.emit("card-condition", f"{cause.label}: the condition of its {op} effect is not met "
                         f"({'; '.join(problems)})", cause.cite, step=cause.step)
                out = []
                for index, other in enumerate(effect.get("otherwise") or []):
                    with ctx.at("otherwise", index):
                        out.extend(apply(ctx, other or {}, cause))
                return out
        return HANDLERS[op](ctx, effect, cause)


def say(ctx: Context, cause: Cause, event: str, text: str, rules: tuple[str, ...], changes=()) -> None:
    ctx.emit(event, f"{cause.label}: {text}", cause.cite + tuple(rules), list(changes), step=cause.step)


# ---------------------------------------------------------------- targets


def heroes_of(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[Hero]:
    """The heroes an effect targets: the resolving hero (default), ``each_hero``, or a name."""
    state = ctx.state
    target = effect.get("target", "hero")
    if target == "each_hero":
        return list(state.heroes.values())
    if target == "hero":
        if cause.hero is not None:
            return [cause.hero]
        if len(state.heroes) == 1:
            return list(state.heroes.values())
        ctx.ask("target", f"{cause.label}: which hero does its {effect.get('op')} effect affect?",
                [(h, h) for h in state.heroes], cause.cite, player="heroes")
    if target in state.heroes:
        return [state.heroes[target]]
    raise ctx.illegal(f"{cause.label}: {target!r} is not a hero of the situation", cause.cite)


def is_foe(ctx: Context, effect: dict[str, Any]) -> bool:
    return effect.get("target") in ctx.state.foes


# ---------------------------------------------------------------- conditions


def condition_problems(ctx: Context, when: dict[str, Any], hero: Hero | None) -> list[str]:
    """Why ``when`` does not hold (an empty list: it holds)."""
    state = ctx.state
    out = []
    for key, want in when.items():
        if key in HERO_NUMBERS:
            if hero is None:
                out.append(f"{key}: no hero resolves this card")
                continue
            have = len(hero.hand) if key == "hand" else int(getattr(hero, key))
            low, high = (want.get("at_least"), want.get("at_most")) if isinstance(want, dict) else (want, want)
            if low is not None and have < int(low) or high is not None and have > int(high):
                out.append(f"{hero.name}'s {key} is {have}")
        elif key == "location":
            names = [want] if isinstance(want, str) else list(want)
            if hero is None or hero.location not in names:
                out.append(f"the hero is not on {' or '.join(names)}")
        elif key == "region":
            names = [want] if isinstance(want, str) else list(want)
            loc = state.board.locations.get(hero.location) if hero else None
            if loc is None or loc.region not in names:
                out.append(f"the hero is not in {' or '.join(names)}")
        elif key == "dominant":
            side = dominance(ctx, quiet=True) or "none"
            if side != want:
                out.append(f"{side} dominant, not {want}")
        elif key == "stage":
            if current_stage(state) != int(want):
                out.append(f"the current stage is {current_stage(state)}")
        elif key == "influence":
            where = want.get("location")
            region = want.get("region")
            have = sum(v for n, v in state.influence.items()
                       if n == where or (region and state.board.locations.get(n) and
                                         state.board.locations[n].region == region))
            if have < int(want.get("at_least", 1)):
                out.append(f"{where or region} holds {have} influence")
        elif key == "enemy_within":
            where, spaces = want.get("location"), int(want.get("spaces", 1))
            near = {n for n, d in state.board.distances_from(where).items() if d <= spaces}
            enemies = [t.location for t in state.tokens] + [m.location for m in state.minions.values() if m.in_play]
            if not near & set(enemies):
                out.append(f"no monster token or minion within {spaces} of {where}")
        elif key == "items":
            if hero is None or want not in hero.items:
                out.append(f"the hero has no {want!r}")
        else:
            out.append(f"unknown condition {key!r}")
    return out


# ---------------------------------------------------------------- the ops


def op_modify(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    stat, value, until = effect.get("stat"), int(effect.get("value", 0)), effect.get("until", "turn")
    if until not in UNTIL:
        raise ctx.illegal(f"{cause.label}: `until` is one of {', '.join(UNTIL)}, not {until!r}", cause.cite)
    targets = [ctx.state.foes[effect["target"]]] if is_foe(ctx, effect) else heroes_of(ctx, effect, cause)
    out = []
    for who in targets:
        if not hasattr(who, stat or "") or stat in ("name", "location"):
            raise ctx.illegal(f"{cause.label}: {who.name} has no attribute {stat!r}", cause.cite)
        before = int(getattr(who, stat))
        setattr(who, stat, max(0, before + value))
        if until != "game":
            ctx.lasting.append({"card": cause.name, "who": who, "stat": stat, "value": getattr(who, stat) - before,
                                "until": until})
        rule = C.ATTRIBUTES if isinstance(who, Hero) else C.MONSTER_ATTRIBUTES
        say(ctx, cause, "card-modify", f"{who.name}'s {stat} {before} → {getattr(who, stat)} "
            f"({'for the rest of the game' if until == 'game' else 'until the end of the ' + until})", (rule,),
            [Change(who.name, stat, before, getattr(who, stat))])
        out.append({"op": "modify", "target": who.name, "stat": stat, "from": before, "to": getattr(who, stat)})
    return out


def expire(ctx: Context, until: str) -> None:
    """End the card modifications lasting until the end of this ``turn`` or ``combat``."""
    for entry in [e for e in ctx.lasting if e["until"] == until]:
        ctx.lasting.remove(entry)
        who, stat = entry["who"], entry["stat"]
        before = int(getattr(who, stat))
        setattr(who, stat, before - entry["value"])
        ctx.emit("card-expires", f"{entry['card']!r}: its change to {who.name}'s {stat} ends with the {until} "
                 f"({before} → {getattr(who, stat)})", (C.ATTRIBUTES if isinstance(who, Hero) else C.MONSTER_ATTRIBUTES,),
                 [Change(who.name, stat, before, getattr(who, stat))])


def op_damage(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    amount = int(effect.get("value", 0))
    if is_foe(ctx, effect):
        foe = ctx.state.foes[effect["target"]]
        before = foe.damage
        foe.damage += amount
        say(ctx, cause, "card-damage", f"{foe.name} is dealt {amount} damage ({before} → {foe.damage} of health "
            f"{foe.health})", (C.MINIONS,), [Change(foe.name, "damage", before, foe.damage)])
        return [{"op": "damage", "target": foe.name, "value": amount}]
    out = []
    for hero in heroes_of(ctx, effect, cause):
        deal_damage(ctx, hero, amount, effect.get("from"), cause.label, key="from", cite=cause.cite, step=cause.step)
        out.append({"op": "damage", "target": hero.name, "value": amount})
        defeat_if_out(ctx, hero, effect)
    return out


def defeat_if_out(ctx: Context, hero: Hero, effect: dict[str, Any]) -> None:
    """A hero left without cards in life pool and hand is defeated at once (his decisions
    for the defeat are the effect's ``defeat``)."""
    if is_out_of_cards(hero):
        with ctx.at("defeat"):
            defeat(ctx, hero, effect.get("defeat") or {})


def op_heal(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    value = effect.get("value", "all")
    if is_foe(ctx, effect):
        foe = ctx.state.foes[effect["target"]]
        before = foe.damage
        foe.damage = 0 if value == "all" else max(0, foe.damage - int(value))
        say(ctx, cause, "card-heal", f"{foe.name} heals {before - foe.damage} damage", (C.MINIONS,),
            [Change(foe.name, "damage", before, foe.damage)])
        return [{"op": "heal", "target": foe.name, "value": before - foe.damage}]
    out = []
    for hero in heroes_of(ctx, effect, cause):
        moved = hero.damage if value == "all" else min(hero.damage, int(value))
        hero.damage -= moved
        hero.life += moved
        say(ctx, cause, "card-heal", f"{hero.name} moves {moved} card(s) from his damage pool to his life pool",
            (C.DAMAGE_POOL,), [Change(hero.name, "damage pool", hero.damage + moved, hero.damage)])
        out.append({"op": "heal", "target": hero.name, "value": moved})
    return out


def op_fatigue(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    amount = int(effect.get("value", 0))
    out = []
    for hero in heroes_of(ctx, effect, cause):
        cards = effect.get("cards")
        count = min(amount, len(hero.hand))
        if cards is None:
            if len(set(hero.hand)) > 1 and count < len(hero.hand):
                ctx.ask("cards", f"{cause.label}: which {count} card(s) does {hero.name} discard to his rest pool?",
                        [(c, c) for c in dict.fromkeys(hero.hand)], cause.cite + (C.REST_POOL,), player=hero.name,
                        example={"cards": hero.hand[:count]})
            cards = hero.hand[:count]
        cards = list(cards)
        missing = [c for c in cards if c not in hero.hand]
        if len(cards) != count or missing:
            raise ctx.illegal(f"{cause.label}: {hero.name} discards {count} card(s) from his hand "
                              f"({', '.join(hero.hand) or 'empty'}), not {cards}", cause.cite + (C.REST_POOL,))
        for c in cards:
            hero.hand.remove(c)
        hero.rest += count
        say(ctx, cause, "card-fatigue", f"{hero.name} discards {count} card(s) to his rest pool", (C.REST_POOL,),
            [Change(hero.name, "rest", hero.rest - count, hero.rest)])
        out.append({"op": "fatigue", "target": hero.name, "value": count})
        defeat_if_out(ctx, hero, effect)
    return out


def op_refresh(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    value = effect.get("value", "all")
    out = []
    for hero in heroes_of(ctx, effect, cause):
        moved = hero.rest if value == "all" else min(hero.rest, int(value))
        hero.rest -= moved
        hero.life += moved
        say(ctx, cause, "card-refresh", f"{hero.name} moves {moved} card(s) from his rest pool to his life pool",
            (C.REST_POOL,), [Change(hero.name, "rest", hero.rest + moved, hero.rest)])
        out.append({"op": "refresh", "target": hero.name, "value": moved})
    return out


def op_cancel(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    state = ctx.state
    name = effect.get("card")
    if not name:
        ctx.ask("card", f"{cause.label}: which card does it cancel?", [("?", "the card's name")], cause.cite + (C.CANCEL,))
    if state.current_event and state.current_event.get("name") == name:
        state.current_event = None
        say(ctx, cause, "card-cancel", f"cancels the current Event card {name!r}: its text is ignored and it is "
            "discarded with its marker", (C.CANCEL, C.AFFECTED_EVENT), [Change("Current Event Card", "card", name, None)])
    else:
        ctx.cancelled[name] = ctx.emit.cause
        say(ctx, cause, "card-cancel", f"cancels {name!r}: all its text is ignored", (C.CANCEL,))
    return [{"op": "cancel", "card": name}]


def op_discard(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    state = ctx.state
    what = effect.get("what")
    if what == "plot":
        active = [p.name for p in state.plots if p]
        name = effect.get("card") or (active[0] if len(active) == 1 else None)
        if name is None:
            ctx.ask("card", f"{cause.label}: which active Plot card is discarded?", [(p, p) for p in active],
                    cause.cite + (C.DISCARD_PLOT,))
        index = next((i for i, p in enumerate(state.plots) if p and p.name == name), None)
        if index is None:
            raise ctx.illegal(f"{cause.label}: {name!r} is not an active Plot card", cause.cite + (C.DISCARD_PLOT,))
        state.plots[index] = None
        say(ctx, cause, "card-discard", f"the active plot {name!r} is discarded; its marker leaves the board",
            (C.DISCARD_PLOT,), [Change(f"plot space {index + 1}", "plot", name, None)])
        return [{"op": "discard", "what": "plot", "card": name}]
    if what == "event":
        name = state.current_event.get("name") if state.current_event else None
        state.current_event = None
        say(ctx, cause, "card-discard", f"the current Event card {name!r} is discarded" if name else
            "there is no current Event card", (C.AFFECTED_EVENT,), [Change("Current Event Card", "card", name, None)])
        return [{"op": "discard", "what": "event", "card": name}]
    out = []
    for hero in heroes_of(ctx, effect, cause):
        if what == "item":
            name = effect.get("card") or (hero.items[0] if len(hero.items) == 1 else None)
            if name is None and hero.items:
                ctx.ask("card", f"{cause.label}: which Item card does {hero.name} discard?", [(i, i) for i in hero.items],
                        cause.cite + (C.ITEMS,), player=hero.name)
            if name is not None and name not in hero.items:
                raise ctx.illegal(f"{cause.label}: {hero.name} has no Item {name!r}", cause.cite + (C.ITEMS,))
            if name is not None:
                hero.items.remove(name)
            say(ctx, cause, "card-discard", f"{hero.name} discards the Item {name!r}" if name else
                f"{hero.name} has no Item card", (C.ITEMS,))
            out.append({"op": "discard", "what": "item", "target": hero.name, "card": name})
        elif what == "corruption":
            count = min(int(effect.get("value", 1)), hero.corruption)
            hero.corruption -= count
            say(ctx, cause, "card-discard", f"{hero.name} discards {count} Corruption card(s) for free",
                (C.CORRUPTION_CARDS,), [Change(hero.name, "corruption", hero.corruption + count, hero.corruption)])
            out.append({"op": "discard", "what": "corruption", "target": hero.name, "value": count})
        elif what == "hand":
            out.extend(op_fatigue(ctx, dict(effect, target=hero.name), cause))
        else:
            raise ctx.illegal(f"{cause.label}: discard `what` is plot, event, item, corruption or hand, not {what!r}",
                              cause.cite)
    return out


def op_move(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    state = ctx.state
    who = effect.get("who", "hero")
    if who == "hero":
        who = heroes_of(ctx, {"target": "hero"}, cause)[0].name
    if who in state.heroes:
        here = state.heroes[who].location
    elif who in state.foes and state.foes[who].minion:
        here = state.foes[who].location
    elif any(t.id == who for t in state.tokens):
        here = next(t for t in state.tokens if t.id == who).location
    elif who in state.characters:
        here = state.characters[who]
    else:
        raise ctx.illegal(f"{cause.label}: {who!r} is no hero, minion, monster token or character on the board",
                          cause.cite)
    within = effect.get("within")
    reach = state.board.distances_from(here) if here in state.board.locations else {}
    allowed = [n for n, d in reach.items() if within is None or d <= int(within)]
    to = effect.get("to")
    if to is None:
        ctx.ask("to", f"{cause.label}: where does {who} move?", [(n, n) for n in allowed if n != here] or [("?", "?")],
                cause.cite + ((C.WITHIN,) if within is not None else ()))
    if to not in state.board.locations and state.board.locations:
        raise ctx.illegal(f"{cause.label}: {to!r} is not a location on the board", cause.cite)
    if within is not None and to not in allowed:
        raise ctx.illegal(f"{cause.label}: {to} is more than {within} space(s) from {here}", cause.cite + (C.WITHIN,))
    if who in state.heroes:
        state.heroes[who].location = to
    elif who in state.foes:
        state.foes[who].location = to
    elif who in state.characters:
        state.characters[who] = to
    else:
        next(t for t in state.tokens if t.id == who).location = to
    say(ctx, cause, "card-move", f"{who} moves {here or 'from off the board'} → {to}",
        (C.WITHIN,) if within is not None else (), [Change(who, "location", here or None, to)])
    return [{"op": "move", "who": who, "from": here, "to": to}]


def op_place_influence(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    state = ctx.state
    amount, where = int(effect.get("value", 0)), effect.get("where", "extension")
    if where == "shadow_pool":
        cap = 4 * current_stage(state)
        before = state.shadow_pool
        state.shadow_pool = min(cap, before + amount)
        say(ctx, cause, "card-influence", f"{state.shadow_pool - before} influence into the Shadow Pool (cap {cap})",
            (C.INFLUENCE_TOKENS, C.SHADOW_POOL), [Change("Shadow Pool", "influence", before, state.shadow_pool)])
        return [{"op": "place_influence", "where": "shadow_pool", "value": state.shadow_pool - before}]
    if where not in ("extension", "named"):
        raise ctx.illegal(f"{cause.label}: influence goes to extension, named or shadow_pool, not {where!r}", cause.cite)
    placed = place_influence(ctx, amount, effect, pool_allowed=False, cause=cause.label, step=cause.step,
                             cite=cause.cite + (C.INFLUENCE_TOKENS,), extension=(where == "extension"))
    return [{"op": "place_influence", "where": where, "locations": placed}]


def op_remove_influence(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    state = ctx.state
    most = int(effect.get("value", 1))
    places = effect.get("locations")
    if places is None:
        places = [effect["location"]] * most if effect.get("location") else None
    if places is None:
        held = [n for n, v in state.influence.items() if v]
        ctx.ask("locations", f"{cause.label}: from which locations is up to {most} influence removed?",
                [(n, n) for n in held], cause.cite + (C.INFLUENCE_TOKENS,))
    removed: dict[str, int] = {}
    for name in places[:most]:
        if state.influence.get(name, 0) > 0:
            state.influence[name] -= 1
            removed[name] = removed.get(name, 0) + 1
    for name, count in removed.items():
        say(ctx, cause, "card-influence-removed", f"{count} influence removed from {name} (back to the Influence area)",
            (C.INFLUENCE_TOKENS,), [Change(name, "influence", state.influence[name] + count, state.influence[name])])
    trim_influence(ctx, "after the card removed influence")
    return [{"op": "remove_influence", "removed": removed}]


def op_favor(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    state = ctx.state
    amount = int(effect.get("value", 0))
    if effect.get("location"):
        where = effect["location"]
        before = state.favor_on.get(where, 0)
        state.favor_on[where] = before + amount
        say(ctx, cause, "card-favor", f"{amount} favor placed on {where}", (C.FAVOR_TOKENS,),
            [Change(where, "favor", before, before + amount)])
        return [{"op": "favor", "location": where, "value": amount}]
    out = []
    for hero in heroes_of(ctx, effect, cause):
        before = hero.favor
        hero.favor = max(0, before + amount)
        verb = "gains" if amount >= 0 else "loses"
        say(ctx, cause, "card-favor", f"{hero.name} {verb} {abs(hero.favor - before)} favor", (C.FAVOR_TOKENS,),
            [Change(hero.name, "favor", before, hero.favor)])
        out.append({"op": "favor", "target": hero.name, "value": hero.favor - before})
    return out


def op_draw(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    out = []
    for hero in heroes_of(ctx, effect, cause):
        names = list(effect.get("cards") or [])
        count = min(int(effect.get("value", len(names))), hero.life)
        before = len(hero.hand)
        hero.life -= count
        hero.hand.extend((names + [f"drawn {before + i + 1}" for i in range(count)])[:count])
        say(ctx, cause, "card-draw", f"{hero.name} draws {count} card(s) from his life pool", (C.LIFE_POOL,),
            [Change(hero.name, "hand", before, len(hero.hand))])
        out.append({"op": "draw", "target": hero.name, "value": count})
    return out


def op_advance(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    marker, spaces = effect.get("marker"), int(effect.get("value", 1))
    if marker not in MARKERS:
        raise ctx.illegal(f"{cause.label}: marker is one of {', '.join(MARKERS)}, not {marker!r}", cause.cite)
    if marker == "leftmost":
        moved = advance_leftmost(ctx, cause.label, cause.cite + (C.STORY_TRACK,), effect.get("choice"), key="choice")
        return [{"op": "advance", "marker": moved, "value": 1}]
    advance_marker(ctx, marker, spaces, cause.label, cause.cite + (C.STORY_TRACK,))
    return [{"op": "advance", "marker": marker, "value": spaces}]


def op_level(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    out = []
    for hero in heroes_of(ctx, effect, cause):
        gained = gain_level(ctx, hero, str(effect.get("stat", "")))
        out.append({"op": "level", "target": hero.name, "stat": effect.get("stat"), "gained": gained})
    return out


def op_item(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    return [{"op": "item", "target": h.name, "card": effect.get("card"),
             "gained": gain_item(ctx, h, str(effect.get("card", "")))} for h in heroes_of(ctx, effect, cause)]


def op_corruption(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    amount = int(effect.get("value", 1))
    out = []
    for hero in heroes_of(ctx, effect, cause):
        before = hero.corruption
        hero.corruption = max(0, before + amount)
        verb = "receives" if amount >= 0 else "discards"
        say(ctx, cause, "card-corruption", f"{hero.name} {verb} {abs(hero.corruption - before)} Corruption card(s)",
            (C.CORRUPTION_CARDS,), [Change(hero.name, "corruption", before, hero.corruption)])
        out.append({"op": "corruption", "target": hero.name, "value": hero.corruption - before})
    return out


def op_training(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    return [{"op": "training", "target": h.name, "keep": training(ctx, h, effect)}
            for h in heroes_of(ctx, effect, cause)]


def op_token(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    state = ctx.state
    where = effect.get("location")
    if not where:
        ctx.ask("location", f"{cause.label}: on which location is the monster token placed?",
                [(n, n) for n in state.board.locations], cause.cite + (C.MONSTER_TOKENS,), player="Sauron")
    token = Token(where, effect.get("monster"), effect.get("id") or f"token-{len(state.tokens) + 1}")
    state.tokens.append(token)
    say(ctx, cause, "card-token", f"monster token {token.id} placed face down on {where}", (C.MONSTER_TOKENS,),
        [Change(token.id, "location", None, where)])
    return [{"op": "token", "token": token.id, "location": where}]


def op_remove_token(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    state = ctx.state
    ident, where = effect.get("token"), effect.get("location")
    found = [t for t in state.tokens if t.id == ident or (ident is None and t.location == where)]
    if ident is None and len(found) > 1:
        ctx.ask("token", f"{cause.label}: which monster token on {where} is removed?", [(t.id, t.id) for t in found],
                cause.cite + (C.MONSTER_TOKENS,))
    if not found:
        raise ctx.illegal(f"{cause.label}: no monster token {ident or 'on ' + str(where)}", cause.cite)
    token = found[0]
    state.tokens.remove(token)
    say(ctx, cause, "card-token-removed", f"monster token {token.id} removed from {token.location}", (C.MONSTER_TOKENS,),
        [Change(token.id, "location", token.location, None)])
    return [{"op": "remove_token", "token": token.id}]


def op_character(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    state = ctx.state
    name, where = effect.get("character"), effect.get("location")
    current = state.characters.get(name)
    if current:
        say(ctx, cause, "card-character", f"{name} is already on {current}: it stays there",
            (C.CHARACTER_TOKENS, C.EVENT_PLACE))
        return [{"op": "character", "character": name, "location": current}]
    state.characters[name] = where
    say(ctx, cause, "card-character", f"{name} placed on {where}", (C.CHARACTER_TOKENS,),
        [Change(name, "location", None, where)])
    return [{"op": "character", "character": name, "location": where}]


def op_choose_one(ctx: Context, effect: dict[str, Any], cause: Cause) -> list[dict[str, Any]]:
    options = list(effect.get("options") or [])
    labels = [o.get("label", f"option {i + 1}") for i, o in enumerate(options)]
    chooser = effect.get("chooser", "heroes")
    cite = cause.cite + ((C.HERO_DECISION,) if chooser == "heroes" else ())
    choice = effect.get("choice")
    if choice is None:
        who = {"heroes": "the heroes (as a side: if they cannot agree, at random)", "sauron": "Sauron"}.get(
            chooser, "the hero")
        ctx.ask("choice", f"{cause.label}: {who} choose one of: {', '.join(labels)}", [(x, x) for x in labels], cite,
                player=chooser)
    if choice not in labels:
        raise ctx.illegal(f"{cause.label}: {choice!r} is not one of its options ({', '.join(labels)})", cite)
    index = labels.index(choice)
    say(ctx, cause, "card-choice", f"{chooser} choose {choice!r}",
        (C.HERO_DECISION,) if chooser == "heroes" else ())
    out = []
    with ctx.at("options", index):
        for i, other in enumerate(options[index].get("effects") or []):
            with ctx.at("effects", i):
                out.extend(apply(ctx, other or {}, cause))
    return out


HANDLERS = {
    "modify": op_modify, "damage": op_damage, "heal": op_heal, "fatigue": op_fatigue, "refresh": op_refresh,
    "cancel": op_cancel, "discard": op_discard, "move": op_move, "place_influence": op_place_influence,
    "remove_influence": op_remove_influence, "favor": op_favor, "draw": op_draw, "advance": op_advance,
    "level": op_level, "item": op_item, "corruption": op_corruption, "training": op_training, "token": op_token,
    "remove_token": op_remove_token, "character": op_character, "choose_one": op_choose_one,
}
assert set(HANDLERS) == set(OPS)
