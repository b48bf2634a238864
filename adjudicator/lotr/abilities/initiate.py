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

from dataclasses import dataclass, replace

from adjudicator.engine.situation import fold
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import card_moves as M
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities import search as S
from adjudicator.lotr.abilities import lasting as L
from adjudicator.lotr.abilities import resource_icons, scenario_ops, switching
from adjudicator.lotr.abilities.ability_events import ConstantApplied, DelayedResolves, DelayedWaits, Initiated, OptionPicked
from adjudicator.lotr.abilities.cancel import cancel
from adjudicator.lotr.abilities.costs import cost_payable, event_payment, pay_cost, pay_event
from adjudicator.lotr.abilities.card_text import abilities_of, cause_of
from adjudicator.lotr.abilities.choices import choice_rules
from adjudicator.lotr.abilities.ruling_points import on_point
from adjudicator.lotr.abilities import poison
from adjudicator.lotr.abilities.player_side_ops import PLAYER_SIDE_OPS, player_side
from adjudicator.lotr.abilities.heal_limits import capped
from adjudicator.lotr.abilities.choose import (Missing, Play, Undecided, _named, choice_options, controller_of, find_card, names_in,
                                              names_nothing, no_longer_of_type, players, targets)
from adjudicator.lotr.abilities.effect_events import IconGained, RemovedFromQuest, TraitGained
from adjudicator.lotr.abilities.effects import Cause, state_of
from adjudicator.lotr.abilities.enemy_attacks import enemy_attack
from adjudicator.lotr.abilities.grammar import amounts as grammar_amounts
from adjudicator.lotr.abilities.grammar.amounts import amount
from adjudicator.lotr.abilities.grammar.conditions import holds, rulings_of
from adjudicator.lotr.abilities.grammar.select import matching
from adjudicator.lotr.abilities.grammar.targets import PhraseError, parse_target
from adjudicator.lotr.abilities.grammar.restrictions import EACH_PLAYER, Restriction, is_each_player, parse_restriction
from adjudicator.lotr.abilities.hatches import HATCHES
from adjudicator.lotr.abilities.prisoner import set_aside_into_staging
from adjudicator.lotr.abilities.stage_effects import STAGE_OPS, reveal_from, stage_effect
from adjudicator.lotr.abilities.limits import Limits
from adjudicator.lotr.abilities.looking import look, move_in_encounter_deck
from adjudicator.lotr.abilities.must_or import second_option
from adjudicator.lotr.abilities.responses import listener_of
from adjudicator.lotr.abilities.model import Ability, Effect
from adjudicator.lotr.engine import citations as EC
from adjudicator.lotr.engine import hidden_cards, separate_decks, staging_areas
from adjudicator.lotr.engine.events import EventDiscarded
from adjudicator.lotr.engine.immediate_attacks import attack_now, eligible, why_not
from adjudicator.lotr.engine.modifiers import Modifier
from adjudicator.lotr.engine.state import Card, Player


def decided(r, source: Card, peek: bool = False) -> dict:
    """The answers a decision of the situation gives for ``source``'s ability at this step
    (``{step, ability: {card, option, targets}}``), for a choice made while it resolves (an
    action declared in ``plays`` takes its other choices from there)."""
    names = (fold(source.label), fold(source.name))
    match = lambda e: isinstance(e.get("ability"), dict) and fold(str(e.get("ability").get("card", ""))) in names  # noqa: E731
    entry = r.decisions.find((r.g.step,), "ability", None, r.g.round, match) if peek else r.take((r.g.step,), "ability", None, match=match)
    return dict(entry.get("ability")) if entry is not None else {}


@dataclass
class PendingDelayed:
    """A delayed effect waiting for its moment (the end of the phase, of the round, ...)."""

    cause: Cause
    at: str                     # end_of_phase, end_of_round, ...
    effects: tuple[Effect, ...]
    source: Card
    controller: Player
    play: Play
    affects: list[Card]
    then: tuple[Effect, ...] = ()


def condition_holds(r, source: Card, condition: str, target: Card | None = None) -> bool | None:
    """Whether a condition the data names holds now; None for a condition of a moment that
    the engine checks where it occurs (the grammar's `conditions.holds`)."""
    return holds(r, source, condition, target)


def of_attack(r, item):
    """Bind an effect lasting to the attack's end to the attack being resolved now, so
    that an attack made in the middle of it (Wolf Rider's) does not end it (`expire_attack`)."""
    if item.until == "end_of_attack":
        item.attack = r.attack
    return item


def expire_attack(r, attack) -> None:
    """The end of ``attack``: its own "until the end of the attack" effects end; those of an
    attack it interrupted last until that attack ends."""
    others = [i for i in L.active(r) if i.until == "end_of_attack" and i.attack is not None and i.attack is not attack]
    for i in others:
        i.until = "end_of_attack (an outer attack)"
    try:
        L.expire(r, "end_of_attack")
    finally:
        for i in others:
            i.until = "end_of_attack"


def _limits(r) -> Limits:
    st = state_of(r)
    if st.limits is None:
        st.limits = Limits()
    return st.limits


# ---------------------------------------------------------------------------- an attack made at once


