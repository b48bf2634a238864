"""Cards as data (Starter §10 Playing and Drawing Cards): a hazard or resource card described
in a situation's ``cards:`` section (or an item's, character's or creature's ``effects``) is
played with ``play`` (or inside an attack or a strike) and its effects resolve one by one:
every step an effect writes has the card's effect as its cause (``{"card", "effect": its
index, "op", "kind": the card's class}``, adjudicator.engine.emitter); playing the card and
paying for it are the rules' steps.

The effect vocabulary (``op``):

- ``modify``: ``stat`` (prowess, body, strikes, hazard_limit, influence, corruption_check)
  of a ``target`` (attack, strike, character, company, bearer, self) by ``value``, ``until``
  the end of the attack, the turn, its player's next long-event phase, or for good;
- ``cancel``: an ``attack`` or a ``strike`` (during combat);
- ``tap``, ``untap``, ``heal`` (wounded → ``to_state``, tapped by default, as healing at a
  Haven), ``wound``: a character or ally;
- ``discard``: a named ``card`` in play (an event, or a character's item or ally), or every
  event in play with a ``keyword`` (of a ``side``);
- ``return_to_origin``: the company goes back to its site of origin (no more hazards on it);
- ``retype``: region types of the path moved through read as others (``from``/``to``, the
  first ``count`` of them, or a whole ``map``), for keying creatures;
- ``corruption``: a corruption card giving ``value`` corruption points to the target;
- ``corruption_check``: the target makes a corruption check now, modified by ``value``.

``when`` limits an effect to a situation: ``keyed_to`` (the attack is keyed to one of these
symbols), ``faced`` (the company faced a creature of these races this turn), ``against``
(the attacking creature's race), ``automatic``, ``site_types``, ``faction``, ``race``, ``skill``.
A card whose effects apply to nothing may not be played (you may not play a card just to
discard it).
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine import Change, Emitter, IllegalDecision, by_card

from . import citations as C
from .common import signed
from .company import play_hazard
from .corruption import corruption_check
from .effects import Combat, holds
from .state import TAPPED, UNTAPPED, WOUNDED, Ally, Character, Company, Effect, Game, Item

PHASE = "card"
DEFAULT_UNTIL = {"short-event": "end-of-turn", "long-event": "long-event", "permanent-event": "permanent"}
CLASS_RULE = {"short-event": C.SHORT_EVENT, "long-event": C.LONG_EVENT, "permanent-event": C.PERMANENT_EVENT,
              "item": C.ITEMS, "character": C.CHARACTER_ATTRIBUTES, "creature": C.CREATURE_CARDS}


def phases(card: dict[str, Any]) -> tuple[str, ...]:
    """When a card may be played: hazards in the movement/hazard phase, resource long-events
    in the long-event phase, other resources any time of its player's turn."""
    if card.get("side") == "hazard":
        return ("movement/hazard",)
    if card.get("side") == "resource" and card.get("class") == "long-event":
        return ("long-event",)
    return ()


# ---------------------------------------------------------------- playing a card
def card_of(game: Game, library: dict[str, dict[str, Any]], decl: dict[str, Any]) -> tuple[dict[str, Any], Item | None]:
    """The card a play names: an event of the cards: section, or an item its player's character bears."""
    name = decl["card"]
    by = game.characters.get(decl.get("by") or "")
    item = next((i for i in by.items if i.name == name), None) if by is not None else None
    if item is not None:
        return {"name": name, "side": "resource", "class": "item", "cost": dict(item.cost or {}),
                "effects": list(item.effects), "counts": False}, item
    if name in library.get("events", {}):
        return {"name": name, **library["events"][name]}, None
    where = f" nor an item {decl['by']} bears" if decl.get("by") else " (an item is used with by: its bearer)"
    raise IllegalDecision(f"{name!r} is neither an event card described under cards: events{where}", (C.PLAYING_CARDS,))


