"""The verdicts `ask` infers from a rule that does not say yes or no (basis "inferred", named by
their ``reading``): whether a rule's sentence speaks to the question at all (``_settles``),
the case of equal values against a rule stating only strict comparisons (``_neither_case``,
"tie"; ``_tie_stated``), and the alternative of an either-or question the sentence supports
(``_choice``, "choice" and "choice-denied").  The polarity reading itself is
``readings.reading``; ``verdicts.verdict`` puts them together."""

from __future__ import annotations

import re

from .deciding_sentence import SETTLES, _share
from .figure_answers import _number
from .patterns import Lazy
from .question_form import CASE_CLAUSE, EQUALITY, STRICT, Form, is_tie
from .readings import content_words, same_word
from .verdict_value import Verdict


def _tie_stated(question: str, proper: str, ruling: str) -> bool:
    """For a question about equal values, the rule states the case of equality and what it
    rules then is what the question asks ("if the fog equals the lantern, the party stops" to
    "does the party stop?"), not another outcome ("the strike is ineffectual" to "is it
    wounded?")."""
    if not is_tie(question) or EQUALITY.search(ruling) is None:
        return False
    found = EQUALITY.search(ruling)
    then = ruling[found.end():].split(",", 1)[1] if "," in ruling[found.end():] else ""
    return bool(then) and any(same_word(a, w) for a in set(content_words(proper)) for w in content_words(then))


# -- whether the deciding sentence settles the yes or no ------------------------------------

# words that give a sentence a polarity a yes/no can be read from: permission, obligation,
# negation, restriction, what a thing counts as
POLARITY = Lazy(
    r"\b(?:may|can|cannot|must|only|never|not|no|none|nothing|still|always|unless|except|instead|"
    r"allowed|unable|optional|option|considered|counts?|treated|remains?)\b|n['’]t\b", re.I)


def _settles(clause: str, sentence: str, question: str, weigh) -> bool:
    """A yes or no is read from a rule only when the rule's sentence speaks to the question:
    it holds most of the clause asked about and says may, must, cannot, only, not ... (a
    description of what happens says neither yes nor no), or, for a question about equal
    values, it states what happens on equality.  Read by hand on real players' questions, readings from
    sentences about something else were right only by chance."""
    if is_tie(question) and EQUALITY.search(sentence):  # the rule's own case of equal values
        return True
    if POLARITY.search(sentence) is None:
        return False
    return _share(clause, sentence, weigh) >= SETTLES


def _clause_about(clauses: list[str], sentence: str, weigh) -> tuple[str, int]:
    """The question's clause the sentence speaks to (the most shared words; the first on a tie)."""
    best, best_i, best_score = clauses[0], 0, -1.0
    for i, clause in enumerate(clauses):
        if CASE_CLAUSE.match(clause):
            continue
        score = weigh(clause, against=sentence)
        if score > best_score + 1e-9:
            best, best_i, best_score = clause, i, score
    return best, best_i


# -- equal values against a rule that decides only "greater than" ---------------------------

def _neither_case(question: str, form: Form, sentence: str) -> Verdict | None:
    """Equal values where the deciding rule only states strict comparisons ("if the
    willpower is higher ...; if the threat is higher ..."): neither case applies, so what
    the question asks about does not happen (no / 0)."""
    if form.kind not in ("yesno", "number") or not is_tie(question):
        return None
    if not STRICT.search(sentence) or EQUALITY.search(sentence):
        return None
    why = "with equal values neither case of the rule applies (it decides only 'greater than')"
    if form.kind == "number":
        unit = (_number(sentence, question) or (0, ""))[1]
        return Verdict("number", 0, f"0 {unit}".strip() + f": {why}: {sentence}", "inferred", reading="tie")
    return Verdict("no", "no", f"No: {why}: {sentence}", "inferred", reading="tie")


COMPARED = Lazy(r"\b(?:between|differences?|differ|same as)\b", re.I)


def _choice_reading(picked) -> str:
    """Which choice reading: "choice-denied" when the sentence denies the other alternative
    ("does not replace"), "choice" when it only holds more of the chosen one's words."""
    return "choice-denied" if picked.denied else "choice"


def _choice(question: str, record, sentence: str, weigh) -> Verdict | None:
    """A question offering two alternatives: the one the sentence supports (``choices``)."""
    from .choices import alternatives, choose, figure

    options = alternatives(question)
    if not options or COMPARED.search(options[0]):  # "a difference between X or Y": two things compared
        return None
    picked = choose(options, sentence, weigh)
    if picked is None and record is not None:  # the record's other sentences may tell them apart
        picked = choose(options, record.rules_text, weigh)
    if picked is None or not picked.supported or not _held_by_its_ruling(picked, sentence):
        return None
    number = figure(picked, question)
    if number is not None:
        value, unit = number
        return Verdict("number", value, f"{value} {unit}".strip() + f" ({picked.chosen}): {sentence}", "inferred",
                       reading=_choice_reading(picked))
    said = "yes" if picked.index == 0 else "no"
    ordinal = ("the first", "the second")[picked.index]
    return Verdict(said, said, f"{ordinal.capitalize()} (\u201c{picked.chosen}\u201d): {sentence}", "inferred",
                   reading=_choice_reading(picked))


def _held_by_its_ruling(picked, sentence: str) -> bool:
    """The chosen alternative's own words (those the other alternative lacks) are in what the
    sentence rules, not only in the case it opens on: "if a goblin has as many coins as it has
    pockets, it bursts" says nothing of whether it is "as many coins as pockets" or "a coin less",
    it says what happens then."""
    from .shown_readings import SENTENCE_CASE

    opening = SENTENCE_CASE.match(sentence)
    if opening is None or picked.denied:
        return True
    other = {w for i, o in enumerate(picked.alternatives) if i != picked.index for w in content_words(o)}
    own = [w for w in content_words(picked.chosen) if w not in other]
    ruled = content_words(sentence[opening.end():])
    return any(same_word(w, r) for w in own for r in ruled)
