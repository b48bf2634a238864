"""Constant abilities of the cards in play, kept up to date during a replay (Rules
Reference: Constant Ability; Modifiers; FAQ 1.36, 1.43).

A constant ability has no trigger: it applies while its card is in play (and its condition
holds).  After every step of a replay, `refresh` recomputes each one from the state --
Citadel Plate's hit points, Gimli's attack from his damage, Chieftan Ufthak's from his
resources, Dwarven Axe's +2 on a Dwarf, Enchanted Stream's "cannot draw" while it is the
active location, The Carrock's immunity to player card effects -- and writes a trace step
only when something changed.
"""

from __future__ import annotations

from adjudicator.lotr.abilities import card_types
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities.ability_events import AttachmentsShed, ConstantApplied, ConstantEnds, Restricted
from adjudicator.lotr.abilities.effect_events import TraitGained
from adjudicator.lotr.abilities.choose import Missing, Play, players, targets
from adjudicator.lotr.abilities.effects import state_of
from adjudicator.lotr.abilities.grammar.restrictions import EACH_PLAYER, is_each_player, parse_restriction
from adjudicator.lotr.abilities.initiate import _constant_value, cause_of, condition_holds, controller_of, protected_player
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.engine.modifiers import Modifier
from adjudicator.lotr.engine.quest_stages import in_play_rulings
from adjudicator.lotr.engine.staging_areas import every_card_in_play


def _applicable(ability) -> bool:
    return ability.kind == "constant" and ability.trigger is None and all(e.op in CONSTANT_OPS for e in ability.effects)


# What a constant ability keeps true while it applies: modifiers, restrictions, immunity, and
# who controls a card ("the first player gains control of it": an objective-ally follows the
# first player token, Quest Companion, Objective-Ally Cards).
CONSTANT_OPS = ("modify", "cannot", "immune", "take_control", "set_threat", "gain_trait", "progress_first", "quest_from_staging", "gain_type")


def refresh(r, abilities_of) -> None:
    """Bring every constant ability in play up to date (``abilities_of(card)`` lists a
    card's abilities)."""
    st = state_of(r)
    applied: dict[str, dict] = st.constants
    st.constants_applied = True  # cause label -> {target label: (card, stat, value)}
    live: set[str] = set()
    g = r.g
    pairs = [(card, ability) for card in list(g.cards_in_play()) for ability in abilities_of(card)]
    pairs.sort(key=lambda p: not any(e.op == "immune" for e in p[1].effects))  # immunity first: what it shields is never touched
    for card, ability in pairs:
        if not _applicable(ability):
            continue
        if ability.condition and not condition_holds(r, card, ability.condition):
            continue
        controller = controller_of(r, card) or g.first_player
        cause = cause_of(ability, controller.name)
        label = f"{card.label}: {ability.label}" if card.label != card.name else ability.label
        live.add(label)
        _apply(r, label, cause, ability, card, controller, applied)
    if g.everyone is not None:  # a phase resolving at one of several staging areas (engine/staging_areas.py):
        here = {id(c) for c in g.cards_in_play()}  # the cards at the others stay in play, their constants as they were
        for card in every_card_in_play(g):
            if id(card) not in here:
                live.update(f"{card.label}: {a.label}" if card.label != card.name else a.label
                            for a in abilities_of(card) if _applicable(a))
    for label in [k for k in applied if k not in live]:
        _remove(r, label, applied)