def _attacker(r, ability: Ability, e: Effect, source: Card, controller: Player, play: Play) -> Card | None:
    """The character that attacks: "that character" is the one the cost exhausts."""
    phrase = str(e.get("attacker", "self"))
    if phrase.startswith("that "):
        phrase = next((str(c.get("target")) for c in ability.cost if c.op == "exhaust"), "self")
    found = targets(r, phrase, source, controller, play)
    return found[0] if found else None


def _attack_problem(r, ability: Ability, e: Effect, source: Card, controller: Player, play: Play):
    """Why the attack of ``e`` cannot be made (reason, rules), or None once its target is
    known: named in the play or a decision, the only eligible enemy, else asked for."""
    attacker = _attacker(r, ability, e, source, controller, play)
    if attacker is None:
        return None  # the cost check says what is missing
    phrase = str(e.get("target", "an eligible enemy"))
    if phrase not in play.targets:
        answer = decided(r, source, peek=True).get("targets", {}).get(phrase)  # checked before anything is taken
        if answer is not None:
            play.targets[phrase] = answer
    options = eligible(r, controller, attacker)
    if phrase not in play.targets:
        if not options:
            return f"no enemy is an eligible target for {attacker.label}", (EC.step("6.8b"), EC.ENGAGED, EC.RANGED)
        if len(options) > 1:
            raise Undecided(f"{ability.label}: {controller.name} decides which enemy {attacker.label} attacks ({phrase})",
                            source, controller, [(c.label, c.label) for c in options], phrase, (EC.step("6.8b"), C.CHOOSE))
        play.targets[phrase] = options[0].label
    enemy = find_card(r, str(play.targets[phrase]))
    if enemy is None or enemy.type != "enemy":
        return f"there is no enemy {play.targets[phrase]!r} in play", (EC.ENEMY_CARDS,)
    problem = why_not(r, controller, attacker, enemy)
    return None if problem is None else (f"{enemy.label} is not an eligible target: {problem[0]}", problem[1])


def _attack(r, cause: Cause, ability: Ability, e: Effect, source: Card, controller: Player, play: Play) -> bool:
    attacker = _attacker(r, ability, e, source, controller, play)
    enemy = find_card(r, str(play.targets.get(str(e.get("target", "an eligible enemy")), "")))
    if attacker is None or enemy is None:
        return E.refused(r, cause, "the attacker or its target is no longer in play: the attack is not made", (C.FAQ_SIMULTANEOUS,))
    return attack_now(r, controller, attacker, enemy, cause.label, cause.rules, cause=cause)


# ---------------------------------------------------------------------------- initiating


def _immunity_rulings(r, card: Card | None, applied: tuple[str, ...]) -> tuple[str, ...]:
    """The rulings of ``card``'s immunity (its abilities with an ``immune`` effect) that rest on
    one of the records ``applied`` where a player card's effect meets it (ruling_points)."""
    out: tuple[str, ...] = ()
    for a in abilities_of(r)(card) if card is not None else ():
        if any(e.op == "immune" for e in a.effects):
            out += tuple(x for x in on_point(a, applied) if x not in out)
    return out


def target_problem(r, ability: Ability, source: Card, controller: Player, play: Play) -> tuple[str, tuple[str, ...]] | None:
    """Why ``ability`` cannot be initiated for want of a valid target: nothing chosen that is
    on the table, a choice its phrase does not name ("not neutral": Stand and Fight's
    erratum), a card immune to player card effects; with the rules.  None when it can."""
    if not ability.choose:
        return None
    what = ability.choose[0].what
    chosen = [x for x in play.chosen if find_card(r, x) is not None or r.g.player(x) is not None]
    if not chosen:
        return f"no valid target ({what}), so it cannot be initiated", (C.CHOOSE,)
    wrong = _not_eligible(r, what, chosen, source, controller, play)
    if wrong:  # a choice must meet the ability's phrase
        return f"{wrong} is not {what}: it cannot be chosen, so the ability is not initiated", (C.CHOOSE,)
    immune = [x for x in chosen if ability.source == "player" and x in state_of(r).immune]
    if immune:
        rules = (C.IMMUNE, C.FAQ_IMMUNE, C.QC_IMMUNE, C.CHOOSE)
        return (f"{immune[0]} is immune to player card effects and cannot be chosen",
                rules + _immunity_rulings(r, find_card(r, immune[0]), rules))
    return None


def _not_eligible(r, phrase: str, chosen: list[str], source: Card, controller: Player, play: Play) -> str:
    """The first chosen card out of play (in a discard pile, a hand, a deck) that the phrase
    does not name (the grammar's selection, with the play's X), or ""; a card in play, a
    player chosen, or a phrase the selection cannot list is not judged here."""
    try:
        eligible = matching(r, parse_target(phrase), source, controller, play)
    except PhraseError:
        return ""
    for name in chosen:
        card = find_card(r, name)
        out_of_play = card is not None and controller_of(r, card) is None and all(card is not c for c in r.g.cards_in_play())
        if out_of_play and all(card is not c for c in eligible):  # in play, the effect's own targeting decides
            return card.label
    return ""


