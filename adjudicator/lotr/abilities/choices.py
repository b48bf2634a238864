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
        who, rules = (player or r.g.first_player).name, (C.CHOOSE,)
        tie = ""
        own = _own_choice(r, phrase, player)
        if own is not None:  # the player whose cards they are picks ("you control", "the defending player chooses")
            who, rules = own.name, (C.CHOOSE, C.DEFENDING_PLAYER, C.faq("1.52")) if "defending" in phrase or a.kind == "shadow" else (C.CHOOSE,)
        elif a.source != "player":
            who, rules = r.g.first_player.name, (C.FAQ_CONFLICTING_TARGET, C.FIRST_PLAYER)
            if "highest threat" in phrase:
                top = max(p.threat_value for p in r.g.in_player_order())
                tied = [p.name for p in r.g.in_player_order() if p.threat_value == top]
                if len(tied) == 1:
                    who, rules = tied[0], (C.CHOOSE,)
                else:
                    tie = f" ({', '.join(tied)} are tied for the highest threat: the first player picks)"

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
