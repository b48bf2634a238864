"""Effect primitives: each takes its cause and writes its own trace step, citing the rule
that decided it, in the manner of a simulator stamping ``[from] <effect>`` on its log line.

They act on the LOTR engine's state through its replay context (``Replay``: the game, the
trace, ``emit``) and reuse the engine's own mechanics (damage and destruction, progress
through the active location, threat and elimination, engagement), so an ability's effect
and a framework step's effect cannot drift apart.

Every primitive returns True when it resolved in full: what "then" (Then; FAQ 1.15) and
costs ("to": Cost) look at.  Player card effects never touch a card immune to them
(Immune; FAQ 1.47); a "cannot" restriction is absolute (Cannot; FAQ 1.14).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from dataclasses import replace as _replace
from typing import Any, Callable

from adjudicator.engine.trace import Change, Interpretation
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.ability_events import Modified, NotResolved, Restricted, RestrictionEnds
from adjudicator.lotr.abilities.choose import Missing, Play, controller_of, host_of
from adjudicator.lotr.abilities.grammar.restrictions import MOMENTS, Held, applies, parse_restriction
from adjudicator.lotr.abilities.grammar.targets import PhraseError
from adjudicator.lotr.abilities.effect_events import (ToDeckTop, Attached, CardsDrawn, ControlTaken, Discarded,
                                                      DrawReplaced, Exhausted, Healed, KeywordGained,
                                                      ObjectiveClaimed, ProgressRemoved, Readied, RemovedFromGame,
                                                      ResourcesAdded, ResourcesPaid, ReturnedToOwner,
                                                      ReturnedToStaging, SecondOption, ThreatSet)
from adjudicator.lotr.engine.controlled_locations import back_to_staging
from adjudicator.lotr.engine.damage import deal_damage, place_progress
from adjudicator.lotr.engine import lost_heroes
from adjudicator.lotr.engine.elimination import check_heroes, lose, raise_threat
from adjudicator.lotr.engine.encounter_events import EnemyEngaged
from adjudicator.lotr.engine.events import Cause, Event
from adjudicator.lotr.engine.keywords import placed_by_effect, stage
from adjudicator.lotr.engine.modifiers import Modifier
from adjudicator.lotr.engine.questing import add_progress, check_advance
from adjudicator.lotr.engine.state import Card, Player

__all__ = ["Cause"]  # re-exported: the cause of an effect is the engine's event cause


@dataclass
class AbilityState:
    """What the abilities package keeps beside the engine's state: lasting effects,
    restrictions ("cannot"), immunity, used limits, responses used per trigger."""

    lasting: Any = None  # a lasting.LastingEffects, created on first use
    restrictions: list[Held] = field(default_factory=list)  # "cannot" restrictions in force (grammar.restrictions)
    immune: set[str] = field(default_factory=set)  # labels immune to player card effects
    immune_all: set[str] = field(default_factory=set)  # labels immune to every card effect, player or encounter (East-gate)
    limits: Any = None  # a limits.Limits
    timed: list[tuple[str, str]] = field(default_factory=list)  # (cause label, until) of restrictions with a duration
    on_decks: dict[str, Any] = field(default_factory=dict)  # player name -> a card attached to their deck (Iron Shackles)
    busy: bool = False  # inside an ability's own resolution (listeners do not re-trigger on it)
    searches: int = 0  # decks shuffled after a search so far (each draws its own order from the seed)
    delayed: list = field(default_factory=list)  # initiate.PendingDelayed: delayed effects waiting for their moment
    constants: dict = field(default_factory=dict)  # constant.refresh: cause label -> what it applies
    constants_applied: bool = False  # constant.refresh has run once
    defender_permissions: list = field(default_factory=list)  # combat_hatches.DefenderPermission
    left_play_attacking: set = field(default_factory=set)  # shadow cards that left play during their own attack
    threat_sets: list = field(default_factory=list)  # (player name, cause label, until) of set threats with a duration
    progress_first: dict = field(default_factory=dict)  # label -> cause: cards taking the players' progress before the active location
    spending: list = field(default_factory=list)  # spending.Permission: resources spent on another sphere's cards
    loans: list = field(default_factory=list)  # lending.Loan: heroes lent to another player for a while
    blanks: list = field(default_factory=list)  # blank_text.Blank: text boxes treated as blank for a while
    out_of_play: list = field(default_factory=list)  # out_of_play.Held: cards treated as out of play while a card stays
    phase_ended: tuple | None = None  # (phase, round, cause label): a card effect ended that phase at once (False Lead)


def state_of(r) -> AbilityState:
    """The abilities' state for a replay (kept in the replay's ``ability_state``)."""
    st = r.ability_state
    if st is None:
        st = r.ability_state = AbilityState()
    return st


def _emit(r, event: Event, rules, changes=(), interpretation=None) -> None:
    """Emit ``event`` (caused by a card ability: its rulings are cited too)."""
    r.emit(event, tuple(rules) + tuple(event.cause.rules), tuple(changes), interpretation)


def refused(r, cause: Cause, text: str, rules) -> bool:
    """Write why an effect did not happen; returns False (not resolved in full)."""
    _emit(r, NotResolved(why=text, cause=cause), rules)
    return False


# ---------------------------------------------------------------------------- checks


def immune_to(r, cause: Cause, card: Card) -> bool:
    """True (and a trace step) when ``card`` ignores this effect: immune to player card effects, or
    to every card effect but its own (East-gate)."""
    if card.label in state_of(r).immune_all and cause.card.split("#")[0] != card.name:
        return not refused(r, cause, f"{card.label} is immune to card effects and ignores it", (C.IMMUNE,) + r.hooks.rulings_of(card, (C.IMMUNE,)))
    if cause.from_player_card and card.label in state_of(r).immune:
        refused(r, cause, f"{card.label} is immune to player card effects and ignores it", (C.IMMUNE, C.FAQ_IMMUNE))
        return True
    return False


def forbid(r, cause: Cause, what: str, target: str, player: str = "", source: str = "", quiet: bool = False) -> None:
    """Establish a "cannot" restriction (absolute: nothing overrides it): ``what`` is a phrase
    of the grammar (`grammar.restrictions`), ``target`` a card's label, a player's name or
    "each player"; ``player`` the player an attack restriction protects.  ``quiet``: a
    constant ability's, always on while it holds (what it stops names it)."""
    held = Held(parse_restriction(what), target, cause.label, player, source, tuple(cause.rules))
    state_of(r).restrictions.append(held)
    if not quiet:
        _emit(r, Restricted(target=target, what=what, cause=cause), (C.CANNOT,))


