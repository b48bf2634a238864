"""The choices a replay asks for (Rules Reference: The word "Choose"; Defending Player;
FAQ 1.03, 1.52): a mixin of `triggers.AbilityListener`.

Before an ability resolves, the choices with one possible answer are taken (`_prefill`);
a real choice the situation does not make stops the replay with the legal options only and
an example decision (`_ask`): the player whose cards they are picks among them ("you
control", the defending player for a shadow effect), a phrase picking several ("2
characters") is answered with a list, "each player" choices with one name per player, and
the first player settles the encounter card's other choices (FAQ 1.03).
"""

from __future__ import annotations

from itertools import combinations

from adjudicator.engine.decisions import DecisionNeeded, Option, PendingDecision
from adjudicator.lotr.abilities import cites as C
from adjudicator.lotr.abilities.grammar.conditions import parse_condition
from adjudicator.lotr.abilities.grammar.select import matching
from adjudicator.lotr.abilities.grammar.targets import PhraseError, parse_target
from adjudicator.lotr.abilities.choose import Missing, candidates, count_in, per_player, picker_of, targets
from adjudicator.lotr.abilities.model import Ability
from adjudicator.lotr.engine.state import Card, Player


class Choices:
    def _candidates(self, r, phrase: str, player: Player | None) -> list[str] | None:
        return candidates(r, phrase, player)

    def _prefill(self, r, a: Ability, card: Card, player: Player, play) -> None:
        """Answer the choices that have only one possible answer, before anything resolves
        (the engine asks only when there is a real choice); ask at once for the rest of
        the "choose" targets."""
        if a.choose and not play.chosen:
            cands = self._candidates(r, a.choose[0].what, player)
            if cands is not None and len(cands) == 1:
                play.chosen = list(cands)
            elif cands:
                self._ask(r, a, card, "chosen", f"the target to choose ({a.choose[0].what})", cands, player)
        for e in (*a.cost, *a.effects, *a.then):
            t = e.get("target")
            if not isinstance(t, str) or t in ("self", "chosen", "") or t.startswith("that ") or t in play.targets:
                continue
            try:
                targets(r, t, card, player, play)
                continue
            except Missing:
                pass
            if _per_player(t):
                per = [self._candidates(r, _own(t), p) or [] for p in r.g.in_player_order()]
                if all(len(c) <= 1 for c in per):
                    play.targets[t] = [c[0] for c in per if c]
            else:
                cands = self._candidates(r, t, player)
                n = count_in(t)
                if cands is not None and n > 1 and len(cands) <= n:
                    play.targets[t] = list(cands)  # no choice: all of them
                elif cands is not None and len(cands) == 1:
                    play.targets[t] = cands[0]

    def _ask(self, r, a: Ability, card: Card, phrase: str, what: str, names: list[str] | None = None, player: Player | None = None) -> bool:
        """Stop the replay for a choice the situation does not make, with the options and an
        example decision that answers it."""
        if names is None:
            names = self._candidates(r, phrase, player) or []
        who, rules, tie = chooser(r, a, phrase, player)

        def value(n) -> dict:
            return {"card": card.label, "chosen": [n]} if phrase == "chosen" else {"card": card.label, "targets": {phrase: n}}

        n = count_in(phrase)
        if n > 1 and len(names) > n:  # "2 characters you control": each answer is a set of that many
            sets = [list(c) for c in combinations(names, n)]
            raise DecisionNeeded(PendingDecision(
                key="ability", question=f"{a.label}{f' ({card.label})' if card.label != card.name else ''}: {who} decides {what} "
                                        f"({n} of {', '.join(names)}, as a list)",
                step=r.g.step, player=who,
                options=tuple(Option(value(x), " and ".join(x), rules) for x in sets),
                citations=rules,
                example={"step": r.g.step, "round": r.g.round, "ability": value(sets[0])},
            ))

        copy = f" ({card.label})" if card.label != card.name else ""
        if _per_player(phrase):
            # every player picks their own ("each player exhausts a hero"): one name per player, in player order
            per = [(p.name, self._candidates(r, _own(phrase), p) or []) for p in r.g.in_player_order()]
            who = ", ".join(name for name, _ in per)
            rules = (C.CHOOSE,)
            example = [options[0] for _, options in per if options]
            raise DecisionNeeded(PendingDecision(
                key="ability", question=f"{a.label}{copy}: each player names one of their own for {phrase!r} "
                                        f"(a list, one per player in player order: {who})",
                step=r.g.step, player=who,
                options=tuple(Option(value(n), f"{name}: {n}", rules) for name, options in per for n in options),
                citations=rules,
                example={"step": r.g.step, "round": r.g.round, "ability": value(example)},
            ))
        raise DecisionNeeded(PendingDecision(
            key="ability", question=f"{a.label}{copy}: {who} decides {what}{tie}", step=r.g.step, player=who,
            options=tuple(Option(value(n), n, rules) for n in names),
            citations=rules,
            example={"step": r.g.step, "round": r.g.round, "ability": value(names[0] if names else "")},
        ))


