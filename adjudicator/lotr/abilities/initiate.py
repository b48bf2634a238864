"""Initiating an ability and resolving it (Rules Reference: Initiating Abilities / Playing
Cards; Cost; To; The word "Choose"; Then; Limits; Lasting Effects; Delayed Effects).

    initiate(r, source, ability, controller, Play(chosen=["Gimli"], pay_from="Aragorn"))

In order: the limit and the phase restriction are checked; the targets are chosen (no
valid target: the ability cannot be initiated); the whole cost must be payable, and is
paid (an event's resources first, then what precedes "to"); the effects resolve one by
one with the primitives; "then" resolves only if they all resolved in full; a duration
makes the effect lasting; a delayed effect waits for its moment (`fire_delayed`).  An
event goes to its owner's discard pile once resolved.

The player's choices come in a `Play`: nothing is guessed.  A phrase the data names (``a
character each player chooses``) is answered in ``Play.targets``; a missing answer stops
the ability with a trace step saying what was missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from adjudicator.engine.situation import fold
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities import lasting as L
from adjudicator.lotr.abilities.effects import Cause, state_of
from adjudicator.lotr.abilities.limits import Limits
from adjudicator.lotr.abilities.model import Ability, Effect
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


@dataclass
class PendingDelayed:
    cause: Cause
    at: str                     # end_of_phase, end_of_round, ...
    effects: tuple[Effect, ...]
    source: Card
    controller: Player
    play: Play
    affects: list[Card]


def condition_holds(r, source: Card, condition: str) -> bool | None:
    """Whether a condition the data names holds now; None when it is not one we can check."""
    host = host_of(r, source)
    checks = {
        "attached": lambda: host is not None,
        "it is the active location": lambda: r.g.active_location is source,
        "in the staging area": lambda: source in r.g.staging,
        "while committed to the quest": lambda: source.committed,
        "the attached hero is Aragorn": lambda: host is not None and host.name == "Aragorn",
    }
    check = checks.get(condition)
    return None if check is None else bool(check())


def cause_of(ability: Ability, controller: str = "") -> Cause:
    return Cause(ability.label, tuple(ability.rulings) + ((ability.errata,) if ability.errata else ()), ability.source, controller)


def _limits(r) -> Limits:
    st = state_of(r)
    if st.limits is None:
        st.limits = Limits()
    return st.limits


# ---------------------------------------------------------------------------- targets


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


def _find_card(r, label: str) -> Card | None:
    pools = list(r.g.cards_in_play())
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
    chosen = [c for c in (_find_card(r, x) for x in play.chosen) if c is not None]
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
        return [c for c in (_find_card(r, x) for x in labels) if c is not None]
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


# ---------------------------------------------------------------------------- costs


def _cost_payable(r, ability: Ability, source: Card, controller: Player, play: Play) -> str:
    """Why the cost cannot be paid in full ("" when it can)."""
    for e in ability.cost:
        if e.op == "exhaust":
            for c in targets(r, str(e.get("target", "self")), source, controller, play):
                if c.exhausted:
                    return f"{c.label} is already exhausted"
        elif e.op == "pay":
            who = host_of(r, source) if e.get("from") == "attached hero" else source
            if who is None or who.resources < int(e.get("amount", 0)):
                return f"{who.label if who else 'nobody'} lacks the resources"
        elif e.op == "discard_from_hand":
            if len(controller.hand) < int(e.get("amount", 1)):
                return f"{controller.name} has too few cards in hand"
    return ""


def _pay_cost(r, cause: Cause, ability: Ability, source: Card, controller: Player, play: Play) -> bool:
    ok = True
    for e in ability.cost:
        if e.op == "exhaust":
            for c in targets(r, str(e.get("target", "self")), source, controller, play):
                ok = E.exhaust(r, cause, c) and ok
        elif e.op == "pay":
            who = host_of(r, source) if e.get("from") == "attached hero" else source
            ok = E.pay(r, cause, who, int(e.get("amount", 0))) and ok
        elif e.op == "discard_from_hand":
            n = int(e.get("amount", 1))
            who = players(r, str(e.get("player", "you")), controller, play)[0]
            if e.get("random"):
                import random

                cards = random.Random(r.g.seed * 31 + r.g.round).sample(who.hand, min(n, len(who.hand)))
                r.emit("random", f"[from {cause.label}] {n} card{'s' if n != 1 else ''} of {who.name}'s hand picked at random (order from the seed)",
                       (C.COST,) + cause.rules)
            else:
                picks = play.targets.get("discard") or []
                cards = [c for c in who.hand if c.label in picks]
                if len(cards) < min(n, len(who.hand)):
                    raise Missing(f"the cards '{who.name} discards' (answer it in the play's targets: discard)")
            for c in cards[:n]:
                ok = E.discard_from_hand(r, cause, who, c) and ok
        elif e.op == "threat":
            for q in players(r, str(e.get("player", "you")), controller, play):
                ok = E.threat(r, cause, q, int(e.get("amount", 0))) and ok
        elif e.op == "reveal":
            ok = _reveal(r, cause, e.get("count", 1)) and ok
    return ok


# ---------------------------------------------------------------------------- initiating


def initiate(r, source: Card, ability: Ability, controller: Player, play: Play | None = None, *, ask: bool = False) -> bool:
    """Initiate ``ability`` of ``source`` for ``controller``; True when it resolved in full.
    ``ask``: a missing choice raises `Missing` (the replay turns it into a pending decision)
    instead of being written as a step."""
    play = play or Play()
    cause = cause_of(ability, controller.name)
    g = r.g
    is_event = False
    lim = _limits(r)
    ok_limit, limit_rules = lim.can_use(ability, source.label, controller.name, g.phase, g.round)
    if not ok_limit:
        return E.refused(r, cause, f"its limit ({ability.limit.count} per {ability.limit.period}) is used up", limit_rules)
    if ability.phase and g.phase != ability.phase:
        return E.refused(r, cause, f"a {ability.phase} action cannot be initiated in the {g.phase} phase", (C.ACTION,))
    if ability.condition and condition_holds(r, source, ability.condition) is False:
        return E.refused(r, cause, f"its condition ({ability.condition}) does not hold", (C.EFFECTS,))
    try:
        if ability.choose:
            chosen_ok = [x for x in play.chosen if _find_card(r, x) is not None or g.player(x) is not None]
            if not chosen_ok:
                return E.refused(r, cause, f"no valid target ({ability.choose[0].what}), so it cannot be initiated", (C.CHOOSE,))
            immune = [x for x in chosen_ok if cause.from_player_card and x in state_of(r).immune]
            if immune:
                return E.refused(r, cause, f"{immune[0]} is immune to player card effects and cannot be chosen", (C.IMMUNE, C.FAQ_IMMUNE, C.CHOOSE))
        why = _cost_payable(r, ability, source, controller, play)
        if why:
            return E.refused(r, cause, f"the cost cannot be paid in full ({why}), so it is not initiated", (C.COST, C.TO))
        is_event = source.type == "event" and source in controller.hand
        price = source.card.stat("cost") or 0 if is_event else 0
        hero = r.find(controller.heroes, play.pay_from) if play.pay_from else None
        if price and (hero is None or hero.resources < price):
            return E.refused(r, cause, f"its cost of {price} resource{'s' if price != 1 else ''} cannot be paid"
                             + (f" from {hero.label}'s pool" if hero else " (no hero named to pay)"), (C.COST,))
        kind_rule = {"action": C.ACTION, "response": C.RESPONSE, "forced": C.FORCED, "when_revealed": C.REVEAL,
                     "shadow": C.SHADOW_EFFECTS, "travel": C.TRAVEL, "setup": C.SETUP}.get(ability.kind, C.TRIGGERED)
        who = f"{controller.name} initiates it" if cause.from_player_card else "it resolves"
        r.emit("initiate", f"[from {cause.label}] {who}: {ability.says}", (C.ABILITY, kind_rule) + cause.rules)
        if price:
            E.pay(r, cause, hero, price)
        if not _pay_cost(r, cause, ability, source, controller, play):
            return False
        lim.use(ability, source.label, controller.name, g.phase, g.round)
        ok = resolve_effects(r, cause, ability, ability.effects, source, controller, play)
        if ability.then:
            ok = E.then(r, cause, ok, lambda: resolve_effects(r, cause, ability, ability.then, source, controller, play))
        if ability.delayed is not None:
            affects = []
            for e in ability.delayed.effects:
                t = str(e.get("target", ""))
                affects += [source] if t == "self" else targets(r, t, source, controller, play) if t in play.targets else []
            state_of(r).__dict__.setdefault("delayed", []).append(
                PendingDelayed(cause, ability.delayed.at.event, ability.delayed.effects, source, controller, play, affects))
            r.emit("delayed", f"[from {cause.label}] a delayed effect waits for the {ability.delayed.at.event.replace('_', ' ')}", (C.DELAYED,) + cause.rules)
    except Missing as exc:
        if ask:
            raise
        return E.refused(r, cause, f"a choice is missing: {exc}", (C.CHOOSE,))
    if is_event and source in controller.hand:
        controller.hand.remove(source)
        controller.discard.insert(0, source)
        r.emit("event-discarded", f"{source.label} goes to {controller.name}'s discard pile", (C.EVENT_CARDS,))
    return ok


def resolve_effects(r, cause: Cause, ability: Ability, effects, source: Card, controller: Player, play: Play) -> bool:
    ok = True
    for e in effects:
        ok = resolve_effect(r, cause, ability, e, source, controller, play) and ok
    return ok


def resolve_effect(r, cause: Cause, ability: Ability, e: Effect, source: Card, controller: Player, play: Play) -> bool:
    """One primitive step of an ability, its targets found on the table."""
    op = e.op
    t = str(e.get("target", "self"))
    amount = e.get("amount", 1)
    if op == "modify":
        value = int(e.get("value", 0)) if str(e.get("value", "0")).lstrip("-").isdigit() else 0
        if ability.duration:
            found = targets(r, t, source, controller, play)
            if not found:
                return E.refused(r, cause, f"nothing to affect ({t})", (C.EFFECTS,))
            set_mode = str(e.get("set", "")) if not cause.from_player_card else "current"
            if set_mode == "current":
                selector = lambda g, found=found: found  # noqa: E731
            else:
                selector = lambda g: targets(r, t, source, controller, play)  # noqa: E731
            L.establish(r, cause, str(e.get("stat")), str(e.get("how")), value, selector, ability.duration, set_mode)
            return bool(found)
        return all(E.modify(r, cause, c, str(e.get("stat")), str(e.get("how")), value) for c in targets(r, t, source, controller, play))
    if op in ("ready", "exhaust"):
        fn = E.ready if op == "ready" else E.exhaust
        found = targets(r, t, source, controller, play)
        return bool(found) and all([fn(r, cause, c) for c in found])
    if op == "damage":
        found = targets(r, t, source, controller, play)
        return bool(found) and all([E.damage(r, cause, c, int(amount)) for c in found])
    if op == "heal":
        n = None if amount == "all" else int(amount)
        found = targets(r, t, source, controller, play)
        return bool(found) and all([E.heal(r, cause, c, n) for c in found])
    if op == "progress":
        if t == "current quest":
            return E.progress(r, cause, int(amount), bypass=bool(e.get("bypass", False)))
        found = targets(r, t, source, controller, play)
        return bool(found) and all([E.progress(r, cause, int(amount), location=c) for c in found])
    if op == "remove_progress":
        return E.remove_progress(r, cause, int(amount))
    if op == "threat":
        ok = True
        for q in players(r, str(e.get("player", "you")), controller, play):
            if str(amount).lstrip("-").isdigit():
                n = int(amount)
            elif amount == "one per character not committed":
                n = sum(1 for c in q.characters if not c.committed)
            elif "amount" in play.targets:
                n = int(play.targets["amount"])
            else:
                raise Missing(f"the amount '{amount}' (answer it in the play's targets: amount)")
            ok = (E.threat(r, cause, q, n) if n else True) and ok
        return ok
    if op == "resources":
        n = int(amount) if str(amount).isdigit() else int(play.targets.get("amount", 0))
        found = targets(r, t, source, controller, play)
        return bool(found) and all(E.add_resources(r, cause, c, n) for c in found)
    if op == "draw":
        return all(E.draw(r, cause, q, int(amount)) for q in players(r, str(e.get("player", "you")), controller, play))
    if op == "discard":
        found = targets(r, t, source, controller, play)
        return bool(found) and all(_discard(r, cause, c) for c in found)
    if op == "engage":
        found = targets(r, t, source, controller, play)
        return bool(found) and all(E.engage(r, cause, controller, c) for c in found)
    if op == "return_to_staging":
        found = targets(r, t, source, controller, play)
        return bool(found) and all(E.return_to_staging(r, cause, c) for c in found)
    if op in ("return_to_hand", "shuffle_into_deck"):
        found = targets(r, t, source, controller, play)
        encounter = [c for c in found if c.owner == "encounter" or c.type in ("objective", "enemy", "location", "treachery")]
        if op == "shuffle_into_deck" and encounter:
            return all(_shuffle_into_encounter_deck(r, cause, c) for c in encounter)
        in_play = [c for c in found if controller_of(r, c) is not None]
        if not in_play:
            in_discard = [c for c in found if any(c in q.discard for q in r.g.players)]
            if in_discard and op == "return_to_hand":
                return all(_from_discard_to_hand(r, cause, c) for c in in_discard)
            return E.refused(r, cause, "the card is no longer in play: the effect no longer applies", (C.FAQ_SIMULTANEOUS,))
        return all(E.leave_play(r, cause, c, "hand" if op == "return_to_hand" else "deck") for c in in_play)
    if op == "put_into_play":
        found = targets(r, t, source, controller, play)
        play.targets.setdefault("that ally", [c.label for c in found])
        return bool(found) and all(_put_into_play(r, cause, c, controller) for c in found)
    if op == "attach":
        found = targets(r, t, source, controller, play)
        for zone in (r.g.encounter_discard, r.g.staging):
            if found and source in zone:
                zone.remove(source)  # a treachery that attaches stays in play instead of going to the discard pile
        return bool(found) and all(E.attach(r, cause, source, c) for c in found)
    if op == "discard_from_hand":
        ok = True
        for q in players(r, str(e.get("player", "you")), controller, play):
            if not q.hand:
                continue
            picks = [c for c in q.hand if c.label in (play.targets.get("discard") or [])]
            if not picks:
                raise Missing(f"the card '{q.name} discards' (answer it in the play's targets: discard)")
            ok = E.discard_from_hand(r, cause, q, picks[0]) and ok
        return ok
    if op == "cannot":
        for c in targets(r, t, source, controller, play) if not t.startswith(("each player", "the players")) else []:
            E.forbid(r, cause, str(e.get("what")), c.label)
        if t.startswith(("each player", "the players")):
            E.forbid(r, cause, str(e.get("what")), "each player")
        if ability.duration:
            state_of(r).timed.append((cause.label, ability.duration))
        return True
    if op == "shuffle_discard_into_deck":
        return all(_shuffle_discard(r, cause, q) for q in players(r, str(e.get("player", "you")), controller, play))
    if op == "remove_from_game":
        return _remove_from_game(r, cause, source, controller)
    if op == "search" and e.get("to") == "staging area":
        if not play.targets.get("found") and e.get("for"):
            play.targets["found"] = _names_in(str(e.get("for")))
        return _search_to_staging(r, cause, play, reveal=bool(e.get("reveal", False)))
    if op == "search" and e.get("deck") == "chosen":
        return _look_and_take(r, cause, play)
    if op == "reveal":
        return _reveal(r, cause, e.get("count", 1))
    if op == "deal_shadow":
        return _deal_shadow(r, cause, targets(r, t, source, controller, play), e.get("count", 1))
    if op == "look":
        r.emit("look", f"[from {cause.label}] {controller.name} looks at the encounter deck's top card", (C.EFFECTS,) + cause.rules)
        return True
    if op == "take_control":
        return _give_control(r, cause, source, controller, play)
    if op == "gain_trait":
        r.emit("gain-trait", f"[from {cause.label}] {', '.join(c.label for c in targets(r, t, source, controller, play))} gains the {e.get('trait')} trait",
               (C.GAINS,) + cause.rules)
        return True
    if op == "cancel":
        from adjudicator.lotr.abilities.cancel import cancel

        what = "shadow" if "shadow" in str(e.get("what", "")) else "effect"
        cancel(r, cause, str(play.targets.get("cancelled", t)), what)
        return True
    if op == "python" and e.get("name") in HATCHES:
        return HATCHES[str(e.get("name"))](r, cause, source, controller, play)
    return E.refused(r, cause, f"its {op} effect is not replayed yet", (C.EFFECTS,))


# ---------------------------------------------------------------------------- helpers


def _discard(r, cause: Cause, card: Card) -> bool:
    for p in r.g.players:
        if card in p.hand:
            p.hand.remove(card)
            p.discard.insert(0, card)
            r.emit("discard", f"[from {cause.label}] {p.name} discards {card.label}", (C.EFFECTS,) + cause.rules)
            return True
    host = host_of(r, card)
    if host is not None:
        host.attachments.remove(card)
        owner = r.g.player(card.owner)
        (owner.discard if owner else r.g.encounter_discard).insert(0, card)
        r.emit("discard", f"[from {cause.label}] {card.label} is discarded from {host.label}", (C.EFFECTS,) + cause.rules)
        return True
    p = controller_of(r, card)
    if p is not None and card in p.allies:
        p.allies.remove(card)
        (r.g.player(card.owner) or p).discard.insert(0, card)
        r.emit("discard", f"[from {cause.label}] {card.label} is discarded from play", (C.EFFECTS,) + cause.rules)
        return True
    return E.refused(r, cause, f"{card.label} cannot be discarded from where it is", (C.EFFECTS,))


def _shuffle_into_encounter_deck(r, cause: Cause, card: Card) -> bool:
    """An encounter card (an unclaimed objective, guarded or not: FAQ Q6) goes back into the
    encounter deck, which is shuffled (the order from the situation's seed)."""
    import random

    g = r.g
    where = None
    if card in g.staging:
        g.staging.remove(card)
        where = "the staging area"
    else:
        for guard in g.cards_in_play():
            if card in guard.guarding:
                guard.guarding.remove(card)
                where = f"guarded by {guard.label}"
                break
    if where is None:
        return E.refused(r, cause, f"{card.label} is not in the staging area", (C.EFFECTS,))
    g.encounter_deck.append(card)
    random.Random(g.seed * 104729 + len(g.encounter_deck)).shuffle(g.encounter_deck)
    r.emit("shuffle", f"[from {cause.label}] {card.label} ({where}) is shuffled into the encounter deck", (C.EFFECTS,) + cause.rules)
    return True


def _names_in(phrase: str) -> list[str]:
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


def _reveal(r, cause: Cause, count) -> bool:
    """Reveal encounter cards: each is staged normally (its keywords and When Revealed)."""
    from adjudicator.lotr.engine.keywords import draw_encounter, stage

    n_players = len(r.g.in_player_order())
    n = {"number of players": n_players, "one per player": n_players, "two per player": 2 * n_players}.get(str(count))
    n = int(count) if n is None else n
    st = state_of(r)
    busy, st.busy = st.busy, False  # revealed normally: abilities on the revealed cards trigger
    try:
        for i in range(n):
            card = draw_encounter(r, (C.REVEAL,) + cause.rules)
            if card is None:
                return E.refused(r, cause, "the encounter deck is empty", (C.REVEAL,))
            stage(r, card, f"revealed by {cause.label} ({i + 1} of {n})", (C.REVEAL,) + cause.rules)
    finally:
        st.busy = busy
    return True


def _look_and_take(r, cause: Cause, play: Play) -> bool:
    """Gandalf's Search: the top X cards of a chosen player's deck; one goes to its owner's
    hand, the rest back on top in the order given (or as they were)."""
    owner = next((q for q in r.g.players if q.name in play.chosen), None)
    if owner is None:
        raise Missing("the player 'chosen' whose deck is searched")
    top = owner.deck[: play.x]
    take = [c for c in top if c.label == play.targets.get("take")]
    if top and not take:
        raise Missing("the card 'take' (answer it in the play's targets: take)")
    rest_order = play.targets.get("order") or [c.label for c in top if c not in take]
    rest = sorted((c for c in top if c not in take), key=lambda c: rest_order.index(c.label) if c.label in rest_order else 99)
    owner.deck = rest + owner.deck[play.x:]
    owner.hand.extend(take)
    r.emit("search", f"[from {cause.label}] {len(top)} card{'s' if len(top) != 1 else ''} of {owner.name}'s deck looked at; "
           f"{', '.join(c.label for c in take) or 'none'} to {owner.name}'s hand, the rest back on top", (C.SEARCH,) + cause.rules)
    return bool(take)


def _deal_shadow(r, cause: Cause, enemies: list[Card], count) -> bool:
    """Deal more shadow cards, face down, from the encounter deck."""
    n = len(r.g.in_player_order()) if count == "number of players" else int(count)
    ok = bool(enemies)
    for enemy in enemies:
        for _ in range(n):
            if not r.g.encounter_deck:
                return E.refused(r, cause, "the encounter deck is empty: no shadow card", (C.SHADOW_EFFECTS,))
            shadow = r.g.encounter_deck.pop(0)
            enemy.shadows.append(shadow)
            r.emit("shadow", f"[from {cause.label}] {enemy.label} is dealt one more shadow card", (C.SHADOW_EFFECTS,) + cause.rules)
    return ok


def _search_to_staging(r, cause: Cause, play: Play, reveal: bool = False) -> bool:
    """Cards found in the encounter deck or discard pile go to the staging area: added, not
    revealed, so their When Revealed effects and Guarded do not resolve (FAQ 1.22, 1.45) --
    unless the effect reveals them, then they are staged normally."""
    names = play.targets.get("found")
    if not names:
        raise Missing("the cards 'found' (answer it in the play's targets: found)")
    if reveal:
        from adjudicator.lotr.engine.keywords import stage

        st = state_of(r)
        busy, st.busy = st.busy, False
        try:
            for name in names if isinstance(names, list) else [names]:
                hit = next((c for c in r.g.encounter_deck if fold(c.label) == fold(name) or fold(c.name) == fold(name)), None)
                if hit is None:
                    raise Missing(f"the card 'found' {name} is not in the encounter deck")
                r.g.encounter_deck.remove(hit)
                stage(r, hit, f"found and revealed by {cause.label}", (C.SEARCH, C.REVEAL) + cause.rules)
        finally:
            st.busy = busy
        return True
    moved = []
    for name in names if isinstance(names, list) else [names]:
        for zone in (r.g.encounter_deck, r.g.encounter_discard):
            hit = next((c for c in zone if fold(c.label) == fold(name) or fold(c.name) == fold(name)), None)
            if hit is not None:
                zone.remove(hit)
                r.g.staging.append(hit)
                moved.append(hit.label)
                break
    r.emit("added", f"[from {cause.label}] {', '.join(moved) or 'nothing'} added to the staging area, not revealed: no When Revealed, no Guarded",
           (C.SEARCH, C.FAQ_WHEN_REVEALED, C.FAQ_REVEAL) + cause.rules)
    return len(moved) == len(names if isinstance(names, list) else [names])


def _put_into_play(r, cause: Cause, card: Card, controller: Player) -> bool:
    """Put into play: not played, so play restrictions and "when played" do not apply (FAQ 1.16)."""
    for p in r.g.players:
        for zone in (p.hand, p.discard, p.deck):
            if card in zone:
                zone.remove(card)
                (controller.heroes if card.type == "hero" else controller.allies).append(card)
                r.emit("put-into-play", f"[from {cause.label}] {card.label} is put into play under {controller.name}'s control (not played)",
                       (C.PLAY_AND_PUT, C.FAQ_PUT_INTO_PLAY) + cause.rules)
                return True
    return E.refused(r, cause, f"{card.label} is not in a hand, deck or discard pile", (C.PLAY_AND_PUT,))


def _from_discard_to_hand(r, cause: Cause, card: Card) -> bool:
    for p in r.g.players:
        if card in p.discard:
            p.discard.remove(card)
            (r.g.player(card.owner) or p).hand.append(card)
            r.emit("to-hand", f"[from {cause.label}] {card.label} returns from the discard pile to its owner's hand", (C.EFFECTS,) + cause.rules)
            return True
    return False


def _shuffle_discard(r, cause: Cause, p: Player) -> bool:
    n = len(p.discard)
    p.deck.extend(p.discard)
    p.discard = []
    r.emit("shuffle", f"[from {cause.label}] {p.name} shuffles {n} card{'s' if n != 1 else ''} from the discard pile into the deck", (C.EFFECTS,) + cause.rules)
    return True


def _remove_from_game(r, cause: Cause, source: Card, controller: Player) -> bool:
    if source in controller.hand:
        controller.hand.remove(source)
    source.removed = True  # type: ignore[attr-defined]
    r.emit("removed", f"[from {cause.label}] {source.label} is removed from the game", (C.EFFECTS,) + cause.rules)
    return True


def _give_control(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    if source.type == "objective":
        if source in r.g.staging:
            r.g.staging.remove(source)
        r.emit("claim", f"[from {cause.label}] {controller.name} claims {source.label} and controls it", (C.FAQ_OBJECTIVE_CONTROL,) + cause.rules)
        return True
    to = r.g.player(str(play.targets.get("another player", "")))
    if to is None or to is controller or source not in controller.allies:
        return E.refused(r, cause, "no other player to take control", (C.EFFECTS,))
    controller.allies.remove(source)
    to.allies.append(source)
    r.emit("control", f"[from {cause.label}] {to.name} takes control of {source.label}", (C.EFFECTS,) + cause.rules)
    play.targets.setdefault("that player", to.name)
    return True


def fire_delayed(r, at: str, order: list[str] | None = None) -> list[str]:
    """Resolve the delayed effects waiting for ``at`` (the first player orders them: FAQ 1.02);
    one that acts on a card no longer in play no longer applies."""
    st = state_of(r)
    waiting = [d for d in st.__dict__.get("delayed", []) if d.at == at]
    if order:
        waiting.sort(key=lambda d: order.index(d.cause.label) if d.cause.label in order else len(order))
    done = []
    for d in waiting:
        st.delayed.remove(d)
        gone = [c for c in d.affects if controller_of(r, c) is None]
        if gone:
            E.refused(r, d.cause, f"{gone[0].label} has left play: the delayed effect no longer applies", (C.FAQ_SIMULTANEOUS, C.DELAYED))
            continue
        r.emit("delayed", f"[from {d.cause.label}] the delayed effect resolves at the {at.replace('_', ' ')}", (C.DELAYED, C.PRIORITY) + d.cause.rules)
        ability = Ability(d.cause.label, 0, "delayed", "", effects=d.effects)
        resolve_effects(r, d.cause, ability, d.effects, d.source, d.controller, d.play)
        done.append(d.cause.label)
    return done


# ---------------------------------------------------------------------------- escape hatches


def _gandalf(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    if play.option == "draw":
        return E.draw(r, cause, controller, 3)
    if play.option == "damage":
        found = targets(r, "enemy", source, controller, play)
        return bool(found) and E.damage(r, cause, found[0], 4)
    if play.option == "threat":
        return E.threat(r, cause, controller, -5)
    raise Missing("Gandalf's option: draw, damage or threat")


def _greeting(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    if play.option == "one":
        return all(E.threat(r, cause, q, -6) for q in players(r, "chosen", controller, play))
    if play.option == "each":
        return all(E.threat(r, cause, q, -2) for q in r.g.in_player_order())
    raise Missing("the option: one (a chosen player -6) or each (every player -2)")


def _protector(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    stat = "willpower" if play.option != "defense" else "defense"
    host = host_of(r, source)
    if host is None:
        return False
    L.establish(r, cause, stat, "add", 1, lambda g: [host], "end_of_phase", "current")
    return True


def _orc_guards(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    from adjudicator.lotr.abilities.triggers import HATCHES as T

    return T["orc_guard_from_each_deck"](r, cause)


def _bats(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    """Black Forest Bats: each player takes one committed character off the quest (it stays exhausted)."""
    ok = True
    picks = play.targets.get("removed") or []
    for q in r.g.in_player_order():
        committed = [c for c in q.characters if c.committed]
        if not committed:
            continue
        chosen = [c for c in committed if c.label in picks]
        if not chosen:
            raise Missing(f"the character '{q.name} removes from the quest' (answer it in the play's targets: removed)")
        chosen[0].committed = False
        r.emit("removed-from-quest", f"[from {cause.label}] {chosen[0].label} is removed from the quest", (C.EFFECTS,) + cause.rules)
    return ok


HATCHES: dict[str, Callable[..., bool]] = {
    "each_player_removes_one_questing_character": _bats,
    "gandalf_choose_one": _gandalf,
    "either_one_player_6_or_each_2": _greeting,
    "willpower_or_defense_plus_one": _protector,
    "orc_guard_from_each_deck": _orc_guards,
}


# ---------------------------------------------------------------------------- constant abilities


def _constant_value(r, source: Card, e: Effect) -> int:
    raw = str(e.get("value", 0))
    if raw.lstrip("-").isdigit():
        value = int(raw)
        host = host_of(r, source)
        if source.name == "Dwarven Axe" and host is not None and "Dwarf" in host.card.traits:
            value = 2  # +2 instead on a Dwarf (the card's own exception)
        return value
    if raw == "damage on self":
        return source.damage
    if raw == "2 per resource on self":
        return 2 * source.resources
    raise Missing(f"the value '{raw}'")


def apply_constant(r, source: Card, ability: Ability) -> bool:
    """(Re)apply a constant ability of a card in play: its modifiers are recomputed from the
    state now (Constant Ability; Modifiers), its restrictions established."""
    controller = controller_of(r, source) or r.g.first_player
    cause = cause_of(ability, controller.name)
    if ability.condition:
        holds = condition_holds(r, source, ability.condition)
        if holds is None:
            return E.refused(r, cause, f"its condition ({ability.condition}) is not replayed yet", (C.CONSTANT,))
        if not holds:
            return E.refused(r, cause, f"its condition ({ability.condition}) does not hold", (C.CONSTANT,))
    ok = True
    try:
        for e in ability.effects:
            if e.op == "modify":
                value = _constant_value(r, source, e)
                for c in targets(r, str(e.get("target", "self")), source, controller, Play()):
                    E.unmodify(r, cause.label, c, str(e.get("stat")))
                    before = c.stat(str(e.get("stat")))
                    from adjudicator.lotr.engine.modifiers import Modifier

                    c.modifiers.append(Modifier(str(e.get("stat")), str(e.get("how")), value, cause.label))
                    r.emit("constant", f"[from {cause.label}] {c.label} {e.get('stat')} {before} → {c.stat(str(e.get('stat')))}",
                           (C.CONSTANT, C.MODIFIERS) + cause.rules)
            elif e.op == "cannot":
                t = str(e.get("target", "self"))
                label = "each player" if t.startswith(("each player", "the players")) else ", ".join(c.label for c in targets(r, t, source, controller, Play()))
                E.forbid(r, cause, str(e.get("what")), label)
            elif e.op == "gain_trait":
                r.emit("gain-trait", f"[from {cause.label}] the attached hero has the {e.get('trait')} trait too", (C.CONSTANT, C.GAINS) + cause.rules)
            else:
                ok = resolve_effect(r, cause, ability, e, source, controller, Play()) and ok
    except Missing as exc:
        return E.refused(r, cause, f"a choice is missing: {exc}", (C.CHOOSE,))
    return ok