def play(game: Game, emit: Emitter, library: dict[str, dict[str, Any]], decl: dict[str, Any],
         combat: Combat | None = None) -> dict[str, Any]:
    """Play a card (or use an item) and resolve its effects in order."""
    card, item = card_of(game, library, decl)
    name, side, cls = card["name"], card.get("side", "resource"), card.get("class", "short-event")
    cites = [C.ACTIONS, CLASS_RULE.get(cls, C.PLAYING_CARDS)]
    player = decl.get("player") or (game.opponent(game.turn_player) if side == "hazard" else game.turn_player)
    if side == "resource" and player != game.turn_player:
        raise IllegalDecision(f"{name}: resource cards are played during their player's own turn ({game.turn_player}'s now)",
                              (C.PLAYING_CARDS, C.EVENT_TIMING))
    if side == "hazard" and player == game.turn_player:
        raise IllegalDecision(f"{name}: hazards are played on the opponent's companies, during his movement/hazard phase",
                              (C.HAZARD_CARDS, C.PLAYING_CARDS))
    company = _company(game, decl, combat)
    by = _pay(game, emit, card, item, decl, cites)
    if side == "hazard" and card.get("counts", True):
        if company is None:
            raise IllegalDecision(f"{name}: a hazard is played on a company (company: or a target in one)", (C.HAZARD_LIMIT,))
        play_hazard(game, emit, company, name, why="during a strike" if combat and combat.target else "")
    emit("card-played", f"{player or 'the opponent'} plays {name} ({side} {cls})"
         + (f" on {company.name}" if company and side == "hazard" else "") + (f", {by.name} using it" if by else ""), cites,
         step="card.play", phase=PHASE)
    applied = []
    for index, effect in enumerate(card.get("effects") or []):
        with emit.caused_by(by_card(name, index, effect["op"], kind=cls)):
            done = _resolve(game, emit, card, effect, decl, combat, company, by, player, cites)
        if done:
            applied.append({"op": effect["op"], **done})
    if not applied:
        raise IllegalDecision(f"{name}: none of its effects applies here; a card may not be played just to discard it",
                              (C.PLAYING_CARDS,))
    if cls in ("long-event", "permanent-event"):
        game.effects.append(Effect(card=name, op="in-play", player=player, until=DEFAULT_UNTIL[cls],
                                   ends_for=player if side == "resource" else game.turn_player,
                                   data={"side": side, "keywords": list(card.get("keywords") or [])},
                                   cause=by_card(name, kind=cls)))
    elif item is None:
        game.discarded.append(name)
    return {"card": name, "player": player, "effects": applied}


def _company(game: Game, decl: dict[str, Any], combat: Combat | None) -> Company | None:
    if combat is not None:
        return combat.company
    if decl.get("company"):
        if decl["company"] not in game.companies:
            raise IllegalDecision(f"no company named {decl['company']!r}", (C.COMPANIES,))
        return game.companies[decl["company"]]
    who = game.characters.get(decl.get("target") or "") or game.characters.get(decl.get("by") or "")
    return game.companies.get(who.company) if who is not None else None


def _pay(game: Game, emit: Emitter, card: dict, item: Item | None, decl: dict, cites: list[str]) -> Character | Ally | None:
    cost = card.get("cost") or {}
    by = None
    if decl.get("by"):
        by = game.characters.get(decl["by"]) or game.ally(decl["by"])
        if by is None or not by.in_play:
            raise IllegalDecision(f"{decl['by']!r} is not a character or ally in play", tuple(cites))
    if cost.get("skill") and (by is None or cost["skill"] not in by.skills):
        raise IllegalDecision(f"{card['name']} needs a {cost['skill']} to play it (by: ...)", (C.ALLIES, C.CHARACTER_ATTRIBUTES))
    if cost.get("tap") == "by":
        if by is None or by.state != UNTAPPED:
            raise IllegalDecision(f"{card['name']}: {decl.get('by') or 'the character playing it'} must be untapped to tap for it",
                                  (C.TAPPING,))
        by.state = TAPPED
        emit("tap", f"{by.name} taps to play {card['name']}", [C.TAPPING] + cites,
             [Change(by.name, "state", UNTAPPED, TAPPED)], step="card.cost", phase=PHASE)
    if cost.get("tap") == "item":
        if item is None or item.state != UNTAPPED:
            raise IllegalDecision(f"{card['name']} is tapped and cannot be used until it untaps", (C.ITEMS_TAP,))
        item.state = TAPPED
        emit("tap", f"{card['name']} ({by.name}'s item) taps", [C.ITEMS_TAP],
             [Change(card["name"], "state", UNTAPPED, TAPPED)], step="card.cost", phase=PHASE)
    if cost.get("discard") == "item" and item is not None:
        by.items.remove(item)
        game.discarded.append(item.name)
        emit("discard", f"{item.name} is discarded to use it", cites,
             [Change(item.name, "bearer", by.name, "discard pile")], step="card.cost", phase=PHASE)
    return by


