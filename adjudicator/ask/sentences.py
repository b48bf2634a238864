"""A text cut into sentences, abbreviations ("e.g.", "i.e.", "p.") kept whole: the unit
`ask` chooses a deciding sentence from, and cuts a player's question into."""

from __future__ import annotations

import re

from adjudicator.compiled import regex

_ABBREVIATIONS = regex(r"\b(e\.g|i\.e|etc|vs|cf|p|pp|no)\.", re.I)
# a sentence ends at . ! or ?, with the closing quote or bracket that follows it (kept with it:
# "Should read: “Surge.”" keeps its closing quote; a quoted card text in straight quotes,
# 'Attached enemy cannot attack.', ends its sentence too)
_SPLIT = regex(r"(?:(?<=[.!?])|(?<=[.!?][\"”’')]))\s+(?=[A-Z\"“(‘'0-9•-])")


# the number of an item in a numbered list ("... the following steps: 1. Advance ... 2. Lose ..."):
# a number of one or two digits with its period, at the text's start or after a colon or a
# sentence's end, before a capital; it opens the item, it does not end a sentence
_LIST_NUMBER = regex(r"(?:^|(?<=[:.!?])\s+|(?<=^\s))(\d{1,2})\.(?=\s+[A-Z])")


def _protect(text: str) -> str:
    protected = _ABBREVIATIONS.sub(lambda m: m.group(0).replace(".", "\x00"), text)
    return _LIST_NUMBER.sub(lambda m: m.group(0).replace(".", "\x00"), protected)


def sentences(text: str) -> list[str]:
    protected = _protect(text)
    return [s.replace("\x00", ".").strip() for s in _SPLIT.split(protected) if s.strip()]


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of ``text``, as ``sentences`` cuts it."""
    protected = _protect(text)
    out, start = [], 0
    for m in _SPLIT.finditer(protected):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return [(a, b) for a, b in out if text[a:b].strip()]
