"""The card abilities' side of the hooks interface (`adjudicator.lotr.engine.hooks.Hooks`):
where a card changes the framework itself, answered from the abilities' state and the cards'
own text.  Three layers, each a `Hooks`:

- `RulesOnly`: card abilities are not replayed (``--no-abilities``); it knows the card
  library only to say what is not replayed (a quest card's setup instructions);
- `StateRules`: what effects already resolved have established -- "cannot" restrictions
  (Enchanted Stream, Feint), immunity to player card effects, the permission to declare
  any number of defenders (Stand Together), effects lasting until the end of an attack
  made at once by a card (Quick Strike).  A replay context used to call effect primitives
  directly (the abilities tests) has these;
- `CardRules`: and what the cards' text says of the framework -- where an encounter card
  goes when it leaves play (Banks of the Anduin), a replaced draw (Iron Shackles), the next
  quest stage (A Fork in the Road), a skipped staging step and a win (Ambush on the Shore),
  a stage's rules on advancing and on allies (Escape from Dol Guldur), gained resource
  icons (Celebrían's Stone), an attack into the staging area (Dúnhere).

The ability listener (`triggers.AbilityListener`) is a `CardRules` that also resolves the
triggered abilities, subscribing to the events of the replay.
"""

from __future__ import annotations

import random

from adjudicator.engine.situation import fold
from adjudicator.engine.trace import Change, Interpretation
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities import damage_redirect, resource_icons, spending, stage_rules
from adjudicator.lotr.abilities.ability_events import NextStageAtRandom, NoEnemiesLeft
from adjudicator.lotr.abilities.choose import Play, controller_of, find_card, players
from adjudicator.lotr.abilities.facedown_cards import to_owners_discard
from adjudicator.lotr.abilities.grammar.subjects import fits
from adjudicator.lotr.engine.controlled_locations import take_control
from adjudicator.lotr.engine.damage import place_progress
from adjudicator.lotr.engine.questing import check_advance
from adjudicator.lotr.abilities.replacement import resolve_occurrence
from adjudicator.lotr.abilities.effect_events import Readied, ToDeckTop
from adjudicator.lotr.engine.events import Cause
from adjudicator.lotr.abilities.card_text import CardText
from adjudicator.lotr.abilities.effects import state_of
from adjudicator.lotr.abilities.grammar.conditions import holds
from adjudicator.lotr.abilities.grammar.select import matching
from adjudicator.lotr.abilities.grammar.targets import parse_target
from adjudicator.lotr.abilities.initiate import expire_attack
from adjudicator.lotr.abilities.load import library
from adjudicator.lotr.engine.elimination import win
from adjudicator.lotr.engine.encounter_events import LEFT_PLAY, BackToStaging, RemovedInstead, StagingSkipped
from adjudicator.lotr.engine.hooks import Hooks, StagingPermission
from adjudicator.lotr.engine.state import Card, Player
from adjudicator.lotr.engine.staging_attacks import PERMISSIONS


class RulesOnly(Hooks):
    """Card abilities off: the framework alone, saying what card text is not replayed."""

    def __init__(self, version: str = "errata") -> None:
        self.version = version

    def has_setup_instructions(self, stage: Card) -> bool:
        entry = library(self.version).get(fold(stage.name))
        return entry is not None and any(a.kind == "setup" for a in entry.abilities)


