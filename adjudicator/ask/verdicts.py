"""The verdict a player can act on, read from the deciding sentence of a record.

The verdict (``ask --json``: null or {"kind", "value", "text", "basis"}, and "reading" when
inferred; ``basis`` is "stated" when the documents' words give it, "inferred" when it is this
module's reading of a rule that does not say yes or no).  ``ask`` shows (``settled``) what is
stated; an inferred reading is shown only for the kinds ``SHOWN_READINGS`` names (a polarity
reading of a sentence close to the question, "polarity-close", and the "still" reading:
``shown_readings``),
and then it says it is adjudicator's reading of the cited rule ("No (adjudicator's reading of
the cited rule): ..."); the others are replaced by the deciding sentence itself: a wrong yes
or no in the middle of a game is worse than the rule's own sentence.  History: before the
readings were rebuilt on what the rule's words apply to, they were more often wrong than right
on the held-out half (2026-11-25: 9 right, 13 wrong; after the precision work: 2 right, 7
wrong); after the rebuild (2026-11-26, session 9) the polarity reading was right on 4 of 4
tune questions and 142 of 150 (95%) asked questions on their own record, but on 87% only of
all 233 asked questions it fires on (METW and MEQ 82%), and a review with fresh questions in
players' words found it plainly wrong ("can an exhausted character quest?" read as yes from
the rule that committing exhausts; "can I pay for an ally with resources from a hero of another
sphere?" read as yes from the neutral cards' permission), so it is not shown.  ``verdict``
reads them all, for the evaluation (``bench/eval_inferred_verdicts.py``,
``bench/eval_players.py --half tune --show-inferred``):

- a yes/no question (it opens with a verb such as can, does, is, may, or states a claim to
  confirm) gets yes or no: from a Q&A's own "Yes"/"No" (turned round when the player asks
  the negative of the documents' question; from a Q&A asking "A or B?", whose "No." says
  neither, only a no to "A?" or "B?"), else by what the rule's "not", "only", "may" and
  "must" apply to (``readings.reading``): a denial of what the question asks is a no, a permission or
  obligation governing it a yes ("may" to "do I have to?" is a no); a denial the question
  makes too is its case, not the answer; no reading where the rule allows one case and denies
  another, where the question probes past the rule ("again", "another") or names a case the
  rule does not, or opens negatively; the name the player calls the game by ("in METW") is
  not read as asked (``game_detection.without_game_names``);
- a question on equal values ("4 against 4", "tied") decided by a rule that states only
  "greater than" cases gets no (a how-many question, 0): neither case applies;
- a rule making two ways to one state the same ("when A engages B, B has also engaged A")
  answers whether what follows the state follows it the other way round (``ways_alike``);
- a rule setting no limit to how many of a thing there may be answers yes to "can I have more
  than one?" and no to "is there a limit?" (``no_limits``);
- a yes/no question put after an opener ("Also do ...?", "... - does it ...?") is read as the
  yes/no question it is (``_after_opener``), for the verdict only;
- a claim put as a statement with a question mark ("that enemy still counts its threat?"), as a
  statement and a bare check ("... Yes?", "... Is this correct?") or after a lead-in ("Does this
  mean that ...?", "I assume ...?") is read as that claim by the readings (``asked_claims``), not
  by the documents' own yes or no, which answers the question as it was put;
- an either-or question ("does it keep its damage, or does it heal?", "1. ... or 2. ...")
  gets the alternative the deciding sentence supports (``choices``): yes for the first, no
  for the second, the alternative quoted in the text; a figure when the alternatives
  differ by their figures ("4 threat");
- a question offering figures as its answer ("does it raise my threat by 2 or 3?", or two
  alternatives carrying figures) gets the one the documents give beside the noun counted (``choices.choose_figure``), from the
  deciding sentence or the rest of a Q&A's answer: a figure in their words (stated); when
  they give none of two bare figures, no yes or no is read (it asks which figure);
- a how-many question gets the number the sentence gives, with its unit ("an action" is 1
  action);
- any other question gets the deciding sentence itself (kind "text").

The parts (each module imports only those before it): ``verdict_value`` (the ``Verdict``),
``question_form`` (the question's form), ``deciding_sentence``, ``figure_answers`` (how many,
figures offered), ``stated_answers`` (whether the documents' own yes or no is the player's),
``inferred_readings`` (ties, either-or; the polarity reading is ``readings``), and this module:
``verdict``, ``settled`` (what a player is shown), ``second_game`` and ``opens_answer``.
"""

