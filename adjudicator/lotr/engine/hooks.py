"""The hooks interface: every moment at which a card can change the framework itself.

The framework asks its replay's ``hooks`` (a `Hooks`) at these moments and nowhere else;
the card abilities package implements them (``adjudicator.lotr.abilities``: the ability
listener), and `Hooks` itself is the rules alone -- no card changes anything.  Abilities
that only answer something that happened (after an enemy engages, when a card is
revealed) do not need a hook: they subscribe to the event on the replay's bus
(`events.Bus`).  A hook is for what the framework cannot do without asking: where a card
goes instead, whether a step happens at all, what a value is.

The moments, by where the framework asks:

- leaving play: `leave_play_instead` (Banks of the Anduin);
- restrictions: `cannot` (every "cannot" of the ability grammar, asked where its moment
  comes: drawing, committing, 3.4's threat, optional engagement, engagement checks,
  playing attachments, attacking, defending); `ready_in_refresh` (Caught in a Web at 7.2);
- drawing: `draw_instead` (Iron Shackles);
- the quest: `skip_staging` (Ambush on the Shore), `after_progress` (responses to an
  exploration wait for the new stage: FAQ Q80), `after_stage_progress` (Through the
  Caverns), `advance_held_back` (Escape from Dol Guldur's stages), `choose_next_stage`
  (A Fork in the Road);
- travel: `pay_travel_cost` (a location's Travel cost);
- the beginning of a phase or round: `phase_begins` (Out of the Dungeons' Orc Guards);
- an action window: `action_window` (the card actions declared for it), `no_action_window`
  (those declared for a step without one are refused);
- setup: `setup_instructions` (the first quest card's), `has_setup_instructions`;
- playing an event: `event_target_problem` (its ability cannot be initiated: it is not played or paid for);
- planning: `ally_limit_reached` (one ally a round), `cannot` ("cannot play attachments": Amon Lhaw),
  `attachment_host` (what an attachment is
  played on: its "Attach to", immunity, "cannot have attachments"), `can_pay_for`, `gained_icon_source`
  (Celebrían's Stone's spirit icon);
- attacks: `cannot` ("cannot attack": Feint), `many_defenders` (Stand Together),
  `staging_permission` (Dúnhere), `immune` (immune to player card effects),
  `enemy_destroyed_by_attack` and `attack_made_at_once_ends` (an attack made at once by a
  card, Quick Strike).

``replays_card_text`` says whether card abilities are replayed at all (the trace says
"card text, not replayed: --no-abilities" when not).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec import Struct

from adjudicator.lotr.engine import citations as C

if TYPE_CHECKING:  # type names only: no import at run time
    from adjudicator.lotr.engine.state import Card, Player


class StagingPermission(Struct, frozen=True):
    """A character's card ability allowing it to attack into the staging area."""

    source: str          # the ability's label: "Dúnhere (constant)"
    alone: bool          # only when it is the only attacker
    attack_bonus: int    # + attack for that attack


