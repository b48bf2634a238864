"""Repairs of the Quest Companion's damaged text: encoding slips, typos, dropped icons.

The website dump lost its game icons and some of its characters.  `repair_line` turns
one raw line into clean text and says which repairs it made; `normal_key` turns a
paragraph into the key used to recognise repeated paragraphs.  Icons are restored
only where the sentence itself names the keyword that decides them (Battle counts
attack, Siege counts defense, archery damage is not blocked by defense); every
restored icon is written in brackets, ``[attack]``, so a reader sees it was inferred.
"""

from __future__ import annotations

import re

from adjudicator.kb.names import unaccented

NBSP = "\u00a0"

# Encoding slips: (pattern, replacement, label).
_MOJIBAKE: tuple[tuple[str, str, str], ...] = (
    ('"\u02dc', "'", "mojibake: opening quote"),
    ('"\u201c', " - ", "mojibake: dash"),
    ("\ufffd", "", "mojibake: stray byte"),
    ("\u201c", '"', ""),
    ("\u201d", '"', ""),
    ("\u2019", "'", ""),
    ("\u2018", "'", ""),
)

# Typos and fused words attested in the dump: (regex, replacement, label).
_TYPOS: tuple[tuple[str, str, str], ...] = (
    (r"\bressource", "resource", "typo"),
    (r"\bInvestigage\b", "Investigate", "typo"),
    (r"\bfin d\b", "find", "typo"),
    (r"\bdirectlyinteract", "directly interact", "fused words"),
    (r"\bdefenderagainst", "defender against", "fused words"),
    (r"\btwoencounter", "two encounter", "fused words"),
    (r"\bFleetencounter", "Fleet encounter", "fused words"),
    (r"\bDimscenario", "Dim scenario", "fused words"),
    (r"Leaf - wrapped", "Leaf-wrapped", "spacing"),
    (r"\bnon- (?=[a-z])", "non-", "spacing"),
    (r"\ba - \d+ - player\b", "a player", "page number inside a sentence"),
    (r"(?<=[a-z])\?(?=(s|re|t|ll|ve|d)\b)", "'", "question mark for an apostrophe"),
    (r"(?<=\s)\?([A-Za-z][A-Za-z ]{2,30})\?(?=[\s.,])", r'"\1"', "question mark for a quote"),
    (r"\brated by 0 player\b", "rated by 0 players", "singular"),
)

# Dropped icons, restored where the sentence names its keyword.
_ICONS: tuple[tuple[str, str, str], ...] = (
    (
        r"(battle keyword, when characters are committed to that quest, they count their) total instead of their total",
        r"\1 [attack] total instead of their [willpower] total",
        "icon restored (inferred from the Battle keyword): attack instead of willpower",
    ),
    (
        r"(siege keyword, when characters are committed to that quest, they count their) total instead of their total",
        r"\1 [defense] total instead of their [willpower] total",
        "icon restored (inferred from the Siege keyword): defense instead of willpower",
    ),
    (
        r"(staging area still use their) in opposition",
        r"\1 [threat] in opposition",
        "icon restored (inferred): staging area opposes with threat",
    ),
    (
        r"\bRemember that does not block archery damage",
        "Remember that [defense] does not block archery damage",
        "icon restored (inferred from the Archery keyword): defense",
    ),
)

_NEEDLES = (
    "ressource", "Investigage", "fin d", "directlyinteract", "defenderagainst", "twoencounter", "Fleetencounter",
    "Dimscenario", "Leaf - wrapped", "non- ", " - ", "?", "?", "rated by 0 player",
    "battle keyword", "siege keyword", "staging area still use", "Remember that does",
)
# (pattern, replacement, label, a literal that must occur for the pattern to match)
_COMPILED = [(re.compile(p), r, label, needle) for (p, r, label), needle in zip(_TYPOS + _ICONS, _NEEDLES)]


def repair_line(raw: str) -> tuple[str, list[str]]:
    """Clean one line of the dump; return the text and the labels of the repairs made."""
    notes: list[str] = []
    text = raw.replace(NBSP, " ")
    for bad, good, label in _MOJIBAKE:
        if bad in text:
            text = text.replace(bad, good)
            if label:
                notes.append(label)
    for pattern, repl, label, needle in _COMPILED:
        if needle not in text:
            continue
        new = pattern.sub(repl, text)
        if new != text:
            notes.append(label)
            text = new
    text = text.rstrip()
    if "  " in text:
        text = re.sub(r"(?<=\S) {2,}(?=\S)", " ", text)
    return text, notes


def repaired_lines(lines: list[str]) -> list[str]:
    """Every line of the dump with its repairs made (what the records' text is cut from)."""
    return [repair_line(line)[0] for line in lines]


def lower_unaccented(text: str) -> str:
    """Lower case without accents: the form paragraphs and names are keyed in."""
    return unaccented(text).lower()


def normal_key(text: str) -> str:
    """The key under which two copies of a paragraph count as the same paragraph."""
    text = lower_unaccented(text.replace(NBSP, " "))
    text = re.sub(r"[^a-z0-9]+", " ", text)
    return text.strip()


def name_key(name: str) -> str:
    """The key a card, scenario or keyword name is looked up by."""
    text = lower_unaccented(name).replace("&", " and ")
    text = re.sub(r"['\u2019]", "", text)
    text = re.sub(r"[^a-z0-9]+", " ", text)
    return " ".join(text.split())
