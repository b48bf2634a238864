"""Amounts: how much an effect does (Rules Reference: Effects; Modifiers; X).

    2                                   a number (negative lowers: a threat of -3)
    X                                   the X the play fixes
    all                                 every one (heal all damage)
    damage on self                      counted on the card: damage, resources
    2 per resource on self              N per counted thing
    number of players / one per player  N per player in the game
    1 per other Dwarf ally you control, at most 4     N per card a target phrase selects, capped
    one per character not committed     per player: that player's own cards
    number of enemies engaged with them
    damage just taken                   what the triggering occurrence amounted to

`parse_amount` checks a phrase (`PhraseError`); `amount` evaluates it on the table.
"""

from __future__ import annotations

import re
from functools import lru_cache

from msgspec import Struct

from adjudicator.engine.situation import did_you_mean
from adjudicator.lotr.abilities.choose import host_of
from adjudicator.lotr.abilities.grammar.select import matching
from adjudicator.lotr.abilities.grammar.targets import PhraseError, Target, parse_target
from adjudicator.lotr.abilities.grammar.terms import term

_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "a": 1}
# Counted on a card ("damage on self", "resources on attached hero").
TOKENS = ("damage", "resource", "resources", "progress")
HOLDERS = ("self", "attached hero")
# Per player, each player's own ("of theirs").
PER_PLAYER = {
    "character not committed": "characters not committed",
    "enemy engaged with them": "enemies engaged",
    "enemies engaged with them": "enemies engaged",
}
TRIGGER_AMOUNTS = ("damage just taken",)


class Amount(Struct, frozen=True):
    text: str
    number: int | None = None     # a plain number
    special: str = ""             # X, all, trigger, players, tokens, per player, cards
    factor: int = 1
    token: str = ""               # damage / resource / progress
    holder: str = ""              # self / attached hero
    counted: Target | None = None # the cards counted
    at_most: int | None = None
    ruling: str = ""              # a scenario term counted (rules_db/lotr/scenario_terms.yaml): its ruling

    def normal(self) -> dict:
        if self.number is not None:
            return {"number": self.number}
        out = {"per": self.special, "factor": self.factor}
        if self.token:
            out.update(token=self.token, on=self.holder)
        if self.counted is not None:
            out["count"] = self.counted.normal()
        if self.at_most is not None:
            out["at_most"] = self.at_most
        return out


def _factor(word: str) -> int | None:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return _WORDS.get(word)


@lru_cache(maxsize=512)
def parse_amount(text) -> Amount:
    raw = str(text)
    s = raw.strip()
    if re.fullmatch(r"-?\d+", s):
        return Amount(raw, int(s))
    low = s.lower()
    if low == "x":
        return Amount(raw, special="X")
    if low == "all":
        return Amount(raw, special="all")
    if low in TRIGGER_AMOUNTS:
        return Amount(raw, special="trigger")
    at_most = None
    m = re.search(r",\s*at most (\d+)$", low)
    if m:
        at_most = int(m.group(1))
        low = low[: m.start()]
        s = s[: m.start()]
    if low == "number of players":
        return Amount(raw, special="players", at_most=at_most)
    if low == "victory points in the victory display":  # the players' victory points, counted now (The Nameless Fear's X)
        return Amount(raw, special="victory", at_most=at_most)
    m = re.fullmatch(r"number of (.+)", low)
    factor, rest, rest_raw = 1, low, s
    if m:
        rest, rest_raw = m.group(1), s[len("number of "):]
    else:
        m = re.fullmatch(r"(\S+) (?:per|for each) (.+)", low)
        if m:
            f = _factor(m.group(1))
            if f is None:
                raise PhraseError(f"a number before 'per', got {m.group(1)!r}", 0)
            factor, rest = f, m.group(2)
            rest_raw = s[m.start(2):]
    if rest == "player":
        return Amount(raw, special="players", factor=factor, at_most=at_most)
    started = term(rest, kind="players")
    if started is not None:  # the per-player icon: the players who started, eliminated ones too (a scenario's ruling)
        return Amount(raw, special="started", factor=factor, at_most=at_most, ruling=started.ruling)
    for per, key in PER_PLAYER.items():
        if rest == per:
            return Amount(raw, special="per player", factor=factor, token=key, at_most=at_most)
    m = re.fullmatch(r"(damage|resources?|progress) on (self|attached hero)", rest)
    if m:
        return Amount(raw, special="tokens", factor=factor, token=m.group(1).rstrip("s") if m.group(1) != "progress" else "progress",
                      holder=m.group(2), at_most=at_most)
    offset = len(raw) - len(raw.lstrip()) + (len(s) - len(rest_raw))
    defined = term(rest, kind="cards")
    if defined is not None:  # a scenario's own words for the cards counted: read as their meaning, the ruling kept
        counted = parse_target("each " + defined.means)
        return Amount(raw, special="cards", factor=factor, counted=counted, at_most=at_most, ruling=defined.ruling)
    try:
        counted = parse_target("each " + rest_raw)
    except PhraseError as exc:
        near = did_you_mean(rest, ["resource on self", "damage on self", "resources on attached hero", "player",
                                   "character not committed", "enemies engaged with them"])
        raise PhraseError("an amount: a number, X, all, 'N per resource on self', 'number of players', "
                          f"'N per <cards>' ({exc.message})", max(0, offset + exc.offset - len("each ")),
                          tuple(near) + exc.suggestions) from None
    if counted.ref:
        raise PhraseError(f"an amount, got {raw!r}", offset)
    return Amount(raw, special="cards", factor=factor, counted=counted, at_most=at_most)


def amount(r, text, source, controller, play=None, player=None) -> int | None:
    """The number an amount phrase gives now (None for "all")."""
    a = parse_amount(text)
    if a.number is not None:
        return a.number
    if a.special == "all":
        return None
    if a.special == "X":
        return int(getattr(play, "x", 0) or 0)
    if a.special == "trigger":
        return int((play.targets.get("amount") if play is not None else 0) or 0)
    n = 0
    if a.special == "players":
        n = a.factor * len([p for p in r.g.players if not p.eliminated])
    elif a.special == "started":
        n = a.factor * len(r.g.players)
    elif a.special == "victory":
        n = sum(c.keyword("victory") for c in r.g.victory_display)
    elif a.special == "tokens":
        holder = source if a.holder == "self" else host_of(r, source)
        value = 0 if holder is None else {"damage": holder.damage, "resource": holder.resources,
                                          "progress": holder.progress}[a.token]
        n = a.factor * value
    elif a.special == "per player":
        who = player or controller
        if a.token == "characters not committed":
            n = a.factor * sum(1 for c in who.characters if not c.committed)
        else:
            n = a.factor * len(who.engaged)
    elif a.special == "cards":
        hooks = getattr(r, "hooks", None)  # a card counting as several of a trait (Bombur) where cards of it are counted
        n = a.factor * sum(hooks.counts_as(r, c, a.counted.traits) if hooks is not None else 1
                           for c in matching(r, a.counted, source, controller, play))
    return n if a.at_most is None else min(n, a.at_most)


def rulings_of(text) -> tuple[str, ...]:
    """The ruling a scenario term in an amount rests on, else none."""
    try:
        a = parse_amount(text)
    except PhraseError:
        return ()
    return (a.ruling,) if a.ruling else ()
