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