from __future__ import annotations

import re

from .deciding_sentence import SETTLES, _share, deciding_sentence  # noqa: F401  (deciding_sentence: for answer.py)
from .figure_answers import NAMED_FIGURES, _counted, _figure_of_its_case, _number, _offered_figure, second_figure
from .inferred_readings import _choice, _clause_about, _neither_case, _settles, _tie_stated
from .narrowing import asks_which
from .patterns import Lazy
from .question_form import asking_sentence, question_form
from .readings import _without_proviso, reading
from .stated_answers import _same_question, contradicts_figures, opposed, stands_for_either
from .verdict_value import Verdict

YES_NO_OPENING = Lazy(r"^\s*(yes|no)\b", re.I)
ALTERNATIVE_OPENING = Lazy(r"^\s*(?:or\b|is|are|does|do)")
PLAIN_ASKING = Lazy(r"^\W*(?:is|are|was|were|do|does|did)\b", re.I)


def verdict(question: str, record, sentence: str, weigh) -> Verdict | None:
    """The verdict for ``question`` decided by ``sentence`` of ``record``."""
    if not sentence:
        return None
    from .game_detection import without_game_names

    question = without_game_names(question)  # "in METW" says which rules apply, not what is asked
    form = question_form(question)
    if form.kind == "open":  # "Also, do ...?", "... - does it ...?": the yes/no question after its opener
        form = _after_opener(question) or form
    asked = asking_sentence(question)
    claimed = None
    if form.kind in ("open", "yesno"):
        from .asked_claims import claim_form  # "X does Y?", "X does Y. Is this right?": the claim X does Y

        # read by the readings below only: the documents' own yes or no answers the question as it was put
        claimed = claim_form(question, form)
    tied = _neither_case(question, form, sentence) if _share(form.clauses[0], sentence, weigh) >= SETTLES else None
    if tied is not None:
        return tied
    offered = _offered_figure(question, form, record, sentence, weigh)
    if offered is not None:
        return offered
    chosen = _choice(question, record, sentence, weigh)
    if chosen is not None:
        return chosen
    if form.kind in ("number", "open") and _bare_yes_or_no(sentence):
        # a bare "Yes." answers its own Q&A's yes/no question, never a what/how/how-many one
        return Verdict("text", f"{ANOTHER_QUESTION}: {sentence}", f"{ANOTHER_QUESTION}: {sentence}")
    if form.kind == "number":
        cased = _figure_of_its_case(question, record, sentence, weigh)
        if cased is not None:  # the record's sentence stating the question's case gives it
            value, unit, shown = cased
            if not shown:  # ... or rules that case apart without a figure read: the sentence is shown
                return Verdict("text", sentence, sentence)
            return Verdict("number", value, f"{_counted(value, unit)}: {shown}")
        number = _number(sentence, question, named=NAMED_FIGURES)
        # a figure is read only from a sentence about what is asked (else it counts something else)
        if number is not None and _share(form.clauses[0], sentence, weigh) >= SETTLES:
            value, unit = number
            return Verdict("number", value, f"{_counted(value, unit)}: {sentence}")
        return Verdict("text", sentence, sentence)
    opening = YES_NO_OPENING.match(sentence)
    if form.kind == "open" and (claimed is None or opening):
        return Verdict("text", sentence, sentence)
    if opening:  # the documents' own answer: never turned round, never contradicted
        if not _same_question(form, record, sentence, weigh) or asks_which(asking_sentence(question)) \
                or not stands_for_either(record, form, opening.group(1).lower(), question):
            # the answer to another question, or a bare yes or no to "A or B?", which answers neither
            # (the player's "A or B?", or the Q&A's own, whose "No." says neither: a no only to "A?" or "B?"):
            rest = sentence[opening.end():].lstrip(" .,;:!")  # its reason, without its yes or no
            if len(rest.split()) < 3:  # "No. None.": no reason to show without its yes or no, so the
                shown = f"{ANOTHER_QUESTION}: {sentence}"  # answer is shown as its own question's
                return Verdict("text", shown, shown)
            shown = rest[:1].upper() + rest[1:]
            return Verdict("text", shown, shown)
        said = opening.group(1).lower()
        return Verdict(said, said, sentence)
    if claimed is not None:
        form, asked = claimed
    from .choices import offers_two_figures

    if offers_two_figures(asking_sentence(question)):  # "2 or 3?" asks which figure: a yes or a no answers neither
        return Verdict("text", sentence, sentence)
    alike = _ways_alike(question, form, sentence, asked)
    if alike is not None:
        return alike
    unbounded = _no_limit(question, form, sentence, weigh)
    if unbounded is not None:
        return unbounded
    set_aside = _ignored(question, form, sentence)
    if set_aside is not None:
        return set_aside
    clause, index = _clause_about(form.clauses, sentence, weigh)
    if not _settles(clause, sentence, question, weigh):  # the sentence is shown, no yes or no read into it
        return _still(question, form, sentence, weigh) or _plain(question, form, sentence) \
            or Verdict("text", sentence, sentence)
    proper = clause if form.claim else form.clauses[0]  # the clause asked (of a claim, the one the sentence is about)
    ruling = _without_proviso(sentence, question)
    # "do I pass?" against "... fails the test": the rule is about the other side of the question
    said = None if opposed(proper, ruling) else reading(form, clause, sentence, question,
                                                        _tie_stated(question, proper, ruling))
    if said is None:  # the rule does not speak to what is asked one way or the other: its sentence is shown
        return _still(question, form, sentence, weigh) or _plain(question, form, sentence) \
            or Verdict("text", sentence, sentence)
    alternative = index > 0 and ALTERNATIVE_OPENING.match(clause) is not None and not form.claim
    if alternative:
        said = "no" if said == "yes" else "yes"
    from .shown_readings import CLOSE_READING, close

    # a reading of a sentence close to the question is of the kind shown (``shown_readings``)
    kind = CLOSE_READING if close(asked, form, sentence, weigh, said) else "polarity"
    return Verdict(said, said, f"{said.capitalize()}: {sentence}", "inferred", reading=kind)


