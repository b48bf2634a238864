"""A learnt yes/no reading of the deciding sentence, shown only where it is confident.

The hand-written readings (``verdicts``, ``readings``, ``shown_readings`` ...) give a yes or a no
only where one of their rules fires.  This module weighs the same kind of evidence a reader
weighs, together: the question's form (may I / do I have to / does ... still / is ...; negated?),
the sentence's polarity words (cannot, may not, only, must, never, still, instead, unless,
each), whether the question's content words fall inside the sentence's denied or limited words
(``readings.denials``), the hand-written readings' own yes or no (``verdicts.verdict``), and how
near the question and the sentence are in the players' word vectors (``word_vectors``).  A small
logistic model gives P(yes); ``learnt_verdict`` gives "Yes" only above its upper threshold and "No"
only below its lower one, as adjudicator's reading of the cited rule (``verdicts.labelled``), and
nothing in between.  The thresholds are chosen by 10-fold cross-validation within the build half
of the players' readable tune questions so that the verdicts shown are right at least 90% of the
time there (``bench/train_verdict_model.py``, which writes ``rules_db/verdict_model.json`` and
names its fit command in it).  Pure Python: a dot product and a logistic.

Not read by `ask` (session 28): cross-validated, these values separate yes from no barely better
than chance (AUC about 0.56 on the training sentences, 0.60 on the yes/no-labelled sentences `ask` shows), no
threshold on either side reaches 90% (a "yes" at P >= 0.9 is right on 29 and wrong on 29 of the 58
build-half questions it would be shown on), so the fitted file's thresholds show nothing
(``yes_from`` 2, ``no_to`` -1).  The hook that would read it (``answer``, after the timing
reading, never for a record the re-ordering or the votes moved first) is on branch verdict28.
"""

from __future__ import annotations

import json
import math
import re

from .patterns import Lazy

FILE = "verdict_model.json"
READING = "learnt"

# -- what the question asks ------------------------------------------------------------------
Q_PERMISSION = Lazy(r"^\W*(?:can|could|may|might)\b|\b(?:allowed|legal|possible|permitted|able to)\b", re.I)
Q_OBLIGATION = Lazy(r"\b(?:have to|has to|need to|needs to|must|required|forced|obliged|mandatory)\b", re.I)
Q_FACT = Lazy(r"^\W*(?:do|does|did|is|are|was|were|will|would|has|have|should)\b", re.I)
Q_STILL = Lazy(r"\bstill\b", re.I)
Q_PROBE = Lazy(r"\b(?:again|another|twice|more than|both|also|too|multiple|second|extra|additional)\b", re.I)
Q_CASE = Lazy(r"\b(?:if|when|while|after|before|during|once)\b", re.I)
Q_NEGATED = Lazy(r"\b(?:not|no|never|cannot|without|nobody|none|nothing)\b|n['’]t\b", re.I)

# -- what the sentence says ------------------------------------------------------------------
S_CANNOT = Lazy(r"\b(?:cannot|can ?not|may not|must not|unable|not (?:allowed|permitted|able))\b|"
                r"\b(?:can|may|must)n['’]t\b", re.I)
S_NEGATION = Lazy(r"\b(?:not|cannot|no|never|none|nothing|nobody|neither|nor|without)\b|n['’]t\b", re.I)
S_NEVER = Lazy(r"\bnever\b", re.I)
S_ONLY = Lazy(r"\b(?:only|unless|except|solely)\b", re.I)
S_MUST = Lazy(r"\b(?:must|required|has to|have to|needs? to|always|forced)\b", re.I)
S_MAY = Lazy(r"\b(?:may|can|could|allowed|able to|permitted|optionally|option)\b(?!\s*not\b)(?!n['’]t)", re.I)
S_STILL = Lazy(r"\b(?:still|even if|even though|even when|regardless)\b", re.I)
S_INSTEAD = Lazy(r"\b(?:instead|rather than|in place of)\b", re.I)
S_EACH = Lazy(r"\b(?:each|every|any|all)\b", re.I)
S_LIMIT = Lazy(r"\b(?:once|one per|limit|maximum|at most|no more than|up to)\b", re.I)
S_IGNORE = Lazy(r"\b(?:ignore[sd]?|does not count|do not count|not count(?:ed)?|cancel(?:s|led|ed)?)\b", re.I)
S_IS = Lazy(r"\b(?:is|are|counts? as|considered|treated as)\b", re.I)


