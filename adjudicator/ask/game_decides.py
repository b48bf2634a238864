"""Whether a game's answer decides the question in that game, for a question that fits several.

A question whose words are every game's ("Is there a hand size limit?") may be answered from
each game that has a record deciding it: ``_deciding_share`` (the record holds ``DECIDES`` of the
question's words, weighed by rarity) and ``decides_in_its_game`` (it also holds the question's
own terms, not only the words every rules text uses; a how-many question needs a figure of what
it counts, or a "no limit" sentence).  ``SWAP`` is how much more of the question another game's
record must hold to come before the detected game's.  ``answer`` calls these; the records
themselves are ranked there.
"""

from __future__ import annotations

import math
import re

from .patterns import Lazy


# the share of the question's words (weighed by rarity) a record must hold to decide it for a
# game the question fits only because its words are every game's
DECIDES = 0.6
# the words that ask for a figure ("how many", "how much", "per turn"): the question's form, not what it is about
ASKING_WORDS = frozenset({"many", "much", "per"})
# how much more of the question another game's record must hold to come before the detected
# game's (a near thing is the word model's call: "Do I have to exhaust a character to defend?"
# stays LOTR's, whose 6.4.1 says "defender")
SWAP = 0.25


def _asked(question: str) -> list[str]:
    """The asking sentence's words a record may hold: numbers, weak words and the "many" of
    "how many" aside."""
    from .game_detection import NUMBERS
    from .question_index import WEAK_TERMS, words
    from .verdicts import asking_sentence

    return [t for t in dict.fromkeys(words(asking_sentence(question)))
            if t not in WEAK_TERMS and t not in NUMBERS and t not in ASKING_WORDS and not t.isdigit()]


def _rarity(kb):
    """term -> its weight by rarity over the knowledge base's records (log(1 + N / df))."""
    from .question_index import df, load

    index = load(kb)
    n_docs = len(index["docs"]) or 1
    return lambda t: math.log(1 + n_docs / max(1, df(index, t)))


def _shown_words(answer: "Answer", glosses: bool = True, shown: tuple[str, str] | None = None) -> set[str]:
    """The words of the answer's record title and sentence shown; ``glosses``: with the words
    of a bracketed "i.e." or "e.g." gloss (an explanation or an example of a word of the
    sentence: what the sentence says is outside it); ``shown``: (title, sentence) of another
    record to weigh instead (the game's own first, ``_deciding_share``)."""
    from .question_index import words

    if shown is None:
        best = answer.own_best or answer.best  # ask's own first record, not one the votes put first
        shown = best.title, best.chosen or best.sentence  # the sentence chosen, not its whole passage
    title, chosen = shown
    sentence = chosen if glosses else GLOSS.sub(" ", chosen)
    return set(words(title + " " + sentence))


GLOSS = Lazy(r"\((?:i\.\s?e\.|e\.\s?g\.)[^()]*\)", re.I)


def _held(asked: list[str], have: set[str]) -> set[str]:
    """The asked words the shown words hold, a word also as the start of a longer one
    ("defend" in "defender")."""
    return {t for t in asked if t in have or len(t) >= 4 and any(h.startswith(t) for h in have)}


def _deciding_share(kb, question: str, answer: "Answer", shown: tuple[str, str] | None = None) -> float:
    """How much of the question the answer's deciding record holds: 1 when the game's engine
    reads the question; else the share of the asking sentence's words (``_asked``), weighed by
    rarity, that the record's title and the sentence shown hold (``_held``); a player's word
    counts as held when the game's vocabulary turns it into words they hold: "carry" is held by
    "bear".  The sentence, not the whole record: a long record holds the question's words in
    other senses ("item" of a list, in the Qualifiers entry, for "can allies carry items?")."""
    from .legality_questions import EngineShown
    from .question_index import words

    if answer.best is None:
        return 0.0
    if isinstance(answer.exercised, EngineShown):
        return 1.0
    asked = _asked(question)
    have = _shown_words(answer, shown=shown)
    held = _held(asked, have)
    for player, rules in answer.phrases:
        if set(words(rules)) & have:
            held |= set(words(player))
    rarity = _rarity(kb)
    weight = {t: rarity(t) for t in asked}
    whole = sum(weight.values())
    return sum(weight[t] for t in asked if t in held) / whole if whole > 0 else 0.0


