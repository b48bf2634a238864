"""The action a can/may/must question asks about, and the sentences that rule on it.

"can we travel if there's already an active location?" asks whether one may take an action
(travel) in a case (another location is active).  Of the record on active locations, the
sentence ruling on that action ("The players cannot travel if another location card is
active.") answers it; a sentence opening on the action as its own case ("When the players
travel to a location, it is removed from the staging area ...") says how the action goes, not
whether it may be taken, and is not the question's case however many of its words the question
holds (``deciding_sentence._same_case``).

``asked_action(question)``: the stemmed verb after the modal and a pronoun subject ("can we
travel" -> "travel", "must I declare" -> "declar"); None when the question asks no such thing.
``opens_on(case, action)``: a sentence's case is that action.
"""

from __future__ import annotations

import re

from .patterns import Lazy

MODAL_QUESTION = Lazy(r"^\W*(?:so\s+|and\s+|but\s+)?(?:can|could|may|might|must|should|do|does|am|is|are|will|would|"
                      r"have|has)(?:n['’]?t)?\s+(?:i|we|you|he|she|they|it|one)\s+(?:still\s+|also\s+|ever\s+|then\s+|"
                      r"not\s+|just\s+|even\s+|now\s+|really\s+|actually\s+|be\s+able\s+to\s+|have\s+to\s+|need\s+to\s+|"
                      r"choose\s+to\s+|decide\s+to\s+)*([a-z]+)", re.I)
# a question's verb that names no action (what is, what counts, what one has)
NOT_ACTIONS = frozenset("be have get do go know see find need want use".split())


def asked_action(question: str) -> str | None:
    from .question_index import stem
    from .question_form import asking_sentence

    found = MODAL_QUESTION.match(asking_sentence(question))
    if found is None:
        return None
    verb = found.group(1).lower()
    return None if verb in NOT_ACTIONS else stem(verb)


def opens_on(case: str, action: str) -> bool:
    """A sentence's case (its when/if clause) is the action itself ("the players travel to a
    location" for "travel")."""
    from .question_index import words

    return any(w.startswith(action) for w in words(case))
