"""Which figure of a sentence answers a how-many question: the one counting what the question
counts, in the case the question states.

- What is counted is the head noun of "how many A B": its last word before the verb ("how many
  minor items can I start with?" counts items; "minor" narrows them).  A figure counts it when
  the head stands in the noun phrase after the figure ("two non-unique minor items", "one of
  the drawn Plot cards"), and a bare figure continuing a list ("four influence during stage I,
  eight in stage II") or replacing one ("20 marshalling points ... lowered to 18") counts the
  noun of the figure before it (``counted_figures``).
- A figure's case is the condition it is stated under: the sentence's opening case ("If
  neither team is dominant, ..."), a case inside its own bracket or clause ("(or three actions
  if playing a four player game)", "eight in stage II").  Against the case the question states
  (``fit``): -1 when they differ in a setting's figure (4 players against 2 players, stage II
  against stage I), the question states no setting where the figure's case does, or one of
  them denies what the other states ("neither team is dominant"
  against "he is dominant"); +1 when the question holds the case; 0 when it cannot be told.
- ``choose``: the figure whose case the question holds; else the one stated under no case
  (the rule's default) when the others' cases are not the question's; else none: when the
  sentence gives several figures of the counted noun and nothing tells them apart, the first
  is not the answer.  Several figures under one case are told apart by the question's verb
  ("draws two Plot cards" / "selects one Plot card to keep" to "how many can he keep?").
"""

from __future__ import annotations

import re

from .patterns import Lazy

NUMBER_WORDS = {"no": 0, "zero": 0, "one": 1, "once": 1, "two": 2, "twice": 2, "three": 3, "four": 4,
                "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
                "twelve": 12, "a single": 1, "single": 1}
ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5}
_FIG = r"(?:\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
AUXILIARY = frozenset("can could do does did is are was were may might must should will would has have am shall "
                      "need needs".split())
# words that end the noun phrase after "how many" or after a figure
PHRASE_ENDS = frozenset(
    "a an the of to and or for by in on at is are was were be been do does did can could may might must should "
    "will would has have am shall i you he she it we they this that these those my your his her their our "
    "each every per from with without during when if while as than than so but not no which who whom whose "
    "what where there here up out into onto over under before after".split()) | AUXILIARY
PRONOUNS = frozenset("i you he she it we they".split())
DETERMINERS = frozenset("a an the my your his her their our each every this that these those".split())
# "another one", "the one", "any one": a pronoun, not a figure
PRONOUN_ONE = Lazy(r"\b(?:another|any|the|this|that|which|each|every|no|some|other)\s+$", re.I)
# a setting stated by a figure: "four player game", "4 players", "3-deck game", "two-player"
SETTING_BEFORE = Lazy(r"\b(" + _FIG + r")[\s-]+(player|players|deck|decks|hero|heroes)\b", re.I)
SOLO = Lazy(r"\b(?:true\s+)?solo\b", re.I)
# "stage II", "stage 2", "round 3"
SETTING_AFTER = Lazy(r"\b(stage|round|level|turn)\s+(iii|ii|iv|i|v|\d+)\b", re.I)
NEGATION = Lazy(r"\b(?:not|no|neither|nor|never|without|none)\b|n['’]t\b", re.I)
# a case: a condition clause, or a setting in a prepositional phrase
CASE_WORD = Lazy(r"\b(?:if|when|whenever|unless|while|once)\b", re.I)
SETTING_PHRASE = Lazy(r"\b(?:in|during|with|for)\s+(?:a |an |the |each )?(?:" + _FIG + r"[\s-]+(?:player|deck)s?"
                      r"(?:\s+game)?|stage\s+(?:iii|ii|iv|i|v|\d)\b)", re.I)