def _immune_only_in_play(r, ability: Ability, play: Play) -> tuple[str, ...]:
    """A player card effect choosing a card out of play whose ability makes it immune to
    player card effects: that ability is not active out of play (In Play and Out of Play;
    the card's own ruling on it, FAQ Q45 for Beorn)."""
    if ability.source != "player":
        return ()
    rules: tuple[str, ...] = ()
    for name in play.chosen:
        card = find_card(r, name)
        if card is None or controller_of(r, card) is not None or card in r.g.staging:
            continue
        if any(e.op == "immune" for a in abilities_of(r)(card) for e in a.effects):
            applied = (C.IN_PLAY, C.IMMUNE)
            rules += tuple(x for x in applied + _immunity_rulings(r, card, applied) if x not in rules)
    return rules


def why_not_initiated(r, source: Card, ability: Ability, controller: Player, play: Play) -> tuple[str, tuple[str, ...]] | None:
    """Why ``ability`` cannot be initiated now (a reason and its rules), or None: its limit,
    its phase, its condition, its targets (none valid, one chosen that is immune, or one the
    phrase does not name: The word "Choose"), an attack's target, a cost that cannot be paid
    in full.  Checked before anything is paid, so an event that cannot be initiated is not
    played.  A choice still to be made raises `Missing`."""
    g = r.g
    ok_limit, limit_rules = _limits(r).can_use(ability, source.label, controller.name, g.phase, g.round)
    if not ok_limit:
        return f"its limit ({ability.limit.count} per {ability.limit.period}) is used up", limit_rules
    if ability.phase and g.phase != ability.phase:
        return f"a {ability.phase} action cannot be initiated in the {g.phase} phase", (C.ACTION,)
    if ability.window and g.step != ability.window:  # "play only after step X": that step's action window alone
        return (f"it can be played only in the action window right after step {ability.window}, not after step {g.step}",
                (C.ACTION, C.step(ability.window)) + on_point(ability, (C.step(ability.window),)))
    if ability.condition and condition_holds(r, source, ability.condition) is False:
        return f"its condition ({ability.condition}) does not hold", (C.EFFECTS,) + rulings_of(ability.condition)
    cause = cause_of(ability, controller.name)
    for target in ability.choose[:1]:
        options = choice_options(r, target.what, source, controller, play)
        named = [x for x in play.chosen if find_card(r, x) is not None or g.player(x) is not None]
        if not named:
            if not options:
                return f"no valid target ({target.what}), so it cannot be initiated", (C.CHOOSE,)
            raise Missing(f"the target to choose ({target.what})", phrase="chosen")
        problem = target_problem(r, ability, source, controller, play)  # out of play, immune
        if problem is not None:
            return problem
        wrong = [x for x in named if options is not None and not _among(r, x, options)]
        if wrong:
            gained = _gained_not_printed(r, target.what, wrong[0])
            return (f"{wrong[0]} is not {target.what} (the phrase names {', '.join(_labels(options)) or 'nothing here'}){gained[0]}, "
                    f"so it cannot be initiated", (C.CHOOSE,) + gained[1] + cause.rules)
    for e in ability.effects:
        if e.op == "attack":
            problem = _attack_problem(r, ability, e, source, controller, play)
            if problem is not None:
                return f"{problem[0]}, so it cannot be initiated", problem[1]
        elif e.op == "switch" and ability.source == "player" and switching.empty_side(r, e, source, controller, play):
            return (f"nothing on one side of the switch ({switching.empty_side(r, e, source, controller, play)}): there is no switch, "
                    "so it cannot be initiated", (C.FAQ_SWITCH, C.TRIGGERED))
        elif ability.source == "player" and e.op != "python" and e.get("otherwise") is None \
                and names_nothing(r, str(e.get("target", "")), source, controller, play):
            return f"no valid target ({e.get('target')}), so it cannot be initiated", (C.TRIGGERED, C.COST)
    why = cost_payable(r, ability, source, controller, play)
    if why:
        return f"the cost cannot be paid in full ({why}), so it is not initiated", (C.COST, C.TO)
    return None


def _gained_not_printed(r, phrase: str, name: str) -> tuple[str, tuple[str, ...]]:
    """A card refused by a "printed ... resource icon" phrase while a card gives it that icon:
    a gained icon is not a printed one (FAQ Q47)."""
    card = find_card(r, name)
    try:
        wanted = [q.removeprefix("printed ") for q in parse_target(phrase).qualifiers if q.startswith("printed ")]
    except PhraseError:
        return "", ()
    hit = [s for s in wanted if card is not None and s in resource_icons.icons(r, card) and card.card.sphere != s]
    return (f" (its {hit[0]} icon is gained, not printed)", (C.FAQ_Q_PRINTED_ICON,)) if hit else ("", ())


def _among(r, name: str, options: list) -> bool:
    card = find_card(r, name)
    if card is not None:
        return any(card is o for o in options)
    return any(getattr(o, "name", None) == name for o in options)


def _labels(options: list) -> list[str]:
    return [getattr(o, "label", None) or o.name for o in options]


