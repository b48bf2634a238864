"""Planning phase and playing cards.

2.2/2.3: each player in turn is the active player and may play allies and attachments
(events may be played in any action window).  Playing a card (Initiating Abilities /
Playing Cards): a sphere card is paid from the pools of heroes with a resource icon of its
sphere, printed or gained (Celebrían's Stone), even at 0 cost (Resource Match; FAQ Q62); a neutral card from any heroes' pools (Neutral Cards);
a unique card cannot be played while a copy is in play (Unique Cards); a character may
hold two restricted attachments: with a third, one goes to its owner's discard pile
(Restricted).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from adjudicator.engine.decisions import Option
from adjudicator.lotr.engine import citations as C
from adjudicator.lotr.engine import staging_areas
from adjudicator.lotr.engine.context import Replay, change, handles
from adjudicator.lotr.engine.events import ActivePlayer, CardPlayed, Cause, EventDiscarded, GainedIconPays, Passes, PhaseBegins, RestrictedDiscarded
from adjudicator.lotr.engine.situation import Entry
from adjudicator.lotr.engine.state import Card, Player

RESTRICTED_LIMIT = 2


@handles("2.1")
def planning_begins(r: Replay) -> None:
    r.g.active = 0
    r.active_order = [p.name for p in r.g.in_player_order()]
    r.active_pos = 0
    r.emit(PhaseBegins(phase="planning"), (C.step("2.1"),))


@handles("2.2")
def planning_window(r: Replay) -> None:
    order = r.active_order or [p.name for p in r.g.in_player_order()]
    pos = r.active_pos
    if pos >= len(order):
        return
    p = r.g.player(order[pos])
    if p is None or p.eliminated:
        return
    played = False
    while True:
        entry = r.take(("2.2",), "play", p.name)
        if entry is None:
            break
        for spec in entry.get("play") or ():
            play_card(r, p, spec, entry)
            played = True
    if not played:
        r.emit(Passes(player=p.name), (C.step("2.2"), C.PLANNING_PHASE))


@handles("2.3")
def next_active_player(r: Replay) -> str | None:
    order = r.active_order or [p.name for p in r.g.in_player_order()]
    r.active_pos += 1
    while r.active_pos < len(order) and r.g.player(order[r.active_pos]).eliminated:
        r.active_pos += 1
    if r.active_pos < len(order):
        r.emit(ActivePlayer(player=order[r.active_pos]), (C.step("2.3"), C.IN_PLAYER_ORDER))
        return "2.2"
    r.emit(ActivePlayer(), (C.step("2.3"), C.IN_PLAYER_ORDER))
    return None


def window_plays(r: Replay, step_id: str) -> None:
    """Events declared for the action window after ``step_id`` (see `plays_for_attack` for
    the windows of an enemy attack).  An entry may carry another decision of the step too
    (a defender): its plays are still made here, once."""
    match = plays_for_attack(r, r.attack, step_id)
    made = r.window_plays_made
    while True:
        waiting = [e for e in r.decisions.at((step_id,), r.g.round) if e.index not in made and "play" in e.data]
        entry = next((e for e in waiting if match(e)), None)
        if entry is None:
            for e in waiting:  # each one left for a later window says why the first window did not take it
                e.why = e.why or _not_this_window(r, e, step_id)
            return
        made.add(entry.index)
        entry.used = True
        p = r.g.player(entry.get("player")) if entry.get("player") else r.g.first_player
        for spec in entry.get("play") or ():
            play_card(r, p, spec, entry)


def _not_this_window(r: Replay, entry: Entry, step_id: str) -> str:
    """Why the window after ``step_id`` of the attack being resolved did not take ``entry``'s plays."""
    attack = r.attack or {}
    enemy = attack.get("enemy")
    if attack.get("ended"):
        return (f"the attack of {enemy.label if enemy else 'its enemy'} had ended (its enemy left play), so it opened no "
                f"action window after step {step_id} (FAQ Q55)")
    if entry.get("enemy") is not None:
        return f"it names the attack of {entry.get('enemy')}, and no window of that attack after step {step_id} came"
    return f"the window after step {step_id} belonged to an attack made in the middle of another one, which takes only plays naming its enemy"


