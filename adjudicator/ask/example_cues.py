"""What marks a name a player gives as an instance of something said: "for example", "e.g.",
"such as", ... one table of the cues as players write them, and the named subsets each reading
of a question uses.

- ``BEFORE_A_NAME``: a card, scenario or term named right after one of these is an example, not
  what is asked about ("... sent back to staging (e.g. with Grey Lantern)", "cards such as
  Grey Lantern", "like Grey Lantern", "say Grey Lantern"): ``entities``;
- ``OPENING_A_SENTENCE``: a sentence opening with one of these gives an instance of the question
  asked before it ("May a card only go on a hero of its sphere? For example, can I play X on Y?"):
  its cards are examples (``card_context``).  "such as", "like" and "say" open sentences of every
  kind ("Like I said, ...") and are not read there;
- ``NARROWING``: a name after one of these, or in brackets, may say precisely the general noun of
  its clause ("cards from your hand (Attachments)", "cards that ..., such as Treacheries"): the
  subject itself, not an example (``asking_clause.narrows``).  "namely" and "i.e." restate what was
  said and never give an example; "for example", "for instance", "e.g." and "say" always do.
"""

from __future__ import annotations

import re

from adjudicator.compiled import regex

# each cue as players write it (case is ignored): "e.g." with or without its dots or a space
# between ("eg", "e.g", "e. g."), "i.e." likewise
WRITTEN = {
    "for example": r"for example",
    "for instance": r"for instance",
    "e.g.": r"e\.?\s?g\b\.?",
    "such as": r"such as",
    "like": r"like",
    "say": r"say",
    "namely": r"namely",
    "i.e.": r"i\.?e\.?",
}
BEFORE_A_NAME = ("e.g.", "for example", "for instance", "such as", "like", "say")
OPENING_A_SENTENCE = ("for example", "for instance", "e.g.")
NARROWING = ("such as", "like", "namely", "i.e.")


def cues(names: tuple[str, ...]) -> str:
    """A pattern matching any cue of ``names``, each as a whole word."""
    return "(?:" + "|".join(rf"\b{WRITTEN[name]}" for name in names) + ")"


# the cue just before a name (at the end of the text before it), with what may stand between:
# "e.g. with X", "such as: X", "for example by X"
EXAMPLE_BEFORE = regex(cues(BEFORE_A_NAME) + r"[\s,:]*(?:with |by |from )?$", re.I)
# a sentence opening with a cue ("For example, can I ...?", "E.g. ...")
OPENS_EXAMPLE = regex(r"\s*" + cues(OPENING_A_SENTENCE), re.I)
# a bracket or a narrowing cue just before a name ("cards (Attachments", "such as Treacheries")
NARROWING_BEFORE = regex(r"(?:\(\s*|" + cues(NARROWING) + r",?\s+)$", re.I)
