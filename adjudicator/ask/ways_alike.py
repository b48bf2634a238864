"""A rule that makes two ways to one state the same, and the yes or no it gives (reading
"ways-alike").

Some rules say that however a state comes about, it is the same state: "when a knight
challenges a dragon, that dragon has also challenged him" (each way round), or "whether a
door is opened by a key, by a spell or by force, the end result is the same: the door is
considered to have been opened".  Players ask of such a state whether what one way brings
also comes with the other: "if I challenge the dragon myself, does its 'after it is
challenged' effect still happen?", "so if we open it by force, the trap does not go off,
right?".  The rule answers them all alike: what follows the state follows it whichever way
it came about, so

- a question whether the effect, trigger or bonus happens is a yes;
- a question or claim that it does not, that it is lost, or that it happens only one way is
  a no (the claim is wrong);
- no reading when the question's own case denies the state ("if I do not challenge it, ..."),
  when it opens negatively ("doesn't it ...?"), when it does not ask whether something
  follows (an effect, a trigger, a bonus happening: not "does each player get one check?", nor
  "if I challenge it with a spell's effect, can I challenge another?": that effect is the means,
  and the case closed by its comma is no part of what is asked),
  or when it does not name the state's verb twice, as the way it came about and as what brings
  the effect (the rule then rules on something else than what is asked: "if I challenge it, do
  its 'when met' effects happen again?"), or when it names the verb only as the state, never as
  the act that brought it about ("a dragon a spell puts into play challenged": a third way, which
  the rule does not make alike; session 16, on fresh questions written to probe the reading).
  No reading either when the question asks whether it follows again ("again", "twice", "a
  second time": the rule makes the two ways one state, reached once; whether an effect follows
  a second time is not what it rules; session 17's probes in players' words: of nine such
  questions read yes, four were wrong and five doubtful).
  "Instead" marks the question's own way round ("when the dragon challenges me
  instead"), not a denial.
"""

from __future__ import annotations

import re

from .patterns import Lazy

READING = "ways-alike"

# "... X verbs a Y, that Y has also verbed ...": the same verb each way round
RECIPROCAL = Lazy(r"\b([a-z]+?)(?:e?s)\s+(?:a|an|the)\s+[a-z]+,\s+(?:that|the|this)\s+[a-z]+\s+(?:has|have|is|are)\s+"
                  r"also\s+([a-z]+)", re.I)
# "whether ... by A, by B or by C, the end result is the same": the state is what follows
# "considered to have" (or the participle the sentence opens on)
SAME_RESULT = Lazy(r"^\W*whether\b.{0,200}?\b(?:the )?(?:end )?result is the same\b", re.I)
CONSIDERED_TO_HAVE = Lazy(r"\bconsidered to have (?:been )?([a-z]+)", re.I)
OPENING_STATE = Lazy(r"^\W*whether\s+(?:a|an|the)?\s*[a-z]+\s+(?:is|are|was|were|gets?)\s+([a-z]+)", re.I)
# the question asks whether something follows from the state
FOLLOWS = Lazy(r"\b(?:effects?|triggers?|triggered|happens?|happened|occurs?|appl(?:y|ies)|benefits?|bonus(?:es)?|"
               r"forced|responses?|abilit(?:y|ies))\b|\+\s?\d", re.I)
# a card's effect as the means of the question's case ("with a card effect"), not an effect that follows
MEANS = Lazy(r"\b(?:with|through|by|via|using)\s+(?:a|an|the|its|my|his|her|their)?\s*(?:card|player|shadow|"
             r"encounter)?\s*(?:effects?|abilit(?:y|ies))\b", re.I)
# the question says it does not follow, or follows one way only
DENIES = Lazy(r"\b(?:not|never|no longer|only|lose|loses|lost)\b|n['’]t\b", re.I)
# a case closed by its comma ("if I lose the duel, ..."): what it denies is the case, not the answer
CASE_SEGMENT = Lazy(r"\b(?:if|when|whenever|once|after|before|unless|while)\b[^,?]*,", re.I)
# a case that denies the state ("if I do not challenge it", "when it isn't my turn"): a denial
# after an if or a when, before the comma that closes its case
DENIED_CASE = Lazy(r"\b(?:if|when|whenever|unless|once)\b[^,?]{0,40}?(?:\b(?:not|never)\b|n['’]t\b)", re.I)


def state_verb(sentence: str) -> str:
    """The stem of the state a sentence makes two ways to the same ("" when it makes none)."""
    from .question_index import stem

    for m in RECIPROCAL.finditer(sentence):
        one, other = stem(m.group(1).lower()), stem(m.group(2).lower())
        if one and (one == other or (len(one) >= 4 and other.startswith(one))):
            return one
    if SAME_RESULT.search(sentence):
        found = CONSIDERED_TO_HAVE.search(sentence) or OPENING_STATE.search(sentence)
        if found:
            return stem(found.group(1).lower())
    return ""


def reading(asked: str, form, sentence: str, question: str = "") -> str | None:
    """Yes or no for the asking sentence ``asked`` (its form ``form``; ``question`` the whole
    question, when it says more) from a sentence making two ways to one state the same (see the
    module's docstring), else None."""
    from .question_index import words
    from .readings import NEGATIVE_OPENING

    if form.kind != "yesno" or not form.clauses:
        return None
    verb = state_verb(sentence)
    if not verb or not any(_is_verb(w, verb) for w in words(asked)):
        return None
    if sum(_is_verb(w, verb) for w in words(question or asked)) < NAMED_TWICE:
        return None  # the effect asked about is not one the state brings: "do its 'when met' effects happen again?"
    if not _named_as_an_act(question or asked, verb):
        return None  # "an enemy put into play engaged with me": the state, however it came about
    if NEGATIVE_OPENING.search(form.clauses[0]) or DENIED_CASE.search(asked):
        return None
    what = MEANS.sub(" ", CASE_SEGMENT.sub(" ", asked))  # what is asked, without its case
    if FOLLOWS.search(what) is None:
        return None
    from .asked_permission import REPEATS

    if REPEATS.search(asked):  # "does it trigger again?", "twice?": whether it follows a second time
        return None
    return "no" if DENIES.search(what) else "yes"


# the question names the state twice: the way it came about (its case) and the effect it brings
# ("after it challenges you, ..."; "if I challenge it, does that effect happen?")
NAMED_TWICE = 2


def _is_verb(word: str, verb: str) -> bool:
    return word == verb or (len(verb) >= 4 and word.startswith(verb))


# who does the act a past participle after them names ("if I engaged it", "it has engaged me")
ACTOR = frozenset("i you he she we they it has have had".split())


def _named_as_an_act(question: str, verb: str) -> bool:
    """The question names the state's verb as an act, the way the state came about ("if I
    engage it", "when it engages me", "after I engaged it", "it has engaged me"), not only as
    the state ("an enemy put into play engaged with me", "its when-engaged effect"): the rule
    makes two acts alike, it says nothing of a state reached a third way."""
    tokens = re.findall(r"[a-z]+", question.lower())
    for i, token in enumerate(tokens):
        if not _is_verb(token, verb):
            continue
        if not token.endswith("ed") or (i and tokens[i - 1] in ACTOR):
            return True
    return False