def forbidding(r, moment: str, target: str, player: str = "") -> list[Held]:
    """The restrictions in force forbidding ``target`` the ``moment`` now (`grammar.restrictions.MOMENTS`;
    a whole restriction phrase finds the restrictions written with it)."""
    if moment not in MOMENTS:
        try:
            rs = parse_restriction(moment)
        except PhraseError:  # a phrase naming a card outside the library (a situation's own card): no restriction names it
            return []
        return [h for h in state_of(r).restrictions if h.restriction.phrase.strip() == rs.phrase.strip()
                and applies(r, h, rs.moments[0], target, player)]
    return [h for h in state_of(r).restrictions if applies(r, h, moment, target, player)]


def forbidden(r, moment: str, target: str, player: str = "") -> str | None:
    """The cause of a restriction forbidding ``target`` the ``moment`` now, if any."""
    held = forbidding(r, moment, target, player)
    return held[0].by if held else None


def lift(r, cause_label: str) -> None:
    st = state_of(r)
    st.restrictions = [x for x in st.restrictions if x.by != cause_label]


def lift_expired(r, until: str) -> None:
    """Restrictions that last "this phase" / "this round" end at that point (Lasting Effects)."""
    st = state_of(r)
    for label, when in [t for t in st.timed if t[1] == until]:
        lift(r, label)
        r.emit(RestrictionEnds(until=until, cause=Cause(label)), (C.LASTING,))
    st.timed = [t for t in st.timed if t[1] != until]


# ---------------------------------------------------------------------------- stats


def modify(r, cause: Cause, card: Card, stat: str, how: str, value: int = 0) -> bool:
    """Give ``card`` a modifier; the value is recomputed from the base value with every
    active modifier (Modifiers; FAQ 1.43)."""
    if immune_to(r, cause, card):
        return False
    before = card.stat(stat)
    card.modifiers.append(Modifier(stat, how, value, cause.label))
    after = card.stat(stat)
    _emit(r, Modified(card=card.label, stat=stat, how=how, value=value, before=before, after=after, cause=cause), (C.MODIFIERS,),
          [Change(card.label, stat, before, after)])
    return True