# a figure that replaces the one before it: "lowered to 18", "is reduced to 3"
REPLACES = Lazy(r"\b(?:lowered|reduced|raised|increased|decreased|changed|set|becomes?|drops?)\s+to\s+$", re.I)
# the share of a case's words (by rarity with a weigher) a question must hold to state that case
CASE_HELD = 0.5
# a figure the rule replaces: after "instead of" / "rather than" in its clause, or "from N" before "to M"
REPLACED = Lazy(r"\b(?:instead of|rather than)\b[^,;.()]*$", re.I)
FROM = Lazy(r"\bfrom\s+$", re.I)
TO_FIGURE = Lazy(r"(?:\s+[A-Za-z]+)?\s+to\s+(?:\d+|" + _FIG + r")\b", re.I)
CLAUSE_SPLIT = Lazy(r"[,;:()!?]|\.(?=\s|$)")
LETTERS = Lazy(r"[A-Za-z]+")
FIGURE = Lazy(r"(?<![\w\-−+])(" + _FIG + r"|a single)(?![\w\-])", re.I)


def _value(raw: str) -> int | None:
    raw = raw.lower()
    if raw.isdigit():
        return int(raw)
    return NUMBER_WORDS.get(raw, ROMAN.get(raw))


def _stem(word: str) -> str:
    from .question_index import stem

    return stem(word.lower())


class Counted:
    """What a how-many question counts: its head noun (stemmed; "" when the question names none:
    "how much does ... raise?"), the words narrowing it, its verb (stemmed; "" when none is
    found) and, for "how many cards is my starting hand?", the thing whose size is asked (its
    head noun, stemmed), which a sentence must name for its figure to be that size.  (A plain
    class: a dataclass costs milliseconds of every how-many question's import.)"""

    __slots__ = ("head", "modifiers", "verb", "whole")

    def __init__(self, head: str, modifiers: tuple = (), verb: str = "", whole: str = ""):
        self.head, self.modifiers, self.verb, self.whole = head, modifiers, verb, whole

    def __repr__(self) -> str:
        return f"Counted(head={self.head!r}, modifiers={self.modifiers!r}, verb={self.verb!r}, whole={self.whole!r})"


HOW = Lazy(r"\bhow (?:many|much)\b", re.I)


def counted(question: str) -> Counted:
    """The head noun of "how many A B ...", the words before it and the question's verb (the
    word after its auxiliary and subject: "does Sauron *draw*", "can a follower *control*")."""
    m = HOW.search(question)
    if m is None:
        return Counted("", (), "")
    words = LETTERS.findall(question[m.end():])
    phrase = []
    plural = "many" in m.group(0).lower()
    for w in words:
        if w.lower() in PHRASE_ENDS or len(phrase) >= 4:
            break
        phrase.append(w.lower())
        # "how many" counts a plural: its first plural ends the phrase ("marshalling points let me")
        if plural and w.lower().endswith("s") and not w.lower().endswith(("ss", "us", "is")):
            break
    rest = [w.lower() for w in words[len(phrase):]]
    verb, whole = "", ""
    if rest[:1] in (["is"], ["are"], ["was"], ["were"]) and rest[1:2] and rest[1] in DETERMINERS:
        named = []  # "how many cards is my starting hand?": a noun phrase after the copula
        for word in rest[2:]:
            if word in PHRASE_ENDS or (named and word.endswith("ed")):  # "is each haven connected to"
                break
            named.append(word)
        whole = _stem(named[-1]) if named else ""
    if whole:
        pass
    elif rest and rest[0] in AUXILIARY:
        after = rest[1:]
        if after and after[0] in DETERMINERS:
            after = after[1:]
        elif after and after[0] in PHRASE_ENDS and after[0] not in PRONOUNS:  # "are in a deck": no subject
            after = []
        # the subject (one word, or two before a verb: "my opponent play"), then the verb
        for word in after[1:3]:
            if word not in PHRASE_ENDS:
                verb = word
                break
    elif rest and rest[0] not in PHRASE_ENDS:
        verb = rest[0]
    stems = [_stem(w) for w in phrase]
    return Counted(stems[-1] if stems else "", tuple(stems[:-1]), _stem(verb) if verb else "", whole)


