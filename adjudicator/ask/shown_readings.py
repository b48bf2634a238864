"""Which of adjudicator's own yes/no readings a player is shown (issue 11's verdict).

The polarity reading (``readings.reading``: what a rule's "cannot", "may", "must", "not",
"only" apply to) is right on most of the questions it fires on, but not on all: on the team's
asked questions (`bench/eval_inferred_verdicts.py`, 2026-11-26) 207 of 238 (87%), wrong mostly
where the rule's sentence is about something near the question rather than the question itself
(a rule on playing creatures read for "do they stay on the table?").  A reading is shown only
when the sentence it reads is close to the question (``close``):

- most of the sentence is the question: at least ``CLOSE`` of the sentence's words, each weighed
  by its rarity, are the asking sentence's (the asked set: at 0.35, 135 of 140 readings right,
  at 0.30 19 of 23 more, against 207 of 238 for all; the players' tune half: 3 of 3);
- a modal or denial of the sentence governs a word the question asks be done ("does not
  absorb", "may not rest"), said of the question's subject (``governs_what_is_asked``): not
  "Minions may not be healed" to "can a hero be healed ...?", nor "may choose a single Plot card
  ... to play" to "can Sauron play a plot card on a haven?";
- and none of these kinds of question or sentence, where a reading that passes the first test
  was still wrong (``guard``):
  - "sides": the question asks whether a thing carries on or stops ("do they stay on the
    table?", "does it stop at 0?") and the sentence does not say that word: the rule says what
    is done, not whether it lasts (a word of the case the question opens on, of an aside in
    brackets, or "the end of" a phase is the scene, not what is asked: ``_what_is_asked``);
  - "figures": the question gives a figure ("count as half a character", "raise threat above
    50"): a figure is the number reading's business, and an "only" with a figure limits how
    many, it does not deny;
  - "quantified": the question asks of any or every case ("can I store an item at any site?"),
    which a rule's plain case does not settle ("any of your items that are at a Haven");
  - "only asked": the question narrows what it asks by an "only" where the sentence says
    "each", "every", "all" or "any" ("the curse only falls on the goblin who opened the chest,
    right?" against "each goblin in the cave is cursed"): a rule for all does not confirm a
    restriction to one (review19's probes, session 19: a doomed claim read as yes);
  - "case unsaid": a word of the case the asking clause narrows by ("a location with a monster
    on it", "on a haven") that the sentence does not say;
  - "another case": the sentence opens on a case less than half of whose words the question
    holds ("If the encounter deck runs out of cards, ...");
  - "only": a restriction to a case ("may only be played against a company if ..."): the
    question may be in the case it allows;
  - "counterfactual": the sentence says what would have happened ("it would not have
    affected ..."), in an example's other case;
  - "set apart": the question sets its case apart from another ("outside campaign mode",
    "instead of drawing", "other than"), which the rule's plain case is not;
  - "non-": the sentence rules on the "non-" kind of a thing the question names ("non-Wizard
    characters" for "my opponent's wizard");
  - "the only": an "only" inside a noun phrase ("Influence is the only way that your characters
    can affect ...") says what is exclusive, not what may not be done;
  - "exception": the sentence sets an exception to what it denies or allows ("a pony counts as
    no rider except in a race", an invented rule): in the excepted case, which the question
    may be in, the rule says the other way (session 21's probes: "does an ally count as a
    character in combat?" read as no);
  - "may is not does": a yes to a question on what happens or what a thing is ("does a hero
    heal when he rests?") read from a sentence that only permits ("may rest (or in some cases,
    heal)"): what is allowed is not what happens;
  - "no denial": a no read from a sentence that denies nothing ("The controlling character must
    make a corruption check before an item can be transferred" to "can an item be transferred
    between characters in different companies?"): a rule requiring one thing does not forbid
    another;
  - "subject denied": the sentence's "not"/"no" deny only the question's subject ("the players
    are not at that location" to "can a location in the staging area be targeted?"): it says
    where or what the subject is, which the question takes as its case.
  Most of these were found on 245 fresh questions written in players' words (not the tune
  half's, nor the asked set's), where closeness alone showed 11 readings and 9 were wrong
  ("can my opponent influence my characters?" read as no from "Influence is the only way ..."):
  the asked questions, written by the team from the records, share the records' words, so a
  close sentence there is nearly always the question's own answer, and they flatter the reading.

Measured with all of it (2026-11-26, `bench/eval_inferred_verdicts.py`): the asked set 18 of 18
shown polarity readings right and 4 of 4 "still" readings (closeness alone: 109 of 109), the
tune half 3 of 3 (`bench/eval_players.py --half tune`), the 245 fresh questions none shown, nor 35 more written
afterwards to check (none wrong, none right).  The precision required to show a kind: no wrong
one on the tune half or the fresh questions, and at least 97% on the asked set (any record).

A shown reading is labelled as adjudicator's reading of the cited rule, the rule's sentence
quoted after it (``verdicts.labelled``); its kind is ``CLOSE_READING``.

One reading of its own (``still``, kind ``STILL_READING``): a question asking whether a thing
still holds or happens in its case ("do stored items still give me marshalling points?", "if A
Test of Will cancels a treachery, does it still go to the discard pile?") is a yes when the
deciding sentence says that thing "still" holds and denies nothing ("A stored item ... still
counts for marshalling points"), on the same closeness and guards (the asked set: 8 of 8 at
``CLOSE``, 4 of 4 with every guard, against 25 of 33 for all such sentences; the sentences that
deny something beside their "still" are left out: "... are not considered removed, and ... may
still ...").
"""