def unmodify(r, cause_label: str, card: Card, stat: str | None = None) -> bool:
    """Remove the modifiers ``cause_label`` put on ``card`` (a lasting effect expiring)."""
    kept = [m for m in card.modifiers if not (m.source == cause_label and (stat is None or m.stat == stat))]
    changed = len(kept) != len(card.modifiers)
    card.modifiers = kept
    return changed


# ---------------------------------------------------------------------------- status


def ready(r, cause: Cause, card: Card) -> bool:
    if immune_to(r, cause, card):
        return False
    if not card.exhausted:
        return refused(r, cause, f"{card.label} is already ready", (C.READY,))
    card.exhausted = False
    _emit(r, Readied(card=card.label, cause=cause), (C.READY,) + _apart(r, card), [Change(card.label, "exhausted", True, False)])
    return True


def _apart(r, card: Card) -> tuple[str, ...]:
    """An attachment and the card it is on exhaust and ready apart (FAQ 1.12): the rule to
    cite when one of them does while the other is there."""
    attached = bool(card.attachments) or any(card in c.attachments for c in r.g.cards_in_play())
    return (C.FAQ_EXHAUSTION_AND_ATTACHMENTS,) if attached else ()


def exhaust(r, cause: Cause, card: Card) -> bool:
    if immune_to(r, cause, card):
        return False
    if card.exhausted:
        return refused(r, cause, f"{card.label} is already exhausted", (C.EXHAUSTED,))
    card.exhausted = True
    _emit(r, Exhausted(card=card.label, cause=cause), (C.EXHAUSTED,) + _apart(r, card), [Change(card.label, "exhausted", False, True)])
    return True


# ---------------------------------------------------------------------------- damage


def damage(r, cause: Cause, card: Card, amount: int) -> bool:
    """Deal damage (destroying the card at its hit points, through the engine)."""
    if immune_to(r, cause, card):
        return False
    if amount <= 0:
        return refused(r, cause, f"no damage to deal to {card.label}", (C.DAMAGE,))
    deal_damage(r, card, amount, (C.DAMAGE,) + cause.rules, f"from {cause.label}", cause=cause)
    return True


def heal(r, cause: Cause, card: Card, amount: int | None = None) -> bool:
    """Heal ``amount`` damage (``None``: all of it); in full only if that much was there."""
    if immune_to(r, cause, card):
        return False
    if card.damage == 0:
        return refused(r, cause, f"{card.label} has no damage to heal", (C.HEAL,))
    healed = card.damage if amount is None else min(amount, card.damage)
    before = card.damage
    card.damage -= healed
    _emit(r, Healed(card=card.label, amount=healed, cause=cause), (C.HEAL,), [Change(card.label, "damage", before, card.damage)])
    return amount is None or healed == amount


# ---------------------------------------------------------------------------- progress


def progress(r, cause: Cause, amount: int, location: Card | None = None, bypass: bool = False) -> bool:
    """Progress on a location, or on the quest: through the active location first unless
    the effect says to bypass it (Active Location; FAQ 1.27, 1.00); the quest advances as
    soon as it has its quest points (Quest Advancement; FAQ Q15)."""
    g = r.g
    if location is not None:
        if immune_to(r, cause, location):
            return False
        place_progress(r, location, amount, (C.EFFECTS,) + cause.rules, f"from {cause.label}", cause=cause)
        return True
    if g.quest is None:
        return refused(r, cause, "there is no quest card to place progress on", (C.QUEST_ADVANCEMENT,))
    if bypass:
        place_progress(r, g.quest, amount, (C.FAQ_BYPASS, C.GOLDEN_RULES) + cause.rules, f"from {cause.label}, bypassing the active location",
                       cause=cause)
        check_advance(r)
        return True
    if g.active_location is not None and (g.active_location.label in state_of(r).immune_all or cause.from_player_card
                                          and g.active_location.label in state_of(r).immune):
        # the progress goes to the active location first, which ignores it: none is placed (FAQ Q42)
        every = g.active_location.label in state_of(r).immune_all
        return refused(r, cause, f"its progress would go on the active location {g.active_location.label}, which is immune "
                       f"to {'' if every else 'player '}card effects and ignores it: no progress is placed, on it or on the quest",
                       (C.ACTIVE_LOCATION, C.IMMUNE, C.FAQ_IMMUNE, C.FAQ_Q_IMMUNE_ACTIVE_LOCATION))
    # a card effect placing progress "on the quest" still goes through the active location:
    # card and rules can both be followed, so both are (FAQ Q3, 1.00, 1.27)
    rules = (C.ACTIVE_LOCATION, C.FAQ_BYPASS, C.FAQ_Q_PROGRESS_TO_ACTIVE_LOCATION, C.FAQ_GOLDEN_RULE) \
        if g.active_location is not None else (C.QUEST_ADVANCEMENT,)
    add_progress(r, amount, f"from {cause.label}", rules + cause.rules)
    return True


