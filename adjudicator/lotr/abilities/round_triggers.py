"""The moments of the round where card abilities answer (a mixin of
`triggers.AbilityListener`): travel, the refresh phase, a card revealed (its When Revealed
effects and their cancels), a new quest stage, questing successfully or not, committing to
the quest, the end of a phase or round, and a location explored (responses to it wait for
the progress placement to finish: FAQ Q80)."""

from __future__ import annotations

from adjudicator.engine.situation import fold
from adjudicator.engine.trace import Interpretation
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities import resource_icons
from adjudicator.lotr.abilities.ability_events import CancelledNotRevealed, DealtNotRevealed
from adjudicator.lotr.abilities.cancel import cancel
from adjudicator.lotr.abilities.grammar.subjects import fits
from adjudicator.lotr.abilities.effect_events import Readied, ReplacementCard
from adjudicator.lotr.abilities.effects import state_of
from adjudicator.lotr.abilities.costs import event_payment, pay_event
from adjudicator.lotr.abilities.initiate import Play, Undecided, apply_constant, condition_holds, decided
from adjudicator.lotr.abilities.model import Ability
from adjudicator.lotr.abilities.responses import Candidate, Declared
from adjudicator.lotr.engine.events import CardPlayed
from adjudicator.lotr.engine.keywords import being_staged, draw_encounter, stage
from adjudicator.lotr.engine.planning import payment
from adjudicator.lotr.engine.state import Card, Player

QUESTING_UNSUCCESSFULLY = Interpretation("questing unsuccessfully is its own moment, before its threat raise",
                                         C.FAQ_QUESTING_SUCCESSFULLY, "the FAQ says so of questing successfully and progress")


