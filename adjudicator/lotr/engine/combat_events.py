"""Events of the combat phase: archery, shadow cards, enemy attacks and defenders, combat
damage, player attacks (see `events` for the base types and docs/events.md for who
subscribes)."""

from __future__ import annotations

from typing import ClassVar

from adjudicator.lotr.engine.events import Event, names


class ArcheryDealt(Event, kw_only=True):
    """Archery X: ``total`` damage from ``archers`` (label, X) dealt to characters."""

    KIND: ClassVar[str] = "archery"
    total: int
    archers: tuple[tuple[str, int], ...]

    def describe(self) -> str:
        what = names(f"{e} {x}" for e, x in self.archers)
        return f"Archery {self.total} ({what}) is dealt to characters in play; defense does not block it"


class ShadowDealt(Event, kw_only=True):
    """6.2 (or a card effect: ``cause``): ``enemy`` is dealt a facedown shadow card
    (``card``).  ``card`` empty: the encounter deck is empty.  ``own``: a shadow card of its
    own for an attack made in the middle of another (Wolf Rider's)."""

    KIND: ClassVar[str] = "shadow"
    enemy: str
    card: str = ""
    player: str = ""
    cost: int = 0
    own: bool = False
    more: bool = False  # one more shadow card, dealt by a card effect

    def describe(self) -> str:
        if self.more:
            return f"{self.enemy} is dealt one more shadow card"
        if self.own:
            if not self.card:
                return f"the encounter deck is empty: {self.enemy} gets no shadow card of its own"
            return f"{self.enemy} is dealt a facedown shadow card of its own for this attack"
        if not self.card:
            return f"the encounter deck is empty: {self.enemy} gets no shadow card"
        return f"{self.enemy} (engaged with {self.player}, engagement cost {self.cost}) is dealt a facedown shadow card"


class NoShadowCards(Event, kw_only=True):
    """6.2 with no engaged enemies, or 6.4.2 for an enemy with no shadow card (``enemy``)."""

    KIND: ClassVar[str] = "shadow"
    enemy: str = ""

    def describe(self) -> str:
        if self.enemy:
            return f"{self.enemy} has no shadow card"
        return "no engaged enemies: no shadow cards are dealt"


class ShadowTurnedFaceup(Event, kw_only=True):
    """6.4.2: ``enemy``'s shadow card ``card`` is turned faceup (its shadow effect resolves next)."""

    KIND: ClassVar[str] = "shadow"
    enemy: str
    card: str
    replayed: bool = True

    def describe(self) -> str:
        note = "" if self.replayed else " (its shadow effect is card text, not replayed: --no-abilities)"
        return f"{self.enemy}'s shadow card {self.card} is turned faceup{note}"


class CannotAttack(Event, kw_only=True):
    KIND: ClassVar[str] = "cannot-attack"
    enemy: str
    player: str
    by: str

    def describe(self) -> str:
        return f"{self.enemy} cannot attack {self.player} ({self.by})"


class EnemyAttacksDone(Event, kw_only=True):
    KIND: ClassVar[str] = "enemy-attacks-done"
    player: str

    def describe(self) -> str:
        return f"no enemy engaged with {self.player} is left to attack"


class EnemyAttacks(Event, kw_only=True):
    """6.4b: ``enemy`` attacks ``player`` (``by``: the card effect making it attack; an enemy
    not engaged with the player unless ``engaged``: the player still defends)."""

    KIND: ClassVar[str] = "enemy-attack"
    enemy: str
    player: str
    by: str = ""
    engaged: bool = False

    def describe(self) -> str:
        if self.by and self.engaged:
            return f"{self.enemy} makes an additional attack on {self.player} ({self.by})"
        if self.by:
            return (f"{self.enemy} attacks {self.player} ({self.by}); it is not engaged with {self.player}, "
                    f"who is the defending player and may still declare a defender")
        return f"{self.enemy} attacks {self.player}"


class Undefended(Event, kw_only=True):
    """6.4.1: no defender against ``enemy``'s attack on ``player`` (``none_ready``: they had
    no ready character)."""

    KIND: ClassVar[str] = "undefended"
    player: str
    enemy: str
    none_ready: bool = False

    def describe(self) -> str:
        if self.none_ready:
            return f"{self.player} has no ready character to defend against {self.enemy}: the attack is undefended"
        return f"{self.player} declares no defender against {self.enemy}"