# what a player's yes/no question may open with before its auxiliary: a word going on from what
# came before ("Also do ...?", "Or can ...?", "So does ...?"), an aside and a dash ("(or some
# such) - does ...?"), or the part after an ellipsis or a dash ("I read it stays ... does it ...?")
OPENER = Lazy(r"^\W*(?:(?:also|and|or|so|but|then|ok|okay|well|now|plus)\b[\s,]*|\([^()]*\)\s*|[-\u2013\u2014:]+\s*)+",
              re.I)
PAUSE = Lazy(r"(?:\s|(?<=\w))(?:\.{2,}|\u2026)\s|\s[-\u2013\u2014]\s")
AUXILIARY_OPENING = Lazy(r"^(?:can|could|do|does|did|is|are|was|were|may|must|should|will|would|has|have)\b", re.I)


def _after_opener(question: str):
    """The yes/no form of a question whose asking sentence puts its question after an opener
    (``OPENER``) or after a pause ("..."/" - "), or None: the form ``question_form`` gives it
    is "open" (its first word is not an auxiliary).  Read here, for the verdict only: how the
    question ranks records is left as it is."""
    asking = asking_sentence(question)
    parts = PAUSE.split(asking)
    for part in ([parts[-1]] if len(parts) > 1 else []) + [asking]:
        opener = OPENER.match(part)
        rest = part[opener.end():] if opener else part
        if (opener or part is not asking) and AUXILIARY_OPENING.match(rest):
            form = question_form(rest)
            if form.kind == "yesno" and not form.claim:
                return form
    return _named_subject(asking)