from __future__ import annotations

import re

from .patterns import Lazy

CLOSE_READING = "polarity-close"
STILL_READING = "still"
# the share of a sentence's words (weighed by rarity) the asking sentence must hold
CLOSE = 0.35
# verbs asking whether a thing carries on or stops
SIDES = Lazy(r"\b(?:stop|stops|stopped|keep|keeps|kept|lose|loses|lost|remain|remains|stay|stays|leave|leaves|end|ends|"
             r"continue|continues|last|lasts)\b", re.I)
QUANTIFIED = Lazy(r"\b(?:any|every|all|each|anything|anywhere|anyone|always|ever)\b", re.I)
FIGURE = Lazy(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|half|twice|once)\b", re.I)
COUNTERFACTUAL = Lazy(r"\bwould(?:\s+not|n['’]t)?\s+have\b", re.I)
# a rule setting an exception to what it says ("a pony counts as no rider except in a race"):
# what it denies or allows is turned round in the excepted case, which the question may be in
EXCEPTED = Lazy(r"\b(?:other than|except|excepting|apart from|besides|excluding|save for)\b", re.I)
SET_APART = Lazy(r"\b(?:outside|instead|rather than|other than|except|apart from)\b", re.I)
NON_KIND = Lazy(r"\bnon-?\s*([a-z]+)", re.I)