def initiate(r, source: Card, ability: Ability, controller: Player, play: Play | None = None, *, ask: bool = False) -> bool:
    """Initiate ``ability`` of ``source`` for ``controller``; True when it resolved in full.
    ``ask``: a missing choice raises `Missing` (the replay turns it into a pending decision)
    instead of being written as a step."""
    play = play or Play()
    cause = cause_of(ability, controller.name)
    picked = choice_rules(r, ability, play, controller, source)
    picked += on_point(ability, picked)  # the card's own rulings on those points (ruling_points)
    picked += _immune_only_in_play(r, ability, play)
    picked += rulings_of(ability.condition)  # a scenario term's defining ruling: its condition held
    if picked:  # what decided its targets (FAQ 1.03, 1.06): its steps cite it
        cause = replace(cause, rules=cause.rules + picked)
    g = r.g
    is_event = False
    lim = _limits(r)
    try:
        problem = why_not_initiated(r, source, ability, controller, play)
        if problem is not None:
            return E.refused(r, cause, problem[0], problem[1])
        is_event = source.type == "event" and source in controller.hand
        paid = event_payment(r, cause, source, controller, play, ask) if is_event else None
        if paid is False:
            return False
        kind_rule = {"action": C.ACTION, "response": C.RESPONSE, "forced": C.FORCED, "when_revealed": C.REVEAL,
                     "shadow": C.SHADOW_EFFECTS, "travel": C.TRAVEL, "setup": C.SETUP,
                     "lost": C.QC_LOST, "last_gasp": C.QC_LAST_GASP}.get(ability.kind, C.TRIGGERED)
        # an action between the steps of the quest phase: the rulebook's erratum opens those windows
        windows = (C.ERRATA_QUEST_ACTION_WINDOWS,) if ability.kind == "action" and g.phase == "quest" else ()
        windows += lim.repeat_rules(ability, source.label, controller.name, g.phase, g.round)
        r.emit(Initiated(player=controller.name if cause.from_player_card else "", says=ability.says, cause=cause),
               (C.ABILITY, kind_rule) + windows + cause.rules)
        if paid is not None:
            pay_event(r, cause, paid)
        if not pay_cost(r, cause, ability, source, controller, play):
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
            state_of(r).delayed.append(
                PendingDelayed(cause, ability.delayed.at.event, ability.delayed.effects, source, controller, play, affects, ability.delayed.then))
            r.emit(DelayedWaits(at=ability.delayed.at.event, cause=cause), (C.DELAYED,) + cause.rules)
    except Missing as exc:
        if ask and isinstance(exc, Undecided):
            raise exc.pending(r) from None
        if ask:
            raise
        return E.refused(r, cause, f"a choice is missing: {exc}", (C.CHOOSE,))
    if is_event and source in controller.hand:
        controller.hand.remove(source)
        controller.discard.insert(0, source)
        r.emit(EventDiscarded(card=source.label, player=controller.name, cause=cause), (C.EVENT_CARDS,))
    return ok


def resolve_effects(r, cause: Cause, ability: Ability, effects, source: Card, controller: Player, play: Play) -> bool:
    """Resolve the effects in order.  Without "then" an effect does not depend on the one
    before: after one that did not resolve, the next still does, and cites why (Then, and
    the card's own ruling on that point: ruling_points)."""
    ok = True
    for e in effects:
        if not ok:
            independent = (C.THEN,) + on_point(ability, (C.THEN,))
            cause = replace(cause, rules=cause.rules + tuple(x for x in independent if x not in cause.rules))
        for one in repeated(r, e, source, controller, play):  # "for each ...": once per card counted, each its own effect
            ok = resolve_effect(r, cause, ability, one, source, controller, play) and ok
    return ok


def repeated(r, e: Effect, source: Card, controller: Player, play: Play) -> list[Effect]:
    """An effect with ``for_each`` (a target phrase): the effect, without it, once per card the
    phrase names now (none: not at all); any other effect once."""
    phrase = e.get("for_each")
    if phrase is None:
        return [e]
    n = len(targets(r, str(phrase), source, controller, play))
    return [Effect(e.op, tuple((k, v) for k, v in e.args if k != "for_each"))] * n