# a yes/no question put after its case with no comma, its subject a name or a pronoun ("If the
# troll wakes does Grumbleguts eat the gold?", "When the bell rings do I have to leave?"):
# ``question_form`` finds such a question only after a case that is not a wh-word's ("If ...") and
# with a pronoun or an article after the auxiliary ("... does the enemy ...")
NAMED_ASK = Lazy(r"(?<=[a-z)] )(?:can|could|does|do|did|may|must|should|will|would)\s+"
                 r"(?=[A-Z][a-z]|I\b|(?:i|you|he|she|it|we|they|the|a|an|this|that|these|those|my|your|his|her|"
                 r"their|our)\b)")
# the case: a case word and at least two words before the auxiliary ("When does it ...?" asks when)
CASE_OPENING = Lazy(r"^\W*(?:so\s+|and\s+|but\s+)?(?:if|when|whenever|once|after|during|while)\s+\S+\s+\S+", re.I)
# the auxiliary's own subject just before it: "If I do Legolas's action ...", not an asking auxiliary
SUBJECT_BEFORE = Lazy(r"\b(?:i|you|we|they|he|she|it|who|that|which)\s*$", re.I)
# a wh-word before the auxiliary: the sentence asks what or which ("If it wakes which gold does Grumbleguts eat?")
WH_ASKED = Lazy(r"\b(?:what|which|who|whom|whose|where|why|how)\b", re.I)


def _named_subject(asking: str):
    """The yes/no form of an asking sentence that opens on its case ("If ...", "When ...") and asks
    with an auxiliary and its subject, a name or a pronoun, with no comma between them, or None."""
    case = CASE_OPENING.match(asking)
    if not asking.rstrip().endswith("?") or case is None:
        return None
    inner = NAMED_ASK.search(asking, case.end() - 1)
    if inner is None or WH_ASKED.search(asking[:inner.start()]) or SUBJECT_BEFORE.search(asking[:inner.start()]):
        return None
    form = question_form(asking[inner.start():])
    if form.kind == "yesno" and not form.claim:
        return form
    return None


def _ways_alike(question: str, form, sentence: str, asked: str = "") -> Verdict | None:
    """Yes or no from a rule making two ways to one state the same (``ways_alike``: imported only
    for a sentence saying "also" or "the same", the words such a rule is made with)."""
    lowered = sentence.lower()
    if " also " not in lowered and "the same" not in lowered:
        return None
    from .ways_alike import READING, reading as alike

    said = alike(asked or asking_sentence(question), form, sentence, question)
    if said is None:
        return None
    return Verdict(said, said, f"{said.capitalize()}: {sentence}", "inferred", reading=READING)


NO_LIMIT_WORDS = Lazy(r"\bno\s+(?:limit|maximum|restriction|cap)\b", re.I)


def _no_limit(question: str, form, sentence: str, weigh=None) -> Verdict | None:
    """Yes to "can I ... more than one X?", no to "is there a limit to X?", from a rule setting
    no limit to how many X there may be (``no_limits``: imported only for a sentence saying
    "no limit" or "no maximum"); the cards the question names (``weigh.cards``) go with it."""
    if NO_LIMIT_WORDS.search(sentence) is None:
        return None
    from .no_limits import READING, reading as unbounded

    said = unbounded(asking_sentence(question), form, sentence, getattr(weigh, "cards", ()))
    if said is None:
        return None
    return Verdict(said, said, f"{said.capitalize()}: {sentence}", "inferred", reading=READING)


def _ignored(question: str, form, sentence: str) -> Verdict | None:
    """No to "do I have to pay X?", yes to "can I ... without paying X?", from a rule saying that in
    its case X is ignored (``ignored_things``: imported only for a sentence saying "ignored")."""
    if "ignored" not in sentence.lower():
        return None
    from .ignored_things import READING, reading as ignored

    said = ignored(asking_sentence(question), form, sentence, question)
    if said is None:
        return None
    return Verdict(said, said, f"{said.capitalize()}: {sentence}", "inferred", reading=READING)


