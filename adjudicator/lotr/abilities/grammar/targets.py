"""Target phrases: what an effect, a cost or a "choose" names on the table (Rules
Reference: The word "Choose"; Controller; Zones), parsed into a `Target`.

A phrase is composed, never listed::

    [quantifier] [qualifiers] [Trait | Sphere | Keyword] noun [postfixes]

    each exhausted character                 each · exhausted · character
    a Dwarf hero you control                 a · Dwarf · hero · controller you
    2 characters you control                 2 · character · controller you
    an enemy in the staging area or engaged with another player
    a hero of each player                    a · hero · each player picks one of their own
    a character the engaged player chooses   a · character · the engaged player picks

or a reference (``self``, ``chosen``, ``attached hero``, ``that ally``, ``the attacking
enemy`` ...).  `parse_target` raises `PhraseError` (with the column of the word it could
not read and a "did you mean") for anything else; `Target.normal()` is the normal form the
schema documents.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from adjudicator.compiled import regex
from adjudicator.engine.situation import did_you_mean
from adjudicator.lotr.abilities.grammar import words as W


class PhraseError(ValueError):
    """A phrase the grammar cannot read: ``offset`` is the character where it goes wrong."""

    def __init__(self, message: str, offset: int = 0, suggestions: tuple[str, ...] | list[str] = ()):
        super().__init__(message)
        self.message, self.offset, self.suggestions = message, offset, tuple(suggestions)


@dataclass(frozen=True)
class Target:
    """A parsed target phrase (its normal form).  ``text`` is the phrase as written: the key a
    situation's ``targets:`` answers it with."""

    text: str
    ref: str = ""                       # a reference (self, chosen, attached, that, attacking enemy ...)
    quantifier: str = "a"               # a (one, chosen), each (all of them), n (count of them), x, up_to
    count: int = 1
    kinds: tuple[str, ...] = ()         # character, hero, ally, enemy, location, attachment, event, ...
    traits: tuple[str, ...] = ()
    spheres: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    qualifiers: tuple[str, ...] = ()    # exhausted, ready, damaged, committed, unique, not neutral, ...
    zones: tuple[str, ...] = ()         # play, staging, engaged, hand, discard, deck
    controller: str = ""                # you, first, chosen, defending, highest threat, threat at least, another, a
    holder: str = ""                    # attachments of: defending character
    chooser: str = ""                   # who picks: you, each player, defending, engaged, first
    threshold: int = 0                  # "with threat 35 or more"
    cost: str = ""                      # "with printed cost X" (X or a number)
    current: bool = False               # "currently": the cards there now, not later arrivals
    any_trait: bool = False             # "a Noldor or Silvan hero": one of the traits is enough
    title: str = ""                     # "card titled Gollum": every card in play with that title

    @property
    def is_player(self) -> bool:
        return self.kinds in (("player",), ("deck",))

    @property
    def picks(self) -> bool:
        """A choice (one or N of them), not every card the phrase names."""
        return not self.ref and self.quantifier != "each"

    def normal(self) -> dict[str, Any]:
        """The normal form (the schema's ``target``): only the parts the phrase has."""
        out: dict[str, Any] = {}
        if self.ref:
            return {"ref": self.ref, "title": self.title} if self.title else {"ref": self.ref}
        out["quantifier"] = self.quantifier
        if self.quantifier in ("n", "up_to"):
            out["count"] = self.count
        for key in ("kinds", "traits", "spheres", "keywords", "qualifiers", "zones"):
            if getattr(self, key):
                out[key] = list(getattr(self, key))
        for key in ("controller", "holder", "chooser", "cost"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.threshold:
            out["threshold"] = self.threshold
        if self.current:
            out["current"] = True
        if self.any_trait:
            out["any_trait"] = True
        return out


# Postfixes: word sequences after the noun and what each sets.  ``#`` is a number.
POSTFIXES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("you control", {"controller": "you"}),
    ("you choose", {"chooser": "you"}),
    ("the first player controls", {"controller": "first"}),
    ("another player controls", {"controller": "another"}),
    ("of the chosen player", {"controller": "chosen"}),
    ("of the defending player", {"controller": "defending"}),
    ("of the engaged player", {"controller": "engaged"}),
    ("of the defending character", {"holder": "defending character"}),
    ("of each player with threat # or more", {"controller": "threat at least"}),
    ("of each player", {"chooser": "each player"}),
    ("of the player with the highest threat", {"controller": "highest threat"}),
    ("in play", {"zone": "play"}),
    ("set aside", {"zone": "set aside"}),
    ("in the victory display", {"zone": "victory display"}),
    ("currently in the staging area", {"zone": "staging", "current": True}),
    ("in the staging area", {"zone": "staging"}),
    ("or engaged with another player", {"zone": "engaged elsewhere"}),
    ("engaged with you", {"zone": "engaged", "controller": "you"}),
    ("engaged with a player", {"zone": "engaged"}),
    ("engaged with another player", {"zone": "engaged elsewhere"}),
    ("engaged with the chosen player", {"zone": "engaged", "controller": "chosen"}),
    ("engaged with the defending player", {"zone": "engaged", "controller": "defending"}),
    ("attacking you", {"qualifier": "attacking", "controller": "you"}),
    ("in your hand", {"zone": "hand", "controller": "you"}),
    ("from your hand", {"zone": "hand", "controller": "you"}),
    ("in each player's hand", {"zone": "hand"}),
    ("in your discard pile", {"zone": "discard", "controller": "you"}),
    ("in a discard pile", {"zone": "discard"}),
    ("in any discard pile", {"zone": "discard"}),
    ("of a discard pile", {"zone": "discard"}),
    ("committed to the quest", {"qualifier": "committed"}),
    ("currently committed", {"qualifier": "committed", "current": True}),
    ("each player chooses", {"chooser": "each player"}),
    ("the defending player chooses", {"chooser": "defending", "controller": "defending"}),
    ("the engaged player chooses", {"chooser": "engaged", "controller": "engaged"}),
    ("the first player chooses", {"chooser": "first"}),
    ("with printed cost X", {"cost": "X"}),
    ("with printed cost #", {"cost": "#"}),
    ("not neutral", {"qualifier": "not neutral"}),
    # the icon in the card's resource icon space, never one a card gives it (FAQ Q47)
    *((f"with a printed {s} resource icon", {"qualifier": f"printed {s.lower()}"}) for s in ("Leadership", "Tactics", "Spirit", "Lore")),
    ("other than this", {"qualifier": "other"}),
    ("he attacked", {"qualifier": "attacked by self"}),
    ("she attacked", {"qualifier": "attacked by self"}),
    ("it attacked", {"qualifier": "attacked by self"}),
    ("the attached hero attacked", {"qualifier": "attacked by attached"}),
    ("with engagement cost higher than your threat", {"qualifier": "engagement cost above your threat"}),
    ("worth no victory points", {"qualifier": "no victory points"}),
    # superlatives: of the cards the rest of the phrase names, those with the most (a tie is a choice: FAQ Q48)
    ("with the most damage", {"qualifier": "most damage"}),
    ("with the most resources", {"qualifier": "most resources"}),
    ("with the most progress", {"qualifier": "most progress"}),
    ("with the most attachments", {"qualifier": "most attachments"}),
    ("with the highest engagement cost", {"qualifier": "most engagement_cost"}),
    ("with the highest threat", {"qualifier": "most threat"}),
)
# "(the first player picks)": who picks, as a remark after the phrase.
REMARKS = {"the first player picks": "first", "you pick": "you"}
_TOKEN = regex(r"[^\s,()]+")