def _flag(pattern, text: str) -> float:
    return 1.0 if pattern.search(text) else 0.0


def _inside(asked: set[str], scoped: list[str]) -> bool:
    from .readings import same_word

    return any(same_word(a, w) for a in asked for w in scoped)


def features(question: str, sentence: str, inferred=None) -> dict[str, float]:
    """The values the model weighs for ``question`` against ``sentence``; ``inferred``: what the
    hand-written readings read there (``verdicts.verdict``'s Verdict, or None)."""
    from .question_form import asking_sentence, question_form
    from .readings import content_words, denials

    asking = asking_sentence(question)
    form = question_form(question)
    clause = form.clauses[0] if form.clauses else asking
    asked = set(content_words(clause))
    said = set(content_words(sentence))
    shared = len([a for a in asked if any(a == w for w in said)]) / len(asked) if asked else 0.0
    denied, limited = [], []
    for group, words, _following in denials(sentence):
        (limited if group == 3 else denied).extend(words)
    permission = _flag(Q_PERMISSION, clause)
    obligation = _flag(Q_OBLIGATION, clause)
    negated_q = _flag(Q_NEGATED, clause)
    cannot = _flag(S_CANNOT, sentence)
    negation = _flag(S_NEGATION, sentence)
    may = _flag(S_MAY, sentence)
    must = _flag(S_MUST, sentence)
    only = _flag(S_ONLY, sentence)
    in_denied = 1.0 if _inside(asked, denied) else 0.0
    in_limited = 1.0 if _inside(asked, limited) else 0.0
    value = {"yes": 1.0, "no": -1.0}.get(getattr(inferred, "kind", ""), 0.0)
    out = {
        "q_permission": permission,
        "q_obligation": obligation,
        "q_fact": _flag(Q_FACT, clause) * (1 - permission) * (1 - obligation),
        "q_still": _flag(Q_STILL, clause),
        "q_probe": _flag(Q_PROBE, clause),
        "q_case": _flag(Q_CASE, asking),
        "q_negated": negated_q,
        "q_claim": 1.0 if form.claim else 0.0,
        "s_cannot": cannot,
        "s_negation": negation,
        "s_never": _flag(S_NEVER, sentence),
        "s_only": only,
        "s_must": must,
        "s_may": may,
        "s_still": _flag(S_STILL, sentence),
        "s_instead": _flag(S_INSTEAD, sentence),
        "s_each": _flag(S_EACH, sentence),
        "s_limit": _flag(S_LIMIT, sentence),
        "s_ignore": _flag(S_IGNORE, sentence),
        "s_is": _flag(S_IS, sentence),
        "asked_denied": in_denied,
        "asked_limited": in_limited,
        "shared": shared,
        "permission_cannot": permission * cannot,
        "permission_may": permission * may * (1 - negation),
        "obligation_must": obligation * must * (1 - negation),
        "obligation_may": obligation * may,
        "negated_both": negated_q * negation,
        "denied_not_negated": in_denied * (1 - negated_q),
        "inferred": value,
        "inferred_close": value * (1.0 if getattr(inferred, "reading", "") not in ("", "polarity") else 0.0),
        "nearness": _nearness(asking, sentence),
    }
    toward_denied, toward_allowed, toward_plain = toward_asked(asked, sentence)
    sign = -1.0 if negated_q else 1.0  # a negated question ("can't I ...?") turns the sentence's sense round
    out.update(toward_denied=toward_denied * sign, toward_allowed=toward_allowed * sign, toward_plain=toward_plain,
               permission_denied=permission * toward_denied, obligation_allowed=obligation * toward_allowed * may,
               toward_only=toward_allowed * only, agreement=agreement(asked, sentence, bool(negated_q)))
    return out


NEGATORS = frozenset("not cannot never no nor without can't cannot don't doesn't isn't aren't won't mayn't "
                     "mustn't wasn't weren't didn't neither none".split())
MODALS = frozenset("may can could might must always still allowed able".split())
BEFORE = 4  # the words before an asked word that say how the sentence takes it


