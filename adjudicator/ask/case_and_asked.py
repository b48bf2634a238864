"""The case a question states and what it asks about that case.

"When a player is eliminated, what happens to the enemies engaged with him?" states a case (a
player eliminated) and asks about something in it (the enemies engaged with him).  A rule
sentence that opens on the same case ("When a player is eliminated, ...") is about the question's
case, but it answers the question only if what it goes on to say, after its case, speaks of
something the question asks about: "When a player is eliminated, his hand and deck are
discarded" rules the case without a word on the enemies.  Such a sentence is not preferred as
the question's own case (``deciding_sentence._same_case``); the one naming the enemies is.
"""

from __future__ import annotations

import re

from .patterns import Lazy

# a wh-word asking for a thing, in a question or in a statement that asks ("... what happens to
# the enemies engaged with him"): what, which, who, and "where" asking a place ("where do
# they go", not the relative "an effect where they get +1")
WH_THING = Lazy(r"\b(?:what|which|who|whom)\b|\bwhere\s+(?:do|does|did|is|are|was|were|will|would|should|can|could|must)\b",
                re.I)


def asks_for_a_thing(question: str) -> bool:
    """The question asks for a thing (what happens to it, which, where, who), not yes or no."""
    from .question_form import asking_sentence, question_form

    return question_form(question).kind != "yesno" or WH_THING.search(asking_sentence(question)) is not None


def answers_beyond_case(sentence: str, case_end: int, question: str, case: str) -> bool:
    """Whether the part of ``sentence`` after its case clause (from ``case_end``) holds a word
    of the question's asking sentence that is not one of the case's own words (``case``)."""
    from .question_form import asking_sentence
    from .question_index import words

    asked = set(words(asking_sentence(question))) - set(words(case))
    return bool(asked & set(words(sentence[case_end:])))
