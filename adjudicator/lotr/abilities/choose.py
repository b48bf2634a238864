"""Targets: what the data's phrases name on the table (Rules Reference: The word "Choose";
Effects; First Player for encounter targets, FAQ 1.03).

`Play` carries a player's choices; `targets` and `players` turn a phrase of the card data
("each Orc enemy in play", "a hero you control", "chosen") into cards or players through
the ability grammar (`grammar.targets` parses, `grammar.select` evaluates), raising
`Missing` when the phrase needs a choice the play does not make; `candidates` lists what a
phrase could mean, so that a replay can take a single answer or ask with the options.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.engine.decisions import DecisionNeeded, Option, PendingDecision
from adjudicator.engine.situation import fold
from adjudicator.lotr.abilities.grammar.select import defending_player, matching, picker, scope
from adjudicator.lotr.abilities.grammar.targets import PhraseError, parse_player, parse_target, with_controller
from adjudicator.lotr.engine.state import Card, Player
from adjudicator.lotr.engine.unengaged_attacks import attacking_cards  # noqa: F401  (the engine's; re-exported)


@dataclass
class Play:
    """The choices made when initiating: ``chosen`` answers "choose" (card labels or player
    names), ``targets`` answers other phrases, ``pay_from`` is the hero paying an event's
    resources, ``option`` picks a mode, ``x`` fixes X."""

    chosen: list[str] = field(default_factory=list)
    targets: dict[str, Any] = field(default_factory=dict)
    pay_from: str = ""
    option: str = ""
    x: int = 0


def host_of(r, card: Card) -> Card | None:
    for c in r.g.cards_in_play():
        if card in c.attachments or card in c.guarding:
            return c
    return None


def controller_of(r, card: Card) -> Player | None:
    for p in r.g.players:
        for c in p.characters:
            if c is card or card in c.attachments:
                return p
        if card in p.engaged or any(card is c for c in p.locations):
            return p
    return None


def find_card(r, label: str) -> Card | None:
    pools = attacking_cards(r)
    pools += [c for c in r.g.cards_in_play() if all(c is not x for x in pools)]
    for p in r.g.players:
        pools += p.hand + p.discard + p.deck
    pools += r.g.encounter_discard + r.g.set_aside
    key = fold(label)
    for c in pools:
        if fold(c.label) == key:
            return c
    named = [c for c in pools if fold(c.card.design_key) == key] or [c for c in pools if fold(c.name) == key]
    return named[0] if len(named) == 1 else None


class Missing(Exception):
    """A choice the Play does not answer: ``phrase`` is the phrase (or the play's field)
    that needs an answer, a value the replay asks with, never read from the message."""

    def __init__(self, text: str = "", phrase: str = "") -> None:
        super().__init__(text)
        self.phrase = phrase


class Undecided(Missing):
    """A decision the play does not make, with its legal answers: a trace step when the
    ability is initiated directly, a pending decision (exit 3) when the replay asks."""

    def __init__(self, text: str, card: Card, player: Player, answers: list[tuple[str, str]], field: str, rules: tuple[str, ...]):
        super().__init__(text)
        self.card, self.player, self.answers, self.field, self.rules = card, player, answers, field, rules

    def value(self, answer: str) -> dict:
        if self.field in ("option", "pay_from"):
            return {"card": self.card.label, self.field: answer}
        return {"card": self.card.label, "targets": {self.field: answer}}

    def pending(self, r):
        return DecisionNeeded(PendingDecision(
            key="ability", question=str(self), step=r.g.step, player=self.player.name,
            options=tuple(Option(self.value(v), text, self.rules) for v, text in self.answers),
            citations=self.rules,
            example={"step": r.g.step, "round": r.g.round, "ability": self.value(self.answers[0][0])} if self.answers else {},
        ))


THAT_TYPES = {"that ally": "ally", "that hero": "hero", "that enemy": "enemy", "that location": "location"}


def no_longer_of_type(phrase: str, card: Card) -> bool:
    """"that ally" names the card an earlier part of the ability named only while it is still an
    ally: one that has become a hero meanwhile (Sword-thain) is out of its reach (FAQ Q82)."""
    kind = THAT_TYPES.get(phrase.strip().lower())
    return kind is not None and card.type != kind and card.card.is_a(kind)


def _named(r, value) -> list[Card]:
    labels = value if isinstance(value, list) else [value]
    return [c for c in (find_card(r, str(x)) for x in labels) if c is not None]


def targets(r, phrase: str, source: Card, controller: Player, play: Play) -> list[Card]:
    """The cards a target phrase of the data names, on this table: the phrase is parsed by
    the grammar (`grammar.targets`) and evaluated (`grammar.select`).  "each ..." names every
    card that matches; a choice ("a hero you control", "2 characters") is answered in the
    play (``chosen`` or ``targets``), else `Missing`."""
    p = (phrase or "").strip()
    t = parse_target(p)
    if t.ref == "self":
        return [source]
    if t.ref == "attached":
        host = host_of(r, source)
        return [host] if host is not None else []
    if t.ref == "chosen":
        return [c for c in (find_card(r, x) for x in play.chosen) if c is not None]
    if p in play.targets:
        return [c for c in _named(r, play.targets[p]) if not no_longer_of_type(p, c)]
    if t.ref == "active location":
        return [r.g.active_location] if r.g.active_location else []
    if t.ref == "current quest":
        return [r.g.quest] if r.g.quest else []
    if t.ref == "titled":  # every card in play with that title
        return [c for c in r.g.cards_in_play() if fold(c.name) == fold(t.title)]
    if t.ref:
        raise Missing(f"the target '{p}' (answer it in the play's targets)", phrase=p)
    if t.quantifier == "each":
        return matching(r, t, source, controller, play)
    raise Missing(f"the target '{p}' (answer it in the play's targets)", phrase=p)


def players(r, phrase: str, controller: Player, play: Play) -> list[Player]:
    """The players a ``player:`` phrase names (`grammar.targets.parse_player`)."""
    p = (phrase or "you").strip()
    who = parse_player(p)
    g = r.g
    if who.who == "you":
        return [controller]
    if who.who == "chosen":
        return [q for q in g.players if q.name in play.chosen]
    if who.who == "each":
        return list(g.in_player_order())
    if who.who == "first":
        return [g.first_player]
    if who.who == "next":  # the player after "you" in player order; none with one player (FAQ 1.46)
        order = list(g.in_player_order())
        return [order[(order.index(controller) + 1) % len(order)]] if len(order) > 1 and controller in order else []
    if who.who == "threat at least":
        return [q for q in g.in_player_order() if q.threat_value >= who.threshold]
    if p in play.targets:
        name = play.targets[p]
        return [q for q in g.players if q.name == name]
    if who.who == "defending":
        q = defending_player(r, play, None)
        if q is not None:
            return [q]
    if who.who == "that":
        named = _that_player(r, p, play)
        if named:
            return named
    raise Missing(f"the player '{p}' (answer it in the play's targets)", phrase=p)


def _that_player(r, phrase: str, play: Play) -> list[Player]:
    """What an earlier part of the ability named: "that player" is the player it chose
    (``choose: [{what: a player}]``); "its controller" / "that ally's controller" is the
    controller of the one card it chose or named ("that card", "that ally", ...), when
    every such card has the same controller.  [] when nothing earlier names one: asked."""
    if phrase.lower() == "that player":
        return [q for q in r.g.in_player_order() if q.name in play.chosen]
    cards = [find_card(r, str(x)) for x in play.chosen]
    cards += [find_card(r, str(v)) for k, v in play.targets.items() if k.startswith("that ") and isinstance(v, str)]
    owners = {q.name: q for q in (controller_of(r, c) for c in cards if c is not None) if q is not None}
    return list(owners.values()) if len(owners) == 1 else []


def names_nothing(r, phrase: str, source: Card, controller: Player, play: Play) -> bool:
    """Whether an effect's pick ("a damaged character you control") has no card to pick on
    this table: its ability then cannot change the game state and is not initiated (Triggered
    Ability; Cost).  False for a reference, an "each" phrase, a player phrase, a phrase the play
    answers or one the grammar cannot read here."""
    if not phrase or phrase in play.targets:
        return False
    try:
        t = parse_target(phrase)
    except PhraseError:
        return False
    if t.ref or not t.picks or t.is_player:
        return False
    return not matching(r, t, source, controller, play)


def names_in(phrase: str) -> list[str]:
    """Card names in a phrase like "one Forest Spider and one Old Forest Road"."""
    import re

    from adjudicator.lotr.engine.cards import card_book

    names = []
    for part in re.split(r",| and ", phrase):
        part = re.sub(r"^\s*(one|a|an|the)\s+", "", part.strip())
        design = card_book().get(part)
        if design is None:
            return []
        names.append(design.name)
    return names




def count_in(phrase: str) -> int:
    """How many cards a phrase picks: 2 for "2 characters you control", else 1."""
    try:
        t = parse_target(phrase)
    except PhraseError:
        return 1
    return t.count if t.quantifier in ("n", "up_to") else 1


def per_player(phrase: str) -> bool:
    """A target each player picks among their own cards: "a hero of each player",
    "a character each player chooses"."""
    try:
        return parse_target(phrase).chooser == "each player"
    except PhraseError:
        return False


def picker_of(r, phrase: str, player: Player | None) -> Player | None:
    """The player who picks among their own cards for ``phrase`` ("you control", "you
    choose"; the defending player for "the defending player chooses": FAQ 1.52); None when
    the phrase is not a pick among one player's own cards."""
    try:
        t = parse_target(phrase)
    except PhraseError:
        return None
    return None if t.ref else picker(r, t, player)


def candidates(r, phrase: str, player: Player | None) -> list[str] | None:
    """The cards (or players) a phrase of the data could mean on this table; None when the
    phrase names nothing we can list.  ``player`` is "you" (the one picking).  A player
    phrase ("another player", "that player") lists the players it can name."""
    try:
        t = parse_target(phrase)
    except PhraseError:
        return player_candidates(r, phrase, player)
    if t.chooser == "each player" and player is not None:
        t = with_controller(t, "you")
    if t.ref == "attacking enemy":
        return [c.label for c in attacking_cards(r) if c.type == "enemy"]
    if t.ref == "defending character":
        from adjudicator.lotr.engine.defenders import in_play_defenders

        return [c.label for c in in_play_defenders(r)] if r.attack else []
    if t.ref == "active location":
        return [r.g.active_location.label] if r.g.active_location else []
    if t.ref:
        return None
    if t.is_player:
        return [p.name for p in scope(r, t, None, player, None)]
    return [c.label for c in matching(r, t, None, player, None)]


def choice_options(r, phrase: str, source: Card | None, controller: Player | None, play: Play | None = None) -> list | None:
    """The cards (or players) a "choose" phrase can name for this ability (its source, its
    controller, the play's X): the legal answers a chosen target is checked against (The
    word "Choose"; Stand and Fight's "not neutral"); None for a phrase naming one thing."""
    t = parse_target(phrase)
    if t.chooser == "each player" and controller is not None:
        t = with_controller(t, "you")
    if t.ref:
        return None
    if t.is_player:
        return list(scope(r, t, source, controller, play))
    return list(matching(r, t, source, controller, play))


def player_candidates(r, phrase: str, player: Player | None) -> list[str]:
    """The players a ``player:`` phrase left unanswered can name: "another player" any player
    but you; "that player", "a player", "chosen" any player (`PhraseError` for a phrase that is
    no player either)."""
    who = parse_player(phrase).who
    everyone = [p.name for p in r.g.in_player_order()]
    if who == "another":
        return [n for n in everyone if player is None or n != player.name]
    if who == "you":
        return [player.name] if player is not None else []
    if who == "first":
        return [r.g.first_player.name]
    return everyone