def settings(text: str) -> dict[str, int]:
    """The settings a text states by a figure: {"player": 4} for "a four player game" or
    "with 4 players", {"stage": 2} for "stage II", {"deck": 3} for "a 3-deck game"."""
    found: dict[str, int] = {}
    for m in SETTING_BEFORE.finditer(text):
        value = _value(m.group(1))
        if value is not None:
            found[_stem(m.group(2))] = value
    if SOLO.search(text):  # "solo", "true solo": a one player game
        found["player"] = 1
    for m in SETTING_AFTER.finditer(text):
        value = _value(m.group(2))
        if value is not None:
            found[m.group(1).lower()] = value
    return found


class Figure:
    """A figure of a sentence counting the question's noun: where it starts, its value, the
    counted noun as the sentence says it ("" for a bare figure), the stemmed noun phrase after
    it, the condition it is stated under ("" for none) and its clause."""

    __slots__ = ("start", "value", "noun", "phrase", "case", "clause")

    def __init__(self, start: int, value: int, noun: str, phrase: tuple, case: str, clause: str):
        self.start, self.value, self.noun, self.phrase, self.case, self.clause = start, value, noun, phrase, case, clause

    def __repr__(self) -> str:
        return f"Figure({self.value}, {self.noun!r}, case={self.case!r})"


# a figure made a bound by the words after it ("3 or less Corruption cards"): it reads
# through them to its noun, and it is a limit, which "how many ... can ...?" asks for
BOUND_AFTER = Lazy(r"\s+or\s+(?:less|fewer|more|greater|lower|higher)\s+", re.I)
BOUND_BEFORE = Lazy(r"\b(?:at most|at least|up to|no more than|a maximum of|a minimum of)\s+$", re.I)
LIMIT_ASKED = Lazy(r"\bhow (?:many|much)\b[^?]*\b(?:can|could|may|might)\b", re.I)


# where a figure's noun phrase ends: "one copy of each unique card | in his play deck",
# "1 defender | whether the enemy is engaged"
PHRASE_STOP = frozenset("whether if when while that which who and or but in on to with from by for at as".split())


def _noun_phrase_at(sentence: str, start: int) -> str:
    """The figure at ``start`` and the words after it up to a clause or preposition word (its
    "of each ..." kept), at most six."""
    words = []
    for m in re.finditer(r"[\w'’-]+|[^\w\s]", sentence[start:]):
        word = m.group(0)
        if (words and word.lower() in PHRASE_STOP) or not (word[0].isalnum()) or len(words) >= 6:
            break
        words.append(word)
    return " ".join(words)


NON_WORD = Lazy(r"\bnon-?\s?([a-z]+)", re.I)


def _plain_words(clause: str) -> set[str]:
    """The clause's words not negated by a "non-" before them."""
    said = {m.group(1).lower() for m in re.finditer(r"(?<![\w-])(?<!non )([A-Za-z]+)", clause)}
    return said - {m.group(1).lower() for m in NON_WORD.finditer(clause)}


def _sets_its_case(sentence: str, figure: "Figure") -> bool:
    """Whether the figure is its own case's threshold ("If the hero has 3 or less ... cards"):
    the case is the limit, not a setting the question must hold."""
    at = sentence.find(figure.case) if figure.case else -1
    return at >= 0 and at <= figure.start < at + len(figure.case)


def is_bound(sentence: str, figure: "Figure") -> bool:
    """Whether a figure is a limit: "3 or less", "at most 2", "up to four"."""
    return bool(BOUND_BEFORE.search(sentence[:figure.start]) or
                BOUND_AFTER.match(sentence, figure.start + len(FIGURE.match(sentence, figure.start).group(0))))