def plays_for_attack(r: Replay, attack: dict | None, step_id: str):
    """Which plays declared for ``step_id`` the window after it takes (a test on an entry,
    or on a mapping with the same keys), given the attack being resolved.

    During an enemy attack (6.4b to 6.4.4) the window belongs to that attack: a play naming
    an enemy (``enemy:``) goes only to the window of that enemy's attack; one naming none to
    the attack of an engaged enemy, not to an attack made in the middle of it (Wolf Rider's
    as a shadow card).  An attack that has ended early (its enemy left play: FAQ Q55) opens
    no more windows: a play declared for one of its steps waits for the next attack's window
    of that step.  Outside an enemy attack every play for the step is taken."""
    if attack is None or not step_id.startswith("6.4") or step_id == "6.4a":
        return lambda e: True
    if attack.get("ended"):
        return lambda e: False
    enemy = attack.get("enemy")

    def match(e) -> bool:
        named = e.get("enemy")
        if named is None:
            return attack.get("outer") is None
        return enemy is not None and r.find([enemy], str(named)) is not None

    return match


def play_card(r: Replay, p: Player, spec: dict, entry: Entry) -> None:
    g = r.g
    card = r.find(p.hand, spec["card"])
    if card is None:
        r.illegal(entry, f"{spec['card']} is not in {p.name}'s hand", (C.PLAYING_CARDS,))
        return
    d = card.card
    if d.type in ("ally", "attachment", "side-quest") and g.step != "2.2":
        r.illegal(entry, f"{card.label} ({d.type}) can only be played in the planning phase", (C.step("2.2"), C.PLANNING_PHASE))
        return
    if d.type not in ("ally", "attachment", "event", "side-quest"):
        r.illegal(entry, f"{card.label} is a {d.type}, not a card a player plays from hand", (C.PLAYING_CARDS,))
        return
    if d.type == "ally":  # a quest stage's limit on the group's allies
        why = r.hooks.ally_limit_reached(r, p)
        if why is not None:
            r.illegal(entry, f"{p.name} cannot play {card.label}: {why}", (C.CANNOT, C.PLAYING_CARDS))
            return
    if d.type == "attachment":  # a card's restriction (Amon Lhaw while it is the active location)
        by = r.hooks.cannot(r, "play attachments", p.name)
        if by is not None:
            r.illegal(entry, f"{p.name} cannot play {card.label}: {by} forbids playing attachments",
                      (C.CANNOT, C.PLAYING_CARDS, C.ATTACHMENT_CARDS))
            return
    # a title removed from the game for the players (To the Tower: Faramir); asked only when such a restriction holds
    by = r.hooks.cannot(r, f"play cards titled {d.name}", p.name) if r.hooks.cannot(r, "play cards titled", p.name) else None
    if by is not None:
        r.illegal(entry, f"{p.name} cannot play {card.label}: {by} removes every card titled {d.name} from the game",
                  (C.CANNOT, C.PLAYING_CARDS) + r.hooks.restriction_rulings(r, by))
        return
    if d.unique:
        # every player's cards count, also those at another staging area (FAQ Q37)
        copy = next((c for c in staging_areas.every_card_in_play(g) if c.name == d.name), None)
        if copy is not None:
            apart = staging_areas.unique_rulings(g) if staging_areas.elsewhere(g, copy) else ()
            r.illegal(entry, f"{d.name} is unique and a copy is already in play" + (" at another staging area" if apart else ""),
                      (C.UNIQUE_CARDS,) + apart + r.hooks.rulings_of(copy, (C.UNIQUE_CARDS,)))
            return
    host = None
    if d.type == "attachment":
        if not spec.get("attach_to"):
            r.illegal(entry, f"{card.label} is an attachment: say which card it is attached to (attach_to)", (C.ATTACHMENT_CARDS,))
            return
        found = r.character(spec["attach_to"], p)
        host = found[1] if found is not None else r.find(list(g.cards_in_play()), str(spec["attach_to"]))
        if host is None:
            r.illegal(entry, f"no card {spec['attach_to']!r} in play to attach {card.label} to", (C.ATTACHMENT_CARDS,))
            return
        why = r.hooks.attachment_host(r, card, host, p)  # its "Attach to", immunity, "cannot have attachments"
        if why is not None:
            r.illegal(entry, why[0], why[1])
            return
        host_owner = found[0] if found is not None else None  # None: not a character (a location, an enemy)
        if card.keyword("restricted") and not spec.get("discard"):
            held = [a for a in host.attachments if a.keyword("restricted")]
            if len(held) >= RESTRICTED_LIMIT:
                options = held + [card]
                r.ask(
                    "discard",
                    f"{host.label} would hold {len(options)} restricted attachments: which one goes to its owner's discard pile?",
                    [Option(a.label, a.label, (C.RESTRICTED,)) for a in options],
                    (C.RESTRICTED,),
                    p.name,
                    {"step": "2.2", "player": p.name, "play": [{"card": card.label, "attach_to": host.label, "discard": held[0].label}]},
                )
    if d.type == "event":  # an event whose ability cannot be initiated is not played (its cost is not paid)
        problem = r.hooks.event_target_problem(r, card, p)
        if problem is not None:
            r.illegal(entry, problem[0], (C.PLAYING_CARDS,) + problem[1])
            return
    cost = spec.get("x", 0) if d.cost_x else (d.stat("cost") or 0)
    cites = [C.step(g.step), C.PLAYING_CARDS, C.COST]
    cites.append(C.NEUTRAL_CARDS if d.sphere in (None, "neutral") else C.RESOURCE_MATCH)
    if d.cost_x:
        cites.append(C.LETTER_X)
    paid = payment(r, p, card, spec.get("pay_from") or (), cost)
    if paid.problem:
        r.illegal(entry, paid.problem, paid.rules)
        return
    if paid.undecided:
        r.ask("pay_from", paid.question(), paid.options(lambda heroes: heroes), (C.RESOURCE_MATCH, C.COST), p.name,
              {"step": r.g.step, "player": p.name, "play": [{"card": card.label, "pay_from": paid.example()}]})
    note_gained_icon(r, card, paid.payers)
    if any(h not in p.heroes for h in paid.payers):  # a pool paying for its trait's cards, no match (Radagast)
        cites.append(C.FAQ_Q_TRAIT_POOL)
    changes = paid.spend()
    p.hand.remove(card)
    if d.type == "ally":
        p.allies.append(card)
        allies_played(r).append((p.name, card.label))
        changes.append(change(card.label, "zone", "hand", f"{p.name}'s play area"))
        r.emit(CardPlayed(player=p.name, card=card.label, card_type="ally", cost=cost), cites, changes)
    elif d.type == "side-quest":  # a player side quest: placed in the staging area (the player's own, apart: staging_areas)
        g.staging.append(card)
        changes.append(change(card.label, "zone", "hand", "staging area"))
        r.emit(CardPlayed(player=p.name, card=card.label, card_type="side-quest", cost=cost),
               cites + [C.QC_PLAYER_SIDE_QUEST, *staging_areas.side_quest_rulings(g)], changes)
    elif d.type == "attachment":
        host.attachments.append(card)
        changes.append(change(card.label, "zone", "hand", f"attached to {host.label}"))
        # played on another player's character, that player controls it; on an enemy or a location, its player keeps it (FAQ 1.38)
        control = [C.OWNERSHIP, C.FAQ_ATTACHMENT_CONTROL] if host_owner is not p else []
        r.emit(CardPlayed(player=p.name, card=card.label, card_type="attachment", cost=cost, host=host.label), cites + [C.ATTACHMENT_CARDS] + control, changes)
        if card.keyword("restricted"):
            _restricted(r, host, spec, entry)
    else:
        # Event Cards: the cost is paid, the ability resolves (the listener answers the event),
        # then the card goes to the discard pile, unless its own effect removed it from the game
        changes.append(change(card.label, "zone", "hand", "played"))
        r.event_being_played = (p, card)  # the card being played, in no zone meanwhile
        try:
            r.emit(CardPlayed(player=p.name, card=card.label, card_type="event", cost=cost, replayed=r.hooks.replays_card_text),
                   cites + [C.EVENT_CARDS], changes)
        finally:
            r.event_being_played = None
        if not card.removed:
            p.discard.insert(0, card)
            r.emit(EventDiscarded(card=card.label, player=p.name), (C.EVENT_CARDS,),
                   [change(card.label, "zone", "played", f"{p.name}'s discard pile")])