def _plain(question: str, form, sentence: str) -> Verdict | None:
    """Yes from a sentence that plainly states what the question asks (``plain_statements``: read
    only for a question asking "is ...?" or "does ...?", so imported only for one)."""
    if not form.clauses or PLAIN_ASKING.match(form.clauses[0]) is None:
        return None
    from .plain_statements import READING, reading as plainly

    said = plainly(asking_sentence(question), form, sentence)
    if said is None:
        return None
    return Verdict(said, said, f"{said.capitalize()}: {sentence}", "inferred", reading=READING)


def _still(question: str, form, sentence: str, weigh) -> Verdict | None:
    """Yes to "does it still ...?" from a sentence saying it still does (``shown_readings.still``)."""
    from .shown_readings import STILL_READING, still

    said = still(asking_sentence(question), form, sentence, weigh)
    if said is None:
        return None
    return Verdict(said, said, f"{said.capitalize()}: {sentence}", "inferred", reading=STILL_READING)


# The inferred readings a player is shown (as adjudicator's reading of the cited rule): a kind is
# shown once it is right on at least 90% of ALL the cases it fires on, on the real players' tune
# half (`bench/eval_players.py --half tune --show-inferred`), on the team's asked questions
# (`bench/eval_inferred_verdicts.py`, any record, not only the question's own) and on fresh
# questions read by hand.  2026-11-26 (session 9): polarity 4 of 4 on the tune half, 142 of 150
# (95%) on the own record, but 202 of 233 (87%) on any record (yes 86%, no 87%; METW and MEQ
# 82%) and wrong on fresh questions a reviewer asked; choice 4 of 5 on the tune half and 0 of 1
# asked; the tie reading fires on neither.  None was shown.  2026-11-26 (session 12): a polarity
# reading of a sentence close to the question whose modal governs what is asked, of no kind found
# wrong (``shown_readings.close``), is its own kind, "polarity-close", shown: 18 of 18 asked (any
# record), 3 of 3 on the tune half, none of 280 fresh questions in players' words, 3 of 3 right
# on review 12's 253; so is the "still" reading (``shown_readings.still``): 4 of 4 asked, 1 of 1
# on review 12's.  2026-11-27 (session 15): a rule making two ways to one state the same
# (``ways_alike``: "when a player engages an enemy, that enemy has also engaged him") read for a
# question whether an effect of the state follows the other way round, "ways-alike": 6 of 6 on
# the tune half's rounds 0 and 7 (all top-1), 1 of 1 asked, none fired on the forum set, review
# 13's or rank 13's fresh questions, nor on round 8 (figures unchanged).
# 2026-11-27 (session 16): a sentence stating plainly, in the question's case, that the question's
# subject is or does what it asks (``plain_statements``: "are goblins in the cave considered
# underground?" against "goblins in the cave ... are considered underground"), "plain-statement".
# 2026-11-27 (session 17): whether a player may act between two points of the round, read from the
# round sequence chart's values, "timing-chart", and a phase-labelled action asked about in another
# phase, "phase-action" (``timing_verdicts``: read by ``answer`` beside this module's, named here so
# that what `ask` shows is counted as shown): tune rounds 0/7 4 of 4, asked 4 of 4, review 13's 1 of 1.
# 2026-11-27 (session 18): a rule setting no limit to how many of a thing there may be, read for a
# question whether more than one may be had or done, or whether there is a limit (``no_limits``),
# "no-limit".
# 2026-11-27 (session 20): a rule saying that in its case a thing is ignored, read for a question whether
# that thing must still be paid or met in that case (``ignored_things``), "ignored".
SHOWN_READINGS: frozenset = frozenset({"polarity-close", "still", "ways-alike", "plain-statement",
                                       "timing-chart", "phase-action", "no-limit", "ignored"})