def remove_progress(r, cause: Cause, amount: int) -> bool:
    """Remove progress from the quest card itself, never the active location (FAQ 1.05)."""
    g = r.g
    # with an active location in play, the removal still never touches it (FAQ 1.05)
    rules = (C.FAQ_REMOVING_PROGRESS, C.ACTIVE_LOCATION) if g.active_location is not None else (C.EFFECTS,)
    if g.quest is None or g.quest.progress == 0:
        return refused(r, cause, "no progress on the quest card to remove", rules)
    taken = min(amount, g.quest.progress)
    before = g.quest.progress
    g.quest.progress -= taken
    _emit(r, ProgressRemoved(stage=g.quest.label, amount=taken, cause=cause), rules,
          [Change(g.quest.label, "progress", before, g.quest.progress)])
    return taken == amount


# ---------------------------------------------------------------------------- threat, resources


def threat(r, cause: Cause, player: Player, amount: int) -> bool:
    """Raise (positive) or reduce (negative) a player's threat, never below 0; 50 eliminates."""
    raise_threat(r, player, amount, (C.THREAT,) + cause.rules, f"from {cause.label}", cause=cause)
    return True


SET_THREAT_READ = Interpretation(
    "a set threat is what the rules read; the dial keeps moving",
    C.MODIFIERS,
    "a value set by a card overrides the others (Modifiers) wherever the rules read the player's threat (engagement "
    "checks, threat comparisons); raises and reductions still move the dial, and elimination at 50 reads the dial",
)


def set_threat(r, cause: Cause, player: Player, value: int, until: str = "") -> bool:
    """Treat ``player``'s threat as ``value`` ``until`` a timing point (end_of_phase ...; or
    while its card is in play: ``while_in_play``, lifted by `unset_threat`): the rules read it
    (`Player.threat_value`), the dial keeps its own value (Modifiers: a set value overrides)."""
    player.threat_set.append((int(value), cause.label))
    if until and until != "while_in_play":
        state_of(r).threat_sets.append((player.name, cause.label, until))
    _emit(r, ThreatSet(player=player.name, value=int(value), dial=player.threat, until=until, cause=cause),
          (C.MODIFIERS, C.THREAT) + ((C.LASTING,) if until and until != "while_in_play" else (C.CONSTANT,) if until else ()),
          [Change(player.name, "threat treated as", None, int(value))], interpretation=SET_THREAT_READ)
    return True


def unset_threat(r, cause_label: str, player: Player) -> None:
    """The set threat of ``cause_label`` ends (its duration, or its card left play)."""
    kept = [(v, by) for v, by in player.threat_set if by != cause_label]
    if len(kept) == len(player.threat_set):
        return
    before = player.threat_value
    player.threat_set = kept
    r.emit(ThreatSet(player=player.name, value=player.threat_value, dial=player.threat, ends=True, cause=Cause(cause_label)),
           (C.MODIFIERS, C.THREAT), [Change(player.name, "threat treated as", before, player.threat_value if kept else None)])


def add_resources(r, cause: Cause, hero: Card, amount: int) -> bool:
    """Add resources from the bank to a hero's pool (Resources; FAQ 1.25); the pool is not the hero,
    so a hero immune to player card effects still gets them (FAQ Q87)."""
    pool = (C.FAQ_Q_POOL_NOT_HERO,) if cause.from_player_card and hero.label in state_of(r).immune else ()
    if forbidden(r, "collect resources", hero.label):  # no collecting means no adding from the bank either (FAQ 1.25)
        return refused(r, cause, f"{hero.label} cannot collect resources ({forbidden(r, 'collect resources', hero.label)}): none added", (C.CANNOT, C.FAQ_RESOURCES))
    before = hero.resources
    hero.resources += amount
    _emit(r, ResourcesAdded(hero=hero.label, amount=amount, cause=cause), (C.RESOURCES, C.FAQ_RESOURCES) + pool,
          [Change(hero.label, "resources", before, hero.resources)])
    return True


