"""A rule saying that, in its case, a thing is ignored, and the yes or no it gives (reading
"ignored").

Rules set a thing aside in a case in so many words: "when a card is put into play, its resource
cost is ignored", "once a plot card is in play, the requirements on it are ignored".  Players ask
the same thing as what they must still do: "when a card puts another into play, do I have to pay
its resource cost?", "does it still require the resources?", "can I put it into play without
paying its cost?".  A thing ignored is not paid, met or applied, so

- a question whether one has to pay, meet, resolve or apply the thing, or whether it still
  applies, counts or is required, is a no;
- a question whether one can do what the case says without paying or meeting the thing is a yes;

and only when the question is in the rule's case (every word of the case the sentence opens on,
"when a card is put into play", is the question's), names the thing ignored (every word of it,
"resource cost", and no word of the thing asked that the rule does not say: a "travel cost" is
another cost), asks positively (no "not", "only", "or", "unless", "except" and no figure), and the
rule says nothing else: one sentence, its ignored thing its whole main clause, no denial, no
restriction and no exception ("... are ignored except while ..." is left to the sentence).
Counted before it was built (session 20): of the readable tune rounds' verdict misses among top-1
hits, the REQUIRED class (a rule's "ignored" or "still required" against "do I have to ...?") is 5
in rounds 0, 7 and 8, one of them such a question in the rule's case.

The reading is adjudicator's (basis "inferred", kind ``READING``), labelled so when shown.
"""

from __future__ import annotations

import re

from .patterns import Lazy

READING = "ignored"

# "When a card is put into play, its resource cost is ignored."
IGNORED = Lazy(r"^\W*(?P<case>(?:when|whenever|if|once|while)\b[^,;.]+),\s*(?P<thing>[^,;.]+?)\s+(?:is|are)\s+"
               r"ignored\s*\.?\s*$", re.I)
# what the rule must not say beside it: a denial, a restriction, an exception
NOT_PLAIN_RULE = Lazy(r"\b(?:not|no|never|cannot|only|unless|except|without|but|however|instead|may|must)\b|n['’]t\b",
                      re.I)
# what the question must not say: a denial, a restriction, an alternative, a figure
# (a question saying "ignore" asks whether the thing is ignored: the plain statement's reading)
NOT_PLAIN_QUESTION = Lazy(r"\b(?:not|never|only|unless|except|or|instead|either)\b|n['’]t\b|\d|\bignor", re.I)
# "do I (still) have to pay ...?", "must I meet ...?", "does it (still) require/cost ...?", "does ... still apply?"
MUST_DO = Lazy(r"^\W*(?:(?:do|does|will|would|should)\s+(?:i|you|we|they|a\s+player|the\s+players?|he|she)\s+(?:still\s+)?"
               r"(?:have|need|got)\s+to|(?:must|should)\s+(?:i|you|we|they|a\s+player|the\s+players?|he|she)(?:\s+still)?)"
               r"\s+(?:pay|meet|resolve|apply|follow|use|spend)\b", re.I)
# "does its resource cost still apply?", "does the ally cost resources ...?": the verb right after a
# short subject (not "does it do so ignoring his cost?", which asks whether it is ignored)
STILL_HOLDS = Lazy(r"^\W*(?:do|does|will|would)\s+(?:[\w'’]+\s+){1,4}?(?:still\s+)?(?:require|requires|cost|costs|"
                   r"apply|applies|count|counts)\b", re.I)
# "can I put it into play without paying its cost?"
WITHOUT = Lazy(r"^\W*(?:can|could|may)\b.*?\bwithout\s+(?:paying|meeting|spending|using|following)\b", re.I)
AUXILIARY = Lazy(r"^\W*(?:do|does|will|would)\b", re.I)
# words of the rule's case and thing that say nothing of their own: a card, its owner
LEFT_OUT = frozenset("card cards its their the a an it when whenever if once while still".split())


def _stems(text: str) -> list[str]:
    from .readings import content_words

    return content_words(text)


def _held(words: list[str], said: list[str]) -> bool:
    from .readings import same_word

    return all(any(same_word(w, s) for s in said) for w in words)


def reading(asked: str, form, sentence: str, question: str = "") -> str | None:
    """"no" or "yes" when ``sentence`` says that in its case a thing is ignored and the asking
    sentence ``asked`` (its form ``form``; ``question`` the whole question, whose case may come
    before the asking sentence) asks whether that thing must still be paid or met, or whether the
    case's action may be done without it (see the module's docstring), else None."""
    if form.kind != "yesno" or form.claim or not form.clauses or not sentence or "?" in sentence:
        return None
    found = IGNORED.match(sentence)
    if found is None or NOT_PLAIN_RULE.search(sentence.replace(found.group("case"), " ")):
        return None
    clause = form.clauses[0]
    if NOT_PLAIN_QUESTION.search(asked.replace("without", " ") if WITHOUT.match(clause) else asked):
        return None
    whole = _stems(question or asked)
    case = [w for w in _stems(found.group("case")) if w not in LEFT_OUT]
    thing = [w for w in _stems(found.group("thing")) if w not in LEFT_OUT]
    if not case or not thing or not _held(case, whole) or not _held(thing, _stems(clause)):
        return None
    needed = MUST_DO.match(clause) or STILL_HOLDS.match(clause)
    spared = None if needed else WITHOUT.match(clause)
    if needed is None and spared is None:
        return None
    # the thing the question asks to be paid or met, after its verb, is the rule's ("the travel
    # cost" is another cost than "its resource cost"); to "does X still apply/cost ...?" the thing
    # may be its subject instead ("does its resource cost still apply?")
    rule = _stems(sentence)
    found = needed or spared
    after = [w for w in _stems(clause[found.end():]) if w not in LEFT_OUT]
    if all(_held([w], rule) for w in after[:3]):
        return "no" if needed else "yes"
    subject = [w for w in _stems(AUXILIARY.sub(" ", clause[:found.end()], 1)) if w not in LEFT_OUT][:-1]
    if STILL_HOLDS.match(clause) and subject and _held(subject, rule):
        return "no"
    return None
