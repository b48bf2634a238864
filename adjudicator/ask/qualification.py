"""A rule's qualification: the sentence right after a rule that goes on about the same point
and narrows or completes it.

Rulebooks state a rule and then, in the next sentence, what the reader must not conclude from
it: "However, once the horn is blown, no goblin may leave the cave.", "This is not the same as
being banished.", "Such a goblin goes from a bruised to a sleeping position.", "This happens
just after ...".  Such a sentence has no subject of its own (it opens on "however",
"instead", "otherwise", "but", or a demonstrative: "this", "that", "these", "such"), so it is
never shown alone; and the rule before it, shown without it, says less than the record and can
say the opposite of it (a rule stated without the exception that decides the question).  So the
sentence `ask` shows is followed by the qualifications that lean on it, in the record's order,
within the same paragraph.  An example ("For example, ...") illustrates the rule and does not
qualify it: it is not added.
"""

from __future__ import annotations

import re

from .patterns import Lazy

# a sentence that goes on about the point of the one before it: a contrast or an alternative
# ("However, ...", "Instead, ...", "Otherwise, ...", "But ..."), or a demonstrative standing
# for what the sentence before says ("This means ...", "This damage ...", "Such a character ...",
# "In this case, ...")
QUALIFIES = Lazy(r"^(?:however|instead|otherwise|but|this|that|these|those|such|in (?:this|that|such a) case)(?!\w)",
                 re.I)
# at most this many sentences follow the one chosen (a rule shown with the sentences it leans on
# is not followed further: ``deciding_sentence``)
MOST = 1


def qualifications(parts: list[str], i: int) -> list[str]:
    """The sentence after ``parts[i]`` (one paragraph's sentences) when it qualifies it (at most
    ``MOST`` of them, each leaning on the one before)."""
    out: list[str] = []
    for sentence in parts[i + 1: i + 1 + MOST]:
        if not QUALIFIES.match(sentence):
            break
        out.append(sentence)
    return out
