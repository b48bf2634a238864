"""The other alternative of an either-or question: the sentence of the deciding record that
speaks to the alternative the chosen sentence leaves out.

A player who asks "A, or B?" offers two readings, and the record that decides often rules on
them in two sentences: one says what holds during the phase, the next what happens at its end;
one says what the player continues to do, the next that the pile is not shuffled back.  The
sentence chosen for the question's words (``deciding_sentence``) is then the one about the
alternative the player's words weigh most, and the answer to the other stands unshown in the
same record.  When the chosen sentence leaves unsaid a good share of one alternative's own words
(the words the other alternative does not share) and another sentence of the record holds a
good share of those unsaid words, that sentence is shown after the chosen one: the record's ruling on both things
the player offered, in its own words.  The sentence shown is the documents' text; no yes or no
is read from it here.
"""

from __future__ import annotations

import re

from .patterns import Lazy

# the share of an alternative's own words (weighed by rarity) the chosen sentence must leave
# unsaid for that alternative to be left out of it (chosen on the readable tune rounds, session 19)
LEFT_OUT = 0.3
# the share of those unsaid words another sentence of the record must hold to speak to it
SPEAKS_TO = 0.34


def own_words(options: list[str]) -> list[str]:
    """Each alternative's words that the other does not hold, as one text each (stop words and
    weak words left out: "do you", "have")."""
    from .choices import _raw_words
    from .question_index import WEAK_TERMS

    stems = [_raw_words(o) for o in options]
    out = []
    for k, mine in enumerate(stems):
        others = set().union(*(set(s.values()) for j, s in enumerate(stems) if j != k))
        out.append(" ".join(raw for raw, s in mine.items() if s not in others and s not in WEAK_TERMS))
    return out


# a plain " or " before the second alternative of an asking sentence ("do we discard it or it stays
# with the enemy?", "... or the check passes to the next player?"): not "or more", "or not", "or
# so", "or two" (a figure's range or a bare denial offers no second reading)
PLAIN_OR = Lazy(r"\s+\bor\b\s+(?!(?:more|less|fewer|greater|higher|lower|not|so|two|three|else|otherwise)\b)", re.I)


def offered(question: str) -> list[str]:
    """The two alternatives a question offers: as ``choices.alternatives`` cuts them, or else the
    asking sentence cut at its last plain " or " (at least three words before it, two after)."""
    from .choices import alternatives
    from .question_form import asking_sentence

    options = alternatives(question)
    if options:
        return [_without_cases(o) for o in options]
    asked = " ".join(asking_sentence(question).split())
    if not asked.rstrip().endswith("?"):
        return []
    cuts = list(PLAIN_OR.finditer(asked))
    if not cuts:
        return []
    head, tail = asked[:cuts[-1].start()], asked[cuts[-1].end():]
    if len(head.split()) < 3 or len(tail.split()) < 2:
        return []
    return [_without_cases(head), _without_cases(tail)]


def _without_cases(option: str) -> str:
    """An alternative without the cases it opens on, one after another ("When the goblin
    wakes, after the night, do we ...": do we ...): the case is said of both alternatives."""
    from .choices import _tidy

    for _ in range(3):
        tidied = _tidy(option)
        if tidied == option:
            break
        option = tidied
    return option


def _stems(text: str) -> set[str]:
    from .question_index import words

    return set(words(text))


def other_alternative(question: str, chosen: str, candidates: list[tuple[str, float]], weigh) -> str | None:
    """Of ``candidates`` (the record's other sentences as they would be shown, with their scores
    for the question, in its order, worked examples left out), the one speaking to the alternative of ``question`` that
    ``chosen`` leaves out (at least ``LEFT_OUT`` of its own words, weighed by rarity, unsaid
    there): the sentence holding the most of those unsaid words, at least ``SPEAKS_TO`` of them
    (of two holding as much, the one scoring higher for the question: its case).
    None for a how-many question (its figure is read from the chosen sentence alone), when the
    question offers no two alternatives, or when no other sentence holds enough of what the
    chosen one leaves out."""
    from .question_form import question_form

    if question_form(question).kind == "number":
        return None
    options = offered(question)
    if len(options) != 2:
        return None
    said = _stems(chosen)
    best, best_share = None, (SPEAKS_TO, 0.0)
    for own in own_words(options):
        whole = weigh(own, against=own)
        unsaid = " ".join(w for w in own.split() if not (_stems(w) & said))
        left = weigh(unsaid, against=unsaid) if unsaid else 0.0
        if whole <= 0 or left < LEFT_OUT * whole:  # the chosen sentence speaks to this alternative
            continue
        for sentence, score in candidates:
            if not sentence or sentence in chosen or chosen in sentence:
                continue
            # as much of the unsaid words, then the higher score for the question (its own case)
            share = (round(weigh(unsaid, against=sentence) / left, 6), score)
            if share > best_share:
                best, best_share = sentence, share
    return best