class DefenderDeclared(Event, kw_only=True):
    """6.4.1: ``character`` exhausts to defend against ``enemy``; ``of``/``many``: one of
    several defenders (a card effect, ``many``, allows any number); ``sentinel``: another
    player's (``owner``) Sentinel character defends for ``player``."""

    KIND: ClassVar[str] = "defend"
    character: str
    enemy: str
    player: str = ""
    position: int = 1
    of: int = 1
    many: str = ""
    sentinel: bool = False
    owner: str = ""

    def describe(self) -> str:
        if self.sentinel:
            return (f"{self.player} declares no defender; {self.character} ({self.owner}) has Sentinel and exhausts to defend; "
                    f"{self.player} is still the defending player")
        text = f"{self.character} exhausts to defend against {self.enemy}"
        if self.of > 1:
            text += f" (defender {self.position} of {self.of}: {self.many} lets {self.player} declare any number)"
        return text


class EnemyCombatDamage(Event, kw_only=True):
    """6.4.3: ``enemy``'s ``attack`` against ``defense`` gives ``damage`` to ``target``.
    ``undefended``: all of it to one hero, defense ignored; ``pooled``: several defenders
    (label, defense), the damage to the one ``player`` chose; ``lost``: damage beyond what
    the target can take."""

    KIND: ClassVar[str] = "combat-damage"
    enemy: str
    attack: int
    damage: int
    target: str = ""
    defense: int = 0
    undefended: bool = False
    pooled: tuple[tuple[str, int], ...] = ()
    player: str = ""
    lost: int = 0

    def describe(self) -> str:
        if self.undefended and self.attack <= 0:
            return f"{self.enemy}'s undefended attack has strength {self.attack}: no damage"
        if self.undefended:
            text = f"{self.enemy}'s undefended attack: all {self.attack} damage to {self.target}, defense ignored"
        elif self.pooled:
            pooled = " + ".join(f"{c} {d}" for c, d in self.pooled)
            text = f"{self.enemy} attack {self.attack} against the pooled defense {self.defense} ({pooled}): {self.damage} damage"
            if self.damage:
                text += f", all of it to {self.target}, chosen by {self.player}"
        else:
            text = f"{self.enemy} attack {self.attack} against {self.target} defense {self.defense}: {self.damage} damage"
        if self.lost > 0:
            text += f" ({self.lost} more than it can take is lost)"
        return text


class EnemyAttackEnds(Event, kw_only=True):
    """6.4.4: ``enemy``'s attack ends (``left_play``: it left play during the attack)."""

    KIND: ClassVar[str] = "enemy-attack-end"
    enemy: str
    left_play: bool = False

    def describe(self) -> str:
        if self.left_play:
            return f"the attack of {self.enemy} ends (it left play during the attack)"
        return f"the attack of {self.enemy} ends"


class AttackEndsEarly(Event, kw_only=True):
    """The attacking ``enemy`` is no longer in play: its attack ends here (FAQ Q55);
    ``skipped``: a later step of that attack does not resolve."""

    enemy: str
    skipped: bool = False

    @property
    def kind(self) -> str:
        return "attack-ended" if self.skipped else "attack-ends"

    def describe(self) -> str:
        if self.skipped:
            return f"the attack of {self.enemy} has ended: this step does not resolve"
        return f"{self.enemy} is no longer in play: its attack ends here, and no further step of it resolves"


class AttackResumes(Event, kw_only=True):
    KIND: ClassVar[str] = "attack-resumes"
    enemy: str
    player: str

    def describe(self) -> str:
        return f"the attack of {self.enemy} on {self.player} resumes"


class NoAttack(Event, kw_only=True):
    """6.8a: ``player`` makes no (more) attacks (``why``: no ready character, no enemy to
    attack); or an attack made at once by a card cannot be made (``attacker``, ``enemy``)."""

    KIND: ClassVar[str] = "no-attack"
    player: str = ""
    why: str = ""
    more: bool = False
    attacker: str = ""
    enemy: str = ""

    def describe(self) -> str:
        if self.attacker:
            return f"{self.attacker} cannot attack {self.enemy}: {self.why}"
        if self.more:
            return f"{self.player} makes no more attacks"
        return f"{self.player} makes no attack ({self.why})"