def _phrase_after(sentence: str, end: int) -> list[str]:
    """The noun phrase after a figure: up to four words before a function word or punctuation
    ("non-unique minor items"); "one of the drawn Plot cards" reads through "of the"."""
    tail = sentence[end:]
    partitive = re.match(r"\s+of\s+(?:the|his|her|their|your|its)\s+", tail, re.I) or BOUND_AFTER.match(tail)
    if partitive:
        tail = tail[partitive.end() - 1:]
    out = []
    through_of = False
    for m in re.finditer(r"[A-Za-z][A-Za-z'’]*|[^\sA-Za-z\-]", tail):
        word = m.group(0)
        if word.lower() == "of" and len(out) == 1 and not through_of:  # "20 points of general influence"
            through_of = True
            continue
        if not word[0].isalpha() or word.lower() in PHRASE_ENDS or len(out) >= 4:
            break
        out.append(word)
    return out


def _clause_span(sentence: str, start: int) -> tuple[int, int]:
    """The clause a position is in: between the punctuation marks around it."""
    left = max([m.end() for m in CLAUSE_SPLIT.finditer(sentence, 0, start)] or [0])
    right = next((m.start() for m in CLAUSE_SPLIT.finditer(sentence, start)), len(sentence))
    return left, right


def _bracket(sentence: str, start: int) -> tuple[int, int] | None:
    opened = sentence.rfind("(", 0, start)
    if opened < 0 or sentence.rfind(")", 0, start) > opened:
        return None
    closed = sentence.find(")", start)
    return opened, closed if closed >= 0 else len(sentence)


OPENING_CASE = Lazy(r"^\W*(?:[A-Za-z]+\s*:\s*)?(?:[A-Za-z]+(?:\s+[A-Za-z]+){0,2}\s*,\s*)?"
                    r"((?:if|when|whenever|unless|while|once|in|during|with)\b[^,;:]*)[,;:]", re.I)


def _case(sentence: str, start: int, end: int) -> str:
    """The condition the figure at ``start`` is stated under: a case word or setting phrase in
    its bracket or clause (not the figure's own words), else the sentence's opening case when
    the figure is after it."""
    cases = []
    bracket = _bracket(sentence, start)
    left, right = bracket if bracket else _clause_span(sentence, start)
    own = sentence[left:right]
    word = CASE_WORD.search(own)
    if word is not None and not (word.start() <= start - left < word.end()):
        cases.append(own[word.start():])
    for m in SETTING_PHRASE.finditer(own):
        if not (m.start() <= start - left < m.end()):
            cases.append(m.group(0))
    opening = OPENING_CASE.match(sentence)
    if opening and opening.end() <= start and (CASE_WORD.match(opening.group(1)) or settings(opening.group(1))):
        cases.append(opening.group(1))
    return " ".join(cases)


def counted_figures(sentence: str, what: Counted) -> list[Figure]:
    """The figures of ``sentence`` that count the question's head noun, with their cases."""
    if not what.head:
        return []
    out: list[Figure] = []
    last_counted: Figure | None = None
    asked_words = set(what.modifiers)
    additions = False
    for m in FIGURE.finditer(sentence):
        raw = m.group(1)
        value = _value(raw) if raw.lower() != "a single" else 1
        if value is None or (re.match(r"\.(?:\s|$)", sentence[m.end():]) and not sentence[:m.start()].strip(" -*•")):
            continue  # "1. Create your quest deck": a list's number
        if raw.lower() == "one" and PRONOUN_ONE.search(sentence[:m.start()]):
            continue  # "another one of your characters": a pronoun
        if REPLACED.search(sentence[:m.start()]) or (FROM.search(sentence[:m.start()])
                                                     and TO_FIGURE.match(sentence, m.end())):
            continue  # "instead of only the top 2 cards", "from 4 to 3": the figure the rule replaces
        words = _phrase_after(sentence, m.end())
        stems = tuple(_stem(w) for w in words)
        if stems[:1] in (("other",), ("more",)) and not set(stems[:1]) & asked_words:
            if what.head in stems:  # "the Dream-chaser and one other ship": an addition to something named
                additions = True
            continue
        case = _case(sentence, m.start(), m.end())
        clause = sentence[slice(*(_bracket(sentence, m.start()) or _clause_span(sentence, m.start())))]
        if what.head in stems:
            # the counted noun as the sentence says it, with the question's words before it
            # ("marshalling points", "Shadow cards"; not "non-unique" of "non-unique minor items")
            end = stems.index(what.head)
            first = next((i for i in range(end) if stems[i] in what.modifiers), end)
            noun = " ".join(words[first: end + 1])
            last_counted = Figure(m.start(), value, noun, stems, case, clause)
            out.append(last_counted)
        elif not stems and last_counted is not None:  # "eight in stage II", "lowered to 18"
            if REPLACES.search(sentence[:m.start()]):
                out = [f for f in out if f is not last_counted]
            last_counted = Figure(m.start(), value, last_counted.noun, last_counted.phrase, case, clause)
            out.append(last_counted)
    if additions and not out:  # only an addition counts the noun: no figure gives the total
        return [Figure(-1, -1, "", (), "", "")]
    return out


