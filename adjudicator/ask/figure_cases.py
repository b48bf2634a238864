"""Which case of a rule a question's figure falls in.

A rule often splits its cases by a figure: a corruption check failed "by two or more" eliminates,
one failed by "one less than" the total discards; a hero "with 3 or less" corruption cards may
take a dark path.  A question that sets its case by a figure ("what happens when a character
fails a corruption check by 3?") is the case whose range holds that figure, and not a case whose
every stated figure leaves it out.

``case_of(question, sentence)``: +1 when a range the sentence states holds one of the question's
figures, -1 when the sentence states ranges or offsets and none holds any of them, 0 when the
question gives no figure or the sentence states no range (nothing to tell its cases apart by).
"""

from __future__ import annotations

import re

from .patterns import Lazy

WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9, "ten": 10, "once": 1, "twice": 2}
_FIG = r"(\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten)"
INFINITE = 10 ** 6

# "two or more", "3 or less": from the figure up, or down to it
OR_MORE = Lazy(_FIG + r"\s+or\s+(more|greater|higher|above|less|fewer|lower|below)\b", re.I)
# "at least 2", "no more than 3", "more than 1", "fewer than 4"
BOUND = Lazy(r"\b(at least|at most|no more than|no less than|no fewer than|more than|greater than|higher than|"
             r"less than|fewer than|lower than)\s+" + _FIG + r"\b", re.I)
# "one less than the character's corruption point total": an offset of exactly the figure
OFFSET = Lazy(r"\b" + _FIG + r"\s+(?:less|more|fewer|greater|higher|lower)\s+than\b", re.I)
EQUAL = Lazy(r"\bequal\s+to\b", re.I)
# the figure a question gives as its case: in a clause that sets the case ("when a character
# fails a corruption check by 3", "if he has 4 corruption cards").  A figure a yes/no question
# puts to the rule ("can a character have three restricted attachments?") is what the rule's
# limit decides, not a case to pick the rule's sentence by; one asked for ("how many") is none
CASE_CLAUSE = Lazy(r"\b(?:if|when|whenever|once|after|while)\b([^,;?]*)", re.I)
GIVEN = Lazy(r"\b" + _FIG + r"\b", re.I)


def _value(raw: str) -> int:
    raw = raw.lower()
    return int(raw) if raw.isdigit() else WORDS[raw]


def ranges(sentence: str) -> list[tuple[int, int]]:
    """The ranges of a figure the sentence states, each (low, high) inclusive: "two or more"
    (2, many), "at most 3" (0, 3), "one less than" (1, 1) and, beside such an offset, "equal to"
    (0, 0)."""
    found: list[tuple[int, int]] = []
    taken: list[tuple[int, int]] = []
    for m in OR_MORE.finditer(sentence):
        n = _value(m.group(1))
        up = m.group(2).lower() in ("more", "greater", "higher", "above")
        found.append((n, INFINITE) if up else (0, n))
        taken.append(m.span())
    for m in BOUND.finditer(sentence):
        n, word = _value(m.group(2)), m.group(1).lower()
        if word in ("at least", "no less than", "no fewer than"):
            found.append((n, INFINITE))
        elif word in ("at most", "no more than"):
            found.append((0, n))
        elif word in ("more than", "greater than", "higher than"):
            found.append((n + 1, INFINITE))
        else:
            found.append((0, max(0, n - 1)))
        taken.append(m.span())
    offsets = [m for m in OFFSET.finditer(sentence)
               if not any(a <= m.start() < b for a, b in taken)]
    for m in offsets:
        n = _value(m.group(1))
        found.append((n, n))
    if offsets and EQUAL.search(sentence):
        found.append((0, 0))
    return found


# a margin the question states ("failed by exactly one", "missed it by 2"): the case's figure,
# wherever the question says it.  (A tie, "my roll equals his body", is not read as a case of
# 0: on the asked questions it moved a corruption check's tie sentence ahead for a body check.)
MARGIN = Lazy(r"\bby\s+(?:exactly\s+|just\s+|only\s+)?" + _FIG + r"\b", re.I)


def given_figures(question: str) -> set[int]:
    """The figures the question gives in the clauses that set its case (``CASE_CLAUSE``) and
    the margin it states ("by exactly one")."""
    found = {_value(m.group(1)) for clause in CASE_CLAUSE.finditer(question) for m in GIVEN.finditer(clause.group(1))}
    return found | {_value(m.group(1)) for m in MARGIN.finditer(question)}


def case_of(question: str, sentence: str) -> int:
    """+1: the sentence's stated range holds a figure the question gives; -1: it states ranges
    and none holds any; 0: nothing to compare."""
    figures = given_figures(question)
    if not figures:
        return 0
    stated = ranges(sentence)
    if not stated:
        return 0
    return 1 if any(low <= f <= high for f in figures for low, high in stated) else -1
