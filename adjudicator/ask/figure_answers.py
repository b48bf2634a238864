"""The figures a verdict gives: the number a how-many question asks for (``_number``), read
from the deciding sentence or from the record's sentence stating the question's case
(``_figure_of_its_case``), the second game's figure (``second_figure``), and the figure the
documents give of those a question offers ("by 2 or 3?": ``_offered_figure``)."""

from __future__ import annotations

import re

from .deciding_sentence import _NUMBER, SETTLES, _answer_blocks, _clip, _share
from .patterns import Lazy
from .question_form import HOW_MANY, LETTER_RUN, LOWER_LETTERS, Form, asking_sentence, question_form
from .sentences import sentences
from .verdict_value import Verdict

NUMBER_WORDS = {"no": 0, "zero": 0, "one": 1, "once": 1, "two": 2, "twice": 2, "three": 3, "four": 4, "five": 5,
                "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "a single": 1, "single": 1}
HOW_MANY_UNIT = Lazy(r"\bhow many ([a-z]+)")


def _offered_figure(question: str, form: Form, record, sentence: str, weigh) -> Verdict | None:
    """A question offering figures as its answer ("does it raise my threat by 2 or 3?", or
    alternatives that carry them: "is it in addition (so 3 threat), or does it replace it?"):
    the one the documents give for the noun counted (``choices.choose_figure``), read from the
    deciding sentence, the rest of a Q&A's answer ("So ... raises his threat by 3.") and the
    record's sentences about what is asked.  The figure is the documents' own (basis "stated");
    the text shows the sentence that gives it."""
    from .choices import choose_figure, figure_alternatives

    offered = figure_alternatives(asking_sentence(question))
    if offered is None or form.kind == "open":
        return None
    texts = [sentence]
    if record is not None:
        answer = _answer_blocks(record)
        if answer:  # a Q&A: its whole answer
            texts += sentences(" ".join(b.text for b in answer if not b.example))
        else:  # another record: its sentences about what is asked
            texts += [s for b in record.blocks if b.text.strip() and b.style != "heading"
                      for s in sentences(b.text) if _share(form.clauses[0], s, weigh) >= SETTLES]
    picked = choose_figure(offered, texts)
    if picked is None:
        return None
    shown = sentence if picked.sentence in sentence else _clip(f"{sentence} {picked.sentence}")
    return Verdict("number", picked.value, f"{picked.value} {picked.unit}: {shown}")


NAMED_FIGURES = True  # a how-many answer only from a figure next to a noun the question names


class Unit(str):
    """A counted noun with how its figure is said (``figure_shapes``): a bound before it ("at
    least", "up to") and a rate after it ("per player").  A str, so that what reads only the
    noun reads it as before."""

    def __new__(cls, noun: str, bound: str = "", rate: str = ""):
        made = super().__new__(cls, noun)
        made.bound, made.rate = bound, rate
        return made


def _counted(value: int, unit: str) -> str:
    """A figure with its unit, one of it in the singular ("1 strike", not "1 strikes"), and how
    it is said: "at least 20 marshalling points", "1 card per player"."""
    noun = str(unit)
    if value == 1 and noun.endswith("s") and not noun.endswith(("ss", "us", "is")):
        noun = noun[:-1]
    bound, rate = getattr(unit, "bound", ""), getattr(unit, "rate", "")
    return " ".join(w for w in (bound, str(value), noun, rate) if w)


def _figure_of_its_case(question: str, record, sentence: str, weigh=None) -> tuple[int, str, str] | None:
    """A how-many question stating a case the deciding sentence does not give a figure for
    ("with only a starter deck" against "at least 20 marshalling points"), answered by another
    sentence of the same record stating that case with a figure of what is counted ("If ...
    only has access to a starter deck, ... lowered to 18"): (value, unit, the sentences shown).
    None when the deciding sentence's own figure is the question's case, or no other sentence
    of the record states it (``figure_choice.held``)."""
    from .figure_choice import held, states_setting, stating, unexplained
    from .figure_shapes import another_case

    if another_case(question, record, sentence):  # the figure is another phase's, or another mode's
        return 0, "", ""
    if record is not None and _example_input(question, record, sentence):
        return 0, "", ""
    if record is None or weigh is None or held(sentence, question, weigh) is not None:
        return None
    rest = unexplained(question, sentence)
    blocks = _answer_blocks(record) or [b for b in record.blocks if b.text.strip() and b.style != "heading"]
    after = False  # past the deciding sentence: a sentence there opening on a setting is its exception
    for block in blocks:
        for other in sentences(block.text):
            if other in sentence:
                after = True
                continue
            found = held(other, question, weigh) or stating(other, rest, question, weigh)
            if found is not None:
                return found.value, found.noun.lower(), _clip(f"{sentence} {other}")
            if after and states_setting(other, question) and not states_setting(sentence, question):
                return 0, "", ""  # the record rules the question's setting apart, with no figure read
    return None


def _example_input(question: str, record, sentence: str) -> bool:
    """Whether the figure the deciding sentence gives is a worked example's own, not the rule's
    answer.  The sentence is in an example (a block marked so, or from its "Example:" / "For
    example," sentence on).  A question stating the example's figures or settings ("if the
    monster attacks for 5", "in stage II") asks its result: the figure answers it.  Else the
    figure is the example's own when the question names nothing the example opens with
    (``figure_shapes.same_case``), or when it is the example's setup: stated in its opening
    sentence, or in one before it ("... which contained two influence tokens. ... the two
    influence tokens are removed.").  A figure the example reaches later is its result."""
    from . import figure_shapes as shapes

    found = _number(sentence, question, named=NAMED_FIGURES)
    if found is None:
        return False
    for block in record.blocks:
        parts = sentences(block.text)
        shown = [i for i, part in enumerate(parts) if part in sentence or sentence in part]
        if not shown:
            continue
        # the sentence of the example the figure is in (a deciding sentence may span several)
        at = next((i for i in shown if found[0] in shapes.figures(parts[i])), shown[0])
        # where the example opens: its block, or its "Example:" / "For example," sentence
        opens = [i for i in range(at + 1) if shapes.EXAMPLE_OPENING.match(parts[i])]
        first = opens[-1] if opens else 0 if block.example else None
        if first is None:
            return False
        if shapes.given(question) & shapes.figures(" ".join(parts[first: at + 1])) or \
                shapes.same_case(question, " ".join(parts[first: at + 1])):
            return False  # the question states the example's figures or settings: it asks the example's result
        if not shapes.same_case(question, "", parts[first]):
            return True  # an example of another case than the question's: its figures are its own
        # an example of what the question names: its setup (its opening sentence, or a figure
        # stated there again) is not the answer; a figure it reaches later is its result
        return at == first or found[0] in shapes.figures(" ".join(parts[first:at]))
    return False


# the share of what a how-many question counts, less its "how many <unit>" ("is my starting
# hand", "do I draw each turn"), a sentence must hold for its figure to be the answer
COUNTED_HELD = 0.6


def second_figure(question: str, sentence: str, weigh) -> tuple[int, str] | None:
    """The figure (value, unit) of the second game's answer (the game the question fits less
    well, whose records match it more loosely), when it counts what the question counts: its sentence holds
    what is counted (``_holds_counted``) and the figure is not another action's
    (``_number(strict=True)``).  On the team's asked questions these tests, made for every
    answer, lost 42 right figures of 88 (paraphrases: "get" for "has"): they are kept to the
    second game's answer, where review 10 found figures counting something else ("3 cards" of
    Sauron's starting plots for a starting hand, the "one card" discarded for cards drawn)."""
    question = asking_sentence(question)
    form = question_form(question)
    found = _number(sentence, question, named=NAMED_FIGURES, strict=True)
    return found if found is not None and _holds_counted(form.clauses[0], sentence, weigh) else None


def _holds_counted(clause: str, sentence: str, weigh) -> bool:
    """Whether a sentence holds what a how-many question counts, not only its unit: "Three of
    these cards are Starting Plot cards" holds "cards" and "starting" of "how many cards is my
    starting hand?", not "hand", so its 3 counts something else."""
    asked = HOW_MANY_OF.search(clause.lower())
    rest = clause.lower()
    if asked:
        rest = rest[:asked.start()] + " " + rest[asked.end():]
    rest = HOW_MANY.sub(" ", rest)
    whole = weigh(rest, against=rest)
    return whole <= 0 or weigh(rest, against=sentence) >= COUNTED_HELD * whole


NAMED_WITHIN = 3
# words after a figure that are not what it counts
NOT_UNITS = frozenset("a an the of to and or for by in on at is are do does how many much what".split())
HOW_MANY_OF = Lazy(r"\bhow (?:many|much) ([a-z]+(?: [a-z]+)?)")  # the thing counted: "how many extra cards"
ENUMERATOR = Lazy(r"\.(?:\s|$)")  # "1. Create your quest deck": a list's number, not a figure


def _done_otherwise(sentence: str, start: int, question: str, asked: set[str]) -> bool:
    """Whether the figure at ``start`` counts what another action does: the word before it
    (within two words, function words skipped) is a content word the question does not hold,
    while the question's own words (``asked``, stemmed, its counted noun left out) are in the
    sentence elsewhere ("each player can discard one card and then ... draw to 8 cards" to "how
    many cards do I draw each turn?": the one is discarded), or what is done up to it ("draw
    to 8 cards": a total, not how many are drawn)."""
    from .question_index import stem, words

    near = LETTER_RUN.findall(sentence[max(0, start - 40): start])[-2:]
    if len(near) == 2 and near[1].lower() == "to" and stem(near[0].lower()) in asked:
        return True  # "draw to 8 cards": the total drawn up to, not how many are drawn
    before = [w for w in near if words(w)]
    if not before:
        return False
    said = {stem(w) for w in LOWER_LETTERS.findall(sentence.lower())}
    action = stem(before[-1].lower())
    return action not in asked and bool(set(words(question)) & asked & said - {action})


SIGNS = ("-", "−", "+")


def _sign(sentence: str, start: int) -> str:
    """The sign just before the figure at ``start``, when it is not after a letter, a digit or
    another sign: "-2 prowess" and "(+1 to ...)" are modifiers; "twenty-two" and "4-3" are not."""
    before = sentence[start - 1: start] if start else ""
    if before not in SIGNS:
        return ""
    prior = sentence[start - 2: start - 1] if start >= 2 else ""
    return "" if prior and (prior.isalnum() or prior in SIGNS) else before


def _counts_given(question: str, unit: str) -> bool:
    """The question itself gives a figure of ``unit`` ("3 strikes", "two actions")."""
    stem_ = re.escape(unit.rstrip("s"))
    return re.search(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+" + stem_ + r"s?\b",
                     question, re.I) is not None


def _number(sentence: str, question: str, named: bool = False, strict: bool = False) -> tuple[int, str] | None:
    """The number the sentence gives, with the noun after it; a number next to one of the
    question's own nouns first (within ``NAMED_WITHIN`` words: "1 additional encounter card").
    With ``named``, only such a number: a figure counting something the question does not name
    ("reduces it from 4 to 3", "the 76 card deck" to "how many points?") is not its answer.
    A number word inside a compound ("twenty-two") and a list's "1." are not figures; a
    signed figure ("-2 prowess", "+1 to direct influence") is a modifier, read with its sign.
    With ``strict`` (the second game's answer: ``second_figure``), not a figure another action
    counts (``_done_otherwise``)."""
    from .figure_choice import PRONOUN_ONE, choose, counted
    from .question_index import stem

    from .figure_choice import PHRASE_ENDS as FUNCTION_WORDS

    what = counted(question)
    qwords = {stem(w) for w in LOWER_LETTERS.findall(question.lower())} - NOT_UNITS
    # the head noun of "how many A B" ("minor items" counts items)
    counts = {what.head} if what.head else \
        {stem(w) for w in (HOW_MANY_OF.search(question.lower()) or [None, ""])[1].split()} - NOT_UNITS
    if what.whole and what.whole not in {stem(w) for w in LOWER_LETTERS.findall(sentence.lower())}:
        return None  # "how many cards is my starting hand?": a sentence not naming the hand gives no size of it
    picked = choose(sentence, question)  # the figure of what is counted, in the question's case
    if picked is False:  # figures of it, each for another case (or none told apart): none is the answer
        return None
    if picked is not None:
        if strict and _done_otherwise(sentence, picked.start, question, qwords - counts):
            return None
        unit = _shaped(sentence, picked.start, picked.noun.lower(), question, what.verb)
        return None if unit is None else (picked.value, unit)
    found = []
    for m in _NUMBER.finditer(sentence):
        raw, unit = m.group(1).lower(), (m.group(2) or "").lower()
        value = int(raw) if raw.isdigit() else NUMBER_WORDS.get(raw)
        signed = _sign(sentence, m.start()) if raw.isdigit() else ""
        if signed:  # "-2 prowess", "(+1 to direct influence)": a modifier, with its sign
            value = -value if signed in "-−" else value
        if value is None or (sentence[max(0, m.start() - 1): m.start()] in ("-", "−") and not signed) or \
                sentence[m.end(1): m.end(1) + 1] == "-" or ENUMERATOR.match(sentence, m.end(1)):
            continue
        if raw == "one" and PRONOUN_ONE.search(sentence[:m.start()]):
            continue  # "another one of your characters": a pronoun, not a figure
        if unit in ("time", "times") or raw in ("once", "twice"):
            unit = "time" if value == 1 else "times"
        after = [w.lower() for w in LETTER_RUN.findall(sentence[m.end(1):])[:NAMED_WITHIN]]
        near = next((w for w in after if stem(w) in qwords), None)
        counted = unit if stem(unit) in qwords or near is None else near
        # the noun of "how many X" first, then one the question names next to the figure
        mine = 3 if stem(counted) in counts else 2 if stem(unit) in qwords else 1 if near else 0
        if strict and _done_otherwise(sentence, m.start(), question, qwords - counts):
            continue  # "discard one card" to "how many cards do I draw?": it counts another action
        found.append((mine, -m.start(), value, counted))
    asked = HOW_MANY_UNIT.search(question.lower())
    # "how many actions?" and the rule's "take an action"; not when the sentence counts something
    # else by a figure ("one additional character may tap to play a minor item": the article
    # does not count the items one starts with), nor "such a character's", a possessive; nor when
    # the question gives a figure of what it counts ("a creature with 3 strikes ... how many
    # strikes?"): "faces a strike" then mentions one in passing, it does not count them
    if asked and not found and not _counts_given(question, asked.group(1)):
        unit = (what.head or asked.group(1)).rstrip("s")
        single = re.search(r"(?<!such )\ban? (?:[a-z]+ )?(" + re.escape(unit) + r")\b(?![s'’])", sentence, re.I)
        prefix = sentence[:single.start()].rstrip() if single else ""
        before = LETTER_RUN.findall(prefix[-20:])[-1:] if prefix and prefix[-1].isalpha() else []
        if single and (not before or before[0].lower() in FUNCTION_WORDS):
            single = None  # "A copy of a card is defined ...", "is a card", "of a card": no count
        if single:
            found.append((3, -single.start(), 1, single.group(1).lower()))
    if named:
        found = [f for f in found if f[0]]
        if counts:
            # "how many monsters ...?": only a figure of monsters answers it, not the "single
            # location" the question also names (review 10: "1 location" to "no limit")
            found = [f for f in found if f[0] == 3]
    if not found:
        return None
    found.sort(reverse=True)
    _, start, value, unit = found[0]
    shaped = _shaped(sentence, -start, unit, question, what.verb)
    return None if shaped is None else (value, shaped)


def _shaped(sentence: str, start: int, noun: str, question: str, verb: str) -> Unit | None:
    """The unit of the figure at ``start`` with how it is said (``figure_shapes``), or None when
    the way it is said makes it no answer to a how-many question."""
    from . import figure_shapes as shapes

    if shapes.example_opening(sentence, start) and not shapes.same_case(question, sentence):
        return None  # a worked example's setup ("Example: the knight has a prowess of 5 ..."), not the answer
    if shapes.other_place(sentence, start, question):  # "in play" to "in my deck"
        return None
    if shapes.partitive(sentence, start, verb):  # "one of the restricted attachments": one picked, not how many
        return None
    limit = shapes.bound(sentence, start)
    if limit is None:  # "at least one", "one or more": that there is some, not how many
        return None
    return Unit(noun, limit, shapes.rate(sentence, start))