def guard(question: str, form, sentence: str, said: str = "") -> str:
    """The kind of question or sentence a reading (``said``, when known) is not shown for (""
    when none): see the module's docstring.  ``question`` is the asking sentence, ``form`` its
    form (``verdicts.question_form``: its clauses, the asking one first, and whether it is a
    claim to confirm)."""
    for word in SIDES.findall(_what_is_asked(question)):
        if not re.search(r"\b" + re.escape(word[:4].lower()), sentence, re.I):
            return "sides"
    if FIGURE.search(question):
        return "figures"
    if QUANTIFIED.search(question):
        return "quantified"
    if ONLY.search(question) and not ONLY.search(sentence) and QUANTIFIED.search(sentence):
        return "only asked"
    if COUNTERFACTUAL.search(sentence):
        return "counterfactual"
    if SET_APART.search(question):
        return "set apart"
    from .question_index import stem

    named = {stem(w) for w in re.findall(r"[a-z]+", question.lower())}
    if any(stem(m.group(1).lower()) in named for m in NON_KIND.finditer(sentence)):
        return "non-"
    if THE_ONLY.search(sentence):
        return "the only"
    if EXCEPTED.search(QUOTED_TERM.sub(" ", sentence)):
        return "exception"
    if ONLY.search(sentence):
        return "only"
    if said == "yes" and _asks_what_happens(form) and PERMITS.search(sentence) and not CERTAIN.search(sentence):
        return "may is not does"
    if said == "no" and not DENIES.search(QUOTED_TERM.sub(" ", sentence)):
        return "no denial"
    if _denies_its_subject(form, sentence):
        return "subject denied"
    if _case_unsaid(form, sentence):
        return "case unsaid"
    if other_case(question, sentence):
        return "another case"
    return ""


# a case the asking sentence opens on ("If an enemy engages you, ...") and an aside in brackets
# set the scene; "the end of the round" names a point of time, not a thing that ends
OPENING_CASE = Lazy(r"^\W*(?:if|when|whenever|once|after|before|while|during)\b[^,?]*,", re.I)
ASIDE = Lazy(r"\([^()]*\)")
END_AS_NOUN = Lazy(r"\b(?:the|an|its|this|that)\s+end\b", re.I)


def _what_is_asked(question: str) -> str:
    """The asking sentence without the case it opens on, its asides and "the end" as a point of
    time: the words in which it asks whether a thing carries on or stops (``SIDES``)."""
    return END_AS_NOUN.sub(" ", OPENING_CASE.sub(" ", ASIDE.sub(" ", question)))


# the words of the case a question asks in ("with a monster on it", "if he is exhausted", "at a
# haven"): up to the next comma or the question's end
QUESTION_CASE = Lazy(r"\b(?:with|without|if|when|whenever|while|unless|except|at|on|in|during)\b([^,;?]*)", re.I)


def _case_unsaid(form, sentence: str) -> bool:
    """A word of the case the question's asking clause narrows what it asks by ("can heroes
    explore a location with a monster on it?") that the sentence does not say ("the hero may
    explore his current location"): the rule's plain case is not the question's.  A case the
    question opens on, before it asks ("After ... choosing not to defend, can I ...?"), sets the
    scene in the player's words and is not weighed here."""
    from .readings import content_words, same_word

    said = content_words(sentence)
    for m in QUESTION_CASE.finditer(form.clauses[0] if form.clauses else ""):
        if any(not any(same_word(w, x) for x in said) for w in content_words(m.group(1)) if w not in NEGATION_WORDS):
            return True
    return False


# a question's own denial ("Goblins in the tower can't sleep, right?") is what it asks, not its case
NEGATION_WORDS = frozenset("cant cannot dont doesnt didnt isnt arent wasnt werent wont wouldnt couldnt shouldnt "
                           "hasnt havent not no never".split())


def other_case(question: str, sentence: str) -> bool:
    """The sentence opens on a case ("If the encounter deck runs out of cards, ...") less than
    half of whose words the question holds (of each, when it opens on either of two: "if X, or
    if Y"): it rules on another case than the question's."""
    from .readings import content_words, same_word
    opening = SENTENCE_CASE.match(sentence)
    if opening is None:
        return False
    asked = content_words(question)
    cases = [content_words(c) for c in EITHER_CASE.split(opening.group(1))]  # "if X, or if Y": either
    cases = [c for c in cases if c]
    return bool(cases) and all(sum(any(same_word(w, a) for a in asked) for w in c) * 2 < len(c) for c in cases)


# the case a sentence opens on, up to the comma after it (past a ", or if ..." that goes on with it)
SENTENCE_CASE = Lazy(r"^\W*(?:(?:clarification|note|important)\s*:\s*)?(?:if|when|whenever|unless|while)\b(.+?),(?!\s*or\b)",
                     re.I)