def pay(r, cause: Cause, hero: Card, amount: int) -> bool:
    """Spend resources from a hero's pool as a cost: all of it, or nothing (Cost; To)."""
    if hero.resources < amount:
        return refused(r, cause, f"{hero.label} has {hero.resources} resource{'s' if hero.resources != 1 else ''}, not the {amount} the cost needs",
                       (C.COST, C.TO))
    before = hero.resources
    hero.resources -= amount
    _emit(r, ResourcesPaid(hero=hero.label, amount=amount, cause=cause), (C.COST,), [Change(hero.label, "resources", before, hero.resources)])
    return True


# ---------------------------------------------------------------------------- cards


def attach_to_deck(r, cause: Cause, card: Card, player: Player) -> bool:
    """A card attached to the top of a player's deck (Iron Shackles); a card being staged
    is then placed there, not in the encounter discard pile."""
    st = state_of(r)
    for zone in (r.g.encounter_discard, r.g.staging):
        if card in zone:
            zone.remove(card)
    st.on_decks[player.name] = card
    placed_by_effect(r, card, f"{player.name}'s deck")
    _emit(r, Attached(card=card.label, host=player.name, to_deck=True, cause=cause), (C.ATTACHMENT_CARDS,),
          [Change(card.label, "attached to", None, f"{player.name}'s deck")])
    return True


def replace_draw(r, player: Player) -> bool:
    """The next draw from a deck holding Iron Shackles discards it instead (its Forced
    effect: Replacement Effects).  True when the draw was replaced."""
    st = state_of(r)
    card = st.on_decks.pop(player.name, None)
    if card is None:
        return False
    r.g.encounter_discard.insert(0, card)
    r.emit(DrawReplaced(player=player.name, card=card.label, cause=Cause(f"{card.label} (forced)", source="encounter", card=card.label)),
           (C.REPLACEMENT, C.FORCED), [Change(card.label, "zone", f"{player.name}'s deck", "encounter discard pile")])
    return True


def draw(r, cause: Cause, player: Player, count: int) -> bool:
    by = forbidden(r, "draw cards", player.name)
    if by:
        return refused(r, cause, f"{player.name} cannot draw cards ({by})", (C.CANNOT, C.FAQ_CANNOT))
    if replace_draw(r, player):
        count -= 1
        if count <= 0:
            return False
    drawn = player.deck[:count]
    player.deck = player.deck[count:]
    player.hand.extend(drawn)
    _emit(r, CardsDrawn(player=player.name, count=len(drawn), cause=cause), (C.DRAWING,),
          [Change(player.name, "hand", len(player.hand) - len(drawn), len(player.hand))])
    lost_heroes.drawn(r, player, drawn)  # a hero shuffled into the deck goes back into play (FAQ Q38)
    return len(drawn) == count


def discard_from_hand(r, cause: Cause, player: Player, card: Card) -> bool:
    if card not in player.hand:
        return refused(r, cause, f"{card.label} is not in {player.name}'s hand", (C.COST,))
    player.hand.remove(card)
    player.discard.insert(0, card)
    _emit(r, Discarded(card=card.label, player=player.name, as_cost=True, cause=cause), (C.COST,),
          [Change(card.label, "zone", "hand", "discard pile")])
    return True


def _controller(r, card: Card) -> tuple[Player | None, str]:
    for p in r.g.players:
        if card in p.heroes:
            return p, "heroes"
        if card in p.allies:
            return p, "allies"
    return None, ""


def leave_play(r, cause: Cause, card: Card, where: str) -> bool:
    """A character leaves play to its owner's ``hand`` or ``deck`` (shuffled in: the
    engine's seed orders it); its attachments go to their owners' discard piles."""
    if immune_to(r, cause, card) or cannot_leave_play(r, cause, card):
        return False
    p, zone = _controller(r, card)
    if p is None:
        return refused(r, cause, f"{card.label} is no longer in play", (C.FAQ_SIMULTANEOUS,))
    getattr(p, zone).remove(card)
    for a in card.attachments:
        (r.g.player(a.owner) or p).discard.insert(0, a)
    card.attachments, card.damage, card.exhausted, card.committed = [], 0, False, False
    card.modifiers = []
    owner = r.g.player(card.owner) or p
    if where == "hand":
        owner.hand.append(card)
    else:
        owner.deck.append(card)
        random.Random(r.g.seed * 7919 + len(owner.deck)).shuffle(owner.deck)
    _emit(r, ReturnedToOwner(card=card.label, player=owner.name, where=where, cause=cause), (C.ENTERS_PLAY,),
          [Change(card.label, "zone", "in play", f"{owner.name}'s {where}")])
    if card.type == "hero":
        check_heroes(r, p)  # its player's last hero gone (Lost and Alone: in the deck, not killed: FAQ Q38)
    return True


