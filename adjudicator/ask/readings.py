"""Reading a yes or no from a rule that does not say it (issue 11): what the rule's "not",
"no", "only", "may" and "must" apply to, against what the question asks and the case it asks
it in.  Where the rule does not speak to that one way or the other, there is no reading
(``reading`` returns None) and the rule's sentence is the answer.  Measured by
`bench/eval_inferred_verdicts.py` (the asked questions with `says`, folds) and
`bench/eval_players.py --half tune --show-inferred`."""

from __future__ import annotations

import re

from .patterns import Lazy

MANY = Lazy(r"\b(?:twice|two|second|again|more than once|more than one|multiple|several|another)\b", re.I)
# a rule that allows a thing once: "once", "a single", or a one the rule makes a limit ("only
# one", "at most 1") or counts per something ("1 raid against each village", "one card per
# round"); a bare figure ("deal 1 damage", "raise your threat by 1") is an amount, not how often
ONE = Lazy(r"\b(?:once|one time|a single|single)\b|"
           r"\b(?:only|just|exactly|at most|up to|no more than|(?:a )?maximum of|limit(?:ed)? (?:of|to))\s+(?:1|one)\b|"
           r"\b(?:1|one)\s+(?:[a-z]+\s+){0,3}?(?:per|each|every)\b", re.I)
# "must ... a single hero" answers "can I choose my ally?" with a no: a rule that requires one
# thing excludes the other the question asks about
REQUIRES = Lazy(r"\b(?:must|single|exactly)\b", re.I)
PERMISSION = Lazy(r"^\s*(?:can|could|may|might|is it possible|am i allowed)\b", re.I)
REQUIRE_EXCLUDES = True
# a claim that denies ("X cannot Y, right?") read against a rule denying something else: no reading
DENIED_CLAIM = True
FEWER_EXCLUDES = True


# a denial and how many content words after it it applies to: a "not" denies the verb right
# after it ("may not rest"), a "no" the noun after it, an "only" or "unless" the few words of
# the case it allows ("only during an action window")
DENIAL = Lazy(r"\b(?:(not|never|cannot|nor)|(no|none|nothing|nobody|neither|without)|(only|unless|except))\b|(n['’]t)\b",
              re.I)
DENIED_SPAN = {1: 1, 2: 2, 3: 3, 4: 1}


def same_word(a: str, b: str) -> bool:
    """Two stems of one word ("exce" from exceed, "exceed" from exceeded)."""
    return a == b or (min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a)))


PROVISO = Lazy(r"\b(?:so long as|as long as|provided(?: that)?|on condition that)\b", re.I)


def _without_proviso(sentence: str, question: str) -> str:
    """The sentence without its proviso when the question states one too ("can I exceed it
    as long as it is put right by the end?" and "you may ... so long as it does not exceed
    ... at the end"): the proviso's negation says what the condition requires, which the
    question already grants; whether the play is allowed is in the main clause."""
    if not PROVISO.search(question):
        return sentence
    found = PROVISO.search(sentence)
    return sentence[:found.start()] if found and found.start() > 0 else sentence


def _requires_otherwise(clause: str, sentence: str) -> bool:
    """The question asks whether it may do something, the rule requires something else: the
    rule says "must" or "a single", and words the question asks about are not in it."""
    if not PERMISSION.match(clause) or REQUIRES.search(sentence) is None:
        return False
    from .question_index import WEAK_TERMS, words

    asked = {w for w in words(clause) if len(w) > 3 and w not in WEAK_TERMS}
    return len(asked - set(words(sentence))) >= 2


# asking to do a thing more than once ("twice", "again"): "another" and "second" name another
# thing as often as a second time, so they do not count
MORE_THAN_ONCE = Lazy(r"\b(?:twice|again|more than once|second time|multiple times|several times)\b", re.I)


def _fewer(clause: str, sentence: str) -> bool:
    """The question asks about doing something more than once, the rule allows it once."""
    return MORE_THAN_ONCE.search(clause) is not None and ONE.search(sentence) is not None and MANY.search(sentence) is None



# a question that opens negatively ("can't I ...?", "doesn't it ...?", "does it not ...?"):
# players answer it "yes" and "no" alike for the same rule, so no reading is given
NEGATIVE_OPENING = Lazy(r"^\s*(?:\w+n['’]t|cannot)\b|^\s*(?:can|could|do|does|did|is|are|was|were|may|must|should|"
                        r"will|would|has|have)\s+(?:\S+\s+){1,3}?not\b", re.I)