def fit(case: str, question: str, own: frozenset = frozenset(), weigh=None) -> int:
    """How the question's case stands to a figure's: -1 when a setting's figure differs or one
    denies what the other states; +1 when the question holds the case's settings or most of its
    words; 0 when it cannot be told (the figure is stated under no case, or under one the
    question does not speak of).  ``own``: the counted noun phrase's words, which are the
    figure's own, not its case's ("if you have at least 20 marshalling points").  With
    ``weigh`` (the question's weigher), the case's words held count by their rarity ("starter
    deck" more than "one or both players")."""
    if not case:
        return 0
    from .question_index import words

    mine, theirs = settings(case), settings(question)
    shared = set(mine) & set(theirs)
    if any(mine[k] != theirs[k] for k in shared) or (mine and not theirs):
        return -1  # another setting's figure, or a setting ("in a four player game") the question leaves open
    case_words = set(words(case)) - {"if", "when"} - own
    asked = set(words(question))
    if case_words & asked and bool(NEGATION.search(case)) != bool(NEGATION.search(question)):
        return -1  # "if neither team is dominant" to "when he is dominant"
    if shared:
        return 1
    if weigh is not None:
        text = " ".join(w for w in LETTERS.findall(case) if _stem(w) not in own)
        whole = weigh(text, against=text)
        share = weigh(text, against=getattr(weigh, "expanded", question)) / whole if whole > 0 else 0.0
    else:
        share = len(case_words & asked) / len(case_words) if case_words else 0.0
    return 1 if share >= CASE_HELD else 0


def held(sentence: str, question: str, weigh=None) -> Figure | None:
    """A figure of ``sentence`` counting the question's noun under a case the question holds,
    when the sentence gives one and only one value so."""
    what = counted(question)
    own = frozenset((what.head,) + what.modifiers)
    found = [f for f in counted_figures(sentence, what) if fit(f.case, question, own | frozenset(f.phrase), weigh) > 0]
    return found[0] if found and len({f.value for f in found}) == 1 else None


def states_setting(other: str, question: str) -> bool:
    """Whether ``other`` opens on a setting the question states by the same figure ("In a game
    with only one player, ..." for a solo question)."""
    opening = OPENING_CASE.match(other)
    if opening is None:
        return False
    mine, theirs = settings(opening.group(1)), settings(question)
    return bool(set(mine) & set(theirs)) and all(mine[k] == theirs[k] for k in set(mine) & set(theirs))


def unexplained(question: str, sentence: str) -> str:
    """The question's words the sentence does not hold, less what it counts ("with only a
    starter deck" against "... at least 20 marshalling points")."""
    what = counted(question)
    said = {_stem(w) for w in LETTERS.findall(sentence)} | {what.head, *what.modifiers}
    after = HOW.search(question)
    return " ".join(w for w in LETTERS.findall(question[after.end():] if after else question)
                    if _stem(w) not in said and w.lower() not in PHRASE_ENDS)


