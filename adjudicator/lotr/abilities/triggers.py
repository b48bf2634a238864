"""Triggered abilities in the engine's replay, through its ``listeners`` hook.

    from adjudicator.lotr.engine import api
    trace = api.replay(situation, abilities=True)   # attaches AbilityListener.from_block(...)

The listener watches the trace steps the framework writes and, at each moment a card
ability answers, finds the abilities of the cards in play (the card library and the
situation's ``abilities:`` block), orders them with the timing sort key (`timing.order`),
writes one ``timing`` step saying who triggered what, in which order and by which rule, and
which triggers were considered and not used (and why), then resolves them with the
effect primitives (`initiate`, `effects`).  docs/abilities.md lists the moments.

After every step, encounter-card lasting effects and the constant abilities in play are
recalculated.  Responses are optional: the players' uses are declared (``responses``), used
at most once per trigger and in the declared order; choices come from ``plays`` or from
``ability`` decisions, and a real choice the file does not make stops the replay.
"""

from __future__ import annotations

from typing import Any

from adjudicator.engine.situation import fold
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import constant
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities import lasting as L
from adjudicator.lotr.abilities.effects import Cause, state_of
from adjudicator.lotr.abilities.load import library
from adjudicator.lotr.abilities.model import Ability
from adjudicator.lotr.abilities.choices import Choices
from adjudicator.lotr.abilities.combat_triggers import CombatTriggers
from adjudicator.lotr.abilities.framework_hooks import FrameworkHooks
from adjudicator.lotr.abilities.initiate import expire_attack
from adjudicator.lotr.abilities.responses import Candidate, Declared
from adjudicator.lotr.abilities.timing import KIND_RULES, Entry, order
from adjudicator.lotr.engine import citations as EC
from adjudicator.lotr.engine.state import Card, Player