# permission and obligation in a rule, and the words they govern ("may be switched", "must
# make an engagement check", "is considered to be an ally")
PERMITS = Lazy(r"\b(?:may|can|could|(?:is|are) (?:allowed|able|free|permitted) to|(?:has|have) the option (?:to|of)|"
               r"optionally|(?:it is|it's) possible(?: for)?)\b", re.I)
OBLIGES = Lazy(r"\b(?:must|(?:has|have|need|needs) to|(?:is|are) required to|(?:is|are) (?:also )?(?:considered|treated|"
               r"counted)(?: to be| as)?|counts? as|(?:does|do) count|counts? (?:toward|towards|against)|always)\b", re.I)
NOT_AFTER = Lazy(r"\s*(?:not|never)\b|n?['’]t\b", re.I)
GOVERNED = 2  # content words after a modal that it governs
# words between a modal and its verb that are not what it governs
MODAL_FILLER = frozenset("be been also always still then only ever even both simply later immediately choose "
                         "decide elect".split())
# a question about whether something is required ("do I have to ...?", "must I ...?")
ASKS_OBLIGATION = Lazy(r"\b(?:have to|has to|need|needs|must|required?|requires|forced to|obliged to|mandatory|"
                       r"compulsory)\b", re.I)
# a question about whether something is left to the player ("is it optional?")
ASKS_OPTION = Lazy(r"\b(?:optional|up to (?:me|us|the player)|(?:my|our|the player's) choice)\b", re.I)
# a rule that says a thing is not required, or is left to the player
NOT_REQUIRED = Lazy(r"\b(?:(?:does|do|did|is|are)(?:n['’]t| not) (?:have|need|required)|need not|needn['’]t|"
                    r"not (?:required|necessary|mandatory|obliged)|optional(?:ly)?)\b", re.I)
OPTIONAL = Lazy(r"\b(?:optional(?:ly)?|(?:has|have) the option|may (?:choose|decide|elect)|if (?:he|she|they|it|"
                r"the player|the players|you) (?:wish|wishes|want|wants|choose|chooses)|up to (?:him|her|them|you))\b", re.I)
# words by which a question probes past the rule's plain case ("again", "another", "still"):
# a rule that allows the plain case does not say yes to them unless it names them too
PROBES = Lazy(r"\b(?:again|another|other|others|different|more than|also|too|still|even|both|every|each|all|any|"
              r"twice|second|multiple|several|instead)\b", re.I)
# a denial of a limit or a need is a permission, not a no ("there is no limit to ...")
DENIED_LIMIT = Lazy(r"^\W*(?:\w+\W+)?(?:limit|maximum|restriction|cap|need|requirement)s?\b", re.I)
# the case an "only"/"unless" allows ("only if the company holds a Wizard")
ALLOWED_CASE = Lazy(r"^\s*(?:if|when|while|during|after|before|at|in|by|to|for|with|on)\b", re.I)
# a quoted term ("cannot be damaged", “cannot have attachments”) names an effect: its words do not rule
QUOTED = Lazy(r"[\"“][^\"“”.!?]{1,60}[\"”]")  # a quoted sentence ("No attachments can ...") is card text
# the parts of a rule's sentence, each ruling on its own ("..., but ...", "...; however, ...")
RULING_PARTS = Lazy(r"[;:]|,?\s*\b(?:but|however|whereas|although|though|except that)\b|(?<=[.!?])\s+|,?\s+(?=(?:if|unless|whenever)\b)",
                    re.I)
CONDITION_PART = Lazy(r"^\W*(?:if|when|whenever|while|once|as long as|after|before|unless|until|in case)\b", re.I)
# an "only" that limits how many ("only one", "only a maximum of one", "only once")
ONLY_SO_MANY = Lazy(r"^\s*(?:[a-z]+\s+){0,3}?(?:one|once|1|a single|a maximum|up to|a limit)\b", re.I)
PARENTHESES = Lazy(r"\([^()]{0,40}\)")  # a short aside, "(not player cards)"


def content_words(text: str) -> list[str]:
    """The stems of ``text``'s words that carry meaning (no stop word, no weak word)."""
    from .question_index import STOP, WEAK_TERMS, words

    return [w for w in words(text) if w not in STOP and w not in WEAK_TERMS]