# ---------------------------------------------------------------------------- paying a card's cost


@dataclass
class Payment:
    """How ``player`` pays ``cost`` resources for ``card``: the paying heroes (``payers``),
    or why it cannot be paid in full (``problem``, with its ``rules``), or the heroes among
    whom the player must choose because several ways are possible and none was named
    (``undecided``)."""

    player: Player
    card: Card
    cost: int
    payers: list[Card] = field(default_factory=list)
    problem: str = ""
    rules: tuple[str, ...] = ()
    undecided: list[Card] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problem and not self.undecided

    def question(self) -> str:
        return (f"Which heroes of {self.player.name} pay the {self.cost} resource{'s' if self.cost != 1 else ''} for "
                f"{self.card.label}? ({', '.join(f'{h.label}: {h.resources}' for h in self.undecided)})")

    def choices(self) -> list[list[Card]]:
        """The ways to pay worth offering: each hero able to pay alone, else all of them."""
        alone = [[h] for h in self.undecided if h.resources >= self.cost]
        return alone or [list(self.undecided)]

    def options(self, value: Callable[[list[str]], Any]) -> list[Option]:
        """The legal answers, each ``value(hero labels)``."""
        return [Option(value([h.label for h in heroes]), " and ".join(f"{h.label} ({h.resources} resources)" for h in heroes),
                       (C.RESOURCE_MATCH, C.COST)) for heroes in self.choices()]

    def example(self) -> list[str]:
        return [h.label for h in self.choices()[0]]

    def spend(self) -> list:
        """Take the cost from the payers' pools, in the order named; the changes made."""
        changes, due = [], self.cost
        for h in self.payers:
            take = min(h.resources, due)
            if take:
                changes.append(change(h.label, "resources", h.resources, h.resources - take))
                h.resources -= take
                due -= take
        return changes