class AbilityListener(CombatTriggers, FrameworkHooks, Choices):
    def __init__(self, responses: list[dict[str, Any]] | None = None, version: str = "errata",
                 plays: list[dict[str, Any]] | None = None, delayed_order: list[str] | None = None,
                 extra_cards: list | None = None) -> None:
        self.lib = dict(library(version))
        for extra in extra_cards or ():
            self.lib[fold(extra.name)] = extra
        self.responses = [Declared(str(d["card"]), str(d.get("player", "")), str(d.get("with", "")), pay_from=d.get("pay_from") or "")
                          for d in responses or ()]
        # the choices made for encounter effects (the first player's, FAQ 1.03) and others:
        # {card, chosen: [...], targets: {phrase: label}, option}
        self.plays = [dict(p) for p in plays or ()]
        self.delayed_order = list(delayed_order or [])
        self.explored: list[tuple[Card, list]] = []  # responses to explorations, waiting (FAQ Q80)

    @classmethod
    def from_block(cls, block: dict[str, Any] | None) -> "AbilityListener":
        """A listener for a situation's ``abilities:`` block (`load.read_situation_block`)."""
        block = block or {}
        return cls(responses=block.get("responses"), version=block.get("version", "errata"), plays=block.get("plays"),
                   delayed_order=block.get("delayed_order"), extra_cards=block.get("cards"))

    # -- the hook ----------------------------------------------------------------------

    def __call__(self, r, step) -> None:
        st = state_of(r)
        if st.busy:
            return
        st.busy = True
        try:
            if "constants" not in st.__dict__:  # the first step: the position's constant abilities apply from the start
                constant.refresh(r, self.abilities)
            self._dispatch(r, step)
            if st.lasting is not None:
                L.refresh(r)
            constant.refresh(r, self.abilities)
            if step.event not in ("quest-advance", "reveal", "staged", "timing", "initiate"):
                self._quest_won(r)
        finally:
            st.busy = False

    def _dispatch(self, r, step) -> None:
        from adjudicator.lotr.engine.framework import PHASE_END, STARTS

        if self.explored and step.event not in ("progress", "explored", "quest-advance"):
            self._flush_explored(r)
        if step.event == "explored" and step.changes:
            self._explored(r, step.changes[0].target)
            return

        if step.event == "travel" and step.changes:
            self._travel(r, step.changes[0].target)
        elif step.event == "threat" and step.step == "7.3" and step.changes:
            self._refresh_raise(r, step.changes[0].target)
        elif step.event == "destroyed" and step.step == "6.8.3" and r.attack and r.attack.get("attackers"):
            self._enemy_destroyed(r, step.changes[0].target if step.changes else "")
        elif step.event == "reveal" and getattr(r, "revealing", None) is not None:
            card = r.revealing
            self._as_revealed(r, card)
            if card not in r.g.encounter_discard and card not in r.g.victory_display:  # not destroyed as revealed (FAQ Q50)
                self._when_revealed(r, card)
        elif step.event == "ready" and step.step == "7.2":
            self._refresh_ready(r, {c.target for c in step.changes})
        elif step.event == "enemy-attack-end" and r.attack and r.attack.get("enemy") is not None:
            expire_attack(r, r.attack)
            self._after_attack(r, r.attack["enemy"], r.attack["player"])
        elif step.event == "shadow" and step.step == "6.4.2" and "turned faceup" in step.text and r.attack:
            self._shadow(r, step.text)
        elif step.event == "quest-advance":
            self._stage_revealed(r)
        elif step.event == "quest-success":
            self._quest_success(r)
        elif step.event == "quest-failure":
            self._quest_failed(r)
        elif step.event == "commit" and step.step == "3.2" and step.changes:
            self._committed(r, [c.target for c in step.changes])
        elif step.event == "play" and "the event" in step.text:
            self._event_played(r, step)
        elif step.event == "engage" and step.changes:
            self._engaged(r, step.changes[0].target)
        elif step.event == "put-into-play" and step.changes:
            self._entered_play(r, step.changes[-1].target, played=False)
        elif step.event == "defend" and r.attack and r.attack.get("defender") is not None:
            self._defended(r, r.attack["defender"], r.attack["enemy"])
        elif step.event == "destroyed" and step.changes and "discard pile" in str(step.changes[0].after) and "'s" in str(step.changes[0].after):
            self._character_destroyed(r, step.changes[0].target)
        elif step.event == "damage" and step.changes:
            self._took_damage(r, step.changes[0].target, step.changes[0].after - step.changes[0].before)
        elif step.event == "play" and "the event" not in step.text and step.changes:
            self._entered_play(r, step.changes[-1].target)
        elif step.event == "combat-damage" and step.step == "6.4.3" and r.attack and r.attack.get("enemy") is not None:
            self._excess_damage(r)
        elif step.event == "enemy-attack" and r.attack and r.attack.get("enemy") is not None:
            self._attacks(r, r.attack["enemy"], r.attack["player"])
        if not (step.step in STARTS and getattr(r, "phase_begins", None) is not None):
            self._declared_actions(r, step)  # at a phase's beginning: after its abilities (phase_begins)
        if step.step is not None and step.step == PHASE_END.get(r.g.phase) and step.event in ("milestone", "step"):
            L.expire(r, "end_of_phase")
            E.lift_expired(r, "end_of_phase")
            self._delayed(r, "end_of_phase")
            self._at_end(r, "end_of_phase", r.g.phase)
        if step.step == "0.1":
            L.expire(r, "end_of_round")
            E.lift_expired(r, "end_of_round")
            self._at_end(r, "end_of_round", "")

    # -- helpers -----------------------------------------------------------------------

    def abilities(self, card: Card) -> list[Ability]:
        entry = self.lib.get(fold(card.name))
        return entry.abilities if entry else []

    def _controller(self, r, card: Card) -> Player | None:
        for p in r.g.players:
            for c in p.characters:
                if c is card or card in c.attachments:
                    return p
        return None

    def _declared(self, card: Card, player: str) -> Declared | None:
        for d in self.responses:
            if not d.used and fold(d.card) == fold(card.name) and (not d.player or d.player == player):
                return d
        return None

    def _resolve(self, r, moment: str, candidates: list[Candidate], extra_rules: tuple[str, ...] = (),
                 interpretation=None) -> None:
        """Order the candidates with the timing sort key, write the ``timing`` step, run them."""
        if not candidates:
            return
        players = [p.name for p in r.g.players]
        entries, by_label = [], {}
        for c in candidates:
            label = c.ability.label if c.card.label == c.ability.card else f"{c.card.label}: {c.ability.label}"
            by_label[label] = c
            passes = c.ability.kind == "response" and c.declared is None
            entries.append(Entry(label, c.ability.kind, c.ability.timing or "after", card=c.card.name,
                                 controller=c.controller if c.ability.kind == "response" else "encounter" if c.ability.source != "player" else c.controller,
                                 passes=passes, cancels=c.cancels, unable=c.skip))
        declared_order = [lbl for d in self.responses for lbl, c in by_label.items() if c.declared is d]
        result = order(entries, players, r.g.first_player.name, None, moment)
        rows = result["order"]
        # a player's own responses run in the order they declared them (FAQ Q2)
        extra = list(extra_rules)
        responses = [row for row in rows if row["tier"] == "response"]
        if len(responses) > 1:
            seat = {name: i for i, name in enumerate(result["players"])}
            ranked = sorted(responses, key=lambda row: (seat.get(row["controller"], 99),
                                                        declared_order.index(row["label"]) if row["label"] in declared_order else 99))
            rows = [row for row in rows if row["tier"] != "response"] + ranked
            extra += [C.qa(2)]
        if not rows:
            text, rules = f"{moment}: no ability is used", []
        elif len(rows) == 1:
            row = rows[0]
            text = f"{moment}: {row['label']} triggers, the only ability at this moment"
            rules = list(KIND_RULES.get(row["kind"], (C.TRIGGERED,)))
        else:
            text = f"{moment}: " + "; ".join(
                f"{i}. {row['label']}{' by ' + row['controller'] if row['controller'] not in ('', 'encounter') else ''} ({row['tier']}: {row['why']})"
                for i, row in enumerate(rows, 1))
            if len(responses) > 1:
                text += "; each player's own responses in the order they chose"
            rules = [cid for row in rows for cid in row["rules"]]
        for n in result["not_resolved"]:
            text += f"; not used: {n['label']} ({n['reason']}{': no declared use' if n['reason'] == 'its player passes' else ''})"
        rules += [cid for n in result["not_resolved"] for cid in n["rules"]]
        r.emit("timing", text, tuple(dict.fromkeys(rules + extra)) or (C.TIMING,), interpretation=interpretation)
        for c in candidates:  # a declared use that cannot be paid for: not initiated (Cost; To)
            if c.declared is not None and c.skip:
                what = f"; {c.cancels} is not cancelled and resolves normally" if c.cancels else ""
                E.refused(r, self._cause(c.ability, c.controller), f"not initiated: its cost cannot be paid in full ({c.skip}){what}", (C.COST, C.TO))
        interrupted: dict[str, tuple[Candidate, bool]] = {}  # the cancelled label -> its cancel, and whether it was initiated
        for row in rows:
            c = by_label[row["label"]]
            if row["status"] == "cancelled":
                by, done = interrupted.get(fold(row["label"]), (None, True))
                if done:
                    continue  # the cancel that interrupted it has already resolved
                # a cost must be paid in full, else the ability is not initiated (Cost; To): nothing was cancelled
                r.emit("not-cancelled", f"{by.ability.label} was not initiated, so nothing cancels {row['label']}: it resolves normally",
                       (C.COST, C.TO, C.CANCEL))
            if c.declared is not None:
                c.declared.used = True
            ok = c.run()
            if row["status"] == "interrupts" and c.cancels:
                interrupted[fold(c.cancels)] = (c, bool(ok))

    def _cause(self, ability: Ability, controller: str = "") -> Cause:
        rules = tuple(ability.rulings) + ((ability.errata,) if ability.errata else ())
        return Cause(ability.label, rules, ability.source, controller)

    # -- public moments: asked by the engine's hooks and the card modules ------------------

    def respond(self, r, card: Card, event: str, moment: str, *, subject: str = "self",
                kinds: tuple[str, ...] = ("response",), rules: tuple[str, ...] = (), interpretation=None) -> bool:
        """Offer ``card``'s abilities triggered after ``event`` (with the trigger's ``subject``)
        at ``moment``: a response is used when the situation declares it (``responses``, any
        player, in player order; the group's response falls to the first player), else the
        players pass; a forced effect (``kinds``) resolves.  Writes the timing step, then
        resolves them, the listener's own step handling paused meanwhile.  Returns whether
        ``card`` had any ability for this moment."""
        cands = []
        for a in self.abilities(card):
            if a.kind not in kinds or a.trigger is None or a.trigger.event != event or a.trigger.subject != subject:
                continue
            if a.kind == "response":
                declared = next(((p, d) for p in r.g.in_player_order() for d in [self._declared(card, p.name)] if d is not None), None)
                who = declared[0] if declared else r.g.first_player
                cands.append(Candidate(a, card, who.name, lambda a=a, who=who: self._initiate(r, a, card, who),
                                       declared[1] if declared else None))
            else:
                owner = self._controller(r, card)
                cands.append(Candidate(a, card, owner.name if owner else "encounter",
                                       lambda a=a, owner=owner: self._initiate(r, a, card, owner)))
        if cands:
            self._paused(r, lambda: self._resolve(r, moment, cands, rules, interpretation))
        return bool(cands)

    def enemy_destroyed_by_attack(self, r, enemy_label: str) -> None:
        """An enemy destroyed by the attack being resolved (``r.attack``) where the listener
        does not see it itself at step 6.8.3 (an attack made at once by a card effect, Quick
        Strike): its attackers' responses to the enemy destroyed (Legolas) are offered."""
        self._enemy_destroyed(r, enemy_label)

    def phase_begins(self, r, phase: str) -> None:
        """The beginning of a phase (or of the round: ``phase`` "round"), a milestone of the
        framework: the abilities of the cards in play triggered there (Out of the Dungeons'
        Orc Guards as each quest phase begins) resolve right after the milestone,
        before its action window and the phase's next step; a card entering play later in
        the phase missed it (FAQ 1.58)."""
        event, subject = ("start_of_round", "") if phase == "round" else ("start_of_phase", phase)
        cands = []
        for card in list(r.g.cards_in_play()):
            for a in self.abilities(card):
                if not (a.trigger and a.trigger.event == event and a.kind in ("forced", "response")):
                    continue
                if a.trigger.subject and subject and a.trigger.subject != subject:
                    continue
                owner = self._controller(r, card)
                if a.kind == "response":
                    who = owner or r.g.first_player
                    d = self._declared(card, who.name)
                    cands.append(Candidate(a, card, who.name, lambda a=a, card=card, who=who: self._initiate(r, a, card, who), d))
                else:
                    cands.append(Candidate(a, card, owner.name if owner else "encounter",
                                           lambda a=a, card=card, owner=owner: self._initiate(r, a, card, owner)))
        what = "the round" if phase == "round" else f"the {phase} phase"
        if cands:
            self._paused(r, lambda: self._resolve(r, f"at the beginning of {what}", cands, (EC.step(r.g.step),)))
        # the actions declared for the milestone's step: in its window, after those abilities
        from types import SimpleNamespace

        self._paused(r, lambda: self._declared_actions(r, SimpleNamespace(step=r.g.step)))

    def _paused(self, r, run) -> None:
        """Run ``run`` with the listener's step handling paused (its own steps trigger nothing
        more), then bring the lasting effects and constant abilities up to date."""
        st = state_of(r)
        busy, st.busy = st.busy, True
        try:
            run()
        finally:
            st.busy = busy
        if not busy:
            if st.lasting is not None:
                L.refresh(r)
            constant.refresh(r, self.abilities)

    # -- moments -----------------------------------------------------------------------

    def pay_travel_cost(self, r, loc: Card) -> bool:
        """A location's Travel cost, paid before it becomes the active location; the players
        cannot travel there unless it is paid in full (Travel)."""
        paid = [True]

        def pay(a):
            paid[0] = bool(self._initiate(r, a, loc)) and paid[0]

        for a in self.abilities(loc):
            if a.kind == "travel":
                self._resolve(r, f"the travel cost of {loc.label}",
                              [Candidate(a, loc, "encounter", lambda a=a: pay(a))], (C.TRAVEL,))
        return paid[0]

    def _travel(self, r, label: str) -> None:
        loc = r.g.active_location
        if loc is None or loc.label != label:
            return
        cands: list[Candidate] = []
        for a in self.abilities(loc):
            if a.trigger and a.trigger.event == "travels_to" and a.trigger.subject == "self":
                cands.append(Candidate(a, loc, "encounter" if a.kind == "forced" else r.g.first_player.name,
                                       lambda a=a: self._run(r, a, loc, self._cause(a)),
                                       self._declared(loc, r.g.first_player.name) if a.kind == "response" else None))
        for p in r.g.in_player_order():
            for card in list(p.hand):
                for a in self.abilities(card):
                    if a.kind == "response" and a.trigger and a.trigger.event == "travels_to" and a.trigger.subject != "self":
                        d = self._declared(card, p.name)
                        cands.append(Candidate(a, card, p.name, lambda a=a, p=p, card=card, d=d: self._play_event(r, a, p, card, d, loc), d))
        self._resolve(r, f"after the players travel to {loc.label}", cands)

    def _refresh_raise(self, r, player_name: str) -> None:
        p = r.g.player(player_name)
        if p is None:
            return
        cands = []
        for hero in p.characters:
            for att in hero.attachments:
                for a in self.abilities(att):
                    if a.kind == "forced" and a.trigger and a.trigger.event == "threat_raised":
                        cands.append(Candidate(a, att, p.name, lambda a=a: E.threat(r, self._cause(a, p.name), p, 2)))
        loc = r.g.active_location
        if loc is not None:
            for a in self.abilities(loc):
                if a.kind == "forced" and a.trigger and a.trigger.event == "threat_raised":
                    cands.append(Candidate(a, loc, "encounter", lambda a=a: E.threat(r, self._cause(a), p, 1)))
        self._resolve(r, f"{p.name}'s refresh-phase threat raise", cands)

    def _refresh_ready(self, r, readied: set[str]) -> None:
        """Caught in a Web: each copy on a hero is its own condition; the hero readies only if
        2 of its resources are paid for every copy (FAQ Q16).  The payment is optional: it is
        made when declared (responses: card Caught in a Web, player), else the hero stays
        exhausted."""
        for p in r.g.in_player_order():
            for hero in p.heroes:
                webs = [a for a in hero.attachments if fold(a.name) == fold("Caught in a Web")]
                if not webs or hero.label not in readied:
                    continue
                ability = next(a for a in self.abilities(webs[0]) if a.kind == "constant")
                cause = self._cause(ability, p.name)
                cost = 2 * len(webs)
                declared = self._declared(webs[0], p.name)
                hero.exhausted = True  # the framework readied it; the condition holds it back
                why = f"{len(webs)} cop{'ies' if len(webs) > 1 else 'y'} of Caught in a Web, 2 resources each: {cost} to ready"
                if declared is None:
                    E.refused(r, cause, f"{hero.label} does not ready: {why}, and {p.name} does not pay", (C.CANNOT,))
                    continue
                declared.used = True
                if E.pay(r, cause, hero, cost):
                    hero.exhausted = False
                    r.emit("ready", f"[from {cause.label}] {hero.label} readies after paying {cost} ({why})", (C.READY,) + cause.rules)
                else:
                    E.refused(r, cause, f"{hero.label} does not ready: {why}", (C.COST,))

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

    def _when_revealed(self, r, card: Card) -> None:
        """A card revealed from the encounter deck: its When Revealed effects, as it is
        revealed and before it is placed (Staging; FAQ 1.22, 1.53), with the first player's
        choices (FAQ 1.03) from ``plays``; a missing choice stops the replay."""
        from adjudicator.lotr.engine.keywords import being_staged

        staged = being_staged(r, card.label)
        if staged is None or staged.card is not card:
            return
        cands = [Candidate(a, card, "encounter", lambda a=a: self._initiate(r, a, card))
                 for a in self.abilities(card) if a.kind == "when_revealed"]
        if cands:
            target = cands[0].ability.label
            events = ("card_revealed", "treachery_revealed") if card.type == "treachery" else ("card_revealed",)
            for p in r.g.in_player_order():
                for holder in [*p.characters, *p.hand]:
                    for a in self.abilities(holder):
                        if a.kind == "response" and a.is_cancel and a.trigger and a.trigger.event in events:
                            d = self._declared(holder, p.name)
                            unable = f"{holder.label} is exhausted" if holder.exhausted and any(
                                e.op == "exhaust" and e.get("target") == "self" for e in a.cost) else ""
                            if d is not None and holder in p.hand:
                                unable = unable or self.event_cost_problem(r, holder, p, d)[0]
                            cands.append(Candidate(a, holder, p.name, lambda a=a, holder=holder, p=p, d=d: self._cancel(r, a, holder, p, d, card),
                                                   d, skip=unable, cancels=target))
        self._resolve(r, f"{card.label} is revealed", cands)

    def _cancel(self, r, a: Ability, holder: Card, p: Player, d: Declared | None, card: Card, what: str = "effect") -> bool:
        """A cancel of a just-revealed card's When Revealed effect (A Test of Will, Eleanor):
        its cost, the cancel (FAQ 1.53: the keywords stand), then Eleanor's replacement card,
        revealed normally (her erratum)."""
        from adjudicator.lotr.abilities.cancel import cancel
        from adjudicator.lotr.engine.keywords import draw_encounter, stage

        cause = self._cause(a, p.name)
        if holder in p.hand:
            if not self._pay_event(r, cause, holder, p, d, "its cancel is not initiated"):
                return False
            p.hand.remove(holder)
            p.discard.insert(0, holder)
            r.emit("play", f"{p.name} plays {holder.label} ({a.says})", (C.EVENT_CARDS, C.RESPONSE) + cause.rules)
        elif any(e.op == "exhaust" and e.get("target") == "self" for e in a.cost):
            if not E.exhaust(r, cause, holder):
                return E.refused(r, cause, "its cost cannot be paid", (C.COST, C.TO))
        cancel(r, cause, card.label, what, card.type)
        if a.then:
            r.emit("replace", f"[from {cause.label}] {card.label} is discarded and the next encounter card replaces it",
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
        from adjudicator.lotr.engine.planning import payment

        paid = payment(r, p, card, self._named_payers(card, d), gained=True)
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
        with a matching resource icon (`initiate.event_payment`): named in the declaration,
        else the only way to pay, else a decision of the step (``ability: {card, pay_from}``),
        else the replay stops and asks.  False, with a step saying why, when it cannot be
        paid: the event is not played (Cost; To; Resource Match; Event Cards)."""
        from adjudicator.lotr.abilities.initiate import Play, Undecided, decided, event_payment, pay_event

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

    def _quest_success(self, r) -> None:
        """Questing successfully is its own moment, before any progress is placed: Forced
        effects on it resolve first (FAQ 1.24)."""
        cands = []
        for card in list(r.g.cards_in_play()):
            for a in self.abilities(card):
                if a.kind == "forced" and a.trigger and a.trigger.event == "quests_successfully":
                    cands.append(Candidate(a, card, "encounter", lambda a=a, card=card: self._initiate(r, a, card)))
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
                    if a.kind == "response" and a.trigger and a.trigger.event == "commits" and a.trigger.subject == "self":
                        d = self._declared(c, p.name)
                        cands.append(Candidate(a, c, p.name, lambda a=a, c=c, p=p: self._initiate(r, a, c, p), d))
        self._resolve(r, f"after {', '.join(labels)} commit{'s' if len(labels) == 1 else ''} to the quest", cands)

    def _at_end(self, r, event: str, phase: str) -> None:
        """At the end of a phase or round: abilities of cards in play on that timing point
        (Gandalf leaves at the end of the round, Shadow Key, Goblin Sniper at the end of combat),
        after lasting effects have expired and delayed effects resolved."""
        from adjudicator.lotr.abilities.initiate import apply_constant

        cands = []
        for card in list(r.g.cards_in_play()):
            for a in self.abilities(card):
                if not (a.trigger and a.trigger.event == event and a.kind in ("forced", "constant")):
                    continue
                if a.trigger.subject and a.trigger.subject != phase:
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
        from adjudicator.engine.trace import Interpretation

        self._resolve(r, "the players quest unsuccessfully, before the threat raise", cands, (),
                      Interpretation("questing unsuccessfully is its own moment, before its threat raise",
                                     C.FAQ_QUESTING_SUCCESSFULLY, "the FAQ says so of questing successfully and progress"))

    def _event_played(self, r, step) -> None:
        """An event the framework is playing (paid, not yet in the discard pile: Event Cards):
        its ability resolves."""
        playing = getattr(r, "event_being_played", None)
        if playing is None:
            return
        p, card = playing
        ability = next((a for a in self.abilities(card) if a.kind in ("action", "response")), None)
        if ability is not None:
            self._initiate(r, ability, card, p)

    def _declared_actions(self, r, step) -> None:
        """Actions of cards in play, declared in ``plays`` with the step (and round) to use them.
        At a step of an enemy attack, ``enemy`` names the attack; without it the play belongs
        to the attack of an engaged enemy, not to one made in the middle of it (Wolf Rider's
        as a shadow card), which takes only plays naming its enemy."""
        attack = getattr(r, "attack", None)
        for entry in self.plays:
            if entry.get("used") or str(entry.get("step", "")) != str(step.step) or "step" not in entry:
                continue
            if entry.get("round") is not None and entry["round"] != r.g.round:
                continue
            if not _for_this_attack(entry, attack, str(step.step)):
                continue
            p = r.g.player(str(entry.get("player", ""))) or r.g.first_player
            card = next((c for c in r.g.cards_in_play() if fold(c.label) == fold(str(entry["card"])) or fold(c.name) == fold(str(entry["card"]))), None)
            if card is None:
                continue
            kind = str(entry.get("kind", "action"))
            ability = next((a for a in self.abilities(card) if a.kind == kind), None)
            if ability is None:
                continue
            entry["used"] = True
            self._initiate(r, ability, card, p, entry)

    def _delayed(self, r, at: str) -> None:
        """Delayed effects at their moment: before responses; several at once are ordered by
        the first player (FAQ 1.02), whose order the file gives (``delayed_order``) -- else the
        replay stops and asks."""
        from adjudicator.engine.decisions import DecisionNeeded, Option, PendingDecision
        from adjudicator.lotr.abilities.initiate import fire_delayed

        waiting = [d for d in state_of(r).__dict__.get("delayed", []) if d.at == at]
        if not waiting:
            return
        labels = [d.cause.label for d in waiting]
        entry = r.take((r.g.step,), "delayed_order") if getattr(r, "decisions", None) is not None else None
        if entry is not None:
            self.delayed_order = [str(x) for x in entry.get("delayed_order") or ()]
        if len(waiting) > 1 and not all(lbl in self.delayed_order for lbl in labels):
            raise DecisionNeeded(PendingDecision(
                key="delayed_order", question=f"at the {at.replace('_', ' ')}, in which order do {', '.join(labels)} resolve? The first player decides",
                options=tuple(Option(labels[i:] + labels[:i], " then ".join(labels[i:] + labels[:i]), (C.FAQ_SIMULTANEOUS,)) for i in range(len(labels))),
                step=r.g.step, player=r.g.first_player.name, citations=(C.FAQ_SIMULTANEOUS, C.PRIORITY, C.DELAYED),
                example={"step": r.g.step, "round": r.g.round, "delayed_order": labels},
            ))
        entries = [Entry(d.cause.label, "delayed", "at", controller=d.controller.name) for d in waiting]
        result = order(entries, [p.name for p in r.g.players], r.g.first_player.name, self.delayed_order, f"the {at.replace('_', ' ')}")
        text = f"the {at.replace('_', ' ')}: " + "; ".join(f"{row['position']}. {row['label']}" for row in result["order"])
        rules = [C.DELAYED]
        if len(waiting) > 1:
            text += f" (the first player, {r.g.first_player.name}, orders simultaneous delayed effects)"
            rules += [C.PRIORITY, C.FAQ_SIMULTANEOUS]
        r.emit("timing", text, tuple(rules))
        fire_delayed(r, at, [row["label"] for row in result["order"]])

    def _play_for(self, card: Card, r=None):
        """The choices for ``card``'s ability: a decision of the situation at this step
        (``{step, ability: {card, chosen, targets, option, x}}``), else the abilities block."""
        from adjudicator.lotr.abilities.initiate import Play

        def make(d: dict) -> Play:
            return Play(chosen=list(d.get("chosen") or []), targets=dict(d.get("targets") or {}),
                        option=str(d.get("option", "")), x=int(d.get("x", 0) or 0), pay_from=d.get("pay_from") or "")

        # a name answers for this card unless it is another copy's own label ("Goblin Sniper"
        # is that copy's, not "Goblin Sniper#2"'s)
        others = {fold(c.label) for c in r.g.cards_in_play() if c is not card} if r is not None else set()

        def names_it(value) -> bool:
            key = fold(str(value or ""))
            return key == fold(card.label) or (key == fold(card.name) and key not in others)

        if r is not None and getattr(r, "decisions", None) is not None:
            entry = r.take((r.g.step,), "ability", None,
                           match=lambda e: isinstance(e.get("ability"), dict) and names_it(e.get("ability").get("card")))
            if entry is not None:
                return make(entry.get("ability"))
        for p in self.plays:
            if not p.get("used") and "step" not in p and names_it(p.get("card")):
                p["used"] = True
                return make(p)
        return Play()

    def _initiate_play(self, r, a: Ability, card: Card, play, player: Player | None = None) -> bool:
        from adjudicator.lotr.abilities.initiate import Missing, initiate

        who = player or r.g.first_player
        self._prefill(r, a, card, who, play)
        try:
            return initiate(r, card, a, who, play, ask=True)
        except Missing as exc:
            return self._ask(r, a, card, str(exc).split("'")[1] if "'" in str(exc) else "chosen", str(exc), player=who)

    def _initiate(self, r, a: Ability, card: Card, player: Player | None = None, entry: dict | None = None) -> bool:
        from adjudicator.lotr.abilities.initiate import Play, condition_holds, initiate

        if a.condition and condition_holds(r, card, a.condition) is False:
            return initiate(r, card, a, player or r.g.first_player, Play())  # refused: nothing to choose, no answer taken
        if entry is not None:
            play = Play(chosen=list(entry.get("chosen") or []), targets=dict(entry.get("targets") or {}), option=str(entry.get("option", "")))
        else:
            play = self._play_for(card, r)
        return self._initiate_play(r, a, card, play, player)

    # -- running an ability's effects ----------------------------------------------------

    def _play_event(self, r, a: Ability, p: Player, card: Card, d: Declared | None, loc: Card) -> bool:
        """A response event from hand (Strength of Will): every cost is payable or it is not
        played -- its resources in full from matching heroes, the character it exhausts
        (named with ``with``) ready -- then they are paid together, then its effect."""
        cause = self._cause(a, p.name)
        if d is None:
            return False
        who = None
        if any(e.op == "exhaust" for e in a.cost):
            who = r.find(p.characters, d.with_) if d.with_ else None
            if who is None or who.exhausted:
                return E.refused(r, cause, f"{card.label} is not played: its cost cannot be paid in full "
                                           f"(exhaust {who.label + ', already exhausted' if who else d.with_ or 'a character'})",
                                 (C.COST, C.TO))
        if not self._pay_event(r, cause, card, p, d):
            return False
        p.hand.remove(card)
        p.discard.insert(0, card)
        r.emit("play", f"{p.name} plays {card.label} ({a.says})", (C.EVENT_CARDS, C.RESPONSE) + cause.rules)
        if who is not None and not E.exhaust(r, cause, who):
            return False
        amount = next((int(e.get("amount", 0)) for e in a.effects if e.op == "progress"), 0)
        if amount and r.g.active_location is loc:
            return E.progress(r, cause, amount, location=loc)
        return True

    def _run(self, r, a: Ability, card: Card, cause: Cause) -> bool:
        """Resolve an encounter card's effects that the primitives cover; say so otherwise."""
        from adjudicator.lotr.abilities.choose import Play
        from adjudicator.lotr.abilities.hatches import HATCHES
        from adjudicator.lotr.abilities.initiate import of_attack

        ok = True
        for e in a.effects:
            if e.op == "progress" and e.get("target") == "self":
                ok = E.progress(r, cause, int(e.get("amount", 1)), location=card) and ok
            elif e.op == "modify" and a.duration:
                sel = _selector(str(e.get("target", "")))
                if sel is None:
                    ok = E.refused(r, cause, f"target {e.get('target')!r} is not replayed yet", (C.EFFECTS,))
                    continue
                of_attack(r, L.establish(r, cause, str(e.get("stat")), str(e.get("how")), int(e.get("value", 0)), sel, a.duration, str(e.get("set", ""))))
            elif e.op == "damage" and e.get("target") == "each exhausted character":
                for p in r.g.in_player_order():
                    for c in list(p.characters):
                        if c.exhausted:
                            E.damage(r, cause, c, int(e.get("amount", 1)))
            elif e.op == "resources" and e.get("target") == "self":
                ok = E.add_resources(r, cause, card, int(e.get("amount", 1))) and ok
            elif e.op == "remove_progress":
                ok = E.remove_progress(r, cause, int(e.get("amount", 1))) and ok
            elif e.op == "python" and e.get("name") in HATCHES:
                ok = HATCHES[e.get("name")](r, cause, card, r.g.first_player, Play()) and ok
            else:
                ok = E.refused(r, cause, f"its {e.op} effect is not replayed yet (card text: {a.says})", (C.EFFECTS,))
        if a.then:
            E.refused(r, cause, "the part after 'then' is not replayed yet", (C.THEN,))
        return ok


def listener_of(r) -> AbilityListener | None:
    """The replay's card-ability listener (None when card abilities are off)."""
    return next((x for x in r.listeners if isinstance(x, AbilityListener)), None)


def _selector(target: str):
    if "location" in target and "enemy" in target:
        return lambda g: [c for c in g.staging if c.type in ("enemy", "location")]
    if "location in the staging area" in target:
        return lambda g: [c for c in g.staging if c.type == "location"]
    if "committed" in target:
        return lambda g: [c for p in g.players for c in p.characters if c.committed]
    return None


def _for_this_attack(entry: dict, attack: dict | None, step_id: str) -> bool:
    """Whether a play declared for ``step_id`` belongs to the attack being resolved; an
    attack that has ended early (its enemy left play: FAQ Q55) takes none of its plays
    (as `planning.plays_for_attack`), which wait for the next attack's window of the step."""
    if attack and attack.get("ended") and step_id.startswith("6.4") and step_id != "6.4a":
        return False
    enemy = attack.get("enemy") if attack else None
    if entry.get("enemy") is not None:
        return enemy is not None and fold(str(entry["enemy"])) in (fold(enemy.label), fold(enemy.name))
    return not (attack and attack.get("outer") is not None and step_id.startswith("6.4"))
