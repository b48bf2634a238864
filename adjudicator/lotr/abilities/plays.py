"""Card abilities used by the players and the cards' own effects (a mixin of
`triggers.AbilityListener`): an event played from hand resolves; the actions declared in
``plays`` for a step are initiated in that step's action window; delayed effects at their
moment; the choices of an ability (from a decision of the step or the abilities block);
initiating an ability; a response event from hand (Strength of Will); an encounter card's
effects the primitives cover."""

from __future__ import annotations

from adjudicator.engine.decisions import DecisionNeeded, Option, PendingDecision
from adjudicator.engine.situation import fold
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities.ability_events import DelayedOrder
from adjudicator.lotr.abilities.effects import state_of
from adjudicator.lotr.abilities.card_text import cause_of
from adjudicator.lotr.abilities.initiate import Missing, Play, condition_holds, fire_delayed, initiate, why_not_initiated
from adjudicator.lotr.abilities.model import Ability
from adjudicator.lotr.abilities.responses import Declared
from adjudicator.lotr.abilities.timing import Entry, order
from adjudicator.lotr.engine import citations as EC
from adjudicator.lotr.engine.events import CardPlayed
from adjudicator.lotr.engine.step_table import has_window
from adjudicator.lotr.engine.state import Card, Player


class Plays:
    def _event_played(self, r, player: str, label: str) -> None:
        """An event the framework is playing (paid, not yet in the discard pile: Event Cards):
        its ability resolves."""
        if r.event_being_played is None:
            return
        p, card = r.event_being_played
        if p.name != player or card.label != label:
            return
        ability = next((a for a in self.abilities(card) if a.kind in ("action", "response")), None)
        if ability is not None:
            self._initiate(r, ability, card, p)

    def event_target_problem(self, r, card: Card, player: Player) -> tuple[str, tuple[str, ...]] | None:
        """The event ``card`` cannot be played when its ability cannot be initiated with the
        choices the situation makes for it (`initiate.why_not_initiated`: no valid target, a
        target its phrase does not name, an immune one, an attack with no eligible enemy, a
        cost it cannot pay): it is not played and its cost is not paid (Initiating Abilities /
        Playing Cards; the word "Choose").  The choices are looked at, not used up; one still
        to make is asked for as the event resolves."""
        ability = next((a for a in self.abilities(card) if a.kind in ("action", "response")), None)
        if ability is None:
            return None
        play = self._play_for(card, r, peek=True)
        try:
            self._prefill(r, ability, card, player, play)
            problem = why_not_initiated(r, card, ability, player, play)
        except (Missing, DecisionNeeded):
            return None
        if problem is None:
            return None
        return f"{player.name} cannot play {card.label}: {problem[0]}", problem[1] + cause_of(ability).rules

    def _declared_actions(self, r, step_id: str) -> None:
        """Actions of cards in play, declared in ``plays`` with the step (and round) to use them.
        At a step of an enemy attack, ``enemy`` names the attack; without it the play belongs
        to the attack of an engaged enemy, not to one made in the middle of it (Wolf Rider's
        as a shadow card), which takes only plays naming its enemy."""
        attack = r.attack
        for entry in self.plays:
            if entry.get("used") or str(entry.get("step", "")) != str(step_id) or "step" not in entry:
                continue
            if entry.get("round") is not None and entry["round"] != r.g.round:
                continue
            if not _for_this_attack(entry, attack, str(step_id)):
                continue
            p = r.g.player(str(entry.get("player", ""))) or r.g.first_player
            card = next((c for c in r.g.cards_in_play() if fold(c.label) == fold(str(entry["card"])) or fold(c.name) == fold(str(entry["card"]))), None)
            if card is None:
                entry["why"] = f"{entry['card']} was not in play at step {step_id}"
                continue
            kind = str(entry.get("kind", "action"))
            ability = next((a for a in self.abilities(card) if a.kind == kind), None)
            if ability is None:
                entry["why"] = f"{card.label} has no {kind} ability"
                continue
            entry["used"] = True
            if kind == "action" and not has_window(str(step_id)):  # players act only in action windows
                r.illegal(None, f"{card.label}'s action cannot be initiated at step {step_id}: no action window follows it "
                                "(players act only in action windows)", (EC.ACTION_WINDOWS, C.ACTION, EC.step(str(step_id))))
                continue
            self._initiate(r, ability, card, p, entry)

    def _delayed(self, r, at: str) -> None:
        """Delayed effects at their moment: before responses; several at once are ordered by
        the first player (FAQ 1.02), whose order the file gives (``delayed_order``) -- else the
        replay stops and asks."""
        waiting = [d for d in state_of(r).delayed if d.at == at]
        if not waiting:
            return
        labels = [d.cause.label for d in waiting]
        entry = r.take((r.g.step,), "delayed_order")
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
        rules = [C.DELAYED]
        if len(waiting) > 1:
            rules += [C.PRIORITY, C.FAQ_SIMULTANEOUS]
        r.emit(DelayedOrder(at=at, labels=tuple(row["label"] for row in result["order"]), first=r.g.first_player.name), tuple(rules))
        fire_delayed(r, at, [row["label"] for row in result["order"]])

    def _play_for(self, card: Card, r=None, peek: bool = False, decisions_only: bool = False):
        """The choices for ``card``'s ability: a decision of the situation at this step
        (``{step, ability: {card, chosen, targets, option, x}}``), else the abilities block."""
        def make(d: dict) -> Play:
            return Play(chosen=list(d.get("chosen") or []), targets=dict(d.get("targets") or {}),
                        option=str(d.get("option", "")), x=int(d.get("x", 0) or 0), pay_from=d.get("pay_from") or "")

        # a name answers for this card unless it is another copy's own label ("Goblin Sniper"
        # is that copy's, not "Goblin Sniper#2"'s)
        others = {fold(c.label) for c in r.g.cards_in_play() if c is not card} if r is not None else set()

        def names_it(value) -> bool:
            key = fold(str(value or ""))
            return key == fold(card.label) or (key == fold(card.name) and key not in others)

        if r is not None:
            match = lambda e: isinstance(e.get("ability"), dict) and names_it(e.get("ability").get("card"))  # noqa: E731
            entry = (r.decisions.find((r.g.step,), "ability", None, r.g.round, match) if peek
                     else r.take((r.g.step,), "ability", None, match=match))
            if entry is not None:
                return make(entry.get("ability"))
        if decisions_only:
            return Play()
        for p in self.plays:
            if not p.get("used") and "step" not in p and names_it(p.get("card")):
                if not peek:
                    p["used"] = True
                return make(p)
        return Play()

    def _initiate_play(self, r, a: Ability, card: Card, play, player: Player | None = None) -> bool:
        who = player or r.g.first_player
        self._prefill(r, a, card, who, play)
        try:
            return initiate(r, card, a, who, play, ask=True)
        except Missing as exc:
            return self._ask(r, a, card, exc.phrase or "chosen", str(exc), player=who)

    def _initiate(self, r, a: Ability, card: Card, player: Player | None = None, entry: dict | None = None) -> bool:
        if a.condition and condition_holds(r, card, a.condition) is False:
            return initiate(r, card, a, player or r.g.first_player, Play())  # refused: nothing to choose, no answer taken
        if entry is not None:
            play = Play(chosen=list(entry.get("chosen") or []), targets=dict(entry.get("targets") or {}), option=str(entry.get("option", "")))
            asked = self._play_for(card, r, decisions_only=True)  # an answer the replay asked for, given as a decision of the step
            play.chosen = play.chosen or asked.chosen
            play.option = play.option or asked.option
            for k, v in asked.targets.items():
                play.targets.setdefault(k, v)
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
        r.emit(CardPlayed(player=p.name, card=card.label, card_type=card.type, says=a.says, cause=cause), (C.EVENT_CARDS, C.RESPONSE) + cause.rules)
        if who is not None and not E.exhaust(r, cause, who):
            return False
        amount = next((int(e.get("amount", 0)) for e in a.effects if e.op == "progress"), 0)
        if amount and r.g.active_location is loc:
            return E.progress(r, cause, amount, location=loc)
        return True


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
