"""Either-or questions: which of the player's alternatives the deciding sentence supports.

Players often ask by offering two readings: "does it keep the damage, or does the enemy
heal?", "Is it: 1. I gain 4 threat or 2. I gain no threat?", "Does it come on top of the
usual 1 threat (3 in all), or instead of it?".  The alternatives are cut from the asking
sentence (numbered options, or "..., or does/is/can ...", or a second asking sentence that
opens with "Or"); each is scored by the rare words it shares with the deciding sentence,
a word the sentence negates ("does not replace") counting against the alternative that
holds it.  The verdict names the alternative that holds: kind yes when it is the first,
no when it is the second (the question asked as "the first, or else the second?"), and a
number when the alternatives are told apart by their figures ("4 threat").

Alternatives that are bare figures ("does it raise my threat by 2 or 3?", "one or two
encounter cards?") are read apart (``figure_alternatives``, ``choose_figure``): the answer is
the one of the two figures the documents give beside the noun counted ("So the player ...
raises his threat by 3"), a figure in the documents' own words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .patterns import Lazy

NUMBERED = Lazy(r"(?:^|[\s:(])(?:\(?([1-3])[.)]|\b(?:first|second)ly\b)\s+", re.I)
OR_ASKS = Lazy(
    r",?\s+\bor\b\s+(?=(?:is|are|does|do|did|can|could|will|would|should|must|has|have|just|only|does it|is it)\b)",
    re.I)
# the opening of a second alternative after a plain " or " ("set aside for good or put
# in the discard pile", "every round, or just the first time")
LATER_OPTION = Lazy(r"(?:[a-z]+ed|just|only|simply|rather|instead|still)\b", re.I)
NEGATED = Lazy(r"\b(?:not|no|never|cannot|nor)\b|n['’]t\b", re.I)
MARGIN = 1.25  # the winner's support must exceed the other's by this factor
HELD = 0.4  # the share of the chosen alternative's words (weighed by rarity) the sentence must hold
NUMBER = Lazy(r"\b(\d+)\b(?:\s+([a-z][a-z\-]*))?", re.I)
UNIT_STOP = frozenset("at the a an and or to of in on for by is are so i you it".split())


@dataclass
class Choice:
    """Which of a question's alternatives the deciding sentence holds to."""

    index: int  # which alternative holds (0: the first)
    alternatives: list[str]
    # the sentence settles it: it holds most of the chosen alternative's words, or it denies
    # the other one ("does not replace"); else it only leans one way, and no verdict is read
    supported: bool = True
    # the sentence denies a word only the other alternative holds ("does not replace")
    denied: bool = False

    @property
    def chosen(self) -> str:
        return self.alternatives[self.index]


def alternatives(question: str) -> list[str]:
    """The player's alternatives, when the question offers two (or more), else []."""
    from .sentences import sentences

    text = " ".join(question.split())
    marks = list(NUMBERED.finditer(text))
    if len(marks) >= 2 and [m.group(1) for m in marks[:2]] == ["1", "2"]:
        parts = [text[m.end(): (marks[i + 1].start() if i + 1 < len(marks) else len(text))]
                 for i, m in enumerate(marks)]
        return [_tidy(re.sub(r"\bor\s*$", "", p.strip())) for p in parts if p.strip()]
    asked = [s for s in sentences(text) if s.rstrip().endswith("?")]
    if len(asked) >= 2 and re.match(r"^\s*or\b", asked[1], re.I):
        return [_tidy(asked[0]), _tidy(re.sub(r"^\s*or\s+", "", asked[1], flags=re.I))]
    for sentence in asked:
        parts = OR_ASKS.split(sentence)
        if len(parts) == 2 and all(len(p.split()) >= 2 for p in parts):
            return [_tidy(p) for p in parts]
        head, _, tail = sentence.rpartition(" or ")
        if head and len(tail.split()) >= 2 and LATER_OPTION.match(tail):
            return [_tidy(head), _tidy(tail)]
    return []


CASE_HEAD = Lazy(r"^\s*(?:if|when|whenever|once|after|while|say|during)\b", re.I)


def _tidy(text: str) -> str:
    """An alternative without the case that opens the sentence ("If X is revealed, is it
    ...": is it ...) and without its closing punctuation."""
    text = text.strip()
    if CASE_HEAD.match(text):
        depth = 0
        for i, ch in enumerate(text):
            depth += (ch == "(") - (ch == ")")
            if ch == "," and depth == 0 and len(text[i + 1:].split()) >= 2:
                text = text[i + 1:]
                break
    return text.strip().rstrip("?.,;: ").strip()


