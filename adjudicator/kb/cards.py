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

# a card's name: capitalised words and the small words titles keep lowercase ("Driven by
# Shadow", "The Door is Closed"), ending in a word or a quest card's stage ("Return to
# Rhosgobel 3B")
NAME_BEFORE = regex(
    r"((?:[A-Z][\w'’\-!]*|of|the|in|a|from|and|to|de|on|by|is)"
    r"(?:\s+(?:[A-Z][\w'’\-!]*|of|the|in|a|from|and|to|on|de|by|is|\d[AB]))*)\s*$"
)
# what stands before a name at the start of a question or clause and is not part of it: the
# question's own opening ("If Eleanor ...", "Does Dungeon Jailer ...", "After False Lead ..."),
# the side of a quest card ("side B of The Hunt Begins") and an ability named on its card ("the
# Quest Action on Nenya")
NOT_OF_THE_NAME = regex(
    r"^(?:(?:If|When|Whenever|While|After|Before|Does|Do|Is|Are|Can|Could|May|Should|Will|Would|How|What|Why|Where)\s+)+"
    r"|^[AB]\s+of\s+"
    r"|^(?:(?:Quest|Planning|Combat|Travel|Refresh|Resource|Encounter)\s+)?(?:Action|Response|Forced)\s+on\s+"
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
    while True:
        while words and not words[0][:1].isupper():  # a name starts with a capital
            words.pop(0)
        name = " ".join(words)
        shorter = NOT_OF_THE_NAME.sub("", name, count=1)
        if shorter == name:
            return name
        words = shorter.split()
