"""The form of a player's question: which sentence asks (``asking_sentence``), whether it asks
yes or no, a number or something open (``question_form``), its clauses, and whether its case
is one of equal values (``is_tie``: "4 against 4", "tied")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .patterns import Lazy
from .sentences import sentences

AUXILIARIES = frozenset(
    "can could do does did is are was were may might must should will would has have am shall".split()
)
WH_WORDS = frozenset("what how which who whom whose where when why".split())
NEGATIONS = Lazy(
    r"\b(?:not|no|never|cannot|nothing|none|nobody|neither|nor|without)\b|n['’]t\b", re.I
)
# a yes/no question inside a sentence with no comma before it: an auxiliary, then its subject
INNER_ASK = Lazy(r"(?<=\w )\b(?:(?:can|could|does|do|did|is|are|was|were|may|must|should|will|would|has|have)\s+"
                 r"(?:the|a|an|i|you|he|she|it|we|they|this|that|these|those|my|your|his|her|their|our|"
                 r"another|other|someone|somebody|anyone|anybody|each|every|both)|am\s+i)\b", re.I)
# a statement that says the player does not know which of two things holds
WONDERS = Lazy(r"\b(?:whether|which of|which one)\b", re.I)
# a wh-word just before the auxiliary: the sentence asks what, not yes or no ("So which is ...?")
WH_BEFORE = Lazy(r"\b(?:what|which|who|whom|whose|where|when|why|how)(?:\s+(?:one|way|thing|part))?\s*$", re.I)
# a first question that only names the case the next one asks about
SETTING_QUESTION = Lazy(r"^\s*(?:what|how) (?:if|about)\b", re.I)
HOW_MANY = Lazy(r"\bhow (?:many|much)\b|\bwhat(?:'s| is) the (?:total|number|amount)\b|\bby how much\b", re.I)
FIRST_QUESTION = True

# the words and clauses of a question or a sentence (compiled on first use)
LETTER_RUN = Lazy(r"[A-Za-z]+")
LOWER_LETTERS = Lazy(r"[a-z]+")
LOWER_WORD = Lazy(r"[a-z']+")
WORD = Lazy(r"[A-Za-z']+")
# a wh-question, a preposition before its wh-word too ("at what threat do I ...?", "in which order ...?")
WH_OPENING = Lazy(r"^\s*(?:(?:at|in|on|by|for|from|to|with|after|before|during|under|until)\s+)?"
                  r"(?:what|how|which|who|whom|whose|where|when|why)\b", re.I)
CHECKS_OPENING = Lazy(r"^\s*(?:is it true|true or false|am i right|correct)\b", re.I)
CHECKS_CLOSING = Lazy(r"\b(?:correct|right)\s*\?\s*$", re.I)
CLAUSE_BREAK = Lazy(r"[,;:]|\bbut\b|\bor\b(?= (?:is|are|does|do|can|will|should|must|would|did)\b)")
CASE_CLAUSE = Lazy(r"^(?:if|when|while|after|before|in|during|say|assuming)\b", re.I)


@dataclass
class Form:
    """The shape of a question: yes/no, a number or open, and its clauses."""

    kind: str  # yesno, number, open
    clauses: list[str]  # the question's clauses (the yes/no clause first)
    claim: bool = False  # a statement to confirm, not a question


def asking_sentence(question: str) -> str:
    """The question proper: the first sentence asking something (what follows it usually
    asks about its consequences); a statement to confirm if none (its last sentence)."""
    text = " ".join(question.split())
    asked = [s for s in sentences(text) if s.rstrip().endswith("?")]
    target = (asked[0] if FIRST_QUESTION else asked[-1]) if asked else (sentences(text) or [text])[-1]
    if len(asked) > 1 and SETTING_QUESTION.match(asked[0]):  # "Say a character is killed? Are his MPs lost?"
        target = asked[1]
    return target


def question_form(question: str) -> Form:
    text = " ".join(question.split())
    asked = [s for s in sentences(text) if s.rstrip().endswith("?")]
    target = asking_sentence(question)
    claim = not asked
    if HOW_MANY.search(target) or (not asked and HOW_MANY.search(text)):
        return Form("number", [target])
    clauses = _clauses(target)
    if claim:
        opening = (LOWER_WORD.findall(target.lower()) or [""])[0]
        if opening in WH_WORDS or WONDERS.search(target):  # "I can't find ... whether X or Y": asks which
            return Form("open", clauses)
        if opening not in AUXILIARIES:
            return Form("yesno", clauses, claim=True)
    for clause in clauses:  # the first clause that asks ("Quick question about X, Y, Z: do actions ...?")
        first = WORD.findall(clause.lower())[:1]
        if first and first[0] in AUXILIARIES:
            ordered = [clause] + [c for c in clauses if c is not clause]
            return Form("yesno", ordered)
    if asked and not WH_OPENING.match(target):
        inner = INNER_ASK.search(target)  # "If you engage it does the enemy draw a shadow card?"
        if inner and not WH_BEFORE.search(target[:inner.start()]):  # not "So which is the right one?"
            return Form("yesno", [target[inner.start():].strip()] + clauses)
    if CHECKS_OPENING.match(target) or \
            CHECKS_CLOSING.search(target):
        return Form("yesno", clauses, claim=True)
    return Form("open", clauses)


def _clauses(text: str) -> list[str]:
    """A sentence cut at commas, semicolons, 'but' and 'or' (a leading 'if ...' clause dropped
    from the front of the list, kept at its end: it is the case, not the question)."""
    parts = [p.strip() for p in CLAUSE_BREAK.split(text) if p and p.strip()]
    lead = [p for p in parts if CASE_CLAUSE.match(p)]
    rest = [p for p in parts if p not in lead]
    return (rest + lead) or [text]


def _negative(text: str) -> bool:
    return NEGATIONS.search(text) is not None


# -- equal values ---------------------------------------------------------------------------

TIE_WORDS = Lazy(r"\b(?:tie|ties|tied|tying|equal|equals|equally|even|same (?:value|number|amount|total|score)|"
                 r"as (?:much|many|high) as)\b|\b(\d+)\s*(?:against|vs\.?|versus|to|-)\s*(\d+)\b", re.I)
STRICT = Lazy(r"\b(?:greater|higher|more|less|lower|fewer|larger|smaller)\s+than\b|\bexceeds?\b|"
              r"\b(?:is|are) (?:greater|higher|lower|larger|smaller)\b|\bovercame\b|\boutnumbers?\b", re.I)
# a comparison that speaks of equality ("is equal to the score", not "equal to the difference")
EQUALITY = Lazy(r"\b(?:(?:is|are|be|was|were) equal|equals|ties?|tied|(?:the )?same as|at least|at most|"
                r"or more|or less|or greater|or higher|or lower|or fewer)\b", re.I)
_FIGURE = Lazy(r"\b(\d+)\b")


def is_tie(question: str) -> bool:
    """The question's case is one of equal values: it says so ("tied", "4 against 4", "the
    same total"), or it gives two or more figures, all the same ("a willpower of 4 ... a
    threat of 4"), and does not add them up ("2 MP + 2 MP")."""
    for m in TIE_WORDS.finditer(question):
        if m.group(1) is None or m.group(1) == m.group(2):
            return True
    if ADDED.search(question):  # "his 2 MP + the 2 MP": figures added up, not compared
        return False
    figures = _FIGURE.findall(question)
    return len(figures) >= 2 and len(set(figures)) == 1


# two figures added up ("2 MP + the 2 MP", "1 plus 1")
ADDED = Lazy(r"\d[^.?!\d]{0,40}(?:\+|\bplus\b|\bin addition to\b)[^.?!\d]{0,40}\d", re.I)


def prefers_equality(question: str):
    """For a question about equal values, a sentence that speaks of equality decides first."""
    return EQUALITY if is_tie(question) else None
