"""Where a card changes a framework step itself (a mixin of `triggers.AbilityListener`): the
engine asks these hooks on the replay context -- where an encounter card goes when it leaves
play (Banks of the Anduin), a replaced draw (Iron Shackles), the next quest stage (A Fork in
the Road), a skipped staging step and a win (Ambush on the Shore), and responses to an
exploration that wait for a new stage (FAQ Q80)."""

from __future__ import annotations

from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities import effects as E
from adjudicator.lotr.abilities.effects import state_of
from adjudicator.lotr.abilities.responses import Candidate
from adjudicator.lotr.engine.state import Card, Player



class FrameworkHooks:
    def leave_play_instead(self, r, card: Card, how: str, cites: tuple[str, ...]) -> bool:
        """Replacement effects on where an encounter card goes when it leaves play (Banks of
        the Anduin: on top of the encounter deck instead of the discard pile)."""
        for a in self.abilities(card):
            if a.kind == "forced" and a.trigger and a.trigger.event == "leaves_play" and a.is_replacement:
                cause = self._cause(a)
                from adjudicator.engine.trace import Change

                r.g.encounter_deck.insert(0, card)
                r.emit(how, f"[from {cause.label}] {card.label} is {how} and goes on top of the encounter deck instead of the discard pile",
                       tuple(cites) + (C.REPLACEMENT, C.FORCED) + cause.rules,
                       [Change(card.label, "zone", "in play", "top of the encounter deck")])
                return True
        return False

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
        r.emit("staging", f"[from {cause.label}] the staging step is skipped for the rest of the game", (C.step("3.3"), C.CONSTANT) + cause.rules)
        return True

    def _quest_won(self, r) -> None:
        """Ambush on the Shore: the players win once no enemy is in play (checked after each step)."""
        a = self._quest_rule(r, "skip_staging_win_when_no_enemies")
        if a is None or r.g.outcome is not None or any(True for _ in r.g.enemies_in_play()):
            return
        from adjudicator.lotr.engine.elimination import win

        cause = self._cause(a)
        r.emit("quest-rule", f"[from {cause.label}] no enemy is left in play", (C.CONSTANT,) + cause.rules)
        win(r, f"no enemies in play at {r.g.quest.label}")

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

    def draw_instead(self, r, player: Player) -> bool:
        return E.replace_draw(r, player)

    def choose_next_stage(self, r, stage: Card) -> None:
        """A Fork in the Road: on defeating it, the next stage is one of the two Chosen Path
        stages at random (the order from the situation's seed)."""
        import random

        if not any(e.op == "python" and e.get("name") == "random_chosen_path" for a in self.abilities(stage) for e in a.effects):
            return
        paths = [c for c in r.g.quest_deck if c.name.startswith("A Chosen Path")]
        if len(paths) < 2:
            return
        pick = random.Random(r.g.seed * 7 + r.g.round).choice(paths)
        r.g.quest_deck.remove(pick)
        r.g.quest_deck.insert(0, pick)
        others = [c for c in paths if c is not pick]
        for c in others:  # the path not taken is set aside
            r.g.quest_deck.remove(c)
        from adjudicator.engine.trace import Interpretation

        cause = self._cause(next(a for a in self.abilities(stage) if a.kind == "forced"))
        r.emit("random", f"[from {cause.label}] the next stage is {pick.label}, at random (the order from the seed); "
               f"{', '.join(c.label for c in others)} is set aside", (C.FORCED,) + cause.rules,
               interpretation=Interpretation("a random choice follows the situation's seed", C.FORCED))

    def setup_instructions(self, r, stage: Card) -> bool:
        """Setup, step 7: the first quest card's setup instructions (its ``setup`` abilities),
        followed before the card is flipped; what they reveal is revealed normally (keywords,
        When Revealed: FAQ 1.01, 1.19).  Returns whether the card has any."""
        cands = [Candidate(a, stage, "encounter", lambda a=a: self._initiate(r, a, stage)) for a in self.abilities(stage) if a.kind == "setup"]
        if cands:
            self._paused(r, lambda: self._resolve(r, f"the setup instructions of {stage.label}", cands, (C.SETUP,)))
        return bool(cands)