def _target(game: Game, effect: dict, decl: dict, by, company: Company | None, combat: Combat | None):
    kind = effect.get("target")
    if kind in ("character", None) and decl.get("target"):
        who = game.characters.get(decl["target"]) or game.ally(decl["target"])
        if who is None or not getattr(who, "in_play", True):
            raise IllegalDecision(f"{decl['target']!r} is not a character or ally in play", (C.PLAYING_CARDS,))
        return who
    if kind == "character" and combat is not None and combat.target:
        return game.characters.get(combat.target) or game.ally(combat.target)
    if kind in ("bearer", "self"):
        return by
    if kind == "company":
        return company
    return None


def _resolve(game: Game, emit: Emitter, card: dict, effect: dict, decl: dict, combat: Combat | None,
             company: Company | None, by, player: str, cites: list[str]) -> dict[str, Any] | None:
    """One effect; the outcome as values, or None when it applies to nothing here."""
    name, op = card["name"], effect["op"]
    target = _target(game, effect, decl, by, company, combat)
    when = effect.get("when") or {}
    lasting = op in ("modify", "retype") and combat is None  # stored: its condition is read whenever it applies
    if not lasting and not holds(when, game, combat=combat, company=company,
                                 target=target if not isinstance(target, Company) else None):
        emit("effect-skipped", f"{name}: {op} does not apply ({_when_text(when)} is not met)", cites,
             step="card.effect", phase=PHASE)
        return None
    until = effect.get("until") or ("attack" if combat is not None and effect.get("target") in ("attack", "strike")
                                     else DEFAULT_UNTIL.get(card.get("class"), "end-of-turn"))
    if op == "modify":
        return _modify(game, emit, name, effect, target, combat, company, player, until, cites)
    if op == "cancel":
        what = effect.get("target", "attack")
        if combat is None or (what == "strike" and not combat.target):
            raise IllegalDecision(f"{name} cancels {'an attack' if what == 'attack' else 'a strike'}; play it during one "
                                  "(attack: cards: or a strike's cards:)", (C.PLAYING_CARDS,))
        if what == "attack":
            combat.canceled = name
        else:
            combat.strike_canceled = name
        emit("canceled", f"{name} cancels the {what}"
             + (f" against {combat.target}" if what == "strike" else f" of {combat.creature.name}"), [C.DEFEATING_AN_ATTACK] + cites,
             step="card.effect", phase=PHASE)
        return {"target": what}
    if op in ("tap", "untap", "heal", "wound"):
        return _state_change(emit, name, op, effect, target, cites)
    if op == "discard":
        return _discard(game, emit, name, effect, cites)
    if op == "return_to_origin":
        if company is None or not company.new_site:
            return None
        before = company.new_site
        company.new_site, company.regions, company.origin, company.returned = "", [], "", True
        emit("returned", f"{name}: {company.name} returns to its site of origin {company.site}; "
             f"{before} goes back; no more hazards may be played on it", [C.MOVEMENT_HAZARD_PHASE] + cites,
             [Change(company.name, "new_site", before, None)], step="card.effect", phase=PHASE)
        return {"target": company.name}
    if op == "retype":
        change = {"map": effect["map"]} if effect.get("map") else {"from": effect["from"], "to": effect["to"],
                                                                    "count": effect.get("count")}
        game.effects.append(Effect(card=name, op="retype", player=player, until=until, data=change,
                                   ends_for=game.turn_player if card.get("side") == "hazard" else player, cause=emit.cause))
        text = (", ".join(f"{a} as {b}" for a, b in effect["map"].items()) if effect.get("map")
                else f"{'each' if not effect.get('count') else effect['count']} {effect['from']} as {effect['to']}")
        emit("retype", f"{name}: region types moved through read {text} ({until})", [C.EVENTS, C.LONG_EVENT] + cites,
             step="card.effect", phase=PHASE)
        return {"until": until, **change}
    if op == "corruption":
        if not isinstance(target, Character):
            raise IllegalDecision(f"{name}: a corruption card is placed on a character (target:)", (C.CORRUPTION_POINTS,))
        target.corruption_cards.append(Item(name, cp=int(effect.get("value", 0)), kind="corruption"))
        emit("corruption", f"{name} is placed on {target.name}: +{effect.get('value', 0)} corruption "
             f"points (now {target.corruption_points()})", [C.CORRUPTION_POINTS] + cites, [Change(target.name, "corruption_points",
                       target.corruption_points() - int(effect.get("value", 0)), target.corruption_points())],
             step="card.effect", phase=PHASE)
        return {"target": target.name, "value": int(effect.get("value", 0))}
    if op == "corruption_check":
        if not isinstance(target, Character):
            raise IllegalDecision(f"{name}: a corruption check is made by a character (target:)", (C.CORRUPTION_CHECKS,))
        out = corruption_check(game, emit, {"character": target.name, "roll": decl.get("roll"),
                                             "modifiers": [{"value": int(effect.get("value", 0)), "source": name}]})
        return {"target": target.name, "outcome": out["outcome"]}
    raise IllegalDecision(f"{name}: unknown effect {op!r}", (C.PLAYING_CARDS,))