def chooser(r, a: Ability, phrase: str, player: Player | None) -> tuple[str, tuple[str, ...], str]:
    """Who picks the answer to ``phrase`` for ``a``, the rules that say so, and a note on a
    tie: the player whose cards they are ("you control", the defending player for a shadow
    effect: FAQ 1.52), else for an encounter or quest effect the first player (FAQ 1.03;
    the one player with the highest threat picks their own hero), else the ability's player."""
    who, rules = (player or r.g.first_player).name, (C.CHOOSE,)
    own = _own_choice(r, phrase, player)
    if own is not None:  # the player whose cards they are picks ("you control", "the defending player chooses")
        rules = (C.CHOOSE, C.DEFENDING_PLAYER, C.faq("1.52")) if "defending" in phrase or a.kind == "shadow" else (C.CHOOSE,)
        return own.name, rules, ""
    if a.source != "player":
        if "highest threat" in phrase:
            top = max(p.threat_value for p in r.g.in_player_order())
            tied = [p.name for p in r.g.in_player_order() if p.threat_value == top]
            if len(tied) == 1:
                return tied[0], (C.CHOOSE,), ""
            return (r.g.first_player.name, (C.FAQ_CONFLICTING_TARGET, C.FIRST_PLAYER),
                    f" ({', '.join(tied)} are tied for the highest threat: the first player picks)")
        return r.g.first_player.name, (C.FAQ_CONFLICTING_TARGET, C.FIRST_PLAYER), ""
    return who, rules, ""


def choice_rules(r, a: Ability, play, player: Player | None, source: Card | None = None) -> tuple[str, ...]:
    """The rules that decided the targets of ``a`` (on ``source``) before it resolves, for
    its steps to cite: "this card" is this copy only while another copy is in play (FAQ
    1.31), "character" leaves enemies out (FAQ 1.13), a Trait never picks a face-down card
    (FAQ Q8), a player's attachments leave out an encounter card attached to their
    characters (FAQ 1.06), and the first player picks among several eligible targets of an
    encounter or quest effect (FAQ 1.03)."""
    rules: tuple[str, ...] = ()
    phrases = [str(e.get("target")) for e in (*a.cost, *a.effects, *a.then) if isinstance(e.get("target"), str)]
    about_itself = "self" in phrases or (bool(a.condition) and parse_condition(a.condition).subject == "self")
    if source is not None and about_itself and any(c is not source and c.name == source.name for c in r.g.cards_in_play()):
        rules += (C.SELF_REFERENTIAL, C.FAQ_SELF_REFERENCE)
    enemies = any(p.engaged for p in r.g.players) or any(c.type == "enemy" for c in r.g.staging)
    for phrase in phrases if enemies else ():
        try:
            t = parse_target(phrase)
        except PhraseError:
            continue
        if "character" in t.kinds and not t.controller and not t.ref:  # an enemy is not a character (FAQ 1.13)
            rules += (C.FAQ_CHARACTERS_NOT_ENEMIES,)
            break
    if any(c.facedown is not None for c in r.g.cards_in_play()):
        for phrase in phrases:
            try:
                t = parse_target(phrase)
            except PhraseError:
                continue
            if t.traits and not t.ref:  # a face-down card has no traits: a Trait never picks it (FAQ Q8)
                rules += (C.FAQ_Q_FACE_DOWN_NO_TRAITS,)
                break
    for phrase, answer in play.targets.items():  # an objective attached to a card is an attachment (FAQ 1.23)
        try:
            t = parse_target(phrase)
        except PhraseError:
            continue
        names = answer if isinstance(answer, list) else [answer]
        if "attachment" in t.kinds and any(c.type.startswith("objective") and c.label in names
                                           for host in r.g.cards_in_play() for c in host.attachments):
            # one of "your" attachments: a claimed objective is its player's (FAQ 1.07)
            rules += (C.FAQ_ATTACHED_OBJECTIVE,) + ((C.FAQ_OBJECTIVE_CONTROL,) if t.controller or t.chooser else ())
            break
    if player is not None and any(x.owner == "encounter" and not x.type.startswith("objective")
                                  for c in player.characters for x in c.attachments):
        for phrase in play.targets:
            try:
                t = parse_target(phrase)
            except PhraseError:
                continue
            if "attachment" in t.kinds and (t.controller or t.chooser):
                rules += (C.FAQ_ENCOUNTER_CARDS_NOT_CONTROLLED,)
                break
    for phrase in play.targets:  # "the character with the most ...": a tie, at 0 too, is a choice among the tied (FAQ Q48)
        try:
            t = parse_target(phrase)
        except PhraseError:
            continue
        if any(q.startswith("most ") for q in t.qualifiers) and len(matching(r, t, source, player, play)) > 1:
            rules += (C.FAQ_Q_SUPERLATIVE_TIE,)
            break
    return rules + first_player_picked(r, a, play, player)


def first_player_picked(r, a: Ability, play, player: Player | None) -> tuple[str, ...]:
    """The rules to cite when the first player picked a target of an encounter or quest
    effect among several eligible ones (FAQ 1.03: the situation's declared answer is the
    first player's), before the effect resolves; () otherwise."""
    if a.source == "player" or a.kind == "shadow":  # a shadow effect's picks are the defending player's (FAQ 1.52)
        return ()
    for phrase in play.targets:
        try:
            t = parse_target(phrase)
            if t.ref or t.quantifier == "each":  # a reference the replay fills in (the attacking enemy), or no pick at all
                continue
            cands = candidates(r, phrase, player)
        except PhraseError:  # not a target phrase (an amount): no pick among cards
            continue
        if cands is not None and len(cands) > count_in(phrase):
            rules = chooser(r, a, phrase, player)[1]
            if C.FAQ_CONFLICTING_TARGET in rules:
                return rules
    return ()


def _own_choice(r, phrase: str, player: Player | None) -> Player | None:
    """The player who picks among their own cards for ``phrase``: "you control" (the
    ability's "you", the defending player for a shadow effect: FAQ 1.52), "the defending
    player chooses"; None for other phrases (the grammar decides: `choose.picker_of`)."""
    return picker_of(r, phrase, player)


def _per_player(phrase: str) -> bool:
    """A target each player picks among their own cards: "a hero of each player",
    "a character each player chooses"."""
    return per_player(phrase)


def _own(phrase: str) -> str:
    """The phrase one player picks from for such a target (`choose.candidates` evaluates an
    each-player pick for the player it is given)."""
    return phrase
