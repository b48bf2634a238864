"""The case a question states, and whether a rule's sentence opening on a case says it the same way.

A player states the case in a when/if clause: "what happens to the Ringwraiths when they get
defeated?".  A rule's sentence opens on a case of its own: "If the Ringwraiths were not defeated,
Sauron wins the game.".  However many of the case's words the question holds, the sentence is
not the question's case when the question's clause holding them says them with the other
polarity: "were not defeated" is not "get defeated", "if nobody quests" is not "if a player
quests" (and "unless X" is the case of X not holding) (``deciding_sentence._same_case``).
"""

from __future__ import annotations

import re

from .patterns import Lazy
from .question_form import asking_sentence

# the grammatical negations of a clause ("fails", "loses" are outcomes, not negations)
NEGATION = Lazy(r"\b(?:not|no|never|cannot|nothing|none|nobody|neither|nor|unless)\b|n['’]t\b", re.I)
# a clause of the question stating its case, up to the next comma, semicolon, question mark or
# case, or up to the question asked after it with no comma ("if none of us quest this round does
# the staging area threat still hit us?": an auxiliary, then its subject)
QUESTION_CASE = Lazy(r"\b(?:if|when|whenever|once|while|unless)\b[^,;?]*?(?=\s+(?:if|when|whenever|once|while|unless)\b|"
                     r"[,;?]|$)", re.I)
ASKED_AFTER = Lazy(r"(?<=\w )\b(?:can|could|does|do|did|is|are|was|were|may|must|should|will|would|has|have)\s+"
                   r"(?:the|a|an|i|you|he|she|it|we|they|this|that|these|those|my|your|his|her|their|our|"
                   r"another|other|someone|anyone|each|every|both)\b", re.I)


def negated(text: str) -> bool:
    """Whether a clause is said in the negative ("were not defeated", "unless it is exhausted",
    "nobody quested", "can't")."""
    return NEGATION.search(text) is not None


def question_cases(question: str) -> list[str]:
    """The when/if clauses of the question's asking sentence (``question_form.asking_sentence``), each
    with its opening word: "what happens ... when they get defeated?" -> ["when they get defeated"]."""
    out = []
    for m in QUESTION_CASE.finditer(asking_sentence(question)):
        clause = m.group(0)
        after = ASKED_AFTER.search(clause)
        out.append((clause[:after.start()] if after else clause).strip())
    return out


def same_polarity(case: str, clause: str) -> bool:
    """Both said in the negative, or neither."""
    return negated(case) == negated(clause)


def polarity_differs(case: str, question: str, weigh) -> bool:
    """The question's when/if clause that shares most of a sentence case's words says them with
    the other polarity ("when they get defeated" against "If the Ringwraiths were not defeated");
    False when the question states no case or none of its clauses shares a word with it."""
    scored = [(weigh(case, against=clause), clause) for clause in question_cases(question)]
    scored = [(score, clause) for score, clause in scored if score > 0]
    if not scored:
        return False
    best = max(score for score, _ in scored)
    return not any(same_polarity(case, clause) for score, clause in scored if score >= best)