def resolve_effect(r, cause: Cause, ability: Ability, e: Effect, source: Card, controller: Player, play: Play) -> bool:
    """One primitive step of an ability, its targets found on the table."""
    written, e = e, effective(r, e, source)
    op = e.op
    counted = tuple(x for k in ("amount", "value", "count") if e.get(k) is not None for x in grammar_amounts.rulings_of(e.get(k)))
    over = written.get("override")
    if isinstance(over, dict) and over.get("condition"):  # a scenario term read for the "instead": its ruling decides it
        counted += rulings_of(str(over["condition"]))
    if counted:  # a scenario's own words in the amount: their ruling decides what is counted
        cause = replace(cause, rules=cause.rules + tuple(x for x in counted if x not in cause.rules))
    t = str(e.get("target", "self"))
    amount = e.get("amount", 1)
    if amount == "X" and ability.source != "player":  # an encounter card's X no card defines and no player picks (FAQ 1.40)
        return E.refused(r, cause, "X is 0 (no card defines it and no player chooses it): the effect does nothing", (C.FAQ_X,))
    instead = second_option(r, cause, e, t, source, controller, play)  # "must X or Y": X impossible (FAQ 1.44)
    if instead is not None:
        return resolve_effects(r, cause, ability, instead, source, controller, play)
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
            of_attack(r, L.establish(r, cause, str(e.get("stat")), str(e.get("how")), value, selector, ability.duration, set_mode))
            return bool(found)
        return all(E.modify(r, cause, c, str(e.get("stat")), str(e.get("how")), value) for c in targets(r, t, source, controller, play))
    if op in ("ready", "exhaust"):
        fn = E.ready if op == "ready" else E.exhaust
        found = targets(r, t, source, controller, play)
        if op == "ready":  # an unconscious character readies only by an effect aimed at unconscious characters
            found = poison.readiable(r, cause, t, found)
        return bool(found) and all([fn(r, cause, c) for c in found])
    if op == "damage":
        found = targets(r, t, source, controller, play)
        return bool(found) and all([E.damage(r, cause, c, int(amount)) for c in found])
    if op == "heal":
        n = None if amount == "all" else int(amount)
        found = targets(r, t, source, controller, play)
        return bool(found) and all([E.heal(r, cause, c, capped(r, cause, c, n)) for c in found])
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
            elif grammar_amounts.parse_amount(amount).special in ("cards", "victory", "started", "players"):  # "1 per quest stage in the victory display"
                n = int(grammar_amounts.amount(r, amount, source, controller, play, player=q) or 0)
            else:
                raise Missing(f"the amount '{amount}' (answer it in the play's targets: amount)", phrase=str(amount))
            ok = (E.threat(r, cause, q, n) if n else True) and ok
        return ok
    if op == "set_threat":
        value = e.get("value", 0)
        n = int(value) if str(value).lstrip("-").isdigit() else grammar_amounts.amount(r, str(value), source, controller, play)
        if n is None:
            raise Missing(f"the value '{value}'", phrase=str(value))
        return all(E.set_threat(r, cause, q, n, ability.duration or "") for q in players(r, str(e.get("player", "you")), controller, play))
    if op == "resources":
        if str(amount).isdigit():
            n = int(amount)
        elif amount == "X":
            n = play.x or int(play.targets.get("amount", 0))
        else:  # "1 per Dwarf character you control": counted now (a card counting as several counts so: Bombur)
            n = grammar_amounts.amount(r, str(amount), source, controller, play) or 0
        found = targets(r, t, source, controller, play)
        return bool(found) and all(E.add_resources(r, cause, c, n) for c in found)
    if op == "draw":
        return all(E.draw(r, cause, q, int(amount)) for q in players(r, str(e.get("player", "you")), controller, play))
    if op == "discard":
        found = targets(r, t, source, controller, play)
        return bool(found) and all(M.discard(r, cause, c, str(effective(r, written, source, c).get("to", ""))) for c in found)
    if op == "engage":
        found = targets(r, t, source, controller, play)
        who = players(r, str(e.get("player")), controller, play) if e.get("player") is not None else [controller]
        if not who:  # "the next player" with one player in the game: there is none (FAQ 1.46)
            return E.refused(r, cause, f"there is no {str(e.get('player')).removeprefix('the ')} (one player in the game): no enemy engages", (C.FAQ_NEXT_PLAYER,))
        return bool(found) and all(E.engage(r, cause, who[0], c) for c in found)
    if op == "return_to_staging":
        found = targets(r, t, source, controller, play)
        return bool(found) and all(E.return_to_staging(r, cause, c) for c in found)
    if op in ("return_to_hand", "shuffle_into_deck"):
        changed = [c for c in _named(r, play.targets.get(t, [])) if no_longer_of_type(t, c)] if t in play.targets else []
        if changed:  # "that ally" become a hero (Sword-thain): the effect no longer reaches it (FAQ Q82)
            return E.refused(r, cause, f"{changed[0].label} is no longer {t.removeprefix('that ')}: the effect no longer reaches it",
                             (C.EFFECTS,) + on_point(ability, (C.EFFECTS,)))
        found = targets(r, t, source, controller, play)
        encounter = [c for c in found if c.owner == "encounter" or c.type in ("objective", "enemy", "location", "treachery")]
        if op == "shuffle_into_deck" and encounter:
            return all(M.shuffle_into_encounter_deck(r, cause, c) for c in encounter)
        in_play = [c for c in found if controller_of(r, c) is not None]
        if not in_play:
            in_discard = [c for c in found if any(c in q.discard for q in r.g.players)]
            if in_discard and op == "return_to_hand":
                return all(M.from_discard_to_hand(r, cause, c) for c in in_discard)
            return E.refused(r, cause, "the card is no longer in play: the effect no longer applies", (C.FAQ_SIMULTANEOUS,))
        return all(E.leave_play(r, cause, c, "hand" if op == "return_to_hand" else "deck") for c in in_play)
    if op == "put_into_play":
        found = targets(r, t, source, controller, play)
        if e.get("to") == "engaged with you":  # an enemy entering play engaged with the player
            return bool(found) and all(E.engage(r, cause, controller, c) for c in found)
        play.targets.setdefault("that ally", [c.label for c in found])

        def under(c: Card) -> Player:  # "under its owner's control" (Fortune or Fate), else the ability's player
            return (r.g.player(c.owner) or controller) if e.get("control") == "its owner" else controller

        return bool(found) and all(M.put_into_play(r, cause, c, under(c)) for c in found)
    if op == "attach" and t == "the first player's deck":
        return E.attach_to_deck(r, cause, source, r.g.first_player)
    if op == "attach":
        found = targets(r, t, source, controller, play)
        for zone in (r.g.encounter_discard, r.g.staging):
            if found and source in zone:
                zone.remove(source)  # a treachery that attaches stays in play instead of going to the discard pile
        return bool(found) and all(E.attach(r, _onto_no_attachments(r, cause, c), source, c) for c in found)
    if op == "discard_from_hand":
        ok = True
        for q in players(r, str(e.get("player", "you")), controller, play):
            if not q.hand:
                continue
            picks = [c for c in q.hand if c.label in (play.targets.get("discard") or [])]
            if not picks:
                raise Missing(f"the card '{q.name} discards' (answer it in the play's targets: discard)", phrase=f"{q.name} discards")
            ok = E.discard_from_hand(r, cause, q, picks[0]) and ok
        return ok
    if op == "cannot":
        establish_restriction(r, cause, e, source, controller, play)
        if ability.duration:
            state_of(r).timed.append((cause.label, ability.duration))
        return True
    if op == "shuffle_discard_into_deck":
        return all(M.shuffle_discard_into_deck(r, cause, q) for q in players(r, str(e.get("player", "you")), controller, play))
    if op == "remove_from_game":
        return E.remove_from_game(r, cause, source, controller)
    if op == "search" and e.get("to") == "staging area":
        if not play.targets.get("found") and e.get("for"):
            play.targets["found"] = names_in(str(e.get("for")))
        if not play.targets.get("found") and e.get("for"):
            words = set(str(e.get("for")).replace(",", " ").split())
            areas = S.searched_areas(r, str(e.get("deck", "encounter")))
            pool = [c for _, zone in areas for c in zone if words & set(c.card.traits)]
            if not pool:
                E.refused(r, cause, f"there is no card to find ({e.get('for')})", (C.SEARCH,))
                S.shuffle_searched_deck(r, cause, r.g.encounter_deck, "the encounter deck")  # searched all the same (FAQ 1.21)
                return False
            if len({c.name for c in pool}) == 1:
                play.targets["found"] = [pool[0].label]
            else:
                raise Missing("the cards 'found' (answer it in the play's targets: found) among " + ", ".join(sorted({c.label for c in pool})), phrase="found")
        return S.search_to_staging(r, cause, play, reveal=bool(e.get("reveal", False)), deck=str(e.get("deck", "encounter")))
    if op == "search" and e.get("deck") == "each player's own":
        return S.search_own_decks(r, cause, int(e.get("count", 5)), play.targets.get("take") or {})
    if op == "search" and e.get("deck") == "your deck" and e.get("to") == "play":  # a card of a title from the player's own deck into play
        return S.search_deck_into_play(r, cause, controller, str(e.get("for", "")))
    if op == "search" and e.get("deck") == "chosen":
        return S.look_and_take(r, cause, play, rest=str(e.get("rest", "top in any order")))
    if op == "reveal" and separate_decks.named(str(e.get("deck", ""))):
        return reveal_from(r, cause, separate_decks.named(str(e.get("deck"))), int(e.get("count", 1)), play,
                           lambda *args: resolve_effects(r, *args))
    if op == "reveal":
        return M.reveal(r, cause, e.get("count", 1))
    if op == "gain_keyword":
        cond = str(e.get("condition", ""))
        if cond == "the staging area is empty" and r.g.staging:
            return E.refused(r, cause, "the staging area is not empty, so it does not gain the keyword", (C.EFFECTS,))
        found = targets(r, t, source, controller, play)
        return bool(found) and all(E.gain_keyword(r, cause, c, str(e.get("keyword")), int(e.get("value", 1))) for c in found)
    if op == "deal_shadow":
        return M.deal_shadow(r, cause, targets(r, t, source, controller, play), e.get("count", 1))
    if op == "look":
        return look(r, cause, e, t, controller, play)
    if op == "move" and "encounter deck" in str(e.get("to", "")):
        return move_in_encounter_deck(r, cause, ability, e, source, controller, play,
                                      play.option or str(decided(r, source).get("option", "")))
    if op == "attack":
        return _attack(r, cause, ability, e, source, controller, play)
    if op == "add_to_staging":  # a set-aside card into the staging area, not revealed (FAQ 1.22)
        found = targets(r, t, source, controller, play)
        return bool(found) and all([set_aside_into_staging(r, cause, c, controller, play) for c in found])
    if op == "remove_from_quest":  # committed until the end of the phase unless an ability removes it (3.4)
        found = targets(r, t, source, controller, play)
        return bool(found) and all([_remove_from_quest(r, cause, c) for c in found])
    if op == "enemy_attack":
        return enemy_attack(r, cause, e, source, controller, play)
    if op == "switch":
        return switching.switch(r, cause, e, source, controller, play)
    if op == "gain_icon":
        found = targets(r, t, source, controller, play)
        for c in found:
            r.emit(IconGained(card=c.label, icon=str(e.get("icon")), cause=cause), (C.CONSTANT, C.GAINS, EC.RESOURCE_MATCH) + cause.rules)
        return bool(found)
    if op == "take_control":
        if e.get("player") is not None:  # "the first player gains control of it"
            return all(E.give_control(r, cause, source, q, play) for q in players(r, str(e.get("player")), controller, play))
        return E.give_control(r, cause, source, controller, play)
    if op == "gain_trait":
        r.emit(TraitGained(cards=tuple(c.label for c in targets(r, t, source, controller, play)), trait=str(e.get("trait")), cause=cause),
               (C.GAINS,) + cause.rules)
        return True
    if op == "cancel":
        what = "shadow" if "shadow" in str(e.get("what", "")) else "card" if str(e.get("what", "")) == "card" else "effect"
        cancel(r, cause, str(play.targets.get("cancelled", t)), what)
        return True
    if op == "choose_one":
        return _choose_one(r, cause, ability, e, source, controller, play)
    if op == "lose_game":
        return E.lose_game(r, cause, source)
    if op == "time_counters":
        found = targets(r, t, source, controller, play)
        return bool(found) and all([E.time_counters(r, cause, c, int(amount)) for c in found])
    if op == "return_to_deck_top":
        found = targets(r, t, source, controller, play)
        return bool(found) and all([E.to_encounter_deck_top(r, cause, c) for c in found])
    if op == "trigger_lost":  # "Lost:" effects have no timing of their own: only an effect like this one resolves them
        lost = [(c, a) for c in list(r.g.cards_in_play()) for a in abilities_of(r)(c) if a.kind == "lost"]
        for c, a in lost:
            initiate(r, c, a, r.g.first_player, Play())
        return bool(lost) or E.refused(r, cause, "there is no Lost: effect in play to trigger", (C.EFFECTS,))
    if op == "move_stage":  # to the nearest staging area west or east (engine/staging_areas.py)
        found = targets(r, t, source, controller, play)
        return bool(found) and all([staging_areas.move(r, c, str(e.get("direction")), (C.EFFECTS,) + cause.rules, cause) for c in found])
    if op == "take_hidden":
        return all([hidden_cards.take(r, q, (C.EFFECTS,) + cause.rules, cause=cause) for q in players(r, str(e.get("player", "you")), controller, play)])
    if op == "turn_hidden_face_up":  # an enemy turned face up engages at once: its Forced effects on engaging resolve then (FAQ Q69)
        listener = listener_of(r)
        engaged = None if listener is None else (lambda card, q: listener.engaged_at_once(r, card.label))
        return all([hidden_cards.turn_face_up(r, q, (C.EFFECTS,) + cause.rules, cause=cause, engaged=engaged)
                    for q in players(r, str(e.get("player", "you")), controller, play)])
    if op in PLAYER_SIDE_OPS:  # the player-side mechanics of the rulings (abilities/player_side_ops.py)
        return player_side(r, cause, ability, e, source, controller, play)
    if op in STAGE_OPS:
        return stage_effect(r, cause, op, e, play)
    if op in scenario_ops.OPS:  # a scenario's trackers, tokens, words and tests (rules_db/lotr/scenario_state.yaml)
        return scenario_ops.resolve(r, cause, ability, e, source, controller, play, resolve_effects)
    if op == "elimination_level":
        return all([E.elimination_level(r, cause, q, int(amount)) for q in players(r, str(e.get("player", "you")), controller, play)])
    if op == "python":
        if e.get("name") in HATCHES:
            return HATCHES[str(e.get("name"))](r, cause, source, controller, play)
    return E.refused(r, cause, f"its {op} effect is not replayed yet", (C.EFFECTS,))


