"""The next step of a procedure: the sentence right after the deciding sentence that goes on
from the very thing it ends on ("When a goblin is caught, its torch is put out. After its torch
is put out, the goblin is sent to the pit.").

A player asking what happens, or what to do with a thing, asks for the whole of it, and a rule
often says it in two steps: the second opens "After ..." or "Once ..." on what the first one
said had happened (its words, all of them, are the first sentence's) and says where the thing
goes next.  The deciding sentence alone then stops halfway.  For an open question (what, how,
where: no yes or no, no figure is read from the sentence), the next step is shown after it,
as the documents say it.
"""

from __future__ import annotations

import re

from .patterns import Lazy

# a sentence going on from the one before: "After/Once its/the/this ... <clause>, ..."
GOES_ON = Lazy(r"^(?:after|once)\s+((?:its|their|the|this|that|these|those|it|they)\b[^,.;]{0,80}),", re.I)


def next_step(record, shown: str, question: str) -> str | None:
    """The sentence of ``record`` right after the one ``shown`` ends with, when it goes on
    from what that sentence says has happened (``GOES_ON``, its clause's words all the shown
    sentence's) and ``question`` is an open one; None otherwise."""
    from .question_form import question_form
    from .question_index import words
    from .sentences import sentences

    if not shown or question_form(question).kind != "open":
        return None
    end = " ".join(shown.split())
    for block in record.blocks:
        if block.example or not block.text.strip():
            continue
        parts = [" ".join(p.split()) for p in sentences(block.text)]
        for i, part in enumerate(parts[:-1]):
            if not end.endswith(part):
                continue
            opening = GOES_ON.match(parts[i + 1])
            said = set(words(opening.group(1))) if opening else set()
            if said and said <= set(words(part)):
                return parts[i + 1]
    return None