def denials(text: str) -> list[tuple[int, list[str]]]:
    """Each denial of ``text`` (its DENIAL group: 1 a "not", 2 a "no", 3 an "only", 4 an "n't")
    and the content words it applies to."""
    out = []
    for m in DENIAL.finditer(text):
        group = next(i for i in range(1, 5) if m.group(i))
        following = text[m.end(): m.end() + 80]
        out.append((group, content_words(following)[:DENIED_SPAN[group]], following))
    return out


_filler: frozenset[str] | None = None


def _modal_filler() -> frozenset[str]:
    """``MODAL_FILLER`` as ``content_words`` gives words (stems: "choos", "decid", "alway"), and as
    written: the governed words are stems, so the unstemmed filler let those three through."""
    global _filler
    if _filler is None:
        from .question_index import words

        _filler = frozenset(MODAL_FILLER | {w for f in MODAL_FILLER for w in words(f)})
    return _filler


def _governs(pattern, sentence: str, asked: set[str]) -> bool:
    """A modal of ``pattern`` in the sentence governs a word the question asks about."""
    for m in pattern.finditer(sentence):
        if NOT_AFTER.match(sentence, m.end()):  # "may not", "can't": a denial, not a permission
            continue
        filler = _modal_filler()
        after = [w for w in content_words(sentence[m.end(): m.end() + 60]) if w not in filler][:GOVERNED]
        if any(same_word(a, w) for a in asked for w in after):
            return True
    return False


def reading(form, clause: str, sentence: str, question: str, tie_stated: bool = False) -> str | None:
    """Yes, no or nothing read from a rule's sentence about the question's clause.

    - a denial ("not", "no", "only") the question makes too, about the same words, is the
      question's own case ("can we search a cave that has no clue?", "... if it has no clue"),
      not the rule's answer; a verb denial shared ("it is true that X can't ...") agrees: yes;
    - a denial of what the question asks ("cannot search") is a no, unless the rule allows it
      too (two cases in one sentence), the denial is of a limit ("no limit to ..."), or the
      case an "only if" allows is the question's own case;
    - a permission or obligation governing what the question asks ("may be switched") is a
      yes; to "do I have to ...?", a permission is a no (may is not must);
    - a yes is not read when the question probes past the rule's plain case with words the
      rule lacks ("again", "another", "still"), nor a denial about something else than what
      is asked taken for either answer;
    - no reading when the question's subject ("do allies count ...?") is not named by the rule
      (a rule about company size in general does not say whether allies count)."""
    if NEGATIVE_OPENING.search(clause):
        return None
    # the question proper: what is asked, not the case it is asked in (of a claim, the part
    # the sentence speaks to)
    proper = clause if form.claim else form.clauses[0]
    asked = set(content_words(" ".join(form.clauses) if form.claim else proper))
    own = [(g, t) for c in form.clauses for g, t, _ in denials(c)]  # the question's own denials
    ruling = _without_proviso(sentence, question)
    denied_words: set[str] = set()  # the words the rule's denials of what is asked apply to
    denied, affirmed, shared_own = set(), set(), set()  # the rule's parts denying / allowing what is asked
    other = agreed = False
    ruled = []  # the parts that rule, without the cases they open on
    for k, part in enumerate(p for p in RULING_PARTS.split(ruling) if p and p.strip()):
        if CONDITION_PART.match(part):  # "if nobody guards the lamp, ...": the case, not the ruling
            if "," not in part:
                continue
            part = part.split(",", 1)[1]
        ruled.append(part)

        # "(not player cards)" is an aside
        for group, targets, rest in denials(QUOTED.sub(" ", PARENTHESES.sub(" ", part))):
            shared = [(i, g) for i, (g, t) in enumerate(own) if any(same_word(a, w) for a in t for w in targets)]
            if shared:
                shared_own.update(i for i, _ in shared)
                agreed = agreed or any(g in (1, 4) for _, g in shared) and group in (1, 4)
                continue
            if not any(same_word(a, w) for a in asked for w in targets) or DENIED_LIMIT.search(rest):
                other = True
                continue
            if group == 3 and ONLY_SO_MANY.match(rest) and not (MORE_THAN_ONCE.search(proper) or MANY.search(proper)):
                other = True  # "may only play one ... each turn": a no only to asking for more
                continue
            if group == 3 and ALLOWED_CASE.search(rest):
                allowed = content_words(rest)[:4]
                if allowed and sum(any(same_word(a, w) for a in asked) for w in allowed) * 2 >= len(allowed):
                    other = True  # the question is in the case the rule allows
                    continue
            denied.add(k)
            denied_words.update(targets)
        if _governs(PERMITS, part, asked) or _governs(OBLIGES, part, asked):
            affirmed.add(k)
    # the question denies what the rule states plainly ("a plot that doesn't affect my location"
    # against "plots that affect the hero's location"): the question is about the other case
    stated = set(content_words(ruling))
    for _, targets, _ in denials(QUOTED.sub(" ", PARENTHESES.sub(" ", ruling))):  # conditions included
        shared_own.update(i for i, (_, t) in enumerate(own) if any(same_word(a, w) for a in t for w in targets))
    if any(g != 3 and i not in shared_own and any(same_word(a, w) for a in t for w in stated)
           for i, (g, t) in enumerate(own)):
        return None
    if SUBJECT_CHECK and not form.claim and _subject_missing(proper, ruling):
        return None
    obligation = ASKS_OBLIGATION.search(proper) is not None
    if denied:  # a part that allows what another part denies: two cases, not a no
        if DENIED_CLAIM and form.claim and any(g in (1, 4) for g, _ in own) and not (
                _governs(PERMITS, " ; ".join(form.clauses), denied_words)
                or _governs(OBLIGES, " ; ".join(form.clauses), denied_words)):
            # "he cannot then attack, correct?" against "he cannot exhaust to defend": the claim
            # denies one thing, the rule another; its denial neither confirms the claim nor refutes
            # it.  ("Heroes can't heal there, but can rest" against "may not rest": the rule denies
            # what the claim allows, a no.)
            return None
        if obligation:  # "cannot travel" to "do we have to pay?" says nothing; "need not pay" says no
            return "no" if NOT_REQUIRED.search(ruling) else None
        return None if affirmed - denied else "no"
    if other:
        return None
    if agreed:
        return "yes"
    if FEWER_EXCLUDES and _fewer(proper, ruling):
        return "no"
    if REQUIRE_EXCLUDES and _requires_otherwise(proper, ruling):
        return "no"
    if not affirmed and not tie_stated:
        return None
    if any(not re.search(r"\b" + re.escape(m.group(0)) + r"\b", sentence, re.I) for m in PROBES.finditer(question)):
        return None
    if len(_unnamed(question, sentence)) > UNNAMED:  # the question's case is not the one the rule rules on
        return None
    if obligation or ASKS_OPTION.search(proper):
        # what the rule requires, not the case it opens on ("if the party is required to make a
        # test, all players have the option of committing ...": committing is optional)
        obliged = _governs(OBLIGES, " ; ".join(ruled), asked)
        if obligation and not obliged:
            # "may tap to play an ally" does not say tapping is optional (it is how one plays
            # it); "may optionally use", "may choose to" do
            return "no" if OPTIONAL.search(ruling) else None
        return ("yes" if obliged else "no") if obligation else ("no" if obliged else "yes")
    return "yes"