def toward_asked(asked: set[str], sentence: str) -> tuple[float, float, float]:
    """How the sentence takes the words the question asks about: (denied, allowed or required,
    stated plainly), each 1.0 when some asked word stands in the sentence after a negation, after
    a modal with no negation, or with neither within ``BEFORE`` words before it."""
    from .question_index import stem
    from .readings import same_word

    tokens = [t.replace("’", "'") for t in re.findall(r"[a-z'’]+", sentence.lower())]
    denied = allowed = plain = 0.0
    for i, token in enumerate(tokens):
        if len(token) < 3 or not any(same_word(stem(token.replace("'", "")), a) for a in asked):
            continue
        before = tokens[max(0, i - BEFORE):i]
        if any(b in NEGATORS for b in before):
            denied = 1.0
        elif any(b in MODALS for b in before):
            allowed = 1.0
        else:
            plain = 1.0
    return denied, allowed, plain


CLAUSES = Lazy(r"[,;:]|\b(?:but|however|unless|although|though|whereas|and)\b", re.I)
AGREES = 0.5  # the share of the question's content words a clause of the sentence holds to say the same thing


def agreement(asked: set[str], sentence: str, negated: bool) -> float:
    """+1 when the sentence's clause holding most of the question's content words (at least
    ``AGREES`` of them) is negated as the question is (both or neither), -1 when one of them only
    is, 0 when no clause holds enough of them."""
    from .readings import content_words, same_word

    best, share = None, 0.0
    for clause in CLAUSES.split(sentence):
        if not clause or not asked:
            continue
        said = content_words(clause)
        held = sum(1 for a in asked if any(same_word(a, w) for w in said)) / len(asked)
        if held > share:
            best, share = clause, held
    if best is None or share < AGREES:
        return 0.0
    return 1.0 if (S_NEGATION.search(best) is not None) == negated else -1.0


def _nearness(asking: str, sentence: str) -> float:
    from .word_vectors import text_vector

    q, s = text_vector(asking), text_vector(sentence)
    return sum(a * b for a, b in zip(q, s)) if q is not None and s is not None else 0.0


_MODEL: dict | None = None


def model() -> dict:
    """The fitted model (rules_db/verdict_model.json): {} when there is none."""
    global _MODEL
    if _MODEL is None:
        from adjudicator.paths import RULES_DB

        path = RULES_DB / FILE
        _MODEL = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return _MODEL


def probability_yes(values: dict[str, float], fitted: dict | None = None) -> float | None:
    """P(yes) for the values ``features`` gives (None without a model)."""
    fitted = model() if fitted is None else fitted
    if not fitted.get("weights"):
        return None
    z = fitted["bias"] + sum(w * (values.get(name, 0.0) - fitted["mean"][name]) / fitted["scale"][name]
                             for name, w in fitted["weights"].items())
    return 1.0 / (1.0 + math.exp(-z))


def decided(p: float | None, fitted: dict | None = None) -> str | None:
    """"yes" above the upper threshold, "no" below the lower one, else None (the model abstains)."""
    fitted = model() if fitted is None else fitted
    if p is None:
        return None
    if p >= fitted.get("yes_from", 2.0):
        return "yes"
    if p <= fitted.get("no_to", -1.0):
        return "no"
    return None


def learnt_verdict(question: str, record, sentence: str, weigh):
    """The learnt yes or no for a yes/no question decided by ``sentence`` of ``record``, labelled
    as adjudicator's reading of the cited rule; None where the model abstains (or the question
    does not ask yes or no)."""
    fitted = model()
    if not sentence or not fitted.get("weights") or (fitted.get("yes_from", 2.0) > 1 and fitted.get("no_to", -1.0) < 0):
        return None  # no model, or one whose cross-validation found no side it may show
    from .game_detection import without_game_names
    from .question_form import question_form
    from .verdicts import labelled, verdict

    plain = without_game_names(question)
    if question_form(plain).kind != "yesno":
        return None
    inferred = verdict(question, record, sentence, weigh)
    if inferred is not None and inferred.kind not in ("yes", "no", "text"):
        return None  # a figure or a choice of figures: not a yes or no
    said = decided(probability_yes(features(plain, sentence, inferred)))
    if said is None:
        return None
    from .verdict_value import Verdict

    return labelled(Verdict(said, said, f"{said.capitalize()}: {sentence}", "inferred", reading=READING), sentence)
