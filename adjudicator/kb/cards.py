"""Card references: "Legolas (CORE 5)", "(Core 6)", "(CS 35)" all normalised to one form.

The product codes and their variant spellings are project data (rules_db/lotr/sets.yaml).
A reference is only recognised inside parentheses or in an erratum's set line, where the
documents put them, so that a stray "D 27" in prose is not taken for a card.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from adjudicator.compiled import regex
from adjudicator.yamlio import load_yaml

from adjudicator.paths import RULES_DB

NAME_BEFORE = regex(
    r"((?:[A-Z][\w'’\-!]*|of|the|in|a|from|and|to|de|on)(?:\s+(?:[A-Z][\w'’\-!]*|of|the|in|a|from|and|to|on|de))*)\s*$"
)


@lru_cache(maxsize=1)
def set_codes() -> dict[str, str]:
    """Every spelling of a product code, mapped to its canonical form."""
    data = load_yaml(Path(RULES_DB) / "lotr" / "sets.yaml")
    table: dict[str, str] = {}
    for entry in data["sets"]:
        table[entry["canonical"]] = entry["canonical"]
        table[entry["canonical"].upper()] = entry["canonical"]
        for variant in entry.get("variants", []):
            table[variant] = entry["canonical"]
    return table


@lru_cache(maxsize=1)
def _ref_re() -> re.Pattern:
    codes = sorted(set_codes(), key=len, reverse=True)
    return re.compile(r"(?<![\w])(" + "|".join(map(re.escape, codes)) + r")\s?(\d{1,3})(?![\w])")


def normalise(code: str, number: int | str) -> str:
    """('Core', 6) -> 'CORE 6'; unknown codes are kept as printed."""
    return f"{set_codes().get(code, set_codes().get(code.upper(), code))} {int(number)}"


def find_refs(text: str) -> list[tuple[str, str]]:
    """Card references in a text, as (canonical ref, the card name printed before it or "")."""
    found: list[tuple[str, str]] = []
    for paren in re.finditer(r"\(([^()]{1,80})\)", text):
        for match in _ref_re().finditer(paren.group(1)):
            ref = normalise(match.group(1), match.group(2))
            before = paren.group(1)[: match.start()].rstrip(" ,")
            if before:  # "(such as Caught in a Web, CORE 86)"
                name = _name_at_end(before)
            else:
                name = _name_at_end(text[: paren.start()])
            found.append((ref, name))
    return found


def _name_at_end(text: str) -> str:
    text = text.rstrip()
    if text.endswith(("’s", "'s")):
        text = text[:-2]
    match = NAME_BEFORE.search(text[-80:])
    if not match:
        return ""
    words = match.group(1).split()
    while words and not words[0][:1].isupper():  # a name starts with a capital
        words.pop(0)
    return " ".join(words)
