"""The combat moments of the abilities listener (a mixin of `triggers.AbilityListener`):
an enemy engages or attacks, a defender is declared, shadow effects in step 2 (and their
cancels), combat damage (Hill Troll's excess), a character takes damage or is destroyed, an
enemy is destroyed by a player attack, an ally enters play."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities.card_text import cause_of
from adjudicator.lotr.abilities.ability_events import ExcessDamage, NoShadowText, ShadowVersion
from adjudicator.lotr.abilities.model import Ability, Effect
from adjudicator.lotr.abilities.grammar.subjects import Subject, fits
from adjudicator.lotr.abilities.initiate import Play
from adjudicator.lotr.abilities.responses import Candidate, Declared
from adjudicator.lotr.abilities.ruling_points import on_point
from adjudicator.lotr.engine import citations as EC
from adjudicator.lotr.engine.defenders import in_play_defenders
from adjudicator.lotr.engine.state import Card, Player

UNDEFENDED = "this attack is undefended"


def _defenders(r) -> list[Card]:
    return in_play_defenders(r)


def as_this_attack(r, a: Ability) -> Ability:
    """A shadow effect whose wording depends on the attack being undefended: an effect with
    ``undefended: {...}`` takes those arguments instead when no defender is defending (no
    declared defender, or none left in play), one with ``condition: this attack is
    undefended`` resolves only then.  Decided as the shadow effect resolves (step 6.4.2,
    after defenders are declared in 6.4.1)."""
    if not any(e.get("undefended") is not None or e.get("condition") == UNDEFENDED for e in a.effects):
        return a
    undefended = not _defenders(r)
    effects = []
    for e in a.effects:
        args = [(k, v) for k, v in e.args if k != "undefended"]
        if e.get("condition") == UNDEFENDED:
            if not undefended:
                continue
            args = [(k, v) for k, v in args if k != "condition"]
        override = e.get("undefended")
        if undefended and isinstance(override, dict):
            args = [(k, v) for k, v in args if k not in override] + [(k, tuple(v) if isinstance(v, list) else v) for k, v in override.items()]
        effects.append(Effect(e.op, tuple(args)))
    r.emit(ShadowVersion(enemy=r.attack["enemy"].label, undefended=undefended, cause=cause_of(a)),
           # undefended, the attacked player is still the defending player (FAQ Q29)
           (C.SHADOW_EFFECTS, C.step("6.4.1"), C.step("6.4.2")) + ((C.DEFENDING_PLAYER, C.FAQ_Q_STILL_DEFENDING) if undefended else ())
           + cause_of(a).rules)
    return replace(a, effects=tuple(effects))


class CombatTriggers:
    def _after_attack(self, r, enemy: Card, player: Player) -> None:
        """Forced effects "after this enemy attacks": right after step 4 of its attack (FAQ Q4);
        none when the enemy left play during the attack (its text is no longer active).  First the
        delayed effects waiting for the end of this attack (a shadow's "after this attack")."""
        self._delayed(r, "end_of_attack")
        if r.attack.get("ended"):
            return
        cands = []
        for a in self.abilities(enemy):
            if a.kind == "forced" and a.trigger and a.trigger.event == "attacks" and a.trigger.timing == "after" and not a.condition:
                cands.append(Candidate(a, enemy, "encounter", lambda a=a: self._initiate(r, a, enemy, player)))
        # right after step 4 of its attack (FAQ Q4)
        self._resolve(r, f"after {enemy.label} attacks {player.name}", cands, (C.FAQ_Q_AFTER_ATTACKS,) if cands else ())

    def _enemy_destroyed(self, r, enemy_label: str) -> None:
        attack = r.attack
        p: Player = attack["player"]
        cands = []
        for attacker in attack["attackers"]:
            for card in (attacker, *attacker.attachments):
                for a in self.abilities(card):
                    if a.kind == "response" and a.trigger and a.trigger.event == "enemy_defeated":
                        owner = self._controller(r, card) or p
                        if not _engaged_as_the_subject_says(a.trigger.about, p, owner):
                            continue  # "an enemy engaged with another player": not one engaged with its own controller
                        d = self._declared(card, owner.name)
                        # initiated through the grammar like every ability ("the engaged player": the one the enemy was engaged with)
                        cands.append(Candidate(a, card, owner.name, lambda a=a, card=card, owner=owner: self._initiate(r, a, card, owner), d))
        # the destroyed enemy's own Forced effect on its defeat (Eastern Crows), from where it went
        enemy = next((c for c in (*r.g.encounter_discard, *r.g.victory_display) if c.label == enemy_label), None)
        for a in self.abilities(enemy) if enemy is not None else ():
            if a.kind == "forced" and a.trigger and a.trigger.event in ("destroyed", "enemy_defeated") and a.trigger.about.is_self:
                cands.append(Candidate(a, enemy, "encounter", lambda a=a: self._initiate(r, a, enemy, p)))
        # an attacker of another player took part through Ranged: taking part is attacking (Ranged; FAQ Q20)
        joined = tuple(c for c in cands if c.ability.trigger and c.ability.trigger.event == "enemy_defeated" and c.controller != p.name)
        extra = (EC.RANGED,) + tuple(x for c in joined for x in on_point(c.ability, (EC.RANGED,))) if joined else ()
        self._resolve(r, f"after {enemy_label} is destroyed by an attack", cands, extra)

    def _shadow(self, r, label: str) -> None:
        """A shadow card turned faceup in step 2 of an enemy attack: its shadow effect resolves
        (the attacking enemy, the defending player and character filled in), unless a player
        cancels it (Hasty Stroke); a cancelled shadow effect has not resolved (FAQ Q13)."""
        enemy = r.attack["enemy"]
        card = next((c for c in enemy.shadows if c.label == label), None)
        if card is None:
            return
        defending = r.attack["player"]
        known = {"the attacking enemy": enemy.label, "defending player": defending.name}
        known["the defending character"] = [c.label for c in _defenders(r)]
        known["each character of the defending player"] = [c.label for c in defending.characters]
        known["each attachment of the defending player"] = [a.label for c in defending.characters for a in c.attachments]
        on_defender = [a.label for c in _defenders(r) for a in c.attachments]
        if len(on_defender) == 1:  # the only choice there is
            known["an attachment of the defending character"] = on_defender[0]
        cands = []
        for a in self.abilities(card):
            if a.kind == "shadow":
                cands.append(Candidate(a, card, "encounter", lambda a=a: self._shadow_effect(r, a, card, enemy, known)))
        if not cands and self.abilities(card):
            r.emit(NoShadowText(card=card.label),
                   (C.SHADOW_EFFECTS, C.FAQ_SHADOW_TEXT_ONLY))
            return
        if cands:
            target = cands[0].ability.label
            for p in r.g.in_player_order():
                for holder in list(p.hand):
                    for a in self.abilities(holder):
                        if a.kind == "response" and a.is_cancel and a.trigger and a.trigger.event == "shadow_dealt":
                            d = self._declared(holder, p.name)
                            unable = self.event_cost_problem(r, holder, p, d)[0] if d is not None else ""
                            cands.append(Candidate(a, holder, p.name, lambda a=a, holder=holder, p=p, d=d: self._cancel(r, a, holder, p, d, card, "shadow"),
                                                   d, skip=unable, cancels=target))
        self._resolve(r, f"{card.label}'s shadow effect on {enemy.label}", cands)

    def _shadow_effect(self, r, a: Ability, card: Card, enemy: Card, known: dict) -> bool:
        play = self._play_for(card, r)
        for k, v in known.items():
            play.targets.setdefault(k, v)
        # "you" in a shadow effect is the defending player (Defending Player; FAQ 1.52)
        defending = r.g.player(known["defending player"]) or r.g.first_player
        ok = self._initiate_play(r, as_this_attack(r, a), card, play, defending)
        # abilities keyed to a shadow effect that has resolved (the Nazgûl of Dol Guldur)
        for b in self.abilities(enemy):
            if b.kind == "forced" and b.trigger and b.trigger.event == "shadow_resolved":
                # the shadow effect was not cancelled: it has resolved, so the Forced effect triggers (FAQ Q13)
                self._resolve(r, f"after the shadow effect on {enemy.label} resolves",
                              [Candidate(b, enemy, "encounter", lambda b=b: self._initiate(r, b, enemy))], (C.FAQ_Q_SHADOW_RESOLVED,))
        return ok

    def _excess_damage(self, r) -> None:
        """Hill Troll: damage from its attack beyond what the damaged character can take
        raises the defending player's threat instead of being lost (the card's own rule)."""
        a = r.attack
        enemy, p = a["enemy"], a["player"]
        ability = next((x for x in self.abilities(enemy) if x.kind == "constant"
                        and any(e.op == "python" and e.get("name") == "excess_damage_to_threat" for e in x.effects)), None)
        if ability is None:
            return
        target, damage = a.get("damaged"), a.get("damage", 0)  # what step 6.4.3 assigned: one character
        if target is None:
            return
        excess = damage - max(0, target.stat("hit_points") - target.damage)
        if excess > 0:
            cause = self._cause(ability, p.name)
            r.emit(ExcessDamage(amount=excess, target=target.label, player=p.name, cause=cause),
                   (C.CONSTANT, C.GOLDEN_RULES) + cause.rules)
            E.threat(r, cause, p, excess)

    def _defended(self, r, defender: Card, enemy: Card) -> None:
        known = {"the attacking enemy": enemy.label}
        self._resolve(r, f"after {defender.label} is declared as a defender against {enemy.label}",
                      self._player_responses(r, "declared_defender", defender, known))

    def _attacks(self, r, enemy: Card, player: Player) -> None:
        """When an enemy attacks: its Forced "when it attacks" effects (Marsh Adder); "you" is
        the player attacked."""
        cands = [Candidate(a, enemy, "encounter", lambda a=a: self._initiate(r, a, enemy, player))
                 for a in self.abilities(enemy) if a.kind == "forced" and a.trigger and a.trigger.event == "attacks" and a.trigger.timing == "when"]
        self._resolve(r, f"when {enemy.label} attacks {player.name}", cands)

    def engaged_at_once(self, r, label: str) -> None:
        """An enemy has engaged a player in the middle of an effect (a hidden card turned face up):
        its Forced effects on engaging resolve at once, as part of that effect (FAQ Q69)."""
        self._paused(r, lambda: self._engaged(r, label))

    def _engaged(self, r, label: str) -> None:
        """After an enemy engages a player (FAQ 1.49: engaging and being engaged are one):
        its Forced effects (Forest Spider, Hummerhorns)."""
        for p in r.g.in_player_order():
            enemy = next((c for c in p.engaged if c.label == label), None)
            if enemy is None:
                continue
            cands = [Candidate(a, enemy, "encounter", lambda a=a: self._initiate(r, a, enemy, p))
                     for a in self.abilities(enemy) if a.kind == "forced" and a.trigger and a.trigger.event == "engages"]
            cands += self._engaging_player_responses(r, p, enemy)
            self._resolve(r, f"after {enemy.label} engages {p.name}", cands, (C.FAQ_ENGAGING,))
            return

    def _engaging_player_responses(self, r, p: Player, enemy: Card) -> list[Candidate]:
        """Responses of the engaged player's cards to engaging an enemy (FAQ 1.49: the same
        event as being engaged), when the enemy fits the trigger's subject (Sam Gamgee: one whose
        engagement cost is higher than that player's threat); and responses of any player's
        cards to an enemy engaging any player (a subject naming no controller: "an enemy engaged
        with a player", Amarthiúl), where "that player" is the engaged one."""
        cands = []
        for q in r.g.in_player_order():
            for holder in [*q.characters, *(a for c in q.characters for a in c.attachments)]:
                for a in self.abilities(holder):
                    if a.kind != "response" or not a.trigger or a.trigger.event != "engages" or a.trigger.about.is_self:
                        continue
                    if q is not p and not _any_players_engagement(a.trigger.about):
                        continue
                    if not fits(r, a.trigger.about, enemy, holder, q):
                        continue
                    d = self._declared(holder, q.name)
                    cands.append(Candidate(a, holder, q.name, lambda a=a, holder=holder, q=q, d=d: self._respond(r, a, holder, q, d, {"that player": p.name}), d))
        return cands

    def _character_destroyed(self, r, label: str) -> None:
        for p in r.g.players:
            card = next((c for c in p.discard if c.label == label), None)
            if card is not None and card.is_character:
                known = {"that ally's controller": p.name}
                cands = self._player_responses(r, "destroyed", card, known)
                cands += self._player_responses(r, "leaves_play", card, known)  # the subject says which (an ally, a Dwarf hero)
                self._resolve(r, f"after {card.label} is destroyed", cands)
                for c in self._player_responses(r, "discarded", card, known):  # destroyed, it is placed there, not discarded (FAQ 1.48)
                    E.refused(r, self._cause(c.ability, c.controller), f"{card.label} was destroyed and placed in the discard pile, "
                              "which is not discarding: this response does not trigger", (C.FAQ_NOT_DISCARDING,))
                return

    def _discarded(self, r, label: str) -> None:
        """After a card is discarded by an effect (Discarding; FAQ 1.48): the responses whose subject it fits."""
        for zone in (*(p.discard for p in r.g.players), r.g.encounter_discard):
            card = next((c for c in zone if c.label == label), None)
            if card is not None:
                self._resolve(r, f"after {card.label} is discarded", self._player_responses(r, "discarded", card, {}))
                return

    def _took_damage(self, r, label: str, amount) -> None:
        for p in r.g.in_player_order():
            card = next((c for c in p.characters if c.label == label), None)
            if card is not None and isinstance(amount, int) and amount > 0:
                # and the Forced effects of what is attached to it, about its host ("if the attached
                # hero is damaged": Signs of Gollum)
                forced = [Candidate(a, att, "encounter" if att.owner == "encounter" else p.name,
                                    lambda a=a, att=att: self._initiate(r, a, att, p))
                          for att in list(card.attachments) for a in self.abilities(att)
                          if a.kind == "forced" and a.trigger and a.trigger.event == "takes_damage"
                          and a.trigger.about.target is not None and a.trigger.about.target.ref == "attached"]
                self._resolve(r, f"after {card.label} takes {amount} damage",
                              forced + self._player_responses(r, "takes_damage", card, {"amount": amount}))
                return

    def _player_responses(self, r, event: str, subject_card: Card | None, known: dict) -> list[Candidate]:
        """Responses of cards in play and events in hand to ``event``: a card's own (subject
        self, when ``subject_card`` is it), attachments', and events any player may play."""
        cands = []
        for p in r.g.in_player_order():
            holders = [*p.characters, *(a for c in p.characters for a in c.attachments), *p.hand]
            for holder in holders:
                for a in self.abilities(holder):
                    if a.kind != "response" or not a.trigger or a.trigger.event != event or a.is_cancel:
                        continue
                    if not fits(r, a.trigger.about, subject_card, holder, p):
                        continue  # the card the occurrence is about is not the subject (itself, "a Dwarf hero you control")
                    d = self._declared(holder, p.name)
                    cands.append(Candidate(a, holder, p.name, lambda a=a, holder=holder, p=p, d=d: self._respond(r, a, holder, p, d, known), d))
        return cands

    def _respond(self, r, a: Ability, holder: Card, p: Player, d: Declared | None, known: dict) -> bool:
        """Use a declared response: its choices from the situation, the moment's own cards
        filled in, an event paid by the heroes the declaration names (``pay_from``, or
        ``with`` when its cost exhausts nothing: `_named_payers`); with several possible and
        none named the replay asks (`costs.event_payment`)."""
        play = self._play_for(holder, r)
        for k, v in known.items():
            play.targets.setdefault(k, v)
        if d is not None and not play.pay_from:
            play.pay_from = self._named_payers(holder, d)
        if d is not None and d.with_:
            play.targets.setdefault("a Spirit character", d.with_)
        return self._initiate_play(r, a, holder, play, p)

    def _entered_play(self, r, label: str, played: bool = True) -> None:
        """After an ally enters play: its "enters play" responses, and "played" ones only when it
        was played, not put into play (FAQ 1.16)."""
        for p in r.g.in_player_order():
            card = next((c for c in p.allies if c.label == label), None)
            if card is not None:
                cands = self._player_responses(r, "enters_play", card, {})
                if played:
                    cands += self._player_responses(r, "played", card, {})
                self._resolve(r, f"after {card.label} enters play", cands)
                return


def _engaged_as_the_subject_says(subject: Subject, engaged: Player, controller: Player) -> bool:
    """Whether an enemy destroyed by an attack, engaged with ``engaged`` as it was attacked,
    fits the trigger subject's engagement for the ability's ``controller``: "engaged with
    another player" (Brand son of Bain) excludes the controller's own enemies, "engaged with
    you" every other player's; a subject naming no engagement takes any."""
    t = subject.target
    if t is None:
        return True
    if "engaged elsewhere" in t.zones:
        return engaged is not controller
    if "engaged" in t.zones and t.controller == "you":
        return engaged is controller
    return True


def _any_players_engagement(subject: Subject) -> bool:
    """A trigger subject that takes an enemy engaged with any player (its zone names no
    controller: "an enemy engaged with a player")."""
    t = subject.target
    return t is not None and "engaged" in t.zones and not t.controller