def named_heroes(value: Any) -> list[str]:
    """The heroes a declaration names to pay (``pay_from``, ``with``): one name or a list."""
    if value is None or value == "":
        return []
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value if str(v)]
    return [str(value)]


def payment(r: Replay, p: Player, card: Card, named: Any = (), cost: int | None = None,
            can_pay: Callable[[Card, Card], bool] | None = None) -> Payment:
    """How ``p`` pays for ``card`` (cost ``cost``, by default its printed cost): in full,
    from the pools of one or more of their heroes with a resource icon matching its sphere
    (printed or gained), or from any heroes for a neutral card (Cost; Resource Match;
    Neutral Cards; a 0-cost sphere card still needs a match: FAQ Q62).  Named heroes pay
    when named (``named``: a name or a list); with none named the payers are taken only
    when there is one way to pay: else ``undecided`` lists the heroes to choose among.
    ``can_pay(hero, card)``: whether a hero's icons match (by default the hooks': printed
    icons, and gained ones in a replay with card abilities)."""
    d = card.card
    cost = (d.stat("cost") or 0) if cost is None else int(cost)
    sphere = d.sphere
    neutral = sphere in (None, "neutral")
    out = Payment(p, card, cost)
    eligible = matching_heroes(r, p, card, can_pay)
    # a character whose own pool pays for cards of a trait, no match needed from it (Radagast: Creatures); a hero
    # paying beside it still needs the match (FAQ Q27)
    eligible = eligible + [c for c in r.hooks.trait_payers(r, p, card) if c not in eligible]
    allowed = r.hooks.spend_permission(r, p, card) if not neutral and cost > 0 else None  # not for a 0-cost card: FAQ Q62
    if allowed is not None:  # any hero's resources may pay for this sphere's cards (A Good Harvest)
        eligible = eligible + [h for h in p.heroes if h not in eligible]
    if not neutral and not eligible:
        out.problem = (f"{card.label} is a {sphere} card and {p.name} has no hero with a {sphere} resource icon to match it"
                       + (f" (even at cost {cost})" if cost == 0 else ""))
        out.rules = (C.RESOURCE_MATCH,) + ((C.FAQ_Q_ZERO_COST_MATCH,) if cost == 0 else ())
        return out
    names = named_heroes(named)
    if names:
        for name in names:
            h = r.find(p.heroes, name) or r.find([c for c in eligible if c not in p.heroes], name)
            if h is None:
                out.problem, out.rules = f"{name} is not a hero of {p.name}, so cannot pay for {card.label}", (C.RESOURCE_MATCH, C.COST)
                return out
            if h not in eligible:
                out.problem = (f"{h.label} is not a {sphere} hero (no {sphere} resource icon): "
                               f"their resources cannot pay for the {sphere} card {card.label}")
                beside = any(c not in p.heroes for c in eligible if c.label in names or c.name in names)
                out.rules = (C.RESOURCE_MATCH,) + ((C.FAQ_Q_TRAIT_POOL,) if beside else ())
                return out
            if h not in out.payers:
                out.payers.append(h)
        held = sum(h.resources for h in out.payers)
        if held < cost:
            h = out.payers[0]
            out.problem = (f"{h.label} has {h.resources} resource{'s' if h.resources != 1 else ''}, not the {cost} it costs"
                           if len(out.payers) == 1 else
                           f"{card.label} costs {cost} and the paying heroes hold {held} matching resources")
            out.rules = (C.COST, C.RESOURCE_MATCH)
        return out
    if cost == 0:
        return out
    holding = [h for h in eligible if h.resources > 0]
    held = sum(h.resources for h in holding)
    if held < cost:
        kind = "" if neutral else f"{sphere} "
        out.problem = (f"{card.label} costs {cost} and {p.name}'s {kind}heroes hold {held} resource{'s' if held != 1 else ''} "
                       f"to pay for it")
        out.rules = (C.COST,) + (() if neutral else (C.RESOURCE_MATCH,))
    elif len(holding) == 1 or held == cost:
        out.payers = holding
    else:
        out.undecided = holding
    return out


