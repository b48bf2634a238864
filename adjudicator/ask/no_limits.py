"""A rule that sets no limit to how many of a thing there may be, and the yes or no it gives
(reading "no-limit").

Rules say in so many words that a count has no bound: "there is no limit to the number of
tokens that may lie on a tile", "there is no maximum hand size".  Players ask the same thing
from the other side: "can a tile hold more than one token?", "can I stack two tokens on the
same tile?", "is there a limit to how many tokens a tile holds?".  The denied limit is a
permission, not a "no" (the polarity reading, ``readings``, takes it for neither: its
``DENIED_LIMIT``), so

- a question whether a player may have, put or do more than one of the thing ("more than
  one", "two or more", "multiple", "several", "twice", "more than 3") is a yes;
- a question whether there is a limit or a maximum to it is a no;

and only when every other word the question asks with is the rule's too: the thing counted,
the verb, where it is (a character the question names, "hero", stands in the rule's "card"),
so that a question about another bound ("per turn", "with the same title", "restricted") is
not read; nor when the question or the rule says "not", "only", "unless", "except", offers an
alternative or gives another figure, nor when the rule qualifies its own permission ("...,
although ...", "but ..."), nor when the question names a card (its own text, or its being
unique or restricted, may set the limit the rule does not).  Counted before it was built (session 18): the players' readable
tune rounds 0, 7, 8 and 9 hold two such questions decided by such a rule (rounds 7 and 9), and
the permission class they belong to (a rule allowing what a "can I ...?" asks) ten in all four
rounds.

The reading is adjudicator's (basis "inferred", kind ``READING``), labelled so when shown.
"""

from __future__ import annotations

import functools
import re

from .patterns import Lazy

READING = "no-limit"

# "there is no limit to the number of X that ...", "there is no maximum X", "no limit on how many X ..."
NO_LIMIT = Lazy(r"\bthere\s+(?:is|are)\s+no\s+(?:limit|maximum|restriction|cap)\s+(?:to|on|for)\s+"
                r"(?:the\s+(?:number|amount)\s+of|how\s+many)\s+(?P<what>[^.;:]+)", re.I)
NO_MAXIMUM = Lazy(r"\bthere\s+(?:is|are)\s+no\s+maximum\s+(?P<what>[a-z ]+?)\s*(?:[.;:]|$)", re.I)
# the question asks for more than one of the thing
MANY = Lazy(r"\b(?:more\s+than\s+(?:one|1|once|\d+)|(?:two|2|three|3)\s+or\s+more|multiple|several|twice|"
            r"a\s+second|another)\b", re.I)
# the question asks whether there is a bound
ASKS_BOUND = Lazy(r"^\W*(?:is|are)\s+there\s+(?:a|an|any)\s+(?:limit|maximum|max|cap|restriction)\b", re.I)
ASKS_LEAVE = Lazy(r"^\W*(?:can|could|may)\b", re.I)
# what neither may say: a denial, a restriction, an alternative, a qualification
NOT_PLAIN = Lazy(r"\b(?:not|never|cannot|only|unless|except|without|but|although|though|however|instead|either|"
                 r"must)\b|n['’]t\b", re.I)
# an alternative the question offers ("one or two?", "... or is there a limit?")
ALTERNATIVE = Lazy(r"\bor\b", re.I)
# a figure other than the many asked about; "one" is left, as the one thing the many are on ("to one hero")
NUMBER = Lazy(r"\b\d+\b|\b(?:two|three|four|five|six|seven|eight|nine|ten)\b", re.I)
# the words by which a question counts or places its many ("to the same hero", "onto one card"):
# what it asks is how many, not more than the rule says
COUNTING = frozenset("one same single number limit maximum max cap restriction".split())
# "twice" or "more than once" counts the thing only put on one place ("attached twice to the same hero")
ON_ONE = Lazy(r"\b(?:to|on|onto)\s+(?:the\s+same|one|a\s+single)\s+([a-z]+)", re.I)
# "twice on the same turn" is how often, not on how many places
TIMES = frozenset("turn turns round rounds phase phases time times day days game games step steps".split())
REPEATED = Lazy(r"\b(?:twice|more\s+than\s+once)\b", re.I)
# the words for the one asking, and the players: the rule's subject, or no one in particular
ASKERS = frozenset("player players someone anyone one".split())
# the cards a question names where the rule says "card" or "game element": the characters things
# are put on (an enemy, a location ... take what their own text allows: not read)
CARD_TYPES = "hero ally character card"


