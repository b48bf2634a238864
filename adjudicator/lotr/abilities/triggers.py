"""Triggered abilities in the engine's replay: the ability listener, subscribed by event
type to the replay's events (`adjudicator.lotr.engine.events`) and the hooks the framework
asks (`adjudicator.lotr.engine.hooks`).

    from adjudicator.lotr.engine import api
    trace = api.replay(situation, abilities=True)   # hooks: AbilityListener.from_block(...)

At each moment a card ability answers -- an event of a given type -- the listener finds the
abilities of the cards in play (the card library and the situation's ``abilities:`` block),
orders them with the timing sort key (`timing.order`), emits one ``timing`` event saying
who triggered what, in which order and by which rule, and which triggers were considered
and not used (and why), then resolves them with the effect primitives (`initiate`,
`effects`).  docs/abilities.md lists the moments, docs/events.md the events.

After every event, encounter-card lasting effects and the constant abilities in play are
recalculated.  Responses are optional: the players' uses are declared (``responses``), used
at most once per trigger and in the declared order; choices come from ``plays`` or from
``ability`` decisions, and a real choice the file does not make stops the replay.  While
an ability resolves, its own events trigger nothing more (the listener is ``busy``).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, Callable

from adjudicator.engine.decisions import DecisionNeeded, Option, PendingDecision

from adjudicator.engine.situation import fold
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import constant
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities import lasting as L
from adjudicator.lotr.abilities import blank_text, lending, out_of_play
from adjudicator.lotr.abilities import prisoner
from adjudicator.lotr.abilities.ability_events import DelayedOrder, Initiated, NotCancelled, OrderRow, Timing
from adjudicator.lotr.abilities.card_text import CardText
from adjudicator.lotr.abilities.choices import Choices
from adjudicator.lotr.abilities.combat_triggers import CombatTriggers
from adjudicator.lotr.abilities.effect_events import AddedToStaging, Discarded, EntersStaging, PutIntoPlay
from adjudicator.lotr.abilities.framework_hooks import CardRules
from adjudicator.lotr.abilities.grammar.subjects import parse_subject
from adjudicator.lotr.abilities.initiate import expire_attack
from adjudicator.lotr.abilities.leaving_play import LeavingPlay
from adjudicator.lotr.abilities.plays import Plays
from adjudicator.lotr.abilities.responses import Candidate, Declared, Responding
from adjudicator.lotr.abilities.responses import listener_of as listener_of  # noqa: F401  (re-exported)
from adjudicator.lotr.abilities.round_triggers import RoundTriggers
from adjudicator.lotr.abilities.timing import KIND_RULES, Entry, order
from adjudicator.lotr.engine import citations as EC
from adjudicator.lotr.engine.combat_events import DefenderDeclared, EnemyAttackEnds, EnemyAttacks, EnemyCombatDamage, ShadowDealt, ShadowTurnedFaceup
from adjudicator.lotr.engine.encounter_events import CardRevealed, CharacterDestroyed, Committed, DamageDealt, Destroyed, EnemyDestroyed, EnemyEngaged, Explored, GuardedRevealed, ProgressPlaced, QuestResolved, StageAdvanced, StageBypassed, StageReplaced, Staged
from adjudicator.lotr.engine.area_events import StageFlipped
from adjudicator.lotr.engine.events import CardPlayed, Event, Milestone, QuestFlipped, StepResolved, ThreatChanged, TimeCounters, Traveled
from adjudicator.lotr.engine.keywords import being_staged
from adjudicator.lotr.engine.state import Card, Player
from adjudicator.lotr.engine.step_table import PHASE_END

# Events after which the Ambush on the Shore win is not checked (the card being revealed,
# placed or resolved is not done yet).
NO_WIN_CHECK = (StageAdvanced, StageFlipped, QuestFlipped, CardRevealed, GuardedRevealed, Staged, Timing, DelayedOrder, Initiated)
# Events during which responses to an exploration keep waiting (the placement goes on).
PLACING_PROGRESS = (ProgressPlaced, Explored, StageAdvanced, QuestFlipped)


class AbilityListener(RoundTriggers, CombatTriggers, Plays, Choices, CardRules, Responding):
    def __init__(self, responses: list[dict[str, Any]] | None = None, version: str = "errata",
                 plays: list[dict[str, Any]] | None = None, delayed_order: list[str] | None = None,
                 extra_cards: list | None = None) -> None:
        CardText.__init__(self, version, extra_cards)
        self.responses = [Declared(str(d["card"]), str(d.get("player", "")), str(d.get("with", "")), pay_from=d.get("pay_from") or "",
                                   line=int(d.get("line", 0) or 0)) for d in responses or ()]
        # the choices made for encounter effects (the first player's, FAQ 1.03) and others:
        # {card, chosen: [...], targets: {phrase: label}, option}
        self.plays = [dict(p) for p in plays or ()]
        self.delayed_order = list(delayed_order or [])
        self.explored: list[tuple[Card, list]] = []  # responses to explorations, waiting (FAQ Q80)
        self._step_of_event = ""
        self.leaving = LeavingPlay()  # cards that answer their own leaving play (an objective-ally's defeat)

    @classmethod
    def from_block(cls, block: dict[str, Any] | None) -> "AbilityListener":
        """A listener for a situation's ``abilities:`` block (`load.read_situation_block`)."""
        block = block or {}
        return cls(responses=block.get("responses"), version=block.get("version", "errata"), plays=block.get("plays"),
                   delayed_order=block.get("delayed_order"), extra_cards=block.get("cards"))

    # -- the subscriptions -----------------------------------------------------------------

    def subscriptions(self) -> list[tuple[type, Callable]]:
        """(event type, handler) for each moment the listener answers, in the order they
        subscribe; the first and last answer every event (see `attach`)."""
        return [
            (Event, self._before_any),
            (Explored, self._on_explored),
            (Traveled, lambda r, ev: self._travel(r, ev.location)),
            (ThreatChanged, self._on_threat),
            (Destroyed, self._on_destroyed),
            (EnemyDestroyed, self._last_gasp),
            (CardRevealed, self._on_revealed),
            (Staged, self._on_added),
            (AddedToStaging, self._on_added),
            (EntersStaging, self._on_added),
            (EnemyAttackEnds, self._on_attack_ends),
            (ShadowTurnedFaceup, self._on_shadow),
            (ShadowDealt, lambda r, ev: self._dealt_as_shadow(r, ev.enemy, ev.card) if ev.card else None),
            (StageAdvanced, lambda r, ev: None if ev.face_down else self._stage_revealed(r)),
            (StageFlipped, lambda r, ev: self._stage_revealed(r)),
            (StageReplaced, lambda r, ev: self._stage_revealed(r)),
            (StageBypassed, lambda r, ev: self._stage_revealed(r)),
            (QuestFlipped, lambda r, ev: self._stage_revealed(r) if ev.stage else None),
            (QuestResolved, self._on_quest_resolved),
            (Committed, lambda r, ev: self._committed(r, list(ev.characters)) if r.g.step == "3.2" and ev.characters else None),
            (CardPlayed, self._on_played),
            (EnemyEngaged, lambda r, ev: self._engaged(r, ev.enemy)),
            (PutIntoPlay, lambda r, ev: self._entered_play(r, ev.card, played=False)),
            (Discarded, self._on_discarded),
            (DefenderDeclared, self._on_defender),
            (DamageDealt, lambda r, ev: self._took_damage(r, ev.card, ev.amount)),
            (EnemyCombatDamage, self._on_enemy_combat_damage),
            (EnemyAttacks, self._on_enemy_attacks),
            (TimeCounters, self._on_time_counters),
            (Event, self._after_any),
        ]

    def attach(self, r) -> None:
        """Subscribe to the replay's events (`hooks.Hooks.attach`).  Each handler runs with the
        listener busy, and none while it is already busy resolving an ability."""
        for event_type, handler in self.subscriptions():
            # an exploration made while an ability resolves (a response placing progress) is queued
            # all the same: its responses wait for the placement to be over (FAQ Q80), then resolve
            # a card discarded while an ability resolves (a shadow effect's discard) is answered all the same
            r.bus.subscribe(event_type, handler if handler in (self._on_explored, self._on_discarded, self._last_gasp, self._on_added) else self._guarded(handler))

    def _guarded(self, handler: Callable) -> Callable:
        def run(r, ev: Event) -> None:
            st = E.state_of(r)
            if st.busy:
                return
            st.busy = True
            try:
                handler(r, ev)
            finally:
                st.busy = False
            if self.explored and not isinstance(ev, PLACING_PROGRESS):  # a location an ability explored: its responses now
                self.flush_explored(r)

        return run

    # -- the handlers --------------------------------------------------------------------

    def _before_any(self, r, ev: Event) -> None:
        self._step_of_event = r.g.step  # the step the event happened at (for the handlers after it)
        st = E.state_of(r)
        if not st.constants_applied:  # the first event: the position's constant abilities apply from the start
            constant.refresh(r, self.abilities)
        if self.explored and not isinstance(ev, PLACING_PROGRESS):
            self._flush_explored(r)

    def _on_explored(self, r, ev: Explored) -> None:
        self._explored(r, ev.card)

    def _on_threat(self, r, ev: ThreatChanged) -> None:
        if r.g.step == "7.3":
            self._refresh_raise(r, ev.player)

    def _on_destroyed(self, r, ev: Destroyed) -> None:
        if r.g.step == "6.8.3" and r.attack and r.attack.get("attackers"):
            self._enemy_destroyed(r, ev.card)
        elif isinstance(ev, CharacterDestroyed):
            self._character_destroyed(r, ev.card)

    def _last_gasp(self, r, ev: "EnemyDestroyed") -> None:
        """Last Gasp (the Quest Companion's ruling): a destroyed enemy's Last Gasp effect is Forced and
        resolves at once, even while another ability resolves (the one that destroyed it); the player it
        was engaged with resolves it, or the first player when it was engaged with no one."""
        st = E.state_of(r)
        busy, st.busy = st.busy, True
        try:
            self._resolve_last_gasp(r, ev)
        finally:
            st.busy = busy

    def _resolve_last_gasp(self, r, ev: "EnemyDestroyed") -> None:
        enemy = next((c for c in (*r.g.encounter_discard, *r.g.victory_display) if c.label == ev.card), None)
        gasps = [a for a in self.abilities(enemy) if a.kind == "last_gasp"] if enemy is not None else []
        if not gasps:
            return
        who = r.g.player(ev.engaged_with) or r.g.first_player
        cands = [Candidate(a, enemy, "encounter", lambda a=a: self._initiate(r, a, enemy, who)) for a in gasps]
        self._resolve(r, f"{ev.card} is destroyed: its Last Gasp is {who.name}'s to resolve", cands, (C.QC_LAST_GASP,))

    def _on_discarded(self, r, ev: Discarded) -> None:
        st = E.state_of(r)
        busy, st.busy = st.busy, True
        try:
            self._discarded(r, ev.card)
        finally:
            st.busy = busy

    def _on_added(self, r, ev) -> None:
        """A card added to the staging area, by staging or by an effect (a search while an ability
        resolves too): the abilities answering it (FAQ Q35: adding is placing)."""
        st = E.state_of(r)
        busy, st.busy = st.busy, True
        try:
            self._added_to_staging(r, tuple(ev.cards) if isinstance(ev, AddedToStaging) else (ev.card,))
        finally:
            st.busy = busy

    def _on_revealed(self, r, ev: CardRevealed) -> None:
        staged = being_staged(r, ev.card)
        if staged is None:
            return
        card = staged.card
        self._as_revealed(r, card)
        if card not in r.g.encounter_discard and card not in r.g.victory_display:  # not destroyed as revealed (FAQ Q50)
            self._when_revealed(r, card)
            self._after_enemy_revealed(r, card)  # and any card (card_revealed), none once cancelled as a whole

    def _on_attack_ends(self, r, ev: EnemyAttackEnds) -> None:
        if r.attack and r.attack.get("enemy") is not None:
            expire_attack(r, r.attack)
            self._after_attack(r, r.attack["enemy"], r.attack["player"])

    def _on_shadow(self, r, ev: ShadowTurnedFaceup) -> None:
        if r.g.step == "6.4.2" and r.attack:
            self._shadow(r, ev.card)

    def _on_quest_resolved(self, r, ev: QuestResolved) -> None:
        if ev.succeeded:
            self._quest_success(r)
        elif ev.failed:
            self._quest_failed(r)

    def _on_played(self, r, ev: CardPlayed) -> None:
        if ev.says:  # played by the listener itself, its effect resolving already
            return
        if ev.card_type == "event":
            self._event_played(r, ev.player, ev.card)
        else:
            self._entered_play(r, ev.card)

    def _on_defender(self, r, ev: DefenderDeclared) -> None:
        if r.attack and r.attack.get("defender") is not None:
            self._defended(r, r.attack["defender"], r.attack["enemy"])

    def _on_enemy_combat_damage(self, r, ev: EnemyCombatDamage) -> None:
        if r.g.step == "6.4.3" and r.attack and r.attack.get("enemy") is not None:
            self._excess_damage(r)

    def _on_enemy_attacks(self, r, ev: EnemyAttacks) -> None:
        if r.attack and r.attack.get("enemy") is not None:
            self._attacks(r, r.attack["enemy"], r.attack["player"])

    def _after_any(self, r, ev: Event) -> None:
        """After every event: the actions declared for this step (at a phase's beginning they
        come after its abilities: `phase_begins`), the end of a phase or of the round, then
        lasting effects and constant abilities brought up to date, and a quest card's win."""
        step = self._step_of_event
        if not isinstance(ev, Explored):
            if step == PHASE_END.get(r.g.phase) and isinstance(ev, (Milestone, StepResolved)):
                L.expire(r, "end_of_phase")
                E.lift_expired(r, "end_of_phase")
                lending.return_loans(r, "end_of_phase")
                blank_text.expire(r, "end_of_phase")
                self._delayed(r, "end_of_phase")
                self._at_end(r, "end_of_phase", r.g.phase)
            if step == "0.1":
                L.expire(r, "end_of_round")
                E.lift_expired(r, "end_of_round")
                lending.return_loans(r, "end_of_round")
                blank_text.expire(r, "end_of_round")
                self._at_end(r, "end_of_round", "")
        st = E.state_of(r)
        out_of_play.refresh(r)  # a card held out of play while its source is in play (Saruman)
        if st.lasting is not None:
            L.refresh(r)
        constant.refresh(r, self.abilities)
        self.leaving.gone(r, self.abilities, lambda card: self._left_play(r, card))
        if not isinstance(ev, NO_WIN_CHECK):
            self.quest_won(r)

    # -- helpers -----------------------------------------------------------------------

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
        """Order the candidates with the timing sort key, emit the ``timing`` event, run them."""
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
        mandatory = self._mandatory_order(r, entries, moment)  # the first player's, when several Forced effects share it
        result = order(entries, players, r.g.first_player.name, mandatory, moment)
        rows = result["order"]
        # a player's own responses run in the order they declared them (FAQ Q2)
        extra = list(extra_rules)
        if r.g.phase == "setup" and any(c.ability.kind == "response" and c.declared is not None for c in candidates):
            extra += [C.FAQ_Q_RESPONSES_AT_SETUP]  # a response meets its trigger during setup too (FAQ Q7)
        responses = [row for row in rows if row["tier"] == "response"]
        if len(responses) > 1:
            seat = {name: i for i, name in enumerate(result["players"])}
            ranked = sorted(responses, key=lambda row: (seat.get(row["controller"], 99),
                                                        declared_order.index(row["label"]) if row["label"] in declared_order else 99))
            rows = [row for row in rows if row["tier"] != "response"] + ranked
            extra += [C.qa(2)]
        if not rows:
            rules: list[str] = []
        elif len(rows) == 1:
            rules = list(KIND_RULES.get(rows[0]["kind"], (C.TRIGGERED,)))
        else:
            rules = [cid for row in rows for cid in row["rules"]]
        rules += [cid for n in result["not_resolved"] for cid in n["rules"]]
        event = Timing(moment=moment, rows=tuple(OrderRow(label=row["label"], controller=row["controller"], tier=row["tier"], why=row["why"])
                                                 for row in rows),
                       not_used=tuple((n["label"], n["reason"]) for n in result["not_resolved"]), own_order=len(responses) > 1)
        r.emit(event, tuple(dict.fromkeys(rules + extra)) or (C.TIMING,), interpretation=interpretation)
        for c in candidates:  # a declared use that cannot be paid for: not initiated (Cost; To)
            if c.declared is not None and c.skip:
                c.declared.why = f"offered {moment}, but its cost cannot be paid in full ({c.skip})"
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
                r.emit(NotCancelled(canceller=by.ability.label, label=row["label"]), (C.COST, C.TO, C.CANCEL))
            if c.declared is not None:
                c.declared.used = True
            ok = c.run()
            if row["status"] == "interrupts" and c.cancels:
                interrupted[fold(c.cancels)] = (c, bool(ok))
        for c in candidates:  # a response resolves once per trigger: a second declared use waits (FAQ 1.08)
            if c.ability.kind == "response" and c.declared is not None and c.declared.used \
                    and self._declared(c.card, c.controller) is not None:
                E.refused(r, self._cause(c.ability, c.controller),
                          "it is used once for this trigger: another declared use of it waits for a later trigger",
                          (C.FAQ_RESPONSES_PER_TRIGGER, C.RESPONSE))

    def _mandatory_order(self, r, entries: list[Entry], moment: str) -> list[str] | None:
        """The first player's order of simultaneous Forced effects (the forced tier: Forced, When
        Revealed, shadow ... effects triggered at one moment: Forced; Priority of Simultaneous
        Resolution; FAQ 1.02): a decision of the step (``forced_order``, or ``delayed_order``
        naming them), else the abilities block's ``delayed_order``, else the replay stops and
        asks with every order listed.  None when no two of them share the moment."""
        groups: dict[int, list[str]] = {}
        for e in entries:
            if e.tier == "forced" and not e.unable and not e.cancels:
                groups.setdefault(0 if e.timing == "when" else 1, []).append(e.label)
        groups = {k: v for k, v in groups.items() if len(v) > 1}
        if not groups:
            return None
        declared: list[str] = []
        for labels in groups.values():
            answer = self._declared_order(r, labels)
            if answer is None:
                raise DecisionNeeded(_order_pending(r, labels, moment))
            declared += answer
        return declared

    def _declared_order(self, r, labels: list[str]) -> list[str] | None:
        """``labels`` in the order a decision (or the abilities block) gives, if one names them all."""
        keys = {fold(label): label for label in labels}

        def names_all(values) -> bool:
            return set(keys) <= {fold(str(v)) for v in values or ()}

        for key in ("forced_order", "delayed_order"):
            entry = r.take((r.g.step,), key, None, match=lambda e, key=key: names_all(e.get(key)))
            if entry is not None:
                return [keys[fold(str(v))] for v in entry.get(key) if fold(str(v)) in keys]
        if names_all(self.delayed_order):
            return [keys[fold(v)] for v in self.delayed_order if fold(v) in keys]
        return None

    def _paused(self, r, run) -> None:
        """Run ``run`` with the listener's event handling paused (its own events trigger
        nothing more), then bring the lasting effects and constant abilities up to date."""
        st = E.state_of(r)
        busy, st.busy = st.busy, True
        before = r.trace.count
        try:
            run()
        finally:
            st.busy = busy
        if not busy and (r.trace.count != before or not st.constants_applied):  # something happened (or the first time)
            if st.lasting is not None:
                L.refresh(r)
            constant.refresh(r, self.abilities)

    def _on_time_counters(self, r, ev: TimeCounters) -> None:
        """Time X: the card's last time counter has come off -- its own effect triggers."""
        if ev.after == 0 and ev.before > 0:
            card = next((c for c in r.g.cards_in_play() if c.label == ev.card), None)
            if card is not None:
                self.respond(r, card, "last_time_counter_removed", f"once {card.label} has no time counter left",
                             kinds=("forced", "response"))

    def _left_play(self, r, card: Card) -> None:
        """``card`` has left play: its abilities triggered by that (forced ones resolve; its
        responses are offered) -- "if it leaves play, the players lose the game"."""
        self.respond(r, card, "leaves_play", f"after {card.label} leaves play", kinds=("forced", "response"))

    # -- public moments: asked by the card modules -------------------------------------------

    def respond(self, r, card: Card, event: str, moment: str, *, subject: str = "self",
                kinds: tuple[str, ...] = ("response",), rules: tuple[str, ...] = (), interpretation=None) -> bool:
        """Offer ``card``'s abilities triggered after ``event`` (with the trigger's ``subject``)
        at ``moment``: a response is used when the situation declares it (``responses``, any
        player, in player order; the group's response falls to the first player), else the
        players pass; a forced effect (``kinds``) resolves.  Emits the timing event, then
        resolves them, the listener's own event handling paused meanwhile.  Returns whether
        ``card`` had any ability for this moment."""
        cands = []
        for a in self.abilities(card):
            if a.kind not in kinds or a.trigger is None or a.trigger.event != event or a.trigger.about != parse_subject(subject):
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

    # -- the hooks the framework asks (adjudicator.lotr.engine.hooks) ------------------------

    def unused(self, r) -> list[dict[str, Any]]:
        """The responses and plays of the abilities block never used, each with why."""
        out = []
        for d in self.responses:
            if not d.used:
                twin = next((u for u in self.responses if u.used and fold(u.card) == fold(d.card) and u.player == d.player), None)
                why = d.why or (f"{d.card}'s response was used (line {twin.line}) and never offered again: a response is used "
                                "once per trigger (FAQ 1.08)" if twin is not None else
                                f"{d.card}'s response was never offered: nothing it answers happened while it could respond")
                out.append({"line": d.line, "abilities": "responses", "card": d.card, **({"player": d.player} if d.player else {}),
                            "reason": why})
        for p in self.plays:
            if p.get("used"):
                continue
            item = {k: v for k, v in p.items() if k not in ("used", "why", "line")}
            if "step" in p:
                step = str(p["step"])
                rounds = r.reached.get(step, set())
                if p.get("why"):
                    why = p["why"]
                elif not rounds or (p.get("round") is not None and p["round"] not in rounds):
                    why = f"the replay never reached step {step}" + (f" of round {p['round']}" if p.get("round") is not None else "")
                else:
                    why = f"step {step} came, but no action window there took it"
            else:
                why = f"no ability of {p.get('card')} resolved that needed these choices"
            out.append({"line": int(p.get("line", 0) or 0), "abilities": "plays", **item, "reason": why})
        return out

    def _constants_in_force(self, r) -> None:
        """The position's constant abilities apply from the start, also when the framework asks
        a hook before the replay's first event (a replay starting at 7.2)."""
        if not E.state_of(r).constants_applied:
            self._paused(r, lambda: None)

    def cannot(self, r, what: str, target: str, player: str = "") -> str | None:
        self._constants_in_force(r)
        return super().cannot(r, what, target, player)

    def ready_in_refresh(self, r, card: Card) -> bool:
        self._constants_in_force(r)
        return super().ready_in_refresh(r, card)

    def enemy_destroyed_by_attack(self, r, enemy: Card) -> None:
        """An enemy destroyed by an attack made at once by a card effect (Quick Strike): its
        attackers' responses to the enemy destroyed (Legolas) are offered -- unless the
        listener sees the destruction itself (at step 6.8.3, not resolving an ability)."""
        if not E.state_of(r).busy and r.g.step == "6.8.3":
            return
        self._enemy_destroyed(r, enemy.label)

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
                if not a.trigger.about.is_any and subject and a.trigger.about.phase != subject:
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

    def action_window(self, r, step_id: str, plays) -> None:
        """The action window after step ``step_id`` (Appendix I: Action Windows): the card
        actions declared for it (``plays`` with its step), then the events declared for it, then
        the actions whose card those events brought into play (Beorn after Sneak Attack)."""
        self._paused(r, lambda: self._declared_actions(r, step_id))
        plays()
        self._paused(r, lambda: self._declared_actions(r, step_id))

    def no_action_window(self, r, step_id: str) -> None:
        self._paused(r, lambda: self._declared_actions(r, step_id))  # each refused (Action Windows)

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

    def setup_instructions(self, r, stage: Card) -> bool:
        """Setup, step 7: the first quest card's setup instructions (its ``setup`` abilities),
        followed before the card is flipped; what they reveal is revealed normally (keywords,
        When Revealed: FAQ 1.01, 1.19).  Returns whether the card has any."""
        cands = [Candidate(a, stage, "encounter", lambda a=a: self._initiate(r, a, stage)) for a in self.abilities(stage) if a.kind == "setup"]
        if cands:
            self._paused(r, lambda: self._resolve(r, f"the setup instructions of {stage.label}", cands, (C.SETUP,)))
        return bool(cands)

    def after_progress(self, r) -> None:
        self.flush_explored(r)

    def after_stage_progress(self, r) -> None:
        prisoner.after_stage_progress(r)  # Through the Caverns' rescue of the prisoner


def _order_pending(r, labels: list[str], moment: str) -> PendingDecision:
    """The first player's decision on the order of simultaneous Forced effects: every order
    (up to four effects; with more, each one first, the rest as listed), each an answer."""
    orders = [list(p) for p in permutations(labels)] if len(labels) <= 4 else [labels[i:] + labels[:i] for i in range(len(labels))]
    rules = (C.FORCED, C.PRIORITY, C.FAQ_SIMULTANEOUS)
    first = r.g.first_player.name
    return PendingDecision(
        key="forced_order",
        question=f"{moment}: {', '.join(labels)} are Forced effects triggered at the same time: in which order do they resolve? "
                 f"The first player, {first}, decides",
        options=tuple(Option(o, " then ".join(o), rules) for o in orders),
        step=r.g.step, player=first, citations=rules,
        example={"step": r.g.step, "round": r.g.round, "forced_order": labels},
    )