EITHER_CASE = Lazy(r",?\s*\bor\s+(?:if|when|while)\b", re.I)


# a question on what happens or what a thing is ("does a hero heal when he rests?"), not on what
# may be done, and a sentence that only permits ("the hero may rest (or in some cases, heal)"):
# what is allowed is not what happens
ASKS_WHAT_HAPPENS = Lazy(r"^\W*(?:do|does|did|is|are|was|were|will|would|has|have)\b", re.I)
PERMITS = Lazy(r"\b(?:may|can|could|might|allowed|option|optionally|possible)\b", re.I)
CERTAIN = Lazy(r"\b(?:must|always|still|considered|treated|counts?|has to|have to|required)\b", re.I)


def _asks_what_happens(form) -> bool:
    return bool(form.clauses) and ASKS_WHAT_HAPPENS.match(form.clauses[0]) is not None


# a restriction to a case ("may only be played against a company if ..."): the question may be
# in the case it allows
ONLY = Lazy(r"\bonly\b", re.I)
# an "only" inside a noun phrase ("Influence is the only way that your characters can affect ...")
# says what is exclusive, not what may not be done
THE_ONLY = Lazy(r"\b(?:the|an?|its|their|his|her|your|our)\s+only\b", re.I)


def _denies_its_subject(form, sentence: str) -> bool:
    """The sentence's "not"/"no" deny only the question's subject, not what it asks of it
    ("While a location is in the staging area, the players are not at that location" to "can a
    location in the staging area be targeted ...?"): the denial is about where or what the
    subject is, which the question takes as its case."""
    from .readings import ASKED_SUBJECT, content_words, denials, same_word

    found = ASKED_SUBJECT.match(form.clauses[0]) if form.clauses else None
    if found is None:
        return False
    subject = content_words(found.group(1))
    if not subject:
        return False
    asked = set(content_words(form.clauses[0]))
    targets = [w for group, words, _ in denials(sentence) if group != 3 for w in words
               if any(same_word(w, a) for a in asked)]
    return bool(targets) and all(same_word(w, subject[0]) for w in targets)


def closeness(asked: str, sentence: str, weigh) -> float:
    """The share of the sentence's words, each weighed by its rarity, that ``asked`` holds."""
    whole = weigh(sentence, against=sentence)
    return weigh(sentence, against=asked) / whole if whole > 0 else 0.0


def close(asked: str, form, sentence: str, weigh, said: str = "") -> bool:
    """Whether a polarity reading (``said``) of ``sentence`` is shown for the question whose
    asking sentence is ``asked`` (game names taken out) and whose form is ``form``: the sentence
    is mostly the asking sentence's words, its modal governs what is asked, and it is of no kind
    ``guard`` names."""
    return bool(sentence) and closeness(asked, sentence, weigh) >= CLOSE and not guard(asked, form, sentence, said) \
        and governs_what_is_asked(form, sentence)


# a sentence's modals and denials, and the words between one and the word it governs
MODAL = Lazy(r"\b(?:cannot|can|may|must|might|could|need|not|never|(?:has|have) the option (?:of|to)|(?:is|are) (?:allowed|"
             r"permitted|able|required) to|(?:has|have) to)\b|n['’]t\b", re.I)
FILLER = frozenset("be been being also still then ever even simply freely immediately always normally actually "
                   "choose chooses decide decides elect elects to a an the".split())