# Another game's answer is shown only when its record decides the question in that game: it
# holds the question's own terms, not only words every rules text uses.  A word found in more
# than about one record in six ("card", "player", "play", "turn", "deck", "character", "hero",
# "game", "encounter") is such a common word: a record holding only those ("Each player plays
# one of the five Wizards" for "how many players can play?") is about something else.
KEY_RARITY = 2.0  # log(1 + N / df): a word in at most about one record in 6.4
# the words that ask, not what is asked about
NOT_ASKED = frozenset("what when where which who whom whose why must may might shall".split())
# the thing a how-many question counts: the words after "how many" up to the verb
COUNTED = Lazy(r"\bhow (?:many|much) ((?:[a-z]+ ){0,2}?[a-z]+)(?= (?:can|could|do|does|did|is|are|was|were|will|would|"
               r"should|must|may|might|have|has|i|you|we|they|he|she|it|in|on|at|per|for|of|to|from|with|before|"
               r"after|during|when|if)\b|\s*\?|$)", re.I)
# a sentence answering "how many?" with no figure: there is no limit
NO_LIMIT = Lazy(r"\b(?:no (?:limit|maximum|upper limit|minimum)|any number|unlimited|as many(?: \w+)? as)\b", re.I)


def key_terms(kb, question: str) -> tuple[list[str], list[str]]:
    """(the asked words that are the question's own, not every rules text's (``KEY_RARITY``),
    the words of what a how-many question counts), stemmed: "Must I declare a defender?" ->
    (["declar", "defender"], []); "how many turns does the hero get?" -> (["turn"], ["turn"])."""
    from .question_index import words
    from .verdicts import asking_sentence

    asked = [t for t in _asked(question) if t not in NOT_ASKED]
    counted = COUNTED.search(asking_sentence(question))
    counts = [t for t in words(counted.group(1)) if t in asked] if counted else []
    rarity = _rarity(kb)
    return [t for t in asked if t in counts or rarity(t) >= KEY_RARITY], counts


def _plain_words(text: str) -> list[str]:
    """The stemmed words of a text in order, stop words kept (so that adjacent means adjacent)."""
    from .question_index import _ALNUM, lower_plain, stem

    return [stem(w) for w in _ALNUM.findall(lower_plain(text).replace("'", ""))]


def decides_in_its_game(kb, question: str, answer: "Answer") -> bool:
    """Whether another game's answer decides the question in that game, and so is shown beside
    the first game's: its engine reads the question; or its record holds ``DECIDES`` of the
    question (``_deciding_share``) and ``DECIDES`` of the question's own terms (``key_terms``),
    weighed by rarity, at least one of them (a player's word held when the game's vocabulary
    turns it into rarer words the record holds: "carry", "bear"), not only words every rules
    text uses.  A how-many question is decided by a figure of what it counts (the verdict's, or a
    number just before the counted word: "these 6 cards"), or a sentence saying there is no
    limit.  "Must I declare a defender?" is not decided by METW's "... each must be defeated in
    order for the defender to receive the marshalling points" (it holds "defender", not
    "declare"); "Is there a hand size limit?" is by LOTR's "There is no maximum hand size."."""
    from .legality_questions import EngineShown
    from .question_index import words

    if answer.best is None:
        return False
    if isinstance(answer.exercised, EngineShown):
        return True
    if _deciding_share(kb, question, answer) < DECIDES:
        return False
    key, counts = key_terms(kb, question)
    have = _shown_words(answer, glosses=False)
    held = _held(key, have)
    rarity = _rarity(kb)
    for player, rules in answer.phrases:
        own = set(words(player))
        if any(rarity(t) >= KEY_RARITY and (t in have) for t in set(words(rules)) - own):
            held |= own & set(key)
    whole = sum(rarity(t) for t in key)
    if not held or sum(rarity(t) for t in held) < DECIDES * whole:  # only words every rules text uses, or too few
        return False
    if counts:
        verdict = answer.verdict
        chosen = answer.best.chosen or answer.best.sentence  # not its whole passage (``whole_passage``)
        return (verdict is not None and verdict.kind == "number") or _counts(chosen, counts) \
            or NO_LIMIT.search(chosen) is not None
    return True


FIGURES = frozenset("one two three four five six seven eight nine ten twelve twenty single".split())
COUNT_REACH = 2  # a figure counts the word at most this many words after it ("6 new cards")


def _counts(sentence: str, counted: list[str]) -> bool:
    """Whether the sentence gives a figure of what is counted: a number at most ``COUNT_REACH``
    words before it ("these 6 cards", "three Event cards")."""
    found = _plain_words(GLOSS.sub(" ", sentence))
    return any((w.isdigit() or w in FIGURES) and any(v.startswith(c) for v in found[i + 1: i + 1 + COUNT_REACH]
                                                      for c in counted)
               for i, w in enumerate(found))