class Hooks:
    """The rules alone: every hook answers "no card changes this"."""

    replays_card_text = False

    def attach(self, r) -> None:
        """Subscribe to the events of the replay ``r`` (on ``r.bus``); nothing by default."""

    # -- leaving play, drawing ------------------------------------------------------------

    def leave_play_instead(self, r, card: "Card", how: str, cites: tuple[str, ...]) -> bool:
        """A card leaves play (``how``: destroyed, explored, discarded, with its host or its
        eliminated player): True when a card ability has put it somewhere else instead (and
        written the step): on top of the encounter deck (Banks of the Anduin), removed from the
        game (the Cave Torch)."""
        return False

    def draw_instead(self, r, player: "Player") -> bool:
        """``player`` is about to draw in step 1.3: True when a card replaced the draw."""
        return False

    def cannot(self, r, what: str, target: str, player: str = "") -> str | None:
        """The card ability forbidding ``target`` (a player's name or a card's label) the
        moment ``what`` now (the ability grammar's restriction moments: "attack", "defend",
        "draw cards", "contribute its threat", "play attachments", "make engagement checks",
        "be optionally engaged", "have attachments played on it", "commit to the quest" ...;
        ``player``: the player an attack is against), or None."""
        return None

    def ready_in_refresh(self, r, card: "Card") -> bool:
        """Step 7.2: whether ``card`` readies (a card's restriction may hold it back, or let it
        ready only once a price is paid: the hook pays it and writes the steps)."""
        return True

    # -- the quest -----------------------------------------------------------------------

    def skip_staging(self, r) -> bool:
        """Step 3.3: True when a card says the staging step does not happen (it writes the step)."""
        return False

    def damage_placed_instead(self, r, card: "Card", amount: int) -> "Card | None":
        """The character a card effect places the ``amount`` damage assigned to the hero
        ``card`` on instead (Dori), its cost paid; None when the damage stays."""
        return None

    def return_to_staging_instead(self, r, enemy: "Card") -> bool:
        """A replacement for ``enemy`` going back to the staging area (the erratum of Core 125: a
        face-down Orc Guard goes to its owner's discard pile instead); True when one resolved."""
        return False

    def phase_ended_by_effect(self, r) -> str | None:
        """The card effect that ended the current phase at once (False Lead: the quest phase),
        its label; None when none did.  The framework then skips the phase's remaining steps."""
        return None

    def extra_staging_cards(self, r) -> tuple[int, str]:
        """Step 3.3: how many more encounter cards the cards in play have revealed in each staging
        step (a quest stage's "reveal 1 additional card"), and which."""
        return 0, ""

    def progress_instead(self, r, card: "Card", amount: int, cites: tuple[str, ...], why: str) -> bool:
        """Progress is about to be placed on the location ``card``: a card's replacement effect may place it
        elsewhere instead (Doors of Durin: on the current quest card).  True when it did."""
        return False

    def progress_first(self, r) -> list:
        """The cards in the staging area that take the progress the players make before the active location
        does (Mines of Moria), each with the cause saying so: ``[(card, cause)]``."""
        return []

    def after_progress(self, r) -> None:
        """Progress has been placed (through the active location, on the quest) and any new
        stage has begun."""

    def after_stage_progress(self, r) -> None:
        """Progress has just been placed on the current quest stage, before it advances."""

    def advance_held_back(self, r) -> str | None:
        """Why the players cannot advance from (or defeat) the current stage now, or None."""
        return None

    def choose_next_stage(self, r, stage: "Card") -> None:
        """``stage`` is defeated: a card may rearrange the quest deck first."""

    # -- travel, phases, setup -------------------------------------------------------------

    def pay_travel_cost(self, r, location: "Card") -> bool:
        """The card's own Travel cost, paid before it becomes active: False when it cannot be paid."""
        return True

    def phase_begins(self, r, phase: str) -> bool:
        """The milestone beginning ``phase`` (or "round") has resolved: the abilities triggered
        there, then the actions declared for the milestone's step.  True when the hooks take
        care of the step's declared actions (else the event listeners do)."""
        return False

    def action_window(self, r, step_id: str, plays) -> None:
        """The action window after step ``step_id``: the card actions declared for it are
        initiated, around ``plays()`` (the events declared for it, which the framework plays)."""
        plays()

    def no_action_window(self, r, step_id: str) -> None:
        """Step ``step_id`` has no action window after it: card actions declared for it are refused."""

    def unused(self, r) -> list[dict]:
        """What the card abilities were told to do and never did (declared responses, plays),
        each ``{line, ..., reason}``: reported with the unused decisions."""
        return []

    def setup_instructions(self, r, stage: "Card") -> bool:
        """Setup 7: follow the first quest card's setup instructions; whether it has any."""
        return False

    def has_setup_instructions(self, stage: "Card") -> bool:
        """Whether ``stage``'s card text has setup instructions (said when they are not replayed)."""
        return False

    # -- planning ------------------------------------------------------------------------

    def ally_limit_reached(self, r, player: "Player") -> str | None:
        """Why ``player`` cannot play another ally now (a quest card's rule), or None."""
        return None

    def attachment_host(self, r, card: "Card", host: "Card", player: "Player") -> tuple[str, tuple[str, ...]] | None:
        """Why ``player`` cannot play the attachment ``card`` on ``host`` (a reason and its
        rules), or None: by the rules alone an attachment is played on a character."""
        if host.is_character:
            return None
        return f"{host.label} is not a character: {card.label} is played on a character", (C.ATTACHMENT_CARDS,)

    def can_pay_for(self, r, hero: "Card", card: "Card") -> bool:
        """Whether ``hero``'s resources may pay for ``card`` (Resource Match): the printed icon."""
        sphere = card.card.sphere
        return sphere in (None, "neutral") or hero.card.sphere == sphere

    def trait_payers(self, r, player: "Player", card: "Card") -> list["Card"]:
        """Characters of ``player`` other than heroes whose own resource pool may pay for ``card``
        (its trait), no resource match needed from them (Radagast: Creature cards)."""
        return []

    def spend_permission(self, r, player: "Player", card: "Card") -> tuple[str, tuple[str, ...]] | None:
        """A card effect letting ``player`` pay for ``card`` (one with a cost) from any hero's
        pool, as (its label, its rules); None when none does."""
        return None

    def gained_icon_source(self, r, hero: "Card", sphere: str) -> str:
        """The ability that gives ``hero`` a resource icon of ``sphere`` ("" when printed or none)."""
        return ""

    # -- attacks -------------------------------------------------------------------------

    def immune(self, r, card: "Card") -> bool:
        """Whether ``card`` is immune to player card effects."""
        return False

    def counts_as(self, r, card: "Card", traits: tuple[str, ...]) -> int:
        """How many cards ``card`` counts as where an effect counts cards of ``traits`` (Bombur:
        2 Dwarf characters); 1 unless a card says otherwise."""
        return 1

    def many_defenders(self, r, player: "Player") -> str | None:
        """The card effect letting ``player`` declare any number of defenders now (its label)."""
        return None

    def staging_permission(self, r, character: "Card") -> StagingPermission | None:
        """The permission ``character``'s own card gives it to attack into the staging area."""
        return None

    def enemy_destroyed_by_attack(self, r, enemy: "Card") -> None:
        """An attack made at once by a card effect (``r.attack``) has destroyed ``enemy``."""

    def attack_made_at_once_ends(self, r, attack: dict) -> None:
        """An attack made at once by a card effect is over: effects lasting until the end of
        that attack end."""

    # -- citations -----------------------------------------------------------------------

    def restriction_rulings(self, r, by: str) -> tuple[str, ...]:
        """The rulings of the ability ``by`` whose restriction stops something here, on Cannot."""
        return ()

    def rulings_on(self, cause: "EV.Cause | None", cites: tuple[str, ...]) -> tuple[str, ...]:
        """The rulings of the card ability causing a step that rest on one of the records the
        step cites (card data ``rulings:`` with the rulings table's ``authority``): cited beside
        them.  None without card abilities."""
        return ()

    def rulings_of(self, card: "Card", cites: tuple[str, ...]) -> tuple[str, ...]:
        """The rulings of ``card``'s abilities that rest on one of ``cites``, where a rule meets
        that card (a unique copy already in play, a restriction on it): cited beside them."""
        return ()

    def event_target_problem(self, r, card: "Card", player: "Player") -> tuple[str, tuple[str, ...]] | None:
        """Why the event ``card`` cannot be played now, checked before its cost is paid: its
        ability cannot be initiated (no valid target, a target its phrase does not name, an
        attack with no eligible enemy, a cost it cannot pay), with the rules; None when it can
        (and by the rules alone: its text is not replayed)."""
        return None