class StateRules(Hooks):
    """What the effects already resolved have established (the abilities' state)."""

    def cannot(self, r, what: str, target: str, player: str = "") -> str | None:
        return E.forbidden(r, what, target, player)

    def restriction_rulings(self, r, by: str) -> tuple[str, ...]:
        held = next((h for h in state_of(r).restrictions if h.by == by), None)
        return self.rulings_on(Cause(by, card=held.source.split("#")[0]), (C.CANNOT,)) if held else ()

    def ready_in_refresh(self, r, card: Card) -> bool:
        """Step 7.2: a restriction on readying in the refresh phase holds ``card`` back; one
        with a price (Caught in a Web: 2 of its resources) lets it ready once the price of
        every copy is paid (FAQ Q16), when its controller declares the payment (a response
        naming the restricting card); else it stays exhausted."""
        held = E.forbidding(r, "ready in the refresh phase", card.label)
        if not held:
            return True
        first = held[0]
        cause = Cause(first.by, first.rules, controller=(self._controller_name(r, card)))
        if any(h.restriction.price == 0 for h in held):
            E.refused(r, cause, f"{card.label} does not ready in the refresh phase ({first.by})", (C.CANNOT, C.READY))
            return False
        cost = sum(h.restriction.price for h in held)
        names = sorted({(find_card(r, h.source) or card).name for h in held})
        why = (f"{len(held)} cop{'ies' if len(held) > 1 else 'y'} of {names[0]}, {held[0].restriction.price} resources each: {cost} to ready"
               if len(names) == 1 else f"{', '.join(names)}: {cost} resources to ready")
        each = (C.FAQ_Q_EACH_COPY_A_CONDITION,) if len(held) > 1 else ()  # each copy its own price (FAQ Q16)
        declared = self.payment_declared(r, [find_card(r, h.source) for h in held], cause.controller)
        if declared is None:
            E.refused(r, cause, f"{card.label} does not ready: {why}, and {cause.controller or 'its controller'} does not pay",
                      (C.CANNOT,) + each)
            return False
        declared.used = True
        if not E.pay(r, cause, card, cost):
            E.refused(r, cause, f"{card.label} does not ready: {why}", (C.COST,) + each)
            return False
        r.emit(Readied(card=card.label, paid=cost, why=why, cause=cause), (C.READY,) + each + cause.rules)
        return True

    def payment_declared(self, r, sources: list, player: str):
        """The declared use of a restriction's price (a response naming one of ``sources``,
        by ``player``); none without declarations."""
        return None

    def _controller_name(self, r, card: Card) -> str:
        p = controller_of(r, card)
        return p.name if p is not None else ""

    def immune(self, r, card: Card) -> bool:
        return card.label in state_of(r).immune

    def progress_first(self, r) -> list:
        held = state_of(r).progress_first
        return [(c, held[c.label]) for c in r.g.staging if c.label in held]

    def many_defenders(self, r, player: Player) -> str | None:
        for perm in state_of(r).defender_permissions:
            if perm.player == player.name and perm.phase == r.g.phase and perm.round == r.g.round:
                return perm.cause
        return None

    def attack_made_at_once_ends(self, r, attack: dict) -> None:
        expire_attack(r, attack)


