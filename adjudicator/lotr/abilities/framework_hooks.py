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
from adjudicator.lotr.abilities import resource_icons, stage_rules
from adjudicator.lotr.abilities.ability_events import NextStageAtRandom, NoEnemiesLeft
from adjudicator.lotr.abilities.card_text import CardText
from adjudicator.lotr.abilities.effects import state_of
from adjudicator.lotr.abilities.initiate import expire_attack
from adjudicator.lotr.abilities.load import library
from adjudicator.lotr.engine.elimination import win
from adjudicator.lotr.engine.encounter_events import LEFT_PLAY, StagingSkipped
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

    def cannot(self, r, what: str, target: str) -> str | None:
        return E.forbidden(r, what, target)

    def immune(self, r, card: Card) -> bool:
        return card.label in state_of(r).immune

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

    def leave_play_instead(self, r, card: Card, how: str, cites: tuple[str, ...]) -> bool:
        """Replacement effects on where an encounter card goes when it leaves play (Banks of
        the Anduin: on top of the encounter deck instead of the discard pile)."""
        for a in self.abilities(card):
            if a.kind == "forced" and a.trigger and a.trigger.event == "leaves_play" and a.is_replacement:
                cause = self._cause(a)
                r.g.encounter_deck.insert(0, card)
                r.emit(LEFT_PLAY[how](card=card.label, to="on top of the encounter deck", instead=True, cause=cause),
                       tuple(cites) + (C.REPLACEMENT, C.FORCED) + cause.rules,
                       [Change(card.label, "zone", "in play", "top of the encounter deck")])
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
        """A Fork in the Road: on defeating it, the next stage is one of the two Chosen Path
        stages at random (the order from the situation's seed)."""
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
        cause = self._cause(next(a for a in self.abilities(stage) if a.kind == "forced"))
        r.emit(NextStageAtRandom(stage=pick.label, set_aside=tuple(c.label for c in others), cause=cause), (C.FORCED,) + cause.rules,
               interpretation=Interpretation("a random choice follows the situation's seed", C.FORCED))

    # -- planning, attacks --------------------------------------------------------------------

    def ally_limit_reached(self, r, player: Player) -> str | None:
        return stage_rules.ally_limit_reached(r, player)

    def can_pay_for(self, r, hero: Card, card: Card) -> bool:
        return resource_icons.can_pay_for(r, hero, card)

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