def matching_heroes(r: Replay, p: Player, card: Card, can_pay: Callable[[Card, Card], bool] | None = None) -> list[Card]:
    """The heroes of ``p`` whose resources may pay for ``card`` (Resource Match; Neutral
    Cards): every hero for a neutral card; else those with a resource icon of its sphere,
    printed or -- in a replay with card abilities (the hooks), or as ``can_pay`` says --
    gained (Celebrían's Stone on Aragorn)."""
    sphere = card.card.sphere
    if sphere in (None, "neutral"):
        return list(p.heroes)
    if can_pay is None:
        return [h for h in p.heroes if r.hooks.can_pay_for(r, h, card)]
    return [h for h in p.heroes if can_pay(h, card)]


def note_gained_icon(r: Replay, card: Card, payers: list[Card], source_of: Callable[[Card, str], str] | None = None) -> None:
    """Say so when a payer's matching icon is a gained one (and which ability gives it):
    ``source_of(hero, sphere)``, by default the hooks'."""
    sphere = card.card.sphere
    if sphere in (None, "neutral"):
        return
    for h in payers:
        source = source_of(h, sphere) if source_of is not None else r.hooks.gained_icon_source(r, h, sphere)
        if source:
            r.emit(GainedIconPays(hero=h.label, sphere=sphere, card=card.label, cause=Cause(source)), (C.RESOURCE_MATCH, C.GAINS, C.CONSTANT))


def allies_played(r: Replay) -> list[tuple[str, str]]:
    """(player, ally) of every ally played this round, in order; an ally put into play by a
    card effect is not played (FAQ 1.16) and is not listed."""
    return r.allies_played.setdefault(r.g.round, [])


def _restricted(r: Replay, host: Card, spec: dict, entry: Entry) -> None:
    restricted = [a for a in host.attachments if a.keyword("restricted")]
    if len(restricted) <= RESTRICTED_LIMIT:
        return
    choice = spec.get("discard")
    if not choice:
        r.ask(
            "discard",
            f"{host.label} holds {len(restricted)} restricted attachments: which one goes to its owner's discard pile?",
            [Option(a.label, a.label, (C.RESTRICTED,)) for a in restricted],
            (C.RESTRICTED,),
            entry.get("player"),
            {"step": "2.2", "play": [{"card": spec["card"], "attach_to": host.label, "discard": restricted[0].label}]},
        )
    gone = r.find(restricted, choice)
    if gone is None:
        r.illegal(entry, f"{choice} is not a restricted attachment on {host.label}", (C.RESTRICTED,))
        gone = restricted[-1]
    host.attachments.remove(gone)
    owner = r.g.player(gone.owner)
    if owner is not None:
        owner.discard.insert(0, gone)
    r.emit(
        RestrictedDiscarded(host=host.label, card=gone.label, limit=RESTRICTED_LIMIT),
        (C.RESTRICTED,),
        [change(gone.label, "zone", f"attached to {host.label}", "discard pile")],
    )