OURS = "adjudicator's reading of the cited rule"
# the head of a Q&A's bare "No. None." shown for a question it does not quite ask: the player reads
# that it answers the Q&A's own question (printed under it), not theirs
ANOTHER_QUESTION = "Said of its own question (below), not quite yours"


def second_game(found: Verdict | None, question: str, sentence: str, weigh) -> Verdict | None:
    """The verdict shown for the second game a question also fits: a stated figure only as
    ``second_figure`` allows (else the sentence as it is), the others as they are."""
    if found is None or found.kind != "number" or found.basis != "stated":
        return found
    figure = second_figure(question, sentence, weigh)
    if figure is None:
        return Verdict("text", sentence, sentence)
    if figure[0] != found.value:  # the figure the question's own action counts
        return Verdict("number", figure[0], f"{_counted(*figure)}: {sentence}")  # with its bound or rate
    return found


def settled(question: str, record, sentence: str, weigh) -> Verdict | None:
    """The verdict a player is shown: ``verdict``'s when the documents' words give it; an
    inferred reading only when its kind of reading is one of ``SHOWN_READINGS``, and then
    saying that it is adjudicator's reading of the rule; else the deciding sentence as it is."""
    found = verdict(question, record, sentence, weigh)
    if found is not None and found.basis == "inferred":
        if found.reading in SHOWN_READINGS:
            return labelled(found, sentence)
        return Verdict("text", sentence, sentence)
    if found is not None and found.kind == "text" and found.text.startswith(ANOTHER_QUESTION):
        return None  # a bare "No. None." of another question is not a first line (the record shows it under its question)
    if found is not None and found.kind == "text" and question_form(question).kind != "yesno":
        return _without_yes_or_no(found)
    return found


def _bare_yes_or_no(sentence: str) -> bool:
    """A sentence that is a yes or a no and nothing more (fewer than three words after it)."""
    opening = YES_NO_OPENING.match(sentence)
    return opening is not None and len(sentence[opening.end():].lstrip(" .,;:!").split()) < 3


def _without_yes_or_no(found: Verdict) -> Verdict:
    """A text verdict for a question that asks what, who, how or how many, without the "Yes,"
    or "No." its Q&A opens with ("Yes, the threat in the staging area still counts ..." to
    "what happens?"): such a question is never answered yes or no.  A sentence that says
    nothing else ("Yes.") is kept as it is."""
    opening = YES_NO_OPENING.match(found.text)
    if opening is None:
        return found
    rest = found.text[opening.end():].lstrip(" .,;:!")
    if len(rest.split()) < 3:
        return found
    shown = rest[:1].upper() + rest[1:]
    return Verdict("text", shown, shown, found.basis, found.matched, found.reading)


def opens_answer(question: str, record, sentence: str, weigh) -> bool:
    """Whether a cited record's deciding sentence can open the answer (``answer`` puts the best
    ranked record that can first when the best ranked one cannot): not a bare "No. None." of
    another question (nothing is left to show without its yes or no, and a player mid-game reads
    it as "No"), nor a Q&A whose own case contradicts a figure the player states ("do not commit
    any characters ... willpower of 0" to "we quested 5 willpower against 7 threat")."""
    from .game_detection import without_game_names

    question = without_game_names(question)
    if record is None or not sentence or contradicts_figures(record, question):
        return False
    found = verdict(question, record, sentence, weigh)
    return not (found is not None and found.kind == "text" and found.text.startswith(ANOTHER_QUESTION))


def labelled(found: Verdict, sentence: str) -> Verdict:
    """An inferred verdict whose text says it is adjudicator's reading of the cited rule
    ("No (adjudicator's reading of the cited rule): <the rule's sentence>")."""
    head = found.text[: -len(sentence)].rstrip(": ") if sentence and found.text.endswith(sentence) else found.text
    return Verdict(found.kind, found.value, f"{head} ({OURS}): {sentence}", found.basis, found.matched, found.reading)