def _modify(game, emit, name, effect, target, combat, company, player, until, cites) -> dict[str, Any] | None:
    stat, value, kind = effect.get("stat"), int(effect.get("value", 0)), effect.get("target")
    if kind == "attack":
        if combat is None:
            game.effects.append(Effect(card=name, op="modify", player=player, stat=stat, value=value, until=until,
                                       when=dict(effect.get("when") or {}), ends_for=game.turn_player, cause=emit.cause))
            emit("modify", f"{name}: attacks {stat} {signed(value)} ({until}"
                 + (f", when {_when_text(effect['when'])}" if effect.get("when") else "") + ")", [C.STRIKE_MODIFICATIONS] + cites,
                 step="card.effect", phase=PHASE)
            return {"target": "attacks", "stat": stat, "value": value, "until": until}
        if stat == "strikes":
            if combat.assigned:
                raise IllegalDecision(f"{name}: cards changing the number of strikes are played before strikes are assigned",
                                      (C.STRIKE_SEQUENCE,))
            if combat.creature.each_faces_one:
                emit("effect-skipped", f"{name}: each character faces one strike of "
                     f"{combat.creature.name}; the number of strikes does not change", [C.EACH_FACES_ONE], step="card.effect", phase=PHASE)
                return None
            combat.strikes = max(0, combat.strikes + value)
            now = combat.strikes
        elif stat == "prowess":
            combat.prowess += value
            now = combat.prowess
        elif stat == "body" and combat.body is not None:
            combat.body += value
            now = combat.body
        else:
            return None
        emit("modify", f"{name}: {combat.creature.name}'s {stat} {signed(value)} → {now} for this attack",
             [C.STRIKE_MODIFICATIONS] + cites, [Change(combat.creature.name, stat, now - value, now)],
             step="card.effect", phase=PHASE)
        return {"target": combat.creature.name, "stat": stat, "value": value}
    if kind == "strike":
        if combat is None or not combat.target:
            raise IllegalDecision(f"{name} modifies a strike; play it in the strike's cards:", (C.STRIKE_SEQUENCE,))
        combat.strike_mod.append((name, value))
        emit("modify", f"{name}: {combat.target} {signed(value)} {stat} against this strike",
             [C.STRIKE_SEQUENCE, C.STRIKE_MODIFICATIONS] + cites, step="card.effect", phase=PHASE)
        return {"target": combat.target, "stat": stat, "value": value}
    if target is None:
        raise IllegalDecision(f"{name}: modify {stat} needs a target (target: a character, or company:)", (C.PLAYING_CARDS,))
    label = target.name
    game.effects.append(Effect(card=name, op="modify", player=player, target=label, stat=stat, value=value, until=until,
                               when=dict(effect.get("when") or {}), ends_for=game.turn_player, cause=emit.cause))
    emit("modify", f"{name}: {label}'s {stat.replace('_', ' ')} {signed(value)} ({until})",
         ([C.HAZARD_LIMIT] if stat == "hazard_limit" else [C.STRIKE_MODIFICATIONS] if stat in ("prowess", "body")
          else [C.CHECK_MODIFIERS] if stat == "corruption_check" else [C.BRINGING_A_FACTION]) + cites,
         step="card.effect", phase=PHASE)
    return {"target": label, "stat": stat, "value": value, "until": until}