def stating(other: str, rest: str, question: str, weigh) -> Figure | None:
    """A figure of ``other`` counting the question's noun under a case that holds most of
    ``rest`` (the question's words the deciding sentence leaves out, by rarity) and is not
    another case than the question's: the record's "If ... only has access to a starter deck,
    ... lowered to 18" for "how many marshalling points with only a starter deck?"."""
    whole = weigh(rest, against=rest) if rest else 0.0
    if whole <= 0:
        return None
    what = counted(question)
    own = frozenset((what.head,) + what.modifiers)
    found = [f for f in counted_figures(other, what) if f.case and weigh(rest, against=f.case) >= CASE_HELD * whole
             and fit(f.case, question, own | frozenset(f.phrase), weigh) >= 0]
    return found[0] if found and len({f.value for f in found}) == 1 else None


def choose(sentence: str, question: str) -> Figure | None | bool:
    """The figure answering the question among those counting its noun (``counted_figures``):
    None when no figure counts it; False when figures count it but none is the question's case
    (show no figure); else the figure."""
    what = counted(question)
    found = counted_figures(sentence, what)
    if not found:
        return None
    if found[0].start < 0:  # only "one other X": the total is not stated
        return False
    if what.modifiers:  # "how many plot cards": a figure of plot cards before one of shadow cards
        narrowed = [f for f in found if set(what.modifiers) & set(f.phrase)]
        found = narrowed or found
    denied = {m.group(1).lower() for m in NON_WORD.finditer(question)}
    if denied:  # "a non-unique card" asked: a figure said of unique cards is another case's
        found = [f for f in found if f.start < 0 or not denied & _plain_words(_noun_phrase_at(sentence, f.start))]
        if not found:
            return False

    own = frozenset((what.head,) + what.modifiers)
    fits = [fit(f.case, question, own | frozenset(f.phrase)) for f in found]
    held = [f for f, k in zip(found, fits) if k > 0]
    default = [f for f, k in zip(found, fits) if k == 0 and not f.case]
    unknown = [f for f, k in zip(found, fits) if k == 0]
    pool = held or (default if default else unknown)
    if not pool:
        return False  # each figure is stated for another case than the question's
    if LIMIT_ASKED.search(question):  # "how many ... can a hero have?": the limit, not an amount gained
        limits = [f for f, k in zip(found, fits) if (k >= 0 or _sets_its_case(sentence, f)) and is_bound(sentence, f)
                  and (not held or f in held)]
        if len({f.value for f in limits}) == 1:
            return limits[0]
    values = {f.value for f in pool}
    if len(values) == 1:
        return pool[0]
    if what.verb:  # several figures, one case: the one whose own stretch holds the question's verb
        by_verb = [f for f in pool if what.verb in {_stem(w) for w in LETTERS.findall(_stretch(sentence, f, pool))}]
        if len({f.value for f in by_verb}) == 1:
            return by_verb[0]
    return False


STRETCH_ENDS = Lazy(r"\b(?:and|or|then|but)\b")


def _stretch(sentence: str, figure: Figure, pool: list[Figure]) -> str:
    """The words a figure is said with: from its clause's start (or the figure before it) to
    the figure, and after it up to 'and', 'or', 'then' or its clause's end ("discard one card |
    and then draw two cards"; "selects one card to keep")."""
    left, right = _bracket(sentence, figure.start) or _clause_span(sentence, figure.start)
    before = [f.start for f in pool if left <= f.start < figure.start]
    if before:
        left = max(before)
    after = sentence[figure.start: right]
    cut = STRETCH_ENDS.search(after)
    if cut:
        after = after[:cut.start()]
    later = [f.start for f in pool if figure.start < f.start < figure.start + len(after)]
    if later:
        after = sentence[figure.start: min(later)]
    return sentence[left: figure.start] + " " + after