def mid_attack(r, card: Card) -> tuple[str, ...]:
    """The rules to cite when ``card`` changes control, engagement or place while it takes
    part in the attack being resolved (its enemy, a defender, an attacker): the attack still
    resolves with it, from its new state (FAQ 1.32); () when it takes no part in one."""
    a = r.attack
    if not a:
        return ()
    taking_part = [a.get("enemy"), a.get("defender"), *(a.get("defenders") or ()), *(a.get("attackers") or ())]
    return (C.FAQ_MID_ATTACK_CHANGE,) if any(card is c for c in taking_part if c is not None) else ()


def return_to_staging(r, cause: Cause, enemy: Card) -> bool:
    if immune_to(r, cause, enemy):
        return False
    if r.hooks.return_to_staging_instead(r, enemy):  # a replacement (the erratum of Core 125)
        return True
    if back_to_staging(r, enemy, (C.EFFECTS,) + cause.rules, cause=cause):  # a location a player controls: control lost
        return True
    if enemy is r.g.active_location:  # the active location sent back: no location is active
        r.g.active_location = None
        r.g.staging.append(enemy)
        _emit(r, ReturnedToStaging(enemy=enemy.label, cause=cause), (C.ACTIVE_LOCATION,), [Change(enemy.label, "zone", "active location", "staging area")])
        return True
    for p in r.g.players:
        if enemy in p.engaged:
            p.engaged.remove(enemy)
            r.g.staging.append(enemy)
            # the attacking enemy sent back mid-attack: its attack is not stopped (FAQ 1.32, Q30)
            during = mid_attack(r, enemy) + ((C.FAQ_Q_ATTACK_NOT_STOPPED,) if r.attack and r.attack.get("enemy") is enemy else ())
            _emit(r, ReturnedToStaging(enemy=enemy.label, cause=cause), (C.ENGAGED,) + during,
                  [Change(enemy.label, "zone", f"engaged with {p.name}", "staging area")])
            return True
    return refused(r, cause, f"{enemy.label} is not engaged with a player nor a location a player controls", (C.ENGAGED,))


def engage(r, cause: Cause, player: Player, enemy: Card) -> bool:
    """Engage an enemy from the staging area or from another player (Engaged; FAQ 1.49)."""
    if immune_to(r, cause, enemy):
        return False
    src, how = "staging area", "effect"
    # an effect engaging an enemy is not optional engagement: "cannot be optionally engaged" does not stop it (FAQ Q31)
    not_optional = (C.OPTIONAL_ENGAGEMENT, C.FAQ_Q_NOT_OPTIONAL_ENGAGEMENT) if forbidden(r, "be optionally engaged", enemy.label) else ()
    if enemy in r.g.staging:
        r.g.staging.remove(enemy)
    elif enemy in r.g.set_aside:  # put into play engaged: it has engaged that player (FAQ Q67)
        r.g.set_aside.remove(enemy)
        src, how, not_optional = "set aside (out of play)", "put into play", (C.PLAY_AND_PUT, C.FAQ_Q_ENTERS_ENGAGED)
    else:
        holder = next((p for p in r.g.players if enemy in p.engaged), None)
        if holder is None or holder is player:
            return refused(r, cause, f"{enemy.label} cannot be engaged by {player.name} from where it is", (C.ENGAGED,))
        holder.engaged.remove(enemy)
        src = f"engaged with {holder.name}"
    player.engaged.append(enemy)
    st = state_of(r)
    busy, st.busy = st.busy, False  # engaged like any engagement: its "after it engages" abilities answer (FAQ 1.49)
    try:
        _emit(r, EnemyEngaged(enemy=enemy.label, player=player.name, how=how, cause=cause),
              (C.ENGAGED, C.FAQ_ENGAGING) + not_optional + mid_attack(r, enemy),
              [Change(enemy.label, "zone", src, f"engaged with {player.name}")])
    finally:
        st.busy = busy
    return True