class CardRules(CardText, StateRules):
    """And what the cards' own text says of the framework (the card library, errata applied
    or printed: ``version``, and the situation's own cards: ``extra_cards``)."""

    replays_card_text = True

    # -- leaving play, drawing --------------------------------------------------------------

    def counts_as(self, r, card: Card, traits: tuple[str, ...]) -> int:
        """A card's own "counts as N TRAIT characters" (``{op: count_as, amount: N, trait: T}`` in a
        constant ability) where an effect counts cards of that trait; 1 otherwise (FAQ Q39: only
        such counts, never the number of cards an effect exhausts)."""
        for a in self.abilities(card):
            if a.kind == "constant":
                for e in a.effects:
                    if e.op == "count_as" and str(e.get("trait")) in traits:
                        return int(e.get("amount", 1))
        return 1

    def leave_play_instead(self, r, card: Card, how: str, cites: tuple[str, ...]) -> bool:
        """Replacement effects on where an encounter card goes when it leaves play (Banks of
        the Anduin: on top of the encounter deck instead of the discard pile); a location leaving
        play explored taken into a player's control by a stage's rule (The Assault on Osgiliath)."""
        if how == "explored" and card.type == "location" and self._controlled_instead(r, card, cites):
            return True
        for a in self.abilities(card):
            if a.kind == "forced" and a.trigger and a.trigger.event == "leaves_play" and a.is_replacement:
                cause = self._cause(a)
                instead = [x.op for e in a.effects if e.op == "instead" for x in (e.get("effects") or ())]
                if "add_to_staging" in instead:  # back to the staging area instead, unclaimed (Book of Mazarbul)
                    r.g.staging.append(card)
                    r.emit(BackToStaging(card=card.label, how=how, cause=cause), tuple(cites) + (C.REPLACEMENT, C.FORCED, C.STAGING_AREA),
                           [Change(card.label, "zone", "in play", "staging area")])
                    return True
                if "remove_from_game" in instead:  # removed from the game instead (the Cave Torch)
                    card.removed = True
                    r.g.removed_from_game.append(card)
                    r.emit(RemovedInstead(card=card.label, how=how, cause=cause), tuple(cites) + (C.REPLACEMENT, C.FORCED, C.QC_REMOVED),
                           [Change(card.label, "zone", "in play", "removed from the game")])
                    return True
                r.g.encounter_deck.insert(0, card)
                if how not in LEFT_PLAY:  # an attachment leaving with its host (Signs of Gollum): on top of the encounter deck
                    r.emit(ToDeckTop(card=card.label, where=how, cause=cause), tuple(cites) + (C.REPLACEMENT, C.FORCED, C.ENCOUNTER_DECK),
                           [Change(card.label, "zone", "in play", "top of the encounter deck")])
                    return True
                r.emit(LEFT_PLAY[how](card=card.label, to="on top of the encounter deck", instead=True, cause=cause),
                       tuple(cites) + (C.REPLACEMENT, C.FORCED) + cause.rules,
                       [Change(card.label, "zone", "in play", "top of the encounter deck")])
                return True
        return False

    def progress_instead(self, r, card: Card, amount: int, cites: tuple[str, ...], why: str) -> bool:
        """A replacement effect on progress about to be placed on ``card`` (Doors of Durin: "when progress would be
        placed on it, place it on the current quest card instead"): the progress goes there, and the stage
        advances if that completes it."""
        for a in self.abilities(card):
            if not (a.kind == "forced" and a.trigger and a.trigger.event == "progress_placed" and a.trigger.timing == "when"
                    and a.is_replacement):
                continue
            moved = [x for e in a.effects if e.op == "instead" for x in (e.get("effects") or ()) if x.op == "progress"]
            if not moved or str(moved[0].get("target")) != "current quest" or r.g.quest is None:
                continue
            cause = self._cause(a)
            quest = r.g.quest
            resolve_occurrence(r, f"progress placed on {card.label}", lambda: None, [(cause, lambda: None)])
            place_progress(r, quest, amount, tuple(cites) + (C.REPLACEMENT,), f"{why}, placed on {quest.label} instead of {card.label}",
                           cause=cause)
            check_advance(r)
            return True
        return False

    def _controlled_instead(self, r, card: Card, cites: tuple[str, ...]) -> bool:
        """A card in play whose Forced effect answers a location leaving play explored by giving it to
        a player ("when a location leaves play explored, the first player takes control of it"): that
        player takes control of it instead of its going to a discard pile or the victory display."""
        for holder in list(r.g.cards_in_play()):
            for a in self.abilities(holder):
                if not (a.kind == "forced" and a.trigger and a.trigger.event == "explored" and a.trigger.timing == "when"):
                    continue
                effect = next((e for e in a.effects if e.op == "take_control" and e.get("target") == "that location"), None)
                if effect is None or not fits(r, a.trigger.about, card, holder, None):
                    continue
                taker = players(r, str(effect.get("player", "the first player")), r.g.first_player, Play())
                if not taker:
                    continue
                take_control(r, taker[0], card, tuple(cites) + (C.FORCED,), cause=self._cause(a))
                return True
        return False

    def draw_instead(self, r, player: Player) -> bool:
        return E.replace_draw(r, player)

    # -- the quest --------------------------------------------------------------------------

    def _quest_rule(self, r, name: str):
        q = r.g.quest
        if q is None:
            return None
        return next((a for a in self.abilities(q) for e in a.effects if e.op == "python" and e.get("name") == name), None)

    def skip_staging(self, r) -> bool:
        """Ambush on the Shore: no staging step for the rest of the game."""
        a = self._quest_rule(r, "skip_staging_win_when_no_enemies")
        if a is None:
            return False
        cause = self._cause(a)
        r.emit(StagingSkipped(cause=cause), (C.step("3.3"), C.CONSTANT) + cause.rules)
        return True

    def damage_placed_instead(self, r, card: Card, amount: int) -> Card | None:
        if E.state_of(r).busy:  # damage an ability is dealing: its own step, no window opens inside it
            return None
        st = E.state_of(r)
        st.busy = True
        try:
            return damage_redirect.redirect(self, r, card, amount)
        finally:
            st.busy = False

    def return_to_staging_instead(self, r, enemy: Card) -> bool:
        """A Forced replacement of a card in play answering an enemy about to return to the
        staging area (``{timing: when, event: returns_to_staging, subject: a face-down enemy}``,
        ``instead`` discarding it to its owner's discard pile: Out of the Dungeons' erratum)."""
        for holder in list(r.g.cards_in_play()):
            for a in self.abilities(holder):
                if not (a.kind == "forced" and a.trigger and a.trigger.event == "returns_to_staging" and a.is_replacement):
                    continue
                if not fits(r, a.trigger.about, enemy, holder, None):
                    continue
                inner = [x for e in a.effects if e.op == "instead" for x in (e.get("effects") or ())]
                if any(x.get("to") == "its owner's discard pile" for x in inner):
                    return to_owners_discard(r, self._cause(a), enemy)
        return False

    def phase_ended_by_effect(self, r) -> str | None:
        ended = state_of(r).phase_ended
        return ended[2] if ended is not None and ended[:2] == (r.g.phase, r.g.round) else None

    def extra_staging_cards(self, r) -> tuple[int, str]:
        """A constant "reveal N more cards in each staging step" of a card in play (a quest stage:
        Reinforcing the Banks, Anduin Passage)."""
        total, by = 0, []
        for card in r.g.cards_in_play():
            for a in self.abilities(card):
                if a.kind != "constant" or (a.condition and not holds(r, card, a.condition)):
                    continue
                for e in a.effects:
                    if e.op == "reveal" and e.get("when") == "each staging step":
                        total += int(e.get("count", 1))
                        by.append(a.label)
        return total, ", ".join(by)

    def quest_won(self, r) -> None:
        """Ambush on the Shore: the players win once no enemy is in play (checked after each step)."""
        a = self._quest_rule(r, "skip_staging_win_when_no_enemies")
        if a is None or r.g.outcome is not None or any(True for _ in r.g.enemies_in_play()):
            return
        cause = self._cause(a)
        r.emit(NoEnemiesLeft(cause=cause), (C.CONSTANT,) + cause.rules)
        win(r, f"no enemies in play at {r.g.quest.label}")

    def advance_held_back(self, r) -> str | None:
        return stage_rules.advance_held_back(r)

    def choose_next_stage(self, r, stage: Card) -> None:
        """A stage whose data names its successors (``{op: next_stage, among: [...], random:
        true}``: A Fork in the Road): on defeating it, the next stage is one of those quest
        cards at random (the order from the situation's seed); the others are set aside."""
        found = next(((a, e) for a in self.abilities(stage) for e in a.effects if e.op == "next_stage"), None)
        if found is None:
            return
        ability, e = found
        among = {fold(str(n)) for n in e.get("among") or ()}
        paths = [c for c in r.g.quest_deck if fold(c.name) in among]
        if len(paths) < 2:
            return
        pick = random.Random(r.g.seed * 7 + r.g.round).choice(paths)
        r.g.quest_deck.remove(pick)
        r.g.quest_deck.insert(0, pick)
        others = [c for c in paths if c is not pick]
        for c in others:  # the path not taken is set aside
            r.g.quest_deck.remove(c)
        cause = self._cause(ability)
        r.emit(NextStageAtRandom(stage=pick.label, set_aside=tuple(c.label for c in others), cause=cause), (C.FORCED,) + cause.rules,
               interpretation=Interpretation("a random choice follows the situation's seed", C.FORCED))

    # -- planning, attacks --------------------------------------------------------------------

    def ally_limit_reached(self, r, player: Player) -> str | None:
        return stage_rules.ally_limit_reached(r, player)

    def attachment_host(self, r, card: Card, host: Card, player: Player) -> tuple[str, tuple[str, ...]] | None:
        """Its "Attach to" phrase (the grammar's target, evaluated for ``player``), a host immune
        to player card effects (playing an attachment targets its host: FAQ Q59), a host that
        cannot have attachments played on it (Nazgûl of Dol Guldur)."""
        phrase = self.attach_to(card)
        if all(host is not c for c in matching(r, parse_target(phrase), card, player)):
            return f"{card.label} attaches to {phrase}, and {host.label} is not one", (C.ATTACHMENT_CARDS,)
        if card.owner != "encounter" and self.immune(r, host):
            return (f"{host.label} is immune to player card effects: {card.label} cannot be played on it",
                    (C.IMMUNE, C.FAQ_IMMUNE, C.FAQ_Q_NO_ATTACHMENT_ON_IMMUNE))
        by = self.cannot(r, "have attachments played on it", host.label)
        if by is not None:
            rules = (C.CANNOT, C.ATTACHMENT_CARDS)
            return f"{card.label} cannot be attached to {host.label}: {by} forbids attachments on it", rules + self.rulings_of(host, rules)
        return None

    def can_pay_for(self, r, hero: Card, card: Card) -> bool:
        return resource_icons.can_pay_for(r, hero, card)

    def trait_payers(self, r, player: Player, card: Card) -> list[Card]:
        """Allies whose constant ``{op: pays_for, trait: T}`` lets their pool pay for the player's
        cards of trait T without a resource match (Radagast: Creatures; FAQ Q27)."""
        out = []
        for c in player.allies:
            for a in self.abilities(c):
                if a.kind == "constant" and any(e.op == "pays_for" and card.has_trait(str(e.get("trait"))) for e in a.effects):
                    out.append(c)
        return out

    def spend_permission(self, r, player: Player, card: Card) -> tuple[str, tuple[str, ...]] | None:
        held = spending.permission(r, player, card)
        return (held.by, held.rules) if held is not None else None

    def gained_icon_source(self, r, hero: Card, sphere: str) -> str:
        return resource_icons.source_of(r, hero, sphere)

    def staging_permission(self, r, character: Card) -> StagingPermission | None:
        """The permission ``character``'s own constant ability gives it to attack into the
        staging area (Dúnhere; ``may_attack_staging_area`` for any other card)."""
        for ability in self.abilities(character):
            if ability.kind != "constant":
                continue
            for e in ability.effects:
                if e.op == "python" and e.get("name") in PERMISSIONS:
                    return StagingPermission(ability.label, bool(e.get("alone", False)), int(e.get("attack_bonus", 0) or 0))
        return None