def _onto_no_attachments(r, cause: Cause, host: Card) -> Cause:
    """An encounter card's effect attaching a card to one that "cannot have attachments played on
    it" (Wilyador's "no attachments"): the restriction stops players playing or moving
    attachments, not this (FAQ Q65), and the step says so."""
    if cause.from_player_card or not E.forbidding(r, "have attachments played on it", host.label):
        return cause
    return replace(cause, rules=cause.rules + (C.FAQ_Q_ENCOUNTER_ATTACH,))


def _remove_from_quest(r, cause: Cause, card: Card) -> bool:
    if not card.committed:
        return E.refused(r, cause, f"{card.label} is not committed to the quest", (C.step("3.4"),))
    card.committed = False
    r.emit(RemovedFromQuest(card=card.label, cause=cause), (C.step("3.4"), C.EFFECTS) + cause.rules)
    return True


def protected_player(r, restriction: Restriction, card: Card | None, controller: Player, play: Play) -> str:
    """The player an attack restriction protects: "you" is the controller; "that player" the
    player the enemy is engaged with as the effect resolves (Feint, Thicket of Spears), else
    the chosen player, else the controller."""
    if restriction.player == "you":
        return controller.name
    if restriction.player != "that":
        return ""
    engaged = next((p for p in r.g.players if card is not None and any(c is card for c in p.engaged)), None)
    if engaged is not None:
        return engaged.name
    chosen = next((p for p in r.g.players if p.name in play.chosen), None)
    return (chosen or controller).name