class PlayerAttacks(Event, kw_only=True):
    """6.8b: ``player`` attacks ``enemy`` with ``attackers`` (``staging``: in the staging
    area, a card allows it).  ``at_once``: an attack made at once by a card effect (Quick
    Strike), alone and not one of the player's declared attacks; ``immune``: the enemy is
    immune to player card effects."""

    KIND: ClassVar[str] = "player-attack"
    player: str
    enemy: str
    attackers: tuple[str, ...]
    staging: bool = False
    at_once: bool = False
    immune: bool = False

    def describe(self) -> str:
        if self.at_once:
            where = " in the staging area (its own card allows it)" if self.staging else ""
            if self.immune:
                where += " (immune to player card effects, but the card picks the attacker and the attack is the framework's)"
            return (f"{self.attackers[0]} attacks {self.enemy}{where} at once, alone: an extra attack "
                    f"(not one of {self.player}'s declared attacks; no other character may join it)")
        where = " in the staging area (a card ability allows it)" if self.staging else ""
        return f"{self.player} attacks {self.enemy}{where} with {names(self.attackers)}"


class RangedJoin(Event, kw_only=True):
    """6.8.1: other players' Ranged characters (label, player) exhaust to join the attack."""

    KIND: ClassVar[str] = "ranged"
    joined: tuple[tuple[str, str], ...]

    def describe(self) -> str:
        return (f"{names(f'{c} ({q})' for c, q in self.joined)} exhaust{'s' if len(self.joined) == 1 else ''} "
                "to join the attack with Ranged")


class AttackStrength(Event, kw_only=True):
    """6.8.2: the attack strength (each attacker in play and its attack)."""

    KIND: ClassVar[str] = "attack-strength"
    strength: int
    parts: tuple[tuple[str, int], ...]
    not_counted: tuple[str, ...] = ()  # attackers through Ranged against an enemy immune to ranged damage
    by: str = ""

    def describe(self) -> str:
        text = f"attack strength {self.strength} ({' + '.join(f'{c} {a}' for c, a in self.parts) or 'none'})"
        if self.not_counted:
            text += (f"; {', '.join(self.not_counted)}, attacking through Ranged, deal{'s' if len(self.not_counted) == 1 else ''} "
                     f"no damage to it ({self.by})")
        return text


class PlayerCombatDamage(Event, kw_only=True):
    """6.8.3: attack ``strength`` against ``enemy``'s ``defense``: ``damage``."""

    KIND: ClassVar[str] = "combat-damage"
    enemy: str
    strength: int
    defense: int
    damage: int

    def describe(self) -> str:
        return f"attack {self.strength} against {self.enemy} defense {self.defense}: {self.damage} damage"


class PlayerAttackEnds(Event, kw_only=True):
    """6.8.4: ``player``'s attack on ``enemy`` ends (``at_once``: an attack made at once by
    ``attacker``, which does not count against the one attack per enemy)."""

    KIND: ClassVar[str] = "player-attack-end"
    player: str
    enemy: str
    at_once: bool = False
    attacker: str = ""

    def describe(self) -> str:
        if self.at_once:
            return (f"{self.attacker}'s attack on {self.enemy} ends; it does not count against "
                    f"{self.player}'s one attack per enemy")
        return f"{self.player}'s attack on {self.enemy} ends"


class StagingAttackBonus(Event, kw_only=True):
    """A character attacking into the staging area alone gets its card's attack bonus for
    that attack (``ends``: the attack is over and the bonus ends)."""

    character: str
    enemy: str = ""
    bonus: int
    ends: bool = False

    @property
    def kind(self) -> str:
        return "modifier-ends" if self.ends else "modifier"

    def describe(self) -> str:
        if self.ends:
            return f"the attack is over: {self.character}'s +{self.bonus} attack ends"
        return f"{self.character} attacks {self.enemy} in the staging area alone: +{self.bonus} attack for this attack"


class ShadowsDiscarded(Event, kw_only=True):
    """``enemy``'s shadow ``cards`` go to the encounter discard pile: before an additional
    attack (``before``: FAQ 1.42) or after an attack outside the combat phase (FAQ 1.28)."""

    KIND: ClassVar[str] = "shadow-discard"
    enemy: str
    cards: tuple[str, ...]
    before: bool = False

    def describe(self) -> str:
        when = "before its additional attack" if self.before else "after its attack outside the combat phase"
        return f"{self.enemy}'s shadow card{'s' if len(self.cards) != 1 else ''} {', '.join(self.cards)} discarded {when}"
