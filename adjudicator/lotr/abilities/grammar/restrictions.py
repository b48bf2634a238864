"""Restrictions: what a ``cannot`` effect forbids (Rules Reference: Cannot; FAQ 1.14), parsed
into a `Restriction` the engine asks about at the moment the rules apply it.

A restriction phrase names one or more *moments* (`MOMENTS`: attacking, defending, a card
contributing its threat at 3.4, an engagement check at 5.3 ...) and may narrow them:

    attack                            the enemy (or character) makes no attack
    attack that player / attack you   no attack against that player only (the player the
                                      enemy is engaged with as the effect resolves / the
                                      ability's controller)
    attack or defend                  two moments at once
    be optionally engaged while other enemies are in the staging area
                                      a moment with a condition checked when it comes
    ready in the refresh phase unless 2 of its resources are paid
                                      a moment with a price (each copy its own)
    defeat this stage while NAME is in play

Every phrase the grammar accepts is enforced by the engine: `MOMENTS` says where, and a
test per moment (tests/abilities/test_cannot_restrictions.py) checks it; a phrase outside
the list is an input error with a "did you mean".
"""

from __future__ import annotations

from functools import lru_cache

from msgspec import Struct

from adjudicator.compiled import regex
from adjudicator.engine.situation import did_you_mean
from adjudicator.lotr.abilities.grammar.targets import PhraseError
from adjudicator.lotr.engine.cards import card_book

# The moments a restriction can forbid, and where the engine asks (docs/abilities.md).
MOMENTS = {
    "attack": "6.4a (an enemy's attack on a player), 6.8b and an attack made at once by a card (a character attacking)",
    "defend": "6.4.1 (declaring defenders, Sentinel included)",
    "contribute its threat": "3.4 (the staging area's threat against the committed willpower)",
    "draw cards": "1.3 and every draw by a card effect",
    "play attachments": "2.2 (a player playing an attachment card)",
    "play more than one ally a round": "2.2 (a player playing an ally; put into play is not played)",
    "make engagement checks": "5.3 (no engagement checks are made)",
    "be optionally engaged": "5.2 (the enemy cannot be chosen for optional engagement)",
    "be engaged by an engagement check": "5.3 (no engagement check engages the enemy: The Nameless Fear)",
    "have attachments played on it": "2.2 (an attachment played on the card is refused)",
    "have attachments": "the moment it applies: attachments already on the card are discarded (FAQ 1.56: absolute; blanked, it may take them)",
    "ready in the refresh phase": "7.2 (the card stays exhausted, or readies only once its price is paid)",
    "commit to the quest": "3.2 (committing characters)",
    "advance": "quest advancement (the stage keeps its progress)",
    "defeat this stage": "quest advancement of the last stage (the stage keeps its progress)",
    "be damaged through Ranged": "6.8.2 (attackers through Ranged add no attack strength against it: immune to ranged damage)",
    "collect resources": "1.2 (the hero collects none) and a card effect adding resources to its pool (FAQ 1.25)",
    "exhaust to commit to the quest": "3.2 (the character commits and stays ready: it quests without exhausting; it must still be ready to commit, FAQ Q72)",
    "leave play": "destruction by damage, and an effect discarding it or returning it to a hand or deck (it stays in play; FAQ Q73)",
    "play cards titled": "2.2 (a card of that title, any version, is refused: To the Tower removes Faramir from the game)",
    "place progress on the main quest": "progress placed on the quest stage, by questing or by a card effect (none is placed: Off Track)",
    "leave play by an effect": "an effect discarding it, returning it to a hand or deck or shuffling it into the encounter deck "
                               "(destruction still takes it out of play: a Captain of The Morgul Vale)",
    "be healed beyond": "every heal effect on the card: it heals at most N damage (Wilyador; abilities/heal_limits.py)",
    "be travelled to": "4.2 (the players cannot travel there) and a card effect other than a quest card's making it the active "
                       "location (make_active: Caradhras)",
    "cancel encounter card effects": "a cancel aimed at an encounter card's When Revealed or shadow effect (the cancel is not played; FAQ Q51)",
}

# Conditions a restriction may carry ("while ..."), checked when the moment comes.
CONDITIONS = {"while other enemies are in the staging area": "other enemies in the staging area"}