def _state_change(emit, name, op, effect, target, cites) -> dict[str, Any] | None:
    if target is None or isinstance(target, Company):
        raise IllegalDecision(f"{name}: {op} needs a character or ally (target:)", (C.PLAYING_CARDS,))
    before = target.state
    if op == "tap":
        after = TAPPED if before == UNTAPPED else None
    elif op == "untap":
        after = UNTAPPED if before == TAPPED else None
    elif op == "heal":
        after = effect.get("to_state", TAPPED) if before == WOUNDED else None
    else:
        after = WOUNDED if before != WOUNDED else None
    if after is None:
        return None
    target.state = after
    emit(op, f"{name}: {target.name} {before} → {after}", ([C.HEALING] if op == "heal" else [C.TAPPING]) + cites,
         [Change(target.name, "state", before, after)], step="card.effect", phase=PHASE)
    return {"target": target.name, "state": after}


def _discard(game: Game, emit: Emitter, name: str, effect: dict, cites: list[str]) -> dict[str, Any] | None:
    if effect.get("target") == "keyword":
        gone = [e for e in game.effects if e.op == "in-play" and effect.get("keyword") in e.data.get("keywords", [])
                and (not effect.get("side") or e.data.get("side") == effect["side"])]
        cards = list(dict.fromkeys(e.card for e in gone))
    else:
        cards = [effect["card"]] if effect.get("card") else []
    out = []
    for card in cards:
        if any(e.card == card for e in game.effects):
            game.effects = [e for e in game.effects if e.card != card]
            out.append(card)
            continue
        for char in game.characters.values():
            for pile in (char.items, char.allies):
                for thing in list(pile):
                    if thing.name == card:
                        pile.remove(thing)
                        out.append(card)
        for p in game.players.values():
            for f in list(p.factions):
                if f.name == card:
                    p.factions.remove(f)
                    out.append(card)
    if not out:
        emit("effect-skipped", f"{name}: nothing in play to discard", cites, step="card.effect", phase=PHASE)
        return {"discarded": []}
    game.discarded += out
    emit("discard", f"{name}: discarded {', '.join(out)} (their effects end)", [C.PERMANENT_EVENT] + cites,
         [Change(c, "zone", "in play", "discard pile") for c in out], step="card.effect", phase=PHASE)
    return {"discarded": out}


def _when_text(when: dict[str, Any]) -> str:
    return ", ".join(f"{k} {'/'.join(map(str, v)) if isinstance(v, list) else v}" for k, v in when.items())