def establish_restriction(r, cause: Cause, e: Effect, source: Card, controller: Player, play: Play, quiet: bool = False) -> list[str]:
    """A ``cannot`` effect: the restriction is held for each card (or for every player) its
    target names (Cannot; FAQ 1.14); the targets' labels."""
    what, t = str(e.get("what")), str(e.get("target", "self"))
    restriction = parse_restriction(what)
    if is_each_player(t):
        E.forbid(r, cause, what, EACH_PLAYER, protected_player(r, restriction, None, controller, play), source.label, quiet)
        return [EACH_PLAYER]
    found = targets(r, t, source, controller, play)
    for c in found:
        E.forbid(r, cause, what, c.label, protected_player(r, restriction, c, controller, play), source.label, quiet)
    return [c.label for c in found]


def _choose_one(r, cause: Cause, ability: Ability, e: Effect, source: Card, controller: Player, play: Play) -> bool:
    """"Either ... or ...": the controller picks one option (``option`` in the play or a
    decision of the step), whose effects resolve (The word "Choose"; FAQ 1.44)."""
    options = dict(e.get("options") or ())
    answer = (play.option or str(decided(r, source).get("option", ""))).strip()
    if answer not in options:
        raise Undecided(f"{ability.label}: {controller.name} picks one of its options ({', '.join(options)}) with option:",
                        source, controller, [(k, k) for k in options], "option", (C.CHOOSE,))
    r.emit(OptionPicked(player=controller.name, option=answer, cause=cause), (C.CHOOSE,) + cause.rules)
    return resolve_effects(r, cause, ability, options[answer], source, controller, play)