def attach(r, cause: Cause, attachment: Card, host: Card) -> bool:
    """Attach a card to ``host``; one attached elsewhere moves (it does not leave play: an
    objective claimed from another hero, Book of Mazarbul)."""
    if immune_to(r, cause, host):
        return False
    before = host_of(r, attachment)
    if before is not None and before is not host:
        before.attachments.remove(attachment)
    host.attachments.append(attachment)
    _emit(r, Attached(card=attachment.label, host=host.label, cause=cause), (C.ATTACHMENT_CARDS,),
          [Change(attachment.label, "attached to", before.label if before is not None else None, host.label)])
    return True


# ---------------------------------------------------------------------------- keywords


def gain_keyword(r, cause: Cause, card: Card, name: str, value: int = 1) -> bool:
    """A card gains a keyword; numeric ones stack with what it has (Keywords: Doomed 2 and
    a gained Doomed 1 make Doomed 3)."""
    if immune_to(r, cause, card):
        return False
    key = name.lower()
    before = card.keyword(key)
    card.card = _replace(card.card, keywords=card.card.keywords + ((key, value),))
    numbered = key in ("doomed", "victory", "archery")
    _emit(r, KeywordGained(card=card.label, keyword=name, value=value, numbered=numbered,
                           total=card.keyword(key) if before and numbered else 0, cause=cause),
          (C.KEYWORDS, C.GAINS), [Change(card.label, key, before, card.keyword(key))])
    return True


# ---------------------------------------------------------------------------- then


def then(r, cause: Cause, first_resolved: bool, rest: Callable[[], bool]) -> bool:
    """Resolve ``rest`` only if the part before "then" resolved in full (Then; FAQ 1.15)."""
    if not first_resolved:
        return refused(r, cause, "the part before 'then' did not resolve in full, so the rest does not resolve", (C.THEN, C.FAQ_THEN))
    return rest()


def must_or(r, cause: Cause, first: Callable[[], bool], second: Callable[[], bool], first_possible: bool) -> bool:
    """"Must X or Y": X if it can be done, else Y (FAQ 1.44)."""
    if first_possible:
        return first()
    _emit(r, SecondOption(cause=cause), (C.FAQ_MUST_OR,))
    return second()


# ---------------------------------------------------------------------------- cards moving


def _as_attachment(card: Card) -> tuple[str, ...]:
    """An objective discarded as an attachment: attached, it is also an attachment (FAQ 1.23),
    controlled by the player who claimed it (FAQ 1.07)."""
    return (C.FAQ_OBJECTIVE_CONTROL, C.FAQ_ATTACHED_OBJECTIVE) if card.type == "objective" else ()


def cannot_leave_play(r, cause: Cause, card: Card) -> bool:
    """True (and a refused step) when a restriction keeps ``card`` in play (Cannot; FAQ Q73), or lets it
    leave play only destroyed ("cannot leave play unless destroyed": an effect moving it does nothing)."""
    held = forbidding(r, "leave play", card.label) or forbidding(r, "leave play by an effect", card.label)
    why = (C.CANNOT,) + r.hooks.rulings_on(Cause(held[0].by, card=held[0].source.split("#")[0]), (C.CANNOT,)) if held else ()
    return bool(held) and not refused(r, cause, f"{card.label} cannot leave play ({held[0].by})", why)


def remove_from_game(r, cause: Cause, source: Card, controller: Player) -> bool:
    if source in controller.hand:
        controller.hand.remove(source)
    source.removed = True
    # set aside for good, not in the discard pile: nothing that takes cards back from there reaches it
    r.emit(RemovedFromGame(card=source.label, cause=cause), (C.EFFECTS, C.QC_REMOVED_FROM_GAME) + cause.rules)
    return True


def _out_of_encounter_zones(r, card: Card) -> str | None:
    """Take an encounter card out of the staging area, a guard or a host; returns where it was."""
    g = r.g
    if card in g.staging:
        g.staging.remove(card)
        return "the staging area"
    for holder in list(g.cards_in_play()):
        for zone, what in ((holder.guarding, "guarded by"), (holder.attachments, "attached to")):
            if card in zone:
                zone.remove(card)
                return f"{what} {holder.label}"
    return None


