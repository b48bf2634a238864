"""A question asking permission, and the sentence that restricts what it asks.

"Can I ...?", "May I ...?", "Do I need to ...?", "Is it allowed to ...?", "... as many times as
I want?", "... again?" ask whether an action is allowed, required or repeatable.  A record on
the action states it ("a goblin may swap torches", "trolls are allowed to shout") and then limits
it ("a troll cannot shout at another troll's goblin", "no further torches may be lit", "must
pay a toll first", "only one", "a single goblin"): the limit is what such a question
turns on, since the permission alone is what the player already assumes.  Of a record's
sentences, one that restricts (a negated modal, "must", "only", "no further", "single", "once")
counts ``RESTRICTION_PREFERRED`` more for such a question (``deciding_sentence``).
"""

from __future__ import annotations

import re

from .patterns import Lazy

RESTRICTION_PREFERRED = 1.3
# the clause that asks, anywhere in it ("to move an item, do I need ...?"): a modal before its
# subject (a question's order: "can I", not "if I can"), "do I need (to)", "do I have to", "is it
# allowed", "am I allowed"; or a repetition ("again", "as many times", "more than once", "twice")
ASKS_PERMISSION = Lazy(
    r"(?:^|(?<=[\s,;:(\-]))(?:(?:can|could|may|might|must)(?:n['’]?t|\s+not)?\s+"
    r"(?:i|we|you|he|she|they|it|one|a|an|the|my|our|your|his|her|their|this|that|these|those|someone|anyone|"
    r"players?|heroe?s?|characters?)\b"
    r"|(?:do|does|did)(?:n['’]?t)?\s+(?:i|we|you|he|she|they|one)\s+(?:still\s+)?(?:need|have)\s+to\b"
    r"|(?:do|does)\s+(?:i|we|you|he|she|they|one)\s+need\b"
    r"|(?:is|are)\s+(?:it|that|this|they)\s+(?:legal|allowed|permitted|possible)\b"
    r"|(?:am|are|is)\s+(?:i|we|you|he|she|they)\s+(?:allowed|permitted|able)\b)",
    re.I)
# English words for doing or happening again (a closed class, not a list of asked questions'
# words; "how many times" is not among them: it asks a number, never yes or no)
REPEATS = Lazy(r"\b(?:again|as many times|more than once|more than one time|twice|a second time|once more|"
               r"one more time|every time|each time)\b", re.I)
# a restriction: a negated modal or verb, an obligation, a limit
RESTRICTS = Lazy(r"\b(?:cannot|can['’]t|can not|may not|must not|must|only|never|no (?:further|more|other|additional)|"
                 r"(?:does|do|is|are|was|were) not|single|once)\b", re.I)


def asks_permission(question: str) -> bool:
    """The question asks whether an action is allowed, required or may be repeated: its asking
    clause (``question_form``, the yes/no clause) opens on a modal and its subject, "do I need
    to", "is it allowed", or it asks about doing a thing again."""
    from .question_form import asking_sentence, question_form

    form = question_form(question)
    if form.kind != "yesno":
        return False
    asked = form.clauses[0] if form.clauses else asking_sentence(question)
    return ASKS_PERMISSION.search(asked) is not None or REPEATS.search(asking_sentence(question)) is not None


def restricts(sentence: str) -> bool:
    return RESTRICTS.search(sentence) is not None