def choose(options: list[str], sentence: str, weigh) -> Choice | None:
    """The alternative ``sentence`` supports, when it clearly supports one of two."""
    if len(options) != 2 or not sentence:
        return None
    own = [_raw_words(o) for o in options]
    distinct = [{r: s for r, s in own[0].items() if s not in own[1].values()},
                {r: s for r, s in own[1].items() if s not in own[0].values()}]
    negated = _negated_words(sentence)
    support = []
    for mine in distinct:
        plus = " ".join(r for r, s in mine.items() if s not in negated)
        minus = " ".join(r for r, s in mine.items() if s in negated)
        support.append(weigh(plus, against=sentence) - (weigh(minus, against=sentence) if minus else 0.0))
    first, second = support
    if first <= 0 and second <= 0:
        return None
    for index, (mine, other) in enumerate(((first, second), (second, first))):
        if mine > 0 and mine >= MARGIN * max(other, 0.0) and mine > other:
            whole = weigh(options[index], against=options[index])
            held = whole > 0 and weigh(options[index], against=sentence) >= HELD * whole
            return Choice(index, options, supported=held or other < 0, denied=other < 0)
    return None


def _raw_words(text: str) -> dict[str, str]:
    """Each word of ``text`` as written -> its stemmed form (the index's words)."""
    from .question_index import words

    out = {}
    for raw in re.findall(r"[A-Za-z0-9']+", text):
        stemmed = words(raw)
        if stemmed:
            out[raw.lower()] = stemmed[0]
    return out


def _negated_words(sentence: str) -> set[str]:
    """The stemmed words a negation in ``sentence`` applies to: the first content word after
    it, the verb or adjective it denies ("does not replace the regular raise": replace; "is
    not the same as discarding": same, not the discarding it compares with)."""
    from .question_index import STOP, WEAK_TERMS, words

    out: set[str] = set()
    for m in NEGATED.finditer(sentence):
        after = [w for w in words(sentence[m.end(): m.end() + 60]) if w not in STOP and w not in WEAK_TERMS]
        after = [w for w in after if w not in ("be", "been", "do", "doe", "have")]
        out.update(after[:1])
    return out


def figure(choice: Choice, question: str) -> tuple[int, str] | None:
    """The figure of the chosen alternative ("so I gain 4 threat": 4 threat), when the
    alternatives carry figures: its last number, with the noun after it, or else the noun
    after the question's first number of the same alternative."""
    found = list(NUMBER.finditer(choice.chosen))
    if not found:
        return None
    value = int(found[-1].group(1))
    units = [(m.group(2) or "").lower() for m in reversed(found)]
    units += [(m.group(2) or "").lower() for m in NUMBER.finditer(question)]
    unit = next((u for u in units if u and u not in UNIT_STOP), "")
    others = [a for i, a in enumerate(choice.alternatives) if i != choice.index]
    told_by_figures = any(re.search(r"\b(?:\d+|no|zero)\b", o, re.I) for o in others)
    # or the question is about an amount of one thing ("raise your threat by 2 ... the 1
    # threat ... by 3": threat, named again and again)
    about_amount = bool(unit) and len(re.findall(r"\b" + re.escape(unit) + r"s?\b", question, re.I)) >= 3
    return (value, unit) if told_by_figures or about_amount else None


# -- alternatives that are bare figures ("by 2 or 3", "one or two encounter cards") ----------

FIGURE_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10}
_FIG = r"(\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten)"
# two figures offered as the answer: "2 or 3", "by one or by two"; not a list ("stage 1, 2 or 3")
# nor a range ("2 or more", "1 to 3")
FIGURE_OR = Lazy(r"(?<![\d,] )(?<![\d,])\b" + _FIG + r"\s+or\s+(?:by\s+)?" + _FIG + r"\b(?!\s*(?:more|less|fewer|higher|lower)\b)",
                 re.I)
FIGURE_IN_TEXT = Lazy(r"(?<![\w\-−+])" + _FIG + r"\b(?![\-.]\d)", re.I)
# words that are not what a figure counts
NOT_COUNTED = frozenset("a an the of to and or for by in on at is are was be my your his her their our its it i "
                        "you we they in total all so each per every".split())
