"""The rule's passage: a rule stated over two sentences is shown whole.

Rulebooks often state a rule in two sentences: the statement, then a sentence that goes on from it
(an addition, "Additionally, the active location is also in play."; a remark on it, "Note that if
...", "Example: ..."; the statement's exception or its own case, "If that location is immune, ...";
what happens instead, "... are instead placed on ..."; or a summing up of the cases the first one
stated, "There is no difference between ..."), or a statement and then a detail that leans on it
("Each copy of an ability with such a limit ...", "a resource match is still required").  Shown
alone, either half misleads: the detail without the rule it details, the rule without the
sentence that says how it ends.

So the sentence `ask` chooses (the choice is not changed) is shown with the sentence right before
it when it goes on from that one, and with the sentence right after it when that one goes on from
it.  Whether a sentence goes on from the one before is read from the later sentence's own words
alone, a linguistic mark (``goes_on``), never from the question's words.  Both sentences are the
same record's (its citation covers both), adjacent in its order, across a paragraph or bullet
boundary but not across a heading, and not from a rule into a worked example.  The passage stays
within ``deciding_sentence.MAX_SHOWN``: when the two together would be cut, they are not joined.
"""

from __future__ import annotations

import re

from .patterns import Lazy

# the later sentence opens by adding to or remarking on the one before
ADDS_OR_REMARKS = Lazy(r"^(?:additionally|in addition|also|likewise|similarly|note that|therefore|thus|"
                       r"as a result|consequently|if so|if not|either way|example\s*:|for (?:example|instance)|"
                       r"in (?:either|both|each|this|that|such a) cases?|however|instead|otherwise|but|"
                       r"this|that|these|those|such)(?!\w)", re.I)
# the later sentence refers back to what the one before says, wherever the reference stands
REFERS_BACK = Lazy(r"\bsuch (?:a|an)\b|\binstead\b|\balso\b|\bstill\b|"
                   r"\b(?:if|when|whenever|while|once|unless|whether) (?:this|that|these|those|such)\b", re.I)
# the later sentence sums up the cases the one before states, ruling them alike
# (a sentence opening on its own cases, "Whether A or B, ... the same", states them: it sums up nothing
# said before it)
SUMS_UP = Lazy(r"\bno difference\b|\b(?:is|are) the same\b(?!\s+(?:as|or)\b)|\beither way\b|\bin (?:either|both) cases?\b|\balike\b",
               re.I)

OWN_CASES = Lazy(r"^(?:whether|regardless|no matter)\b", re.I)


def goes_on(later: str) -> bool:
    """Whether ``later`` goes on from the sentence before it, by its own words: an opening that
    adds to or remarks on it, a reference back to it, or a summing up of its cases."""
    text = later.strip()
    sums_up = SUMS_UP.search(text) is not None and OWN_CASES.match(text) is None
    return bool(ADDS_OR_REMARKS.match(text) or REFERS_BACK.search(text) or sums_up)


def neighbours(record, block_index: int, sentence_index: int, split) -> tuple[str, str]:
    """(the sentence right before, the sentence right after) the sentence ``sentence_index`` of the
    record's block ``block_index`` (``record.blocks``' order; ``split`` cuts a text into sentences):
    across a paragraph or bullet boundary, not across a heading, and not from a rule block into a
    worked example (an example's opening may take the rule sentence before it).  An empty string
    where there is none."""
    blocks = record.blocks
    block = blocks[block_index]
    parts = split(block.text)
    before = parts[sentence_index - 1] if sentence_index > 0 else ""
    after = parts[sentence_index + 1] if sentence_index + 1 < len(parts) else ""
    if not before and block_index > 0:
        previous = blocks[block_index - 1]
        if previous.style != "heading" and previous.text.strip() and (block.example or not previous.example):
            before = (split(previous.text) or [""])[-1]
    if not after and block_index + 1 < len(blocks):
        following = blocks[block_index + 1]
        if following.style != "heading" and following.text.strip() and (block.example or not following.example):
            after = (split(following.text) or [""])[0]
    return before, after


# a sentence ends on . ! or ?, maybe inside a closing quote or bracket: a title ("Leadership Sphere") or
# a chart's line ("2.1 Planning phase begins") is not a sentence a rule goes on from
ENDS_SENTENCE = Lazy(r"[.!?][\"”’')\]]*\s*$")


def passage(shown: str, before: str, after: str, most: int) -> str:
    """``shown`` with ``before`` put in front when ``shown`` goes on from it, then with ``after``
    put behind when it goes on from ``shown``, each only while the whole stays within ``most``
    characters and each of the two is a whole sentence; ``shown`` unchanged otherwise."""
    out = shown
    if not ENDS_SENTENCE.search(shown):
        return out
    before = before if ENDS_SENTENCE.search(before) else ""
    after = after if ENDS_SENTENCE.search(after) else ""
    if before and goes_on(shown) and not holds(out, before) and _length(before, out) <= most:
        out = before.strip() + " " + out
    if after and goes_on(after) and not holds(out, after) and _length(out, after) <= most:
        out = out + " " + after.strip()
    return out


def holds(text: str, sentence: str) -> bool:
    return " ".join(sentence.split()) in " ".join(text.split())


def _length(*texts: str) -> int:
    return len(" ".join(" ".join(t.split()) for t in texts))