def governs_what_is_asked(form, sentence: str) -> bool:
    """Whether a modal or denial of the sentence ("does not absorb", "may not rest", "have the
    option of committing") governs a word the question asks about, other than its subject (the
    first word it governs, filler such as "be" and "choose to" skipped): the rule then speaks of
    what the question asks be done, not of something else in the same words ("players are not at
    that location" to "can a location ... be targeted?")."""
    from .question_index import stem
    from .readings import ASKED_SUBJECT, content_words, same_word

    clauses = form.clauses if form.claim else form.clauses[:1]
    asked = {w for c in clauses for w in content_words(c)}
    found = ASKED_SUBJECT.match(form.clauses[0]) if form.clauses and not form.claim else None
    subject = (content_words(found.group(1)) or [""])[0] if found else ""
    asked = {w for w in asked if not (subject and same_word(w, subject))}
    if form.claim and form.clauses:  # a claim's subject, before its modal, is not what it asks
        named = CLAIM_VERB.search(form.clauses[0])
        if named is not None:
            asked -= {w for w in asked if any(same_word(w, s) for s in content_words(form.clauses[0][:named.start()]))}
    from .readings import PRONOUNS

    said = QUOTED_TERM.sub(" ", sentence)
    for m in MODAL.finditer(said):
        after = [w for w in re.findall(r"[a-z]+", said[m.end(): m.end() + 60].lower()) if w not in FILLER]
        governed = stem(after[0]) if after else ""
        if not governed or not any(same_word(governed, w) for w in asked):
            continue
        if subject and subject not in PRONOUNS and not _of_subject(subject, said, m.start()):
            continue  # "Minions may not be healed" to "can a hero be healed ...?"
        return True
    return False


# where a claim's subject ends when the claim says what it may or must do ("exhausted characters | can
# be committed"); a claim with no modal ("committing characters is optional") keeps its subject
CLAIM_VERB = Lazy(r"\b(?:can|cannot|could|may|might|must|should|shall|will|would)\b", re.I)
# where the words a modal is said of begin: a clause break before it
CLAUSE_START = Lazy(r".*(?:[,;:.(]|\b(?:that|which|who|whose|and|but|or)\b)", re.I | re.S)


def _of_subject(subject: str, sentence: str, at: int) -> bool:
    """Whether the modal at ``at`` is said of the question's ``subject``: its clause, before it,
    names the subject, or names only a pronoun ("he may not rest") in a sentence that names it."""
    from .readings import PRONOUNS, content_words, same_word

    before = sentence[:at]
    start = CLAUSE_START.match(before)
    own = before[start.end():] if start else before
    words = content_words(own)
    if any(same_word(subject, w) for w in words):
        return True
    plain = re.findall(r"[a-z]+", own.lower())
    return all(w in PRONOUNS or w in FILLER for w in plain) and \
        any(same_word(subject, w) for w in content_words(sentence))


# a yes/no question asking whether a thing still holds ("does it still ...?", "is he still ...?")
ASKS_STILL = Lazy(r"^\W*(?:do|does|did|is|are|was|were|will|would|can|could|has|have)\b[^?]*\bstill\b", re.I)
# a denial anywhere in the sentence (its "still" may then be the other case's)
DENIES = Lazy(r"\b(?:not|no|never|cannot|nothing|none|neither|nor|without|unless|except|only)\b|n['’]t\b", re.I)
QUOTED_TERM = Lazy(r"[\"“][^\"“”]{0,60}[\"”]")  # a quoted term ("cannot be damaged") names an effect


def still(asked: str, form, sentence: str, weigh) -> str | None:
    """"yes" when the question asks whether a thing still holds or happens and the deciding
    sentence, close to it (``close``'s closeness and guards), says it still does and denies
    nothing; else None.  The question's own denials ("a card that can't take damage") leave it
    unread: its case is then the negative one.  ``asked`` and ``form`` as for ``close``."""
    if form.kind != "yesno" or form.claim:
        return None
    if not sentence or "?" in sentence or ASKS_STILL.match(form.clauses[0]) is None or DENIES.search(asked):
        return None
    said = QUOTED_TERM.sub(" ", sentence)
    if re.search(r"\bstill\b", said, re.I) is None or DENIES.search(said):
        return None
    return "yes" if closeness(asked, sentence, weigh) >= CLOSE and not guard(asked, form, sentence) else None