class Restriction(Struct, frozen=True):
    """A parsed ``cannot`` phrase: the ``moments`` it forbids; ``player`` narrows an attack
    to one player ("that": the player the enemy is engaged with, "you": the controller);
    ``price`` is what lifts it for one use ("unless 2 of its resources are paid");
    ``condition`` must hold when the moment comes; ``card`` names a card ("defeat this
    stage while NAME is in play"); ``arg`` keeps the rest of an "advance without ..." rule."""

    phrase: str
    moments: tuple[str, ...]
    player: str = ""
    price: int = 0
    condition: str = ""
    card: str = ""
    arg: str = ""

    def forbids(self, moment: str) -> bool:
        return moment in self.moments

    def normal(self) -> dict:
        out: dict = {"moments": list(self.moments)}
        for key in ("player", "price", "condition", "card", "arg"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out


# Fixed phrases: phrase -> (moments, player, condition, arg).
PHRASES: dict[str, tuple[tuple[str, ...], str, str, str]] = {
    "attack": (("attack",), "", "", ""),
    "attack that player": (("attack",), "that", "", ""),
    "attack you": (("attack",), "you", "", ""),
    "defend": (("defend",), "", "", ""),
    "attack or defend": (("attack", "defend"), "", "", ""),
    "contribute its threat": (("contribute its threat",), "", "", ""),
    "draw cards": (("draw cards",), "", "", ""),
    "play attachments": (("play attachments",), "", "", ""),
    "play more than one ally a round": (("play more than one ally a round",), "", "", ""),
    "make engagement checks": (("make engagement checks",), "", "", ""),
    "be optionally engaged": (("be optionally engaged",), "", "", ""),
    "engage or be engaged": (("be optionally engaged", "be engaged by an engagement check"), "", "", ""),
    "be optionally engaged while other enemies are in the staging area":
        (("be optionally engaged",), "", "other enemies in the staging area", ""),
    "have attachments played on it": (("have attachments played on it",), "", "", ""),
    "have attachments": (("have attachments played on it", "have attachments"), "", "", ""),
    "ready in the refresh phase": (("ready in the refresh phase",), "", "", ""),
    "commit to the quest": (("commit to the quest",), "", "", ""),
    "be damaged by characters attacking through Ranged": (("be damaged through Ranged",), "", "", ""),
    "leave play": (("leave play",), "", "", ""),
    "leave play unless destroyed": (("leave play by an effect",), "", "", ""),
    "place progress on the main quest": (("place progress on the main quest",), "", "", ""),
    "exhaust to commit to the quest": (("exhaust to commit to the quest",), "", "", ""),
    "collect resources": (("collect resources",), "", "", ""),
    "cancel encounter card effects": (("cancel encounter card effects",), "", "", ""),
    "be travelled to except by quest card effects": (("be travelled to",), "", "", ""),
    "advance without an objective": (("advance",), "", "", "an objective"),
    "advance without the rescued prisoner and all three objectives":
        (("advance",), "", "", "the rescued prisoner and all three objectives"),
}
# Patterns: {n} a number, {card} a card of the library.
PATTERNS = (
    "ready in the refresh phase unless {n} of its resources are paid",
    "defeat this stage while {card} is in play",
    "play cards titled {card}",
    "be healed of more than {n} damage by one effect",
)
_READY_PRICE = regex(r"ready in the refresh phase unless (\d+) of its resources are paid")
_DEFEAT_WHILE = regex(r"defeat this stage while (.+) is in play")
_PLAY_TITLED = regex(r"play cards titled (.+)")
_HEAL_CAP = regex(r"be healed of more than (\d+) damage by one effect")


def phrases() -> list[str]:
    """Every restriction phrase the grammar accepts (patterns with their placeholders)."""
    return [*PHRASES, *PATTERNS]


@lru_cache(maxsize=256)
def parse_restriction(text: str) -> Restriction:
    """The `Restriction` a ``cannot`` phrase names (`PhraseError` when it is none)."""
    raw = str(text)
    s = raw.strip()
    if s in PHRASES:
        moments, player, condition, arg = PHRASES[s]
        return Restriction(raw, moments, player=player, condition=condition, arg=arg)
    m = _READY_PRICE.fullmatch(s)
    if m:
        return Restriction(raw, ("ready in the refresh phase",), price=int(m.group(1)))
    m = _DEFEAT_WHILE.fullmatch(s)
    if m:
        design = card_book().get(m.group(1))
        if design is None:
            raise PhraseError(f"a card of the library, got {m.group(1)!r}", m.start(1), card_book().suggest(m.group(1)))
        return Restriction(raw, ("defeat this stage",), card=design.name)
    m = _HEAL_CAP.fullmatch(s)
    if m:  # a cap on the damage one effect heals (Wilyador): the price field holds the cap
        return Restriction(raw, ("be healed beyond",), price=int(m.group(1)))
    m = _PLAY_TITLED.fullmatch(s)
    if m:  # a title removed from the game for the players (To the Tower: Faramir)
        design = card_book().get(m.group(1))
        if design is None:
            raise PhraseError(f"a card of the library, got {m.group(1)!r}", m.start(1), card_book().suggest(m.group(1)))
        return Restriction(raw, ("play cards titled",), card=design.name)
    raise PhraseError("a restriction the engine enforces (" + ", ".join(list(PHRASES)[:6]) + ", ...; "
                      + "; ".join(PATTERNS) + ")", 0,
                      did_you_mean(s, [*PHRASES, "ready in the refresh phase unless 2 of its resources are paid",
                                       "defeat this stage while NAME is in play"]))


EACH_PLAYER = "each player"  # the target of a restriction on every player ("each player", "the players")


class Held(Struct, frozen=True):
    """A restriction in force: ``restriction`` on ``target`` (a card's label, a player's
    name, or `EACH_PLAYER`), established by ``by`` (the ability's label) of the card
    ``source``; ``player`` is the player an attack restriction protects (resolved when it
    was established: "that player", "you")."""

    restriction: Restriction
    target: str
    by: str
    player: str = ""
    source: str = ""
    rules: tuple[str, ...] = ()     # the ability's rulings and errata (cited where it stops something)


def is_each_player(phrase: str) -> bool:
    """A restriction aimed at every player rather than at cards."""
    return str(phrase).strip().startswith(("each player", "the players"))


def applies(r, held: Held, moment: str, target: str, player: str = "") -> bool:
    """Whether ``held`` forbids ``target`` the ``moment`` now (against ``player`` for an
    attack): its moment, its target, its player, and its condition checked now."""
    rs = held.restriction
    if not rs.forbids(moment) or held.target not in (target, EACH_PLAYER):
        return False
    if held.player and player and held.player != player:
        return False
    if rs.condition == "other enemies in the staging area":
        return any(c.type == "enemy" and c.label != target for c in r.g.staging)
    return True