def _apply(r, label: str, cause, ability, card, controller, applied: dict) -> None:
    have = applied.setdefault(label, {})
    for e in ability.effects:
        try:
            found = targets(r, str(e.get("target", "self")), card, controller, Play()) if not is_each_player(str(e.get("target", ""))) else []
        except Missing:
            continue
        if e.op == "take_control":  # control follows the player it names, as long as the ability applies
            for who in players(r, str(e.get("player", "you")), controller, Play()):
                if controller_of(r, card) is not who:
                    E.give_control(r, Cause(label, cause.rules, cause.source, cause.controller, card=card.label), card, who, Play())
            continue
        if e.op == "set_threat":  # "treat your threat as X" while the card is in play
            for who in players(r, str(e.get("player", "you")), controller, Play()):
                if ("set_threat", who.name) not in have:
                    have[("set_threat", who.name)] = None
                    E.set_threat(r, Cause(label, cause.rules, cause.source, cause.controller, card=card.label), who,
                                 _constant_value(r, card, e), "while_in_play")
            continue
        if e.op == "gain_trait":  # a trait while it applies (Steward of Gondor; Caught in a Web counts as a Condition)
            trait = str(e.get("trait"))
            for target in found:
                if ("trait", target.label, trait) not in have:
                    have[("trait", target.label, trait)] = target
                    target.gained_traits.append((trait, label))
                    r.emit(TraitGained(cards=(target.label,), trait=trait, cause=Cause(label, cause.rules, cause.source, cause.controller, card=card.name)),
                           (C.CONSTANT, C.GAINS) + cause.rules)
            continue
        if e.op == "gain_type":  # another card type while it applies (Sword-thain: the ally is a hero)
            for target in found:
                if ("type", target.label) not in have:
                    have[("type", target.label)] = target
                    card_types.become(r, Cause(label, cause.rules, cause.source, cause.controller, card=card.name), target, str(e.get("type")))
            continue
        if e.op == "progress_first":  # takes the players' progress before the active location (Mines of Moria)
            for target in found:
                if ("progress_first", target.label) not in have:
                    have[("progress_first", target.label)] = None
                    state_of(r).progress_first[target.label] = Cause(label, cause.rules, cause.source, cause.controller, card=card.label)
            continue
        if e.op == "quest_from_staging":  # committed to the quest while in the staging area (Into Ithilien's ruling)
            from adjudicator.lotr.abilities.choose import Play as _Play
            from adjudicator.lotr.abilities.scenario_ops import resolve as _scenario

            _scenario(r, Cause(label, cause.rules, cause.source, cause.controller, card=card.label), ability, e, card, controller,
                      _Play(), None)
            continue
        if e.op == "immune":  # immune to player card effects while in play (Immune; FAQ 1.47)
            for target in found:
                if ("immune", target.label) not in have:
                    have[("immune", target.label)] = None
                    state_of(r).immune.add(target.label)
                    if e.get("to") == "card effects":  # immune to every card effect, encounter ones too (East-gate)
                        state_of(r).immune_all.add(target.label)
            continue
        if e.op == "cannot":
            who = EACH_PLAYER if is_each_player(str(e.get("target", ""))) else None
            restriction = parse_restriction(str(e.get("what")))
            for c in [None] if who else found:
                name = who or c.label
                key = ("cannot", name, str(e.get("what")))
                if key not in have:
                    have[key] = None
                    # always on while it holds: no step of its own; what it stops names it
                    E.forbid(r, Cause(label, cause.rules, cause.source, cause.controller, card=card.label), str(e.get("what")), name,
                             protected_player(r, restriction, c, controller, Play()), card.label, quiet=True)
                    _kept_in_play(r, str(e.get("what")), name, cause)
                    if c is not None and "have attachments" in restriction.moments:
                        _shed_attachments(r, c, cause)
            continue
        try:
            value = _constant_value(r, card, e)
        except Missing:
            continue
        stat, how = str(e.get("stat")), str(e.get("how"))
        for target in found:
            key = (target.label, stat)
            if _ignores(r, cause, card, target):  # immune: the modifier never reaches it (Immune; FAQ 1.47)
                if key in have:  # it became immune after the modifier applied: the modifier comes off
                    _remove_modifier(r, label, target, stat)
                    del have[key]
                if ("ignored", target.label, stat) not in have:
                    have[("ignored", target.label, stat)] = None
                    E.immune_to(r, Cause(label, cause.rules, cause.source, cause.controller, card=card.label), target)
                continue
            if key in have and have[key][1] == value:
                continue
            if how in ("add", "subtract") and value == 0 and key not in have:
                continue  # nothing to add (Gimli without damage)
            before = target.stat(stat)
            target.modifiers = [m for m in target.modifiers if not (m.source == label and m.stat == stat)]
            if not (how in ("add", "subtract") and value == 0):
                target.modifiers.append(Modifier(stat, how, value, label))
            have[key] = (target, value)
            after = target.stat(stat)
            if after != before:
                # a constant ability needs no trigger: an exhausted card still gives its bonus (FAQ 1.36, Q41)
                exhausted = (C.FAQ_PASSIVE, C.FAQ_Q_EXHAUSTED_BONUS) if card.exhausted else ()
                exhausted += in_play_rulings(r.g, card)  # a stage in play that is not the current one: its text is active
                r.emit(ConstantApplied(card=target.label, stat=stat, before=before, after=after, while_in_play=True,
                                       cause=Cause(label, cause.rules, cause.source, cause.controller, card=card.label)),
                       (C.CONSTANT, C.MODIFIERS) + exhausted + cause.rules)