def _stems(text: str) -> list[str]:
    from .readings import content_words

    return content_words(text)


def _held(word: str, said: list[str]) -> bool:
    from .readings import same_word

    return any(same_word(word, w) for w in said)


@functools.cache
def _stemmed(words: frozenset[str]) -> frozenset[str]:
    """The stems of ``words``, made once per word list (``_card_type``, ``_counting``)."""
    from .question_index import stem

    return frozenset(stem(w) for w in words)


def _card_type(word: str) -> bool:
    return word in _stemmed(frozenset(CARD_TYPES.split()))


def _counting(word: str) -> bool:
    return word in _stemmed(COUNTING | ASKERS)


def _many_of(clause: str, counted: str, asked: str = "") -> bool:
    """The many the question asks about are of the thing the rule counts: "more than one" (or
    "multiple", ...) is followed, within two words, by it ("two or more heavy tokens"), or the
    question asks to do it "twice" to one place ("placed twice on the same tile", not "read twice
    on the same turn"), the thing named in its asking sentence."""
    for m in MANY.finditer(clause):
        if REPEATED.match(m.group(0)):
            place = ON_ONE.search(clause, m.end())
            # the thing put twice is the one the question names ("the silver token: can it be ...")
            if place and place.group(1).lower() not in TIMES and _held(counted, _stems(asked or clause)):
                return True
            continue
        if any(_held(counted, [w]) for w in _stems(" ".join(clause[m.end():].split()[:3]))):
            return True
    return False


def reading(asked: str, form, sentence: str, cards=()) -> str | None:
    """"yes" or "no" when ``sentence`` sets no limit to what the asking sentence ``asked`` (its
    form ``form``) asks about (see the module's docstring), else None.  ``cards``: the cards the
    question names; with any, None (a named card may be unique, restricted or limited by its own
    text: a second Steward of Gondor may not join the first, the card being unique, though the
    rule sets no limit to attachments)."""
    if form.kind != "yesno" or form.claim or not form.clauses or not sentence or "?" in sentence or cards:
        return None
    found = NO_LIMIT.search(sentence) or NO_MAXIMUM.search(sentence)
    if found is None or NOT_PLAIN.search(sentence):
        return None
    clause = form.clauses[0]
    if NOT_PLAIN.search(asked) or ALTERNATIVE.search(MANY.sub(" ", asked)):
        return None
    bound = ASKS_BOUND.match(clause)
    if bound is None and not (ASKS_LEAVE.match(clause) and MANY.search(clause)):
        return None
    # a figure is read only as the many asked about ("more than 3"), never as another bound
    if NUMBER.search(MANY.sub(" ", clause)):
        return None
    what = _stems(found.group("what"))
    rule = _stems(sentence)
    if not what or not _held(what[0], _stems(asked)):
        return None  # the thing the rule counts is not the question's
    if bound is None and not _many_of(clause, what[0], asked):
        return None  # the many asked about are of something else ("one token on more than one tile")
    card = "card" in rule or "element" in rule
    for word in _stems(MANY.sub(" ", clause)):
        if _counting(word) or _held(word, rule):
            continue
        if card and _card_type(word):
            continue
        return None  # a word the rule does not say: the question asks about another bound
    return "no" if bound is not None else "yes"
