"""Misspelt words of the names a question uses: "stagging area", "Vicotry", "dundedain".

A word of a question that no name, document or asked question uses, written with at least
``shortest`` letters (``entities.MISSPELT_SHORTEST``), is read as the word of a name it is one
edit from (a letter dropped, added, changed, or two neighbours swapped), when exactly one such
word exists and no other word the documents or asked questions use is one edit from it
("wether" may be "whether").  A word the documents or the asked questions use is never read as
another ("staging" stays, "forged" is not "forges"); short words are left alone, as one edit
turns them into too many others.  On the team's asked questions, the ask set and the players'
tune half (4,504 questions) it reads 9 words, each a typo of the name's word.
"""

from __future__ import annotations

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def corrected(keys: list[str], name_words: frozenset[str], known_word, shortest: int = 6,
              root=lambda word: word) -> list[str]:
    """``keys`` (a question's folded words) with each misspelt word read as the name's word it is
    one edit from; ``known_word(word)`` tells a word the documents or asked questions use; words
shorter than ``shortest`` (written or read) are left alone; ``root(word)`` (the index's stem)
tells forms of one word ("staging", "stageing"), which are no other word."""
    out = keys
    for i, word in enumerate(keys):
        if len(word) < shortest or not word.isalpha() or word in name_words or known_word(word):
            continue
        edits = set(_one_edit(word))
        found = {w for w in edits if w in name_words and len(w) >= shortest}
        # "wether" is "whether" as well as "weather": one edit from a word of plain English too
        if len(found) == 1 and not any(known_word(w) and root(w) != root(next(iter(found)))
                                       for w in edits - found):
            if out is keys:
                out = list(keys)
            out[i] = found.pop()
    return out


def _one_edit(word: str):
    """Every string one edit from ``word``."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    for a, b in splits:
        if b:
            yield a + b[1:]
            for c in _LETTERS:
                if c != b[0]:
                    yield a + c + b[1:]
        if len(b) > 1:
            yield a + b[1] + b[0] + b[2:]
        for c in _LETTERS:
            yield a + c + b


def names_to_suggest(names: list[list]) -> dict[str, dict[str, list]]:
    """game -> {"keys", "names": each card and scenario name of the names table ``names``
    (``entities.names_table``), keys in the order the table first gives them, each with the first
    name printed for it; "spelt", "distinct": each printed name's own key, shortest first, and its
    distinct letters}: the names `ask` may offer for a name a question misspells
    (``answer._suggest``).  Built with the ask index; lists of strings only (containers in the
    index's bulk each cost its load, a garbage collection pass at times: sets and dicts a row
    made it ten times slower)."""
    from adjudicator.kb.names import name_key

    printed: dict[str, str] = {}
    games: dict[str, set[str]] = {}
    for key, name, _, kind, game in names:
        printed.setdefault(key, name)
        if kind in ("card", "scenario"):
            games.setdefault(key, set()).add(game)
    out: dict[str, dict[str, list]] = {}
    for key, name in printed.items():
        for game in sorted(games.get(key, ())):
            table = out.setdefault(game, {"keys": [], "names": []})
            table["keys"].append(key)
            table["names"].append(name)
    for table in out.values():
        table["spelt"] = sorted({name_key(name) for name in table["names"]}, key=lambda own: (len(own), own))
        table["distinct"] = ["".join(sorted(set(own))) for own in table["spelt"]]
    return out


def _letters(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for ch in text:
        counts[ch] = counts.get(ch, 0) + 1
    return counts


def spelt_like_any(typed: str, table: dict[str, list], floor: float) -> bool:
    """Whether the key ``typed`` is spelt like any of the printed names' keys of ``table``
    (``names_to_suggest``): difflib's ratio of the two, ``typed`` first, at least ``floor``.
    Upper bounds of that ratio rule most names out without the full comparison: difflib's own
    (the lengths: its real_quick_ratio; the letters in common: its quick_ratio) and, before the
    second, the distinct letters in common (each letter of one that the other lacks is at least
    one character unmatched)."""
    from bisect import bisect_left, bisect_right
    from difflib import SequenceMatcher

    spelt = table["spelt"]
    size = len(typed)
    if not size:
        return any(SequenceMatcher(None, typed, own).ratio() >= floor for own in spelt)
    lengths = [len(own) for own in spelt]
    # the lengths the first bound lets through, a character wider either side (rounding)
    lo = bisect_left(lengths, floor * size / (2 - floor) - 1)
    hi = bisect_right(lengths, size * (2 - floor) / floor + 1)
    distinct = frozenset(typed)
    have, typed_repeats = None, size - len(distinct)
    for own, letters in zip(spelt[lo:hi], table["distinct"][lo:hi]):
        total = size + len(own)
        if 2.0 * min(size, len(own)) / total < floor:
            continue
        if 2.0 * (min(typed_repeats, len(own) - len(letters)) + len(distinct.intersection(letters))) / total < floor:
            continue
        have = have or _letters(typed)
        if 2.0 * sum(min(n, have.get(ch, 0)) for ch, n in _letters(own).items()) / total < floor:
            continue
        if SequenceMatcher(None, typed, own).ratio() >= floor:
            return True
    return False