def _tokens(text: str) -> list[tuple[str, int]]:
    return [(m.group(0), m.start()) for m in _TOKEN.finditer(text)]


def _match(pattern: str, toks: list[tuple[str, int]], i: int) -> tuple[int, int] | None:
    """Tokens consumed and the number read (for ``#``) when ``pattern`` matches at ``i``."""
    parts = pattern.split()
    if i + len(parts) > len(toks):
        return None
    number = 0
    for k, part in enumerate(parts):
        word = toks[i + k][0]
        if part == "#":
            if not word.isdigit():
                return None
            number = int(word)
        elif part == "X":
            if word != "X":
                return None
        elif word.lower() != part.lower():
            return None
    return len(parts), number


def _descriptor(word: str) -> tuple[str, str] | None:
    for kind, names in (("traits", W.TRAITS), ("spheres", W.SPHERES), ("keywords", W.KEYWORDS)):
        for n in names:
            if word == n or word.lower() == n.lower() and word[:1].isupper():
                return kind, n
    return None


@lru_cache(maxsize=2048)
def parse_target(text: str) -> Target:
    """The `Target` a phrase names (`PhraseError` when it is not one of the grammar)."""
    raw = "" if text is None else str(text)
    phrase = raw.strip()
    lead = len(raw) - len(raw.lstrip())
    if not phrase:
        return Target(raw, ref="self")
    chooser = ""
    m = re.search(r"\s*\(([^)]*)\)\s*$", phrase)
    if m:
        remark = m.group(1).strip().lower()
        if remark not in REMARKS:
            raise PhraseError(f"an unknown remark ({m.group(1)}); a remark names who picks",
                              lead + m.start(1), did_you_mean(remark, list(REMARKS)))
        chooser = REMARKS[remark]
        phrase = phrase[: m.start()].rstrip()
    low = phrase.lower()
    titled = re.match(r"^(?:each |the )?cards? titled (\S.*)$", phrase, flags=re.I)
    if titled:  # a card named by its title ("card titled Gollum"): every card in play with it
        return Target(raw, ref="titled", quantifier="each", title=titled.group(1).strip())
    if low in W.REFERENCES:
        return Target(raw, ref=W.REFERENCES[low])
    if low in W.PLAYER_TARGETS:
        return Target(raw, ref="players", kinds=("player",))
    toks = _tokens(phrase)
    t: dict[str, Any] = {"quantifier": "a", "count": 1, "kinds": [], "traits": [], "spheres": [], "keywords": [],
                         "qualifiers": [], "zones": [], "chooser": chooser}
    i = 0
    word = toks[0][0].lower()
    if word.isdigit():
        t["quantifier"], t["count"], i = "n", int(word), 1
    elif word in W.NUMBER_WORDS:
        t["quantifier"], t["count"], i = "n", W.NUMBER_WORDS[word], 1
    elif word == "up" and len(toks) > 2 and toks[1][0].lower() == "to" and toks[2][0].isdigit():
        t["quantifier"], t["count"], i = "up_to", int(toks[2][0]), 3
    elif word in W.QUANTIFIERS:
        t["quantifier"], i = W.QUANTIFIERS[word], 1
    # qualifiers and descriptors before the noun
    while i < len(toks):
        w = toks[i][0]
        lw = w.lower()
        if lw in W.PREFIX_QUALIFIERS:
            t["qualifiers"].append(W.QUALIFIER_ALIASES.get(lw, lw))
            i += 1
            continue
        if lw == "player's" and i + 1 < len(toks) and toks[i + 1][0].lower() == "deck":
            t["kinds"].append("deck")
            i += 2
            break
        d = _descriptor(w)
        if lw not in W.NOUNS and d is not None:
            t[d[0]].append(d[1])
            i += 1
            if (d[0] == "traits" and i + 1 < len(toks) and toks[i][0].lower() == "or" and toks[i + 1][0].lower() not in W.NOUNS
                    and (_descriptor(toks[i + 1][0]) or ("",))[0] == "traits"):
                t["any_trait"] = True  # "Noldor or Silvan": either trait
                i += 1
            continue
        if lw not in W.NOUNS and w[:1].isupper():
            raise PhraseError(f"an unknown trait, sphere or keyword {w!r}", lead + toks[i][1],
                              did_you_mean(w, [*W.TRAITS, *W.SPHERES, *W.KEYWORDS]))
        break
    if not t["kinds"]:
        if i >= len(toks) or toks[i][0].lower() not in W.NOUNS:
            got = toks[i][0] if i < len(toks) else "the end of the phrase"
            where = lead + (toks[i][1] if i < len(toks) else len(phrase))
            near = did_you_mean(got.lower(), list(W.NOUNS) + list(W.PREFIX_QUALIFIERS)) if i < len(toks) else []
            raise PhraseError(f"a card type (character, hero, ally, enemy, location, attachment, event, card, player ...) "
                              f"where {got!r} is", where, near or _suggest_phrase(phrase, toks, i))
        t["kinds"].append(W.NOUNS[toks[i][0].lower()])
        i += 1
        while i + 1 < len(toks) and toks[i][0].lower() in ("and", "or") and toks[i + 1][0].lower() in W.NOUNS:
            t["kinds"].append(W.NOUNS[toks[i + 1][0].lower()])
            i += 2
    # postfixes after the noun
    while i < len(toks):
        for pattern, sets in POSTFIXES:
            hit = _match(pattern, toks, i)
            if hit is None:
                continue
            n, number = hit
            for key, value in sets.items():
                if key == "zone":
                    t["zones"].append(value)
                elif key == "qualifier":
                    t["qualifiers"].append(value)
                elif key == "cost":
                    t["cost"] = str(number) if value == "#" else value
                else:
                    t[key] = value
            if "#" in pattern and "threat" in pattern:
                t["threshold"] = number
            i += n
            break
        else:
            kw = next((k for k in W.KEYWORDS if toks[i][0].lower() == "with" and i + 1 < len(toks)
                       and toks[i + 1][0].lower() == k.lower()), None)
            if kw:
                t["keywords"].append(kw)
                i += 2
                continue
            raise PhraseError(f"a known ending after the card type ({', '.join(p for p, _ in POSTFIXES[:8])}, ...) "
                              f"where {' '.join(w for w, _ in toks[i:])!r} is", lead + toks[i][1], _suggest_phrase(phrase, toks, i))
    t = {k: tuple(v) if isinstance(v, list) else v for k, v in t.items()}
    return Target(raw, **t)