class RoundTriggers:
    def _travel(self, r, label: str) -> None:
        loc = r.g.active_location
        if loc is None or loc.label != label:
            return
        cands: list[Candidate] = []
        for a in self.abilities(loc):
            if a.trigger and a.trigger.event == "travels_to" and a.trigger.about.is_self:
                cands.append(Candidate(a, loc, "encounter" if a.kind == "forced" else r.g.first_player.name,
                                       lambda a=a: self._initiate(r, a, loc),
                                       self._declared(loc, r.g.first_player.name) if a.kind == "response" else None))
        for p in r.g.in_player_order():
            for card in list(p.hand):
                for a in self.abilities(card):
                    if a.kind == "response" and a.trigger and a.trigger.event == "travels_to" and not a.trigger.about.is_self:
                        d = self._declared(card, p.name)
                        cands.append(Candidate(a, card, p.name, lambda a=a, p=p, card=card, d=d: self._play_event(r, a, p, card, d, loc), d))
        self._resolve(r, f"after the players travel to {loc.label}", cands)

    def _refresh_raise(self, r, player_name: str) -> None:
        """Forced effects on a player's refresh-phase threat raise (7.3): the cards in play
        whose ability answers it while its condition holds (Dungeon Torch attached to one of the
        player's heroes, Gladden Fields while active), each raising that player's threat by
        its data's amount."""
        p = r.g.player(player_name)
        if p is None:
            return
        cands = []
        for card in list(r.g.cards_in_play()):
            for a in self.abilities(card):
                if not (a.kind == "forced" and a.trigger and a.trigger.event == "threat_raised"):
                    continue
                if a.condition and condition_holds(r, card, a.condition) is False:
                    continue
                owner = self._controller(r, card)
                if owner is not None and owner is not p:
                    continue  # an attachment of another player's hero answers that player's raise
                amount = sum(int(e.get("amount", 0)) for e in a.effects if e.op == "threat")
                who = p.name if owner is not None else "encounter"
                cands.append(Candidate(a, card, who, lambda a=a, n=amount: E.threat(r, self._cause(a, p.name), p, n)))
        # a Forced raise adds to the refresh raise, it does not replace it (FAQ Q14)
        self._resolve(r, f"{p.name}'s refresh-phase threat raise", cands, (C.FAQ_Q_ADDS_TO_REFRESH,) if cands else ())

    def payment_declared(self, r, sources: list, player: str):
        """The price of a restriction on readying (Caught in a Web) is paid when its controller
        declares it: a response naming the restricting card (``responses: [{card, player}]``)."""
        for src in sources:
            if src is not None:
                d = self._declared(src, player)
                if d is not None:
                    return d
        return None

    def _as_revealed(self, r, card: Card) -> None:
        """As a card is revealed, before its keywords and When Revealed: constant abilities
        answering the reveal itself (Thalin, committed: 1 damage to a revealed enemy; his
        erratum).  An enemy destroyed this way is not staged (FAQ Q50)."""
        if card.type != "enemy":
            return
        cands = []
        for p in r.g.in_player_order():
            for c in p.characters:
                for a in self.abilities(c):
                    if a.kind == "constant" and a.trigger and a.trigger.event == "enemy_revealed" and c.committed:
                        cause = self._cause(a, p.name)
                        cands.append(Candidate(a, c, p.name, lambda cause=cause: E.damage(r, cause, card, 1)))
        self._resolve(r, f"{card.label} is revealed (before its keywords and When Revealed)", cands)

    def _after_enemy_revealed(self, r, card: Card) -> None:
        """Once an encounter card's reveal is over (its own When Revealed effects done):
        the Forced effects of the cards in play answering it -- ``enemy_revealed`` for an enemy (a
        quest stage's "after an enemy is revealed"), ``card_revealed`` for any card whose subject
        fits ("after a Sorcery card is revealed").  Only a card staged is revealed: an enemy dealt
        as a shadow card never is (the Quest Companion's ruling on Into the Pit); a card cancelled
        as a whole counts as never revealed, so none answers it (FAQ 1.54; a step says so)."""
        cands = []
        for c in list(r.g.cards_in_play()):
            for a in self.abilities(c):
                if a.kind != "forced" or not a.trigger or a.trigger.timing != "after" or c is card:
                    continue
                if (a.trigger.event == "enemy_revealed" and card.type == "enemy") or (
                        a.trigger.event == "card_revealed" and fits(r, a.trigger.about, card, c, None)):
                    cands.append(Candidate(a, c, "encounter", lambda a=a, c=c: self._initiate(r, a, c)))
        staged = being_staged(r, card.label)
        if staged is not None and staged.keywords == "cancelled":
            if cands:
                r.emit(CancelledNotRevealed(card=card.label, waiting=tuple(x.ability.label for x in cands)),
                       (C.CANCEL, C.FAQ_CANCEL_CARD))
            return
        self._resolve(r, f"after {card.label} is revealed from the encounter deck", cands, (C.REVEAL,) if cands else ())

    def _added_to_staging(self, r, labels: tuple[str, ...]) -> None:
        """After cards are added to the staging area -- placed there by staging, or added by an
        effect (a search, a set-aside card): the same thing (FAQ Q35) -- the Forced effects of
        the cards in play answering a card added there (``{timing: after, event:
        added_to_staging}``, the subject naming the card)."""
        for label in labels:
            card = next((c for c in r.g.staging if c.label == label), None)
            if card is None:
                continue
            cands = []
            for holder in list(r.g.cards_in_play()):
                for a in self.abilities(holder):
                    if a.kind == "forced" and a.trigger and a.trigger.event == "added_to_staging" and a.trigger.timing == "after" \
                            and holder is not card and fits(r, a.trigger.about, card, holder, None):
                        cands.append(Candidate(a, holder, "encounter", lambda a=a, holder=holder: self._initiate(r, a, holder)))
            self._resolve(r, f"after {card.label} is added to the staging area", cands, (C.FAQ_Q_ADDED_IS_PLACED,) if cands else ())

    def _dealt_as_shadow(self, r, enemy_label: str, card_label: str) -> None:
        """An enemy dealt as a shadow card is dealt, not revealed: where a card in play has a
        Forced effect after an enemy is revealed, a step says it does not answer (Into the Pit's
        ruling on The Fate of Balin)."""
        holder = next((e for e in r.g.cards_in_play() if e.label == enemy_label), None)
        card = next((c for c in holder.shadows if c.label == card_label), None) if holder is not None else None
        if card is None or card.type != "enemy":
            return
        waiting = tuple(a.label for c in r.g.cards_in_play() for a in self.abilities(c)
                        if a.kind == "forced" and a.trigger and a.trigger.event == "enemy_revealed")
        if waiting:
            r.emit(DealtNotRevealed(card=card.label, waiting=waiting), (C.SHADOW_EFFECTS, C.REVEAL, C.QC_DEALT_NOT_REVEALED))

    def _when_revealed(self, r, card: Card) -> None:
        """A card revealed from the encounter deck: its When Revealed effects, as it is
        revealed and before it is placed (Staging; FAQ 1.22, 1.53), with the first player's
        choices (FAQ 1.03) from ``plays``; a missing choice stops the replay."""
        staged = being_staged(r, card.label)
        if staged is None or staged.card is not card:
            return
        cands = [Candidate(a, card, "encounter", lambda a=a: self._initiate(r, a, card))
                 for a in self.abilities(card) if a.kind == "when_revealed"]
        has_effect = bool(cands)
        target = cands[0].ability.label if cands else card.label
        events = ("card_revealed", "treachery_revealed") if card.type == "treachery" else ("card_revealed",)
        for p in r.g.in_player_order():
            for holder in [*p.characters, *p.hand]:
                for a in self.abilities(holder):
                    whole = any(e.op == "cancel" and e.get("what") == "card" for e in a.effects)  # the whole card (FAQ 1.54)
                    if a.kind == "response" and a.is_cancel and a.trigger and a.trigger.event in events and (has_effect or whole):
                        what = "card" if whole else "effect"
                        d = self._declared(holder, p.name)
                        unable = f"{holder.label} is exhausted" if holder.exhausted and any(
                            e.op == "exhaust" and e.get("target") == "self" for e in a.cost) else ""
                        if d is not None and holder in p.hand:
                            unable = unable or self.event_cost_problem(r, holder, p, d)[0]
                        cands.append(Candidate(a, holder, p.name,
                                               lambda a=a, holder=holder, p=p, d=d, what=what: self._cancel(r, a, holder, p, d, card, what),
                                               d, skip=unable, cancels=target if has_effect else ""))
        self._resolve(r, f"{card.label} is revealed", cands)

    def _cancel(self, r, a: Ability, holder: Card, p: Player, d: Declared | None, card: Card, what: str = "effect") -> bool:
        """A cancel of a just-revealed card's When Revealed effect (A Test of Will, Eleanor):
        its cost, the cancel (FAQ 1.53: the keywords stand), then Eleanor's replacement card,
        revealed normally (her erratum)."""
        cause = self._cause(a, p.name)
        by = E.forbidden(r, "cancel encounter card effects", p.name)
        if by is not None:  # checked before anything is paid: the cancel is not initiated (Cannot)
            shadow = (C.FAQ_Q_SHADOW_IS_ENCOUNTER_EFFECT,) if what == "shadow" else ()
            return E.refused(r, cause, f"not initiated: {by} forbids cancelling encounter card effects, "
                             f"{'a shadow effect included' if shadow else 'When Revealed effects included'}; "
                             f"{card.label}'s effect is not cancelled", (C.CANNOT,) + shadow)
        if holder in p.hand:
            if not self._pay_event(r, cause, holder, p, d, "its cancel is not initiated"):
                return False
            p.hand.remove(holder)
            p.discard.insert(0, holder)
            r.emit(CardPlayed(player=p.name, card=holder.label, card_type=holder.type, says=a.says, cause=cause),
                   (C.EVENT_CARDS, C.RESPONSE) + cause.rules)
        elif any(e.op == "exhaust" and e.get("target") == "self" for e in a.cost):
            if not E.exhaust(r, cause, holder):
                return E.refused(r, cause, "its cost cannot be paid", (C.COST, C.TO))
        cancel(r, cause, card.label, what, card.type, replaced=bool(a.then))
        if a.then:
            r.emit(ReplacementCard(card=card.label, cause=cause),
                   (C.THEN, C.FAQ_CANCEL_EFFECT) + cause.rules)
            nxt = draw_encounter(r, (C.STAGING,) + cause.rules)
            if nxt is None:
                return E.refused(r, cause, "the encounter deck is empty: no replacement card", (C.THEN,))
            st = state_of(r)
            st.busy = False  # the replacement is revealed normally: its own abilities trigger
            try:
                stage(r, nxt, f"replacing {card.label} ({cause.label})", (C.STAGING,) + cause.rules)
            finally:
                st.busy = True
        return True

    def event_cost_problem(self, r, card: Card, p: Player, d: Declared | None) -> tuple[str, object]:
        """Why ``p`` cannot pay the resource cost of the event ``card`` in full ("" when they
        can, or when several heroes could and the replay will ask), and the `planning.Payment`
        (Cost; Resource Match, a gained resource icon included; Neutral Cards)."""
        paid = payment(r, p, card, self._named_payers(card, d), can_pay=lambda h, c: resource_icons.can_pay_for(r, h, c))
        return paid.problem, paid

    def _named_payers(self, card: Card, d: Declared | None):
        """The heroes a declared use names to pay for the event ``card``: ``pay_from``, else
        ``with`` when the event's cost exhausts nothing (else ``with`` names the character
        exhausted, Strength of Will's Spirit character)."""
        if d is None:
            return ""
        if d.pay_from:
            return d.pay_from
        exhausts = any(e.op == "exhaust" for a in self.abilities(card) for e in a.cost)
        return "" if exhausts else d.with_

    def _pay_event(self, r, cause, card: Card, p: Player, d: Declared | None, what: str = "") -> bool:
        """Pay the resource cost of the event ``card`` played from hand, in full, from heroes
        with a matching resource icon (`costs.event_payment`): named in the declaration,
        else the only way to pay, else a decision of the step (``ability: {card, pay_from}``),
        else the replay stops and asks.  False, with a step saying why, when it cannot be
        paid: the event is not played (Cost; To; Resource Match; Event Cards)."""
        play = Play(pay_from=self._named_payers(card, d))
        try:
            paid = event_payment(r, cause, card, p, play, ask=True, what=what)
        except Undecided as exc:
            answer = decided(r, card).get("pay_from")
            if not answer:
                raise exc.pending(r) from None
            play.pay_from = answer
            paid = event_payment(r, cause, card, p, play, what=what)
        return paid is not False and pay_event(r, cause, paid)

    def _stage_revealed(self, r) -> None:
        """A new quest stage: advancing is immediate, and the new stage's When Revealed
        effects resolve at once (Quest Advancement; FAQ Q15)."""
        stage = r.g.quest
        if stage is None:
            return
        cands = [Candidate(a, stage, "encounter", lambda a=a: self._initiate(r, a, stage))
                 for a in self.abilities(stage) if a.kind == "when_revealed"]
        self._resolve(r, f"the players advance to {stage.label}", cands)
        for a in self.abilities(stage):  # a Forced effect whose trigger came before the stage was in play (FAQ 1.58)
            if a.kind == "forced" and a.trigger is not None and a.trigger.event == "start_of_phase" \
                    and a.trigger.about.phase == r.g.phase:
                E.refused(r, self._cause(a), f"its trigger, the beginning of the {r.g.phase} phase, came before "
                          f"{stage.label} was in play: it does not resolve this phase", (C.FORCED, C.FAQ_FORCED_IN_PLAY))

    def _quest_success(self, r) -> None:
        """Questing successfully is its own moment, before any progress is placed: Forced
        effects on it resolve first (FAQ 1.24)."""
        cands = []
        first = r.g.first_player
        for card in list(r.g.cards_in_play()):
            for a in self.abilities(card):
                if a.kind == "forced" and a.trigger and a.trigger.event == "quests_successfully":
                    cands.append(Candidate(a, card, "encounter", lambda a=a, card=card: self._initiate(r, a, card)))
                elif a.kind == "response" and a.trigger and a.trigger.event == "quests_successfully" and card.owner == "encounter":
                    # an encounter card's response the players may use (claiming Signs of Gollum): the first player's to declare
                    d = self._declared(card, first.name)
                    cands.append(Candidate(a, card, first.name, lambda a=a, card=card: self._initiate(r, a, card, first), d))
        self._resolve(r, "the players quest successfully (before progress is placed)", cands, (C.FAQ_QUESTING_SUCCESSFULLY,))

    def _committed(self, r, labels: list[str]) -> None:
        """After a player commits characters (all at once): responses to those commits, in
        the order the player chooses (FAQ Q2); each once per commit (FAQ 1.08)."""
        cands = []
        for p in r.g.in_player_order():
            for c in p.characters:
                if c.label not in labels:
                    continue
                for a in self.abilities(c):
                    if a.kind == "response" and a.trigger and a.trigger.event == "commits" and a.trigger.about.is_self:
                        d = self._declared(c, p.name)
                        cands.append(Candidate(a, c, p.name, lambda a=a, c=c, p=p: self._initiate(r, a, c, p), d))
        self._resolve(r, f"after {', '.join(labels)} commit{'s' if len(labels) == 1 else ''} to the quest", cands)

    def _at_end(self, r, event: str, phase: str) -> None:
        """At the end of a phase or round: abilities of cards in play on that timing point
        (Gandalf leaves at the end of the round, Shadow Key, Goblin Sniper at the end of combat),
        after lasting effects have expired and delayed effects resolved."""
        cands = []
        first = r.g.first_player
        for card in list(r.g.cards_in_play()):
            for a in self.abilities(card):
                if not (a.trigger and a.trigger.event == event and a.kind in ("forced", "constant", "response")):
                    continue
                if not a.trigger.about.is_any and a.trigger.about.phase != phase:
                    continue
                if a.kind == "response":
                    if card.owner == "encounter":  # the players' option on a stage (bypassing it): the first player's to declare
                        cands.append(Candidate(a, card, first.name, lambda a=a, card=card: self._initiate(r, a, card, first),
                                               self._declared(card, first.name)))
                    continue
                owner = self._controller(r, card)
                run = (lambda a=a, card=card: apply_constant(r, card, a)) if a.kind == "constant" else (lambda a=a, card=card, owner=owner: self._initiate(r, a, card, owner))
                cands.append(Candidate(a, card, owner.name if owner else "encounter", run))
        self._resolve(r, f"at the {event.replace('_', ' ')}", cands)

    def _quest_failed(self, r) -> None:
        """After an unsuccessful quest: Forced effects of cards in the staging area (Dungeon Jailor)."""
        cands = []
        for card in list(r.g.staging):
            for a in self.abilities(card):
                if a.kind == "forced" and a.trigger and a.trigger.event == "quest_fails":
                    cands.append(Candidate(a, card, "encounter", lambda a=a, card=card: self._initiate(r, a, card)))
        self._resolve(r, "the players quest unsuccessfully, before the threat raise", cands, (), QUESTING_UNSUCCESSFULLY)

    def _explored(self, r, label: str) -> None:
        """A location explored: responses to it wait until the progress placement is done,
        so that a stage completed by the same placement advances first (FAQ Q80)."""
        card = next((c for c in (*r.g.encounter_discard[:1], *r.g.encounter_deck[:1], *r.g.victory_display[-1:]) if c.label == label), None)
        if card is None:
            return
        cands = []
        for a in self.abilities(card):
            if a.kind == "response" and a.trigger and a.trigger.event == "explored":
                first = r.g.first_player
                d = self._declared(card, first.name)
                cands.append(Candidate(a, card, first.name, lambda a=a, first=first: self._initiate(r, a, card, first), d))
            elif a.kind == "forced" and a.trigger and a.trigger.event == "explored" and a.trigger.about.is_self:
                # its own Forced effect on leaving play explored, active or not (a Wizardry effect)
                cands.append(Candidate(a, card, "encounter", lambda a=a: self._initiate(r, a, card)))
        if cands:
            self.explored.append((card, cands))

    def flush_explored(self, r) -> None:
        st = state_of(r)
        if st.busy or not self.explored:
            return
        st.busy = True
        try:
            self._flush_explored(r)
        finally:
            st.busy = False

    def _flush_explored(self, r) -> None:
        waiting, self.explored = self.explored, []
        for card, cands in waiting:
            self._resolve(r, f"after {card.label} is explored (once the progress is placed and any new stage has begun)", cands,
                          (C.EXPLORED, C.qa(80)))