def fire_delayed(r, at: str, order: list[str] | None = None) -> list[str]:
    """Resolve the delayed effects waiting for ``at`` (the first player orders them: FAQ 1.02);
    one that acts on a card no longer in play no longer applies."""
    st = state_of(r)
    waiting = [d for d in st.delayed if d.at == at]
    if order:
        waiting.sort(key=lambda d: order.index(d.cause.label) if d.cause.label in order else len(order))
    done = []
    for d in waiting:
        st.delayed.remove(d)
        gone = [c for c in d.affects if controller_of(r, c) is None]
        if gone:
            E.refused(r, d.cause, f"{gone[0].label} has left play: the delayed effect no longer applies", (C.FAQ_SIMULTANEOUS, C.DELAYED))
            continue
        r.emit(DelayedResolves(at=at, cause=d.cause), (C.DELAYED, C.PRIORITY) + d.cause.rules)
        ability = Ability(d.cause.label, 0, "delayed", "", effects=d.effects)
        ok = resolve_effects(r, d.cause, ability, d.effects, d.source, d.controller, d.play)
        if d.then:
            E.then(r, d.cause, ok, lambda d=d: resolve_effects(r, d.cause, ability, d.then, d.source, d.controller, d.play))
        done.append(d.cause.label)
    return done


# ---------------------------------------------------------------------------- constant abilities


def effective(r, e: Effect, source: Card, target: Card | None = None) -> Effect:
    """The effect's arguments now: its ``override`` (``{condition, ...}``) replaces them while
    the condition holds (Dwarven Axe: +2 instead on a Dwarf), for the card it acts on
    (``target``: "that card is an objective")."""
    override = e.get("override")
    if not isinstance(override, dict):
        return e
    args = [(k, v) for k, v in e.args if k != "override"]
    if condition_holds(r, source, str(override.get("condition", "")), target):
        instead = {k: (tuple(v) if isinstance(v, list) else v) for k, v in override.items() if k != "condition"}
        args = [(k, v) for k, v in args if k not in instead] + list(instead.items())
    return Effect(e.op, tuple(args))


def _constant_value(r, source: Card, e: Effect) -> int:
    e = effective(r, e, source)
    raw = str(e.get("value", 0))
    if raw.lstrip("-").isdigit():
        return int(raw)
    controller = controller_of(r, source) or r.g.first_player
    value = amount(r, raw, source, controller, Play())  # "damage on self", "1 per other Dwarf ally you control" ...
    if value is None:
        raise Missing(f"the value '{raw}'", phrase=raw)
    return value


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
            return E.refused(r, cause, f"its condition ({ability.condition}) does not hold", (C.CONSTANT,) + rulings_of(ability.condition))
    ok = True
    try:
        for e in ability.effects:
            if e.op == "modify":
                value = _constant_value(r, source, e)
                for c in targets(r, str(e.get("target", "self")), source, controller, Play()):
                    E.unmodify(r, cause.label, c, str(e.get("stat")))
                    before = c.stat(str(e.get("stat")))
                    c.modifiers.append(Modifier(str(e.get("stat")), str(e.get("how")), value, cause.label))
                    r.emit(ConstantApplied(card=c.label, stat=str(e.get("stat")), before=before, after=c.stat(str(e.get("stat"))), cause=cause),
                           (C.CONSTANT, C.MODIFIERS) + cause.rules)
            elif e.op == "cannot":
                establish_restriction(r, cause, e, source, controller, Play())
            elif e.op == "gain_trait":
                found = targets(r, str(e.get("target", "self")), source, controller, Play())
                for c in found:
                    if (str(e.get("trait")), cause.label) not in c.gained_traits:
                        c.gained_traits.append((str(e.get("trait")), cause.label))
                r.emit(TraitGained(cards=tuple(c.label for c in found), trait=str(e.get("trait")), cause=cause), (C.CONSTANT, C.GAINS) + cause.rules)
            else:
                ok = resolve_effect(r, cause, ability, e, source, controller, Play()) and ok
    except Missing as exc:
        return E.refused(r, cause, f"a choice is missing: {exc}", (C.CHOOSE,))
    return ok