def _ignores(r, cause, card, target) -> bool:
    """True when ``target`` ignores a constant ability of ``card``: immune to player card effects
    and the ability is a player card's, or immune to every card effect but its own (East-gate)."""
    st = state_of(r)
    if target.label in st.immune_all and target is not card:
        return True
    return bool(cause.from_player_card) and target.label in st.immune


def _remove_modifier(r, label: str, target, stat: str) -> None:
    before = target.stat(stat)
    target.modifiers = [m for m in target.modifiers if not (m.source == label and m.stat == stat)]
    after = target.stat(stat)
    if after != before:
        r.emit(ConstantEnds(card=target.label, stat=stat, before=before, after=after, cause=Cause(label)), (C.CONSTANT, C.MODIFIERS))


PLAYED_KINDS = {"play attachments": "attachment", "play allies": "ally"}  # a restriction on playing -> the card type


def _kept_in_play(r, what: str, target: str, cause) -> None:
    """A restriction on playing a kind of card, taking hold while cards of that kind are in
    play: they stay, since a play restriction is checked only as a card enters play (FAQ
    Q36).  One step saying so; none when no such card is in play."""
    kind = PLAYED_KINDS.get(what)
    if kind is None:
        return
    kept = tuple(dict.fromkeys(a.label for c in r.g.cards_in_play() for a in (c, *c.attachments) if a.type == kind))
    if kept:
        r.emit(Restricted(target=target, what=what, kept=kept, cause=cause), (C.CANNOT, C.FAQ_Q_PLAY_RESTRICTION_ON_ENTRY) + cause.rules)


def _shed_attachments(r, card, cause) -> None:
    """"Cannot have attachments" is absolute: as it applies (again: the card's text active after
    being blank), every attachment on the card is discarded at once (FAQ 1.56)."""
    shed = [a for a in card.attachments if a.owner != "encounter"]
    if not shed:
        return
    for a in shed:
        card.attachments.remove(a)
        (r.g.player(a.owner) or r.g.first_player).discard.insert(0, a)
    r.emit(AttachmentsShed(card=card.label, discarded=tuple(a.label for a in shed), cause=cause),
           (C.CANNOT, C.ATTACHMENT_CARDS, C.FAQ_CANNOT_HAVE_ATTACHMENTS) + cause.rules)


def _remove(r, label: str, applied: dict) -> None:
    for key, val in applied.pop(label, {}).items():
        if key[0] == "cannot":
            E.lift(r, label)
            continue
        if key[0] == "progress_first":
            state_of(r).progress_first.pop(key[1], None)
            continue
        if key[0] == "immune":
            state_of(r).immune.discard(key[1])
            state_of(r).immune_all.discard(key[1])
            continue
        if key[0] == "trait":
            val.gained_traits = [x for x in val.gained_traits if x[1] != label]
            continue
        if key[0] == "type":
            card_types.revert(r, label, val)
            continue
        if key[0] == "set_threat":
            who = r.g.player(key[1])
            if who is not None:
                E.unset_threat(r, label, who)
            continue
        if key[0] == "ignored":  # an immune card it never reached
            continue
        target, _ = val
        _remove_modifier(r, label, target, key[1])