def _suggest_phrase(phrase: str, toks, i: int) -> list[str]:
    """Near spellings of the unread part: a postfix, a noun, or a whole known phrase."""
    rest = " ".join(w for w, _ in toks[i:]).lower()
    options = [p for p, _ in POSTFIXES] + list(W.NOUNS) + list(W.REFERENCES)
    found = did_you_mean(rest, options)
    if not found and i < len(toks):
        found = did_you_mean(toks[i][0].lower(), list(W.NOUNS) + list(W.PREFIX_QUALIFIERS))
    return found


def with_controller(target: Target, controller: str) -> Target:
    """The same selection with another controller (one player's own pick of "a hero of each
    player")."""
    return replace(target, controller=controller, chooser="you" if target.chooser == "each player" else target.chooser)


@dataclass(frozen=True)
class PlayerPhrase:
    """A phrase naming a player (you, each player, the first player, ...)."""

    text: str
    who: str            # you, chosen, each, first, defending, engaged, that, another, a, owner, threat at least
    threshold: int = 0

    def normal(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.who}
        if self.threshold:
            out["threshold"] = self.threshold
        return out


@lru_cache(maxsize=512)
def parse_player(text: str) -> PlayerPhrase:
    """The players a ``player:`` phrase names (``you``, ``each player``, ``the first player``,
    ``each player with threat 35 or more`` ...)."""
    raw = "you" if text is None else str(text)
    low = raw.strip().lower()
    if low in W.PLAYERS:
        return PlayerPhrase(raw, W.PLAYERS[low])
    m = re.fullmatch(r"each player with threat (\d+) or more", low)
    if m:
        return PlayerPhrase(raw, "threat at least", int(m.group(1)))
    raise PhraseError("a player (you, each player, the first player, the defending player, chosen, that player, "
                      "each player with threat N or more)", len(raw) - len(raw.lstrip()),
                      did_you_mean(low, [*W.PLAYERS, "each player with threat 35 or more"]))