# the words before and after a figure in which the noun it counts must stand ("raises his
# threat by 3", "1 encounter card"; not "3 hours and the threat")
NEAR_BEFORE, NEAR_AFTER = 3, 2


@dataclass
class FigureChoice:
    """The figure the documents give, of the two the player offered ("by 2 or 3": 3 threat)."""

    value: int
    unit: str
    sentence: str  # the sentence of the documents that gives it


def _value(raw: str) -> int:
    return int(raw) if raw.isdigit() else FIGURE_WORDS[raw.lower()]


def figure_alternatives(question: str) -> tuple[list[int], str] | None:
    """The figures a question offers as its possible answers, and the noun they count: two bare
    figures ("raise my threat by 2 or 3": [2, 3], threat; "one or two encounter cards": [1, 2],
    encounter cards), else, of a question offering two alternatives (``alternatives``), the last
    figure of each alternative that holds one ("does it come on top of the usual 1 threat (so
    3 threat in all), or instead of it?": [3], threat)."""
    found = FIGURE_OR.search(question)
    if found is not None:
        values = [_value(found.group(1)), _value(found.group(2))]
        noun = _counted(question, found.start(), found.end())
        return (values, noun) if values[0] != values[1] and noun else None
    values, noun = [], ""
    for option in alternatives(question):
        last = list(FIGURE_IN_TEXT.finditer(option))[-1:]
        if last:
            values.append(_value(last[0].group(1)))
            noun = noun or _counted(option, last[0].start(), last[0].end())
    values = list(dict.fromkeys(values))
    return (values, noun) if values and noun else None


def _counted(text: str, start: int, end: int) -> str:
    """The noun a figure (or "2 or 3") at ``text[start:end]`` counts: the words right after it
    up to a stop word ("encounter cards"), else a content word of the three before it ("threat by
    2 or 3"), one the text counts with a figure elsewhere first ("the 1 fog ... the fog rises by 3")."""
    from .question_index import STOP

    def counts(w: str) -> bool:
        return w not in NOT_COUNTED and w not in STOP

    noun = []
    for w in re.findall(r"[A-Za-z][A-Za-z\-']*", text[end:])[:2]:
        if not counts(w.lower()):
            break
        noun.append(w.lower())
    if not noun:  # a word before it that the text counts with a figure elsewhere ("the 1 fog") first
        before = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z\-']*", text[:start])][-3:]
        elsewhere = {m.group(1).lower() for m in AFTER_FIGURE.finditer(text)}
        noun = ([w for w in reversed(before) if w in elsewhere and counts(w)]
                or [w for w in reversed(before) if counts(w)])[:1]
    return " ".join(noun)


AFTER_FIGURE = Lazy(r"\b(?:\d+|one|two|three|four|five|six)\s+([A-Za-z]+)", re.I)


def choose_figure(options: tuple[list[int], str], texts: list[str]) -> FigureChoice | None:
    """Of the figures offered, the one the documents' sentences (``texts``, the deciding
    ones first) give for the noun counted: a figure of the two with that noun among the
    ``NEAR_BEFORE`` words before it or the ``NEAR_AFTER`` after it; none when both are given
    (in the sentences, or in the one that gives it), or neither."""
    from .question_index import stem

    values, unit = options
    counted = stem(unit.split()[-1])
    given: dict[int, str] = {}
    for text in texts:
        for m in FIGURE_IN_TEXT.finditer(text):
            value = _value(m.group(1))
            if value not in values:
                continue
            before = re.findall(r"[A-Za-z]+", text[:m.start()])[-NEAR_BEFORE:]
            after = re.findall(r"[A-Za-z]+", text[m.end():])[:NEAR_AFTER]
            if any(stem(w.lower()) == counted for w in before + after):
                given.setdefault(value, text)
    if len(given) != 1:
        return None
    value, sentence = next(iter(given.items()))
    if any(_value(m.group(1)) in values and _value(m.group(1)) != value for m in FIGURE_IN_TEXT.finditer(sentence)):
        return None  # the sentence gives the other figure too ("by 2, or by 3 at night")
    return FigureChoice(value, unit if value != 1 else _singular(unit), sentence)


def _singular(unit: str) -> str:
    return unit[:-1] if unit.endswith("s") and not unit.endswith("ss") else unit


def offers_two_figures(question: str) -> bool:
    """The question offers two bare figures as its answer ("does it raise my threat by 2 or 3?",
    "one or two encounter cards?"): it asks which, so no yes or no is read for it."""
    return FIGURE_OR.search(question) is not None