# how many of the question's words the rule may leave out when a yes is read from it: beyond,
# the question is about a case of its own ("at a ruins site" against "at a Haven")
UNNAMED = 3


def _unnamed(question: str, ruling: str) -> set[str]:
    said = content_words(ruling)
    return {w for w in content_words(question) if not any(same_word(w, x) for x in said)}


# a question whose subject the rule does not name gets no reading (``_subject_missing``);
# measured on the asked questions (bench/eval_inferred_verdicts.py, 2026-11-26): polarity
# readings 217/257 (84%) right -> 202/233 (87%), on their own record 151/163 (93%) -> 142/150
# (95%), METW's own 38/44 -> 36/39; the players' tune half unchanged (4 right, 0 wrong)
SUBJECT_CHECK = True
ASKED_SUBJECT = Lazy(r"^\W*(?:can|could|do|does|did|is|are|was|were|may|must|should|will|would|has|have|am)\s+"
                     r"(?:(?:my|your|his|her|their|our|the|a|an|this|that|these|those|each|every|any)\s+)?([A-Za-z][\w'-]*)", re.I)
# subjects that name no one in particular: the rule's "you", "a player" covers them
PRONOUNS = frozenset("i you he she it we they one someone anyone anybody somebody everyone everybody nobody there "
                     "another other others player players".split())


def _subject_missing(clause: str, ruling: str) -> bool:
    """The question asks about a subject ("do allies count ...?", "does Twilight use up ...?")
    the rule's sentence does not name: the rule rules on something else."""
    found = ASKED_SUBJECT.match(clause)
    if found is None or found.group(1).lower() in PRONOUNS:
        return False
    subject = content_words(found.group(1))
    said = content_words(ruling)
    return bool(subject) and not any(same_word(subject[0], w) for w in said)