def objective_ally_to(r, cause: Cause, card: Card, player: Player) -> bool:
    """An objective-ally comes under ``player``'s control as an ally: out of the staging area
    (or off the card it was attached to, or from another player), into their play area, no
    longer committed from the staging area; its owner is still the encounter deck (Quest
    Companion, Objective-Ally Cards)."""
    before = controller_of(r, card)
    if before is player:
        return True
    if before is not None:
        before.allies.remove(card)
        where = f"{before.name}'s play area"
    else:
        where = _out_of_encounter_zones(r, card) or "out of play"
    card.committed = False
    player.allies.append(card)
    r.emit(ControlTaken(player=player.name, card=card.label, cause=cause), (C.QC_OBJECTIVE_ALLY, C.OWNERSHIP) + cause.rules,
           [Change(card.label, "controller", before.name if before else where, player.name)])
    return True


def time_counters(r, cause: Cause, card: Card, amount: int) -> bool:
    """Place (``amount`` > 0) or remove time counters on a card (Time X); in full only if that
    many were there to remove."""
    from adjudicator.lotr.engine.time_counters import set_counters

    have = card.tokens.get("time", 0)
    set_counters(r, card, have + amount, f"from {cause.label}", (C.EFFECTS,) + cause.rules, cause=cause)
    return amount >= 0 or have >= -amount


def elimination_level(r, cause: Cause, player: Player, amount: int) -> bool:
    """A player's threat elimination level changes for the rest of the game (a player at or
    above the new level is eliminated at once)."""
    from adjudicator.lotr.engine.elimination import lower_elimination_level

    lower_elimination_level(r, player, amount, (C.EFFECTS,) + cause.rules, f"from {cause.label}", cause=cause)
    return True


def to_encounter_deck_top(r, cause: Cause, card: Card) -> bool:
    """An encounter card in play (attached to a character, in the staging area) goes back on top of
    the encounter deck (Signs of Gollum when its hero is damaged)."""
    host = host_of(r, card)
    if host is not None:
        host.attachments.remove(card)
        where = f"attached to {host.label}"
    elif card in r.g.staging:
        r.g.staging.remove(card)
        where = "the staging area"
    else:
        return refused(r, cause, f"{card.label} is not in play", (C.EFFECTS,))
    r.g.encounter_deck.insert(0, card)
    _emit(r, ToDeckTop(card=card.label, where=where, cause=cause), (C.EFFECTS, C.ENCOUNTER_DECK),
          [Change(card.label, "zone", where, "top of the encounter deck")])
    return True


def lose_game(r, cause: Cause, source: Card) -> bool:
    """The players lose the game as a group, at once (a card's own condition of defeat)."""
    gone = all(c is not source for c in r.g.cards_in_play())
    lose(r, f"{source.label} has left play ({cause.label})" if gone else cause.label, (C.EFFECTS,) + cause.rules, cause=cause)
    return True


def give_control(r, cause: Cause, source: Card, controller: Player, play: Play) -> bool:
    if source.type == "objective-ally":
        return objective_ally_to(r, cause, source, controller)
    if source.type == "objective":
        if source in r.g.staging:
            r.g.staging.remove(source)
        r.emit(ObjectiveClaimed(player=controller.name, card=source.label, cause=cause), (C.FAQ_OBJECTIVE_CONTROL,) + cause.rules)
        return True
    if "another player" not in play.targets:  # the player picks who takes it: one other player is taken, several asked
        others = [p for p in r.g.in_player_order() if p is not controller]
        if len(others) > 1:
            raise Missing("the player 'another player' (answer it in the play's targets)", phrase="another player")
        if others:
            play.targets["another player"] = others[0].name
    to = r.g.player(str(play.targets.get("another player", "")))
    if to is None or to is controller or source not in controller.allies:
        return refused(r, cause, "no other player to take control", (C.EFFECTS,))
    controller.allies.remove(source)
    to.allies.append(source)
    # a declared defender changing hands still defends, for the same defending player (FAQ Q24, 1.32)
    defends = mid_attack(r, source) + ((C.FAQ_Q_DEFENDER_CHANGES_HANDS,) if mid_attack(r, source) and r.attack.get("enemy") is not source else ())
    r.emit(ControlTaken(player=to.name, card=source.label, cause=cause), (C.EFFECTS,) + defends + cause.rules)
    play.targets.setdefault("that player", to.name)
    return True


