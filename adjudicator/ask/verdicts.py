"""The deciding sentence of a record, and the verdict a player can act on.

The deciding sentence:

- of a question and answer, the answer's opening ("No." and its reason);
- of any other record, the sentence (rules text, bullet, clarification or worked example)
  that holds most of the question's words, each weighted by its rarity, so that the
  sentence about the question's own case wins ("if the character is a Wizard, ..." for a
  question about a Wizard); a sentence that leans on the ones before it ("In this case, ...",
  "However, ...", an example's "For example, ...") is shown with them, so that it never says
  less than the record and an example comes with the rule it illustrates; a sentence that
  opens on a case ("If the deck runs out, ...") the question does not state, when the
  question states one, counts less, and one opening on the question's own when/if case counts
  double (``_same_case``); for a
  question about equal values, a sentence about equality counts double; for a how-many
  question, a sentence giving a figure counts more; a sentence stating a range that holds the
  figure the question sets its case by ("by 3": "by two or more") counts more (``figure_cases``).

The verdict (``ask --json``: null or {"kind", "value", "text", "basis"}, and "reading" when
inferred; ``basis`` is "stated" when the documents' words give it, "inferred" when it is this
module's reading of a rule that does not say yes or no).  ``ask`` shows (``settled``) what is
stated; an inferred reading is shown only for the kinds ``SHOWN_READINGS`` names (none today),
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
  the negative of the documents' question), else by what the rule's "not", "only", "may" and
  "must" apply to (``readings.reading``): a denial of what the question asks is a no, a permission or
  obligation governing it a yes ("may" to "do I have to?" is a no); a denial the question
  makes too is its case, not the answer; no reading where the rule allows one case and denies
  another, where the question probes past the rule ("again", "another") or names a case the
  rule does not, or opens negatively; the name the player calls the game by ("in METW") is
  not read as asked (``game_detection.without_game_names``);
- a question on equal values ("4 against 4", "tied") decided by a rule that states only
  "greater than" cases gets no (a how-many question, 0): neither case applies;
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
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .narrowing import (asks_otherwise, asks_which, holds_its_phrases, holds_its_qualifiers, holds_its_subject,
                        names_its_cards)
from .patterns import Lazy
from .readings import _content, _same_word, _without_proviso, reading
from .sentences import sentences

AUXILIARIES = frozenset(
    "can could do does did is are was were may might must should will would has have am shall".split()
)
WH_WORDS = frozenset("what how which who whom whose where when why".split())
NEGATIONS = Lazy(
    r"\b(?:not|no|never|cannot|nothing|none|nobody|neither|nor|without)\b|n['’]t\b", re.I
)
NUMBER_WORDS = {"no": 0, "zero": 0, "one": 1, "once": 1, "two": 2, "twice": 2, "three": 3, "four": 4, "five": 5,
                "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "a single": 1, "single": 1}
# a yes/no question inside a sentence with no comma before it: an auxiliary, then its subject
INNER_ASK = Lazy(r"(?<=\w )\b(?:(?:can|could|does|do|did|is|are|was|were|may|must|should|will|would|has|have)\s+"
                 r"(?:the|a|an|i|you|he|she|it|we|they|this|that|these|those|my|your|his|her|their|our|"
                 r"another|other|someone|somebody|anyone|anybody|each|every|both)|am\s+i)\b", re.I)
# a statement that says the player does not know which of two things holds
WONDERS = Lazy(r"\b(?:whether|which of|which one)\b", re.I)
# a wh-word just before the auxiliary: the sentence asks what, not yes or no ("So which is ...?")
WH_BEFORE = Lazy(r"\b(?:what|which|who|whom|whose|where|when|why|how)(?:\s+(?:one|way|thing|part))?\s*$", re.I)
# a first question that only names the case the next one asks about
SETTING_QUESTION = Lazy(r"^\s*(?:what|how) (?:if|about)\b", re.I)
HOW_MANY = Lazy(r"\bhow (?:many|much)\b|\bwhat(?:'s| is) the (?:total|number|amount)\b|\bby how much\b", re.I)
LEANS_BACK = Lazy(
    r"^(?:in (?:this|that|either|such a) case|this|these|that|it|they|he|she|otherwise|however|thus|then|"
    r"if so|if not|such|instead|also|but|as a result|"
    # an example is shown with the rule it illustrates ("For example, Treebeard ...")
    r"for (?:example|instance)|e\.g\.|similarly|likewise)(?!\w)", re.I)
MAX_SHOWN = 420
EQUALITY_PREFERRED = 2.0
FIGURE_PREFERRED = 1.3
# a sentence stating a range that holds the figure a question sets its case by ("fails a corruption
# check by 3": "by two or more") counts this much more (``figure_cases``)
FIGURE_CASE_PREFERRED = 1.5
FIRST_QUESTION = True

# the words and clauses of a question or a sentence (compiled on first use)
LETTER_RUN = Lazy(r"[A-Za-z]+")
LOWER_LETTERS = Lazy(r"[a-z]+")
LOWER_WORD = Lazy(r"[a-z']+")
WORD = Lazy(r"[A-Za-z']+")
# a wh-question, a preposition before its wh-word too ("at what threat do I ...?", "in which order ...?")
WH_OPENING = Lazy(r"^\s*(?:(?:at|in|on|by|for|from|to|with|after|before|during|under|until)\s+)?"
                  r"(?:what|how|which|who|whom|whose|where|when|why)\b", re.I)
CHECKS_OPENING = Lazy(r"^\s*(?:is it true|true or false|am i right|correct)\b", re.I)
CHECKS_CLOSING = Lazy(r"\b(?:correct|right)\s*\?\s*$", re.I)
CLAUSE_BREAK = Lazy(r"[,;:]|\bbut\b|\bor\b(?= (?:is|are|does|do|can|will|should|must|would|did)\b)")
CASE_CLAUSE = Lazy(r"^(?:if|when|while|after|before|in|during|say|assuming)\b", re.I)
YES_NO_OPENING = Lazy(r"^\s*(yes|no)\b", re.I)
ALTERNATIVE_OPENING = Lazy(r"^\s*(?:or\b|is|are|does|do)")
END_OF = Lazy(r"\bends? of\b")
HOW_MANY_UNIT = Lazy(r"\bhow many ([a-z]+)")


@dataclass
class Verdict:
    """The answer read from the deciding sentence (yes, no, a number or text) and its basis."""

    kind: str  # yes, no, number, text
    value: object
    text: str
    # "stated": the documents' own words give it (a Q&A's "Yes"/"No", a figure in the
    # sentence, the sentence itself); "inferred": adjudicator's reading of a rule that does not
    # say yes or no (negations compared, an alternative picked, neither case of a comparison);
    # "asked": the team's recorded reading of the deciding record for a question worded like
    # the player's (rules_db/<game>/asked)
    basis: str = "stated"
    # basis "asked": the team's recorded answer to a question worded like the player's, for the
    # deciding record (``asked``); this is that question
    matched: str = ""
    # basis "inferred": which reading gave it ("polarity", "tie", "choice", "choice-denied")
    reading: str = ""

    def to_dict(self) -> dict:
        out = {"kind": self.kind, "value": self.value, "text": self.text, "basis": self.basis}
        if self.matched:
            out["matched"] = self.matched
        if self.reading:
            out["reading"] = self.reading
        return out


@dataclass
class Form:
    """The shape of a question: yes/no, a number or open, and its clauses."""

    kind: str  # yesno, number, open
    clauses: list[str]  # the question's clauses (the yes/no clause first)
    claim: bool = False  # a statement to confirm, not a question


# -- sentences ------------------------------------------------------------------------------


def _answer_blocks(record) -> list:
    blocks = [b for b in record.blocks if b.text.strip()]
    asked = [b for b in blocks if b.style == "question"]
    if asked:
        return [b for b in blocks if b.style != "question"]
    if record.kind.value == "qa" and len(blocks) > 1:
        return blocks[1:]
    return []


def deciding_sentence(record, weigh, question: str = "", steps=()) -> tuple[str, bool]:
    """(the sentence that decides, whether it comes from a worked example).  ``weigh(text)``
    scores a sentence by the question's words it holds; for a question about equal values
    (``question``), a sentence that speaks of equality counts double, and for a how-many
    question, a sentence giving a figure counts more.  Of a timing chart (``data["chart"]``),
    the lines of the framework steps the question names (``steps``, their numbers), when it
    names any: the chart's other lines are other steps' windows, whatever words they share."""
    named = _chart_lines(record, steps)
    if named:
        return _clip("; ".join(named)), False
    from .figure_cases import case_of

    prefer = prefers_equality(question) if question else None
    wants_figure = bool(question) and question_form(question).kind == "number"
    # what a thing does, means or when it happens: a record's opening definition ("Surge is a
    # keyword ability.") is shown with the sentence saying it (``DEFINES``)
    explained = bool(question) and question_form(question).kind != "yesno"
    answer = _answer_blocks(record)
    if answer:
        parts = sentences(" ".join(b.text for b in answer if not b.example) or answer[0].text)
        first = parts[0] if parts else ""
        if len(first.split()) <= 3 and len(parts) > 1:  # "No." and its reason
            first = first + " " + parts[1]
        return _clip(first), False
    best, best_score, from_example = "", -1.0, False
    blocks = [b for b in record.blocks if b.text.strip() and b.style != "heading"]
    carried = ""  # a lead-in ("... one of the following:", "Untap or") the next block goes on from
    for k, block in enumerate(blocks):
        parts = sentences(block.text)
        for i, sentence in enumerate(parts):
            shown = sentence
            scored = None
            if i > 0 and LEANS_BACK.match(sentence):  # scored and shown with the sentences it leans on
                first = i - 1
                while first > 0 and LEANS_BACK.match(parts[first]):
                    first -= 1
                shown = " ".join(parts[first: i + 1])
                own = _own_case_for_every_lead(record, sentence, question, weigh) if question else None
                if own is not None:  # the question's own case, ruled alike whichever lead applies
                    scored, shown = shown, own
            if i == 0 and carried:  # a list item is shown with the lead-in it completes
                shown = carried + " " + sentence
            elif i == 0 and explained and _defines(sentence):  # what it is, and what it does
                after = parts[1] if len(parts) > 1 else _first_sentence(blocks[k + 1: k + 2])
                if after:
                    scored, shown = sentence, sentence + " " + after
            if i == len(parts) - 1 and DANGLING.search(sentence):  # and a lead-in with its items
                shown = " ".join([shown] + _going_on(blocks, k + 1))
            if _label(sentence):  # "Example: (CPs = Corruption Points)" names, it does not state
                continue
            score = weigh(scored or shown) * (0.85 if block.example else 1.0)
            if question:
                score *= _same_case(sentence, question, weigh)
            if prefer is not None and prefer.search(shown):
                score *= EQUALITY_PREFERRED
            if wants_figure and _NUMBER.search(shown):
                score *= FIGURE_PREFERRED
            if question and case_of(question, shown) > 0:  # the case whose range holds the question's figure
                score *= FIGURE_CASE_PREFERRED
            if score > best_score + 1e-9:
                best, best_score, from_example = shown, score, block.example
        last = parts[-1] if parts else ""
        carried = (carried + " " + last).strip() if last and DANGLING.search(last) else ""
    return _clip(best or record.summary), from_example


# a sentence naming what kind of thing its subject is ("Surge is a keyword ability.", "The threat
# elimination level is the threat level at which ...", "X refers to ..."): the term, a copula and
# a kind, short, opening on no case.  It answers "what is it?" but says neither what the thing
# does, nor its figure, nor when: for any question but a yes or no it is shown with the sentence
# after it, which says that ("Surge is a keyword ability. When an encounter card with the surge
# keyword is revealed ..., reveal 1 additional encounter card.")
DEFINES = Lazy(r"^(?!(?:if|when|whenever|while|unless|this|these|that|those|it|they)\b)[A-Za-z'’ -]{1,60}?\s+"
               r"(?:is|are|refers? to)\s+(?:a|an|the|denoted|known|defined|represented)\b", re.I)
DEFINITION_WORDS = 20


def _defines(sentence: str) -> bool:
    return len(sentence.split()) <= DEFINITION_WORDS and DEFINES.match(sentence) is not None


def _first_sentence(blocks: list) -> str:
    """The first sentence of the next block, when it goes on with the rule (not an example)."""
    if not blocks or blocks[0].example:
        return ""
    return (sentences(blocks[0].text) or [""])[0]


def _chart_lines(record, steps) -> list[str]:
    """The lines of a timing chart for the steps named (in the chart's order), each with the
    action window after it when there is one; none when the record is not a chart."""
    wanted = {str(s) for s in steps}
    if not wanted or not record.data.get("chart"):
        return []
    return [b.text.strip() for b in record.blocks
            if b.style == "step" and (b.text.strip().split(" ", 1) or [""])[0] in wanted]


# a sentence that opens on a case ("If the encounter deck runs out, ...") when the question
# states a case of its own: the share of the sentence's case words (weighed by rarity) the
# question holds; below CASE_FLOOR the sentence is about another case and counts down to
# 1 - CASE (chosen on the tune half of the players' set, 2026-11-26: 0.5 and 0.5)
CASE, CASE_FLOOR = 0.5, 0.5
CASE_OPENS = Lazy(r"^(?:(?:clarification|note|important)\s*:\s*)?(?:(?:note that|however|also|in addition|otherwise|"
                  r"then)[, ]+)?(?:if|when|whenever|unless|while)\b([^,;:.]+)", re.I)
STATES_CASE = Lazy(r"\b(?:if|when|whenever|after|before|while)\b", re.I)


def _same_case(sentence: str, question: str, weigh) -> float:
    """How far the case a sentence opens on is the question's: 1 when the question states no
    case (nothing to tell the rule's cases apart by), when the sentence opens on none, or when
    the question holds at least CASE_FLOOR of the case's words (the question and the rules'
    words its player phrases stand for, ``weigh.expanded``); less, down to 1 - CASE, as fewer
    are held.  A question on equal values is the case of a sentence that speaks of equality."""
    if not STATES_CASE.search(question):
        return 1.0
    opening = CASE_OPENS.match(sentence)
    if opening is None:
        return 1.0
    case = opening.group(1)
    whole = weigh(case, against=case)
    if whole <= 0 or (is_tie(question) and EQUALITY.search(sentence)):
        return 1.0
    held = weigh(case, against=getattr(weigh, "expanded", question)) / whole
    if held >= CASE_FLOOR:
        return OWN_CASE if _case_clause(question) else 1.0
    if _asks_when(question):  # "when do shadow cards get dealt?" asks the occasion itself:
        return EDGE_CASE  # "If the encounter deck runs out, ..." is an exception to it
    return (1 - CASE) + CASE * held / CASE_FLOOR


# a sentence opening on the very case the question's own when/if clause states ("what happens to
# attachments when the character they are on leaves play?": "If the card to which an attachment
# is attached leaves play, ...") counts this much more than one stating no case
OWN_CASE = 2.0
QUESTION_CASE_CLAUSE = Lazy(r"\b(?:if|when|whenever|once|while)\b", re.I)


def _case_clause(question: str) -> bool:
    return QUESTION_CASE_CLAUSE.search(asking_sentence(question)) is not None


# a question asking when a thing happens ("when do shadow cards get dealt?", "at what point ...?";
# not a case it opens on: "When a hero rests at a Haven, does he ...?") and stating no case of its own: a sentence opening on a case it does not hold is an exception
# to the occasion asked about, not the occasion, and counts EDGE_CASE
ASKS_WHEN = Lazy(r"^\W*(?:when\s+(?:do|does|did|is|are|was|were|can|could|should|will|would|must|may|has|have)|"
                 r"at what (?:point|time|moment|stage|step|phase)|in (?:what|which) (?:phase|step))\b", re.I)
EDGE_CASE = 0.35


def _asks_when(question: str) -> bool:
    asked = asking_sentence(question)
    opening = ASKS_WHEN.match(asked)
    return opening is not None and STATES_CASE.search(asked[opening.end():]) is None


LEAN_OPENER = Lazy(r"^(?:in (?:this|that|either|such a) case|otherwise|then|also)[, ]+(?=(?:if|when|whenever|unless)\b)", re.I)


def _own_case_for_every_lead(record, sentence: str, question: str, weigh) -> str | None:
    """A sentence that leans back on a case and puts a narrower case of its own ("In this
    case, if the character is a Wizard, you immediately lose the game."), when the question
    holds that narrower case (it asks about a Wizard) and the record says the sentence after
    more than one lead (the discarded and the eliminated results alike): the question's case
    is ruled the same whichever lead applies, so the sentence is the answer on its own, without
    the opener that ties it to one lead ("If the character is a Wizard, ...").  None otherwise."""
    opener = LEAN_OPENER.match(sentence)
    if opener is None:
        return None
    rest = sentence[opener.end():]
    case = CASE_OPENS.match(rest)
    if case is None:
        return None
    whole = weigh(case.group(1), against=case.group(1))
    if whole <= 0 or weigh(case.group(1), against=getattr(weigh, "expanded", question)) < CASE_FLOOR * whole:
        return None
    said = " ".join(b.text for b in record.blocks)
    if " ".join(said.split()).count(" ".join(sentence.split())) < 2:
        return None
    return rest[:1].upper() + rest[1:]


BRACKETED = Lazy(r"\([^()]*\)|\[[^\[\]]*\]")


def _label(sentence: str) -> bool:
    """A label, not a statement: one or two heading words and a colon outside brackets
    ("Key: (GP = goblin points)"); "No." is a statement, and so is a sentence wholly in
    brackets ("(Goblins may cross any bridge.)"), one that quotes card text ('Now reads:
    "(Limit once per feast.)"') and a name with its value ("Troll rating (6)")."""
    if QUOTE_MARK.search(sentence):
        return False
    bare = BRACKETED.sub(" ", sentence)
    return ":" in bare and 0 < len(LETTER_RUN.findall(bare)) < 3


QUOTE_MARK = Lazy(r"[\"“”]")


# a sentence that stops where a list goes on: a lead-in ending with a colon, an item ending "or"
DANGLING = Lazy(r"(?:\b(?:or|and|nor)|[,;:])\s*$", re.I)
GOING_ON = 4  # list items read after a lead-in, at most


def _going_on(blocks: list, start: int) -> list[str]:
    """The texts of the blocks that complete a lead-in: up to the first that ends a sentence."""
    out: list[str] = []
    for block in blocks[start: start + GOING_ON]:
        out.append(block.text.strip())
        if not DANGLING.search(out[-1]):
            break
    return out


def _clip(text: str) -> str:
    text = " ".join(text.split())
    if len(text) <= MAX_SHOWN:
        return text
    cut = text[:MAX_SHOWN].rsplit(" ", 1)[0]
    return cut + " …"


# -- the question's form --------------------------------------------------------------------


def asking_sentence(question: str) -> str:
    """The question proper: the first sentence asking something (what follows it usually
    asks about its consequences); a statement to confirm if none (its last sentence)."""
    text = " ".join(question.split())
    asked = [s for s in sentences(text) if s.rstrip().endswith("?")]
    target = (asked[0] if FIRST_QUESTION else asked[-1]) if asked else (sentences(text) or [text])[-1]
    if len(asked) > 1 and SETTING_QUESTION.match(asked[0]):  # "What if a character dies? Do I lose his MPs?"
        target = asked[1]
    return target


def question_form(question: str) -> Form:
    text = " ".join(question.split())
    asked = [s for s in sentences(text) if s.rstrip().endswith("?")]
    target = asking_sentence(question)
    claim = not asked
    if HOW_MANY.search(target) or (not asked and HOW_MANY.search(text)):
        return Form("number", [target])
    clauses = _clauses(target)
    if claim:
        opening = (LOWER_WORD.findall(target.lower()) or [""])[0]
        if opening in WH_WORDS or WONDERS.search(target):  # "I can't find ... whether X or Y": asks which
            return Form("open", clauses)
        if opening not in AUXILIARIES:
            return Form("yesno", clauses, claim=True)
    for clause in clauses:  # the first clause that asks ("Quick question about X, Y, Z: do actions ...?")
        first = WORD.findall(clause.lower())[:1]
        if first and first[0] in AUXILIARIES:
            ordered = [clause] + [c for c in clauses if c is not clause]
            return Form("yesno", ordered)
    if asked and not WH_OPENING.match(target):
        inner = INNER_ASK.search(target)  # "If you engage it does the enemy draw a shadow card?"
        if inner and not WH_BEFORE.search(target[:inner.start()]):  # not "So which is the right one?"
            return Form("yesno", [target[inner.start():].strip()] + clauses)
    if CHECKS_OPENING.match(target) or \
            CHECKS_CLOSING.search(target):
        return Form("yesno", clauses, claim=True)
    return Form("open", clauses)


def _clauses(text: str) -> list[str]:
    """A sentence cut at commas, semicolons, 'but' and 'or' (a leading 'if ...' clause dropped
    from the front of the list, kept at its end: it is the case, not the question)."""
    parts = [p.strip() for p in CLAUSE_BREAK.split(text) if p and p.strip()]
    lead = [p for p in parts if CASE_CLAUSE.match(p)]
    rest = [p for p in parts if p not in lead]
    return (rest + lead) or [text]


# -- the verdict ----------------------------------------------------------------------------


def _negative(text: str) -> bool:
    return NEGATIONS.search(text) is not None


def verdict(question: str, record, sentence: str, weigh) -> Verdict | None:
    """The verdict for ``question`` decided by ``sentence`` of ``record``."""
    if not sentence:
        return None
    from .game_detection import without_game_names

    question = without_game_names(question)  # "in METW" says which rules apply, not what is asked
    form = question_form(question)
    tied = _neither_case(question, form, sentence) if _share(form.clauses[0], sentence, weigh) >= SETTLES else None
    if tied is not None:
        return tied
    offered = _offered_figure(question, form, record, sentence, weigh)
    if offered is not None:
        return offered
    chosen = _choice(question, record, sentence, weigh)
    if chosen is not None:
        return chosen
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
    if form.kind == "open":
        return Verdict("text", sentence, sentence)
    opening = YES_NO_OPENING.match(sentence)
    if opening:  # the documents' own answer: never turned round, never contradicted
        if not _same_question(form, record, sentence, weigh) or asks_which(asking_sentence(question)):
            # the answer to another question, or a bare yes or no to "A or B?", which answers neither:
            rest = sentence[opening.end():].lstrip(" .,;:!")  # its reason, without its yes or no
            if len(rest.split()) < 3:  # "No. None.": no reason to show without its yes or no, so the
                shown = f"{ANOTHER_QUESTION}: {sentence}"  # answer is shown as its own question's
                return Verdict("text", shown, shown)
            shown = rest[:1].upper() + rest[1:]
            return Verdict("text", shown, shown)
        said = opening.group(1).lower()
        return Verdict(said, said, sentence)
    from .choices import offers_two_figures

    if offers_two_figures(asking_sentence(question)):  # "2 or 3?" asks which figure: a yes or a no answers neither
        return Verdict("text", sentence, sentence)
    clause, index = _clause_about(form.clauses, sentence, weigh)
    if not _settles(clause, sentence, question, weigh):  # the sentence is shown, no yes or no read into it
        return Verdict("text", sentence, sentence)
    proper = clause if form.claim else form.clauses[0]  # the clause asked (of a claim, the one the sentence is about)
    ruling = _without_proviso(sentence, question)
    # "do I pass?" against "... fails the test": the rule is about the other side of the question
    said = None if opposed(proper, ruling) else reading(form, clause, sentence, question,
                                                        _tie_stated(question, proper, ruling))
    if said is None:  # the rule does not speak to what is asked one way or the other: its sentence is shown
        return Verdict("text", sentence, sentence)
    alternative = index > 0 and ALTERNATIVE_OPENING.match(clause) is not None and not form.claim
    if alternative:
        said = "no" if said == "yes" else "yes"
    return Verdict(said, said, f"{said.capitalize()}: {sentence}", "inferred", reading="polarity")


# The inferred readings a player is shown (as adjudicator's reading of the cited rule): a kind is
# shown once it is right on at least 90% of ALL the cases it fires on, on the real players' tune
# half (`bench/eval_players.py --half tune --show-inferred`), on the team's asked questions
# (`bench/eval_inferred_verdicts.py`, any record, not only the question's own) and on fresh
# questions read by hand.  2026-11-26 (session 9): polarity 4 of 4 on the tune half, 142 of 150
# (95%) on the own record, but 202 of 233 (87%) on any record (yes 86%, no 87%; METW and MEQ
# 82%) and wrong on fresh questions a reviewer asked; choice 4 of 5 on the tune half and 0 of 1
# asked; the tie reading fires on neither.  None is shown.
SHOWN_READINGS: frozenset = frozenset()
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
        return Verdict("number", figure[0], f"{figure[0]} {figure[1]}".strip() + f": {sentence}")
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


# a figure given for a thing: "5 willpower", "willpower of 0", "my threat is 32" (a card's set
# number in brackets is no figure)
FIGURE_OF = Lazy(r"\b(\d+)\s+([a-z]{4,})\b|\b([a-z]{4,})\s+(?:of|is|was|at)\s+(\d+)\b", re.I)


def _figures_of(text: str) -> dict[str, set[int]]:
    """The figures a text gives, by the thing they count (its first five letters)."""
    from .question_index import STOP

    out: dict[str, set[int]] = {}
    for m in FIGURE_OF.finditer(BRACKETED.sub(" ", text)):
        value, thing = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        if thing.lower() not in STOP:
            out.setdefault(thing.lower()[:5], set()).add(int(value))
    return out


def contradicts_figures(record, question: str) -> bool:
    """A Q&A whose own case gives another figure for a thing the player gives a figure for
    (the nobody-quested Q&A's "combined committed willpower of 0" to "we quested 5 willpower
    against 7 threat, what happens?"): it answers another case, so its sentence is not the
    player's answer.  Not when the player offers figures to choose from ("by 2 or 3?")."""
    from .choices import offers_two_figures

    if record is None or record.kind.value != "qa" or offers_two_figures(asking_sentence(question)):
        return False
    mine = _figures_of(question)
    if not mine:
        return False
    theirs = _figures_of(" ".join(b.text for b in record.blocks))
    return any(thing in theirs and not (theirs[thing] & values) for thing, values in mine.items())


def labelled(found: Verdict, sentence: str) -> Verdict:
    """An inferred verdict whose text says it is adjudicator's reading of the cited rule
    ("No (adjudicator's reading of the cited rule): <the rule's sentence>")."""
    head = found.text[: -len(sentence)].rstrip(": ") if sentence and found.text.endswith(sentence) else found.text
    return Verdict(found.kind, found.value, f"{head} ({OURS}): {sentence}", found.basis, found.matched, found.reading)


# -- a rule stating the case of equal values ------------------------------------------------


def _tie_stated(question: str, proper: str, ruling: str) -> bool:
    """For a question about equal values, the rule states the case of equality and what it
    rules then is what the question asks ("if the fog equals the lantern, the party stops" to
    "does the party stop?"), not another outcome ("the strike is ineffectual" to "is it
    wounded?")."""
    if not is_tie(question) or EQUALITY.search(ruling) is None:
        return False
    found = EQUALITY.search(ruling)
    then = ruling[found.end():].split(",", 1)[1] if "," in ruling[found.end():] else ""
    return bool(then) and any(_same_word(a, w) for a in set(_content(proper)) for w in _content(then))




# -- whether the deciding sentence settles the yes or no ------------------------------------

# words that give a sentence a polarity a yes/no can be read from: permission, obligation,
# negation, restriction, what a thing counts as
POLARITY = Lazy(
    r"\b(?:may|can|cannot|must|only|never|not|no|none|nothing|still|always|unless|except|instead|"
    r"allowed|unable|optional|option|considered|counts?|treated|remains?)\b|n['’]t\b", re.I)
# the share of the question's clause (its words weighed by rarity) the sentence must hold for
# a yes or no to be read from it: below it, the sentence is about something else
SETTLES = 0.4
# the share of the player's question a Q&A's question must hold for the Q&A's own "Yes"/"No"
# to be the player's answer
SAME_QUESTION = 0.4
SAME_QUESTION_BACK = 0.3  # the share of the Q&A's question the player's question must hold


def _share(clause: str, sentence: str, weigh) -> float:
    whole = weigh(clause, against=clause)
    return weigh(clause, against=sentence) / whole if whole > 0 else 0.0


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


def _same_question(form: Form, record, sentence: str, weigh) -> bool:
    """A Q&A's (or a rule's) own "Yes"/"No" answers the player only when it answers the
    player's question: the question it answers holds enough of the player's asking sentence,
    and the player's sentence holds enough of it.
    A record without a question of its own (a sentence of a rule that opens with "Yes,")
    is judged by the sentence itself."""
    asked = [b.text for b in getattr(record, "blocks", []) if b.style == "question" and b.text.strip()]
    if not asked and record is not None and record.kind.value == "qa" and len(record.blocks) > 1:
        asked = [record.blocks[0].text]
    against = " ".join(asked) or sentence
    player = " ".join(form.clauses)
    if asked and opposed(player, against):  # "does it stop ...?" is not "does it still ...?"
        return False
    if _share(player, against, weigh) < SAME_QUESTION:
        return False
    if asked and not _holds_its_case(against, player, weigh):  # it answers a narrower case
        return False
    if asked and asks_otherwise(player, against):  # "must I ...?" is not "is he considered ...?"
        return False
    if asked and not names_its_cards(record, getattr(weigh, "cards", ()), player):
        return False  # a general answer: the card the player names may do the very thing it denies
    if asked and not holds_its_phrases(against, player + " " + getattr(weigh, "expanded", ""), weigh):
        return False  # it narrows what it asks by a phrase the player's question does not hold
    if asked and not holds_its_qualifiers(against, player + " " + getattr(weigh, "expanded", ""), weigh):
        return False  # it names what a thing has ("with the text 'Immune ...'"), which the player does not
    if asked and not holds_its_subject(against, player + " " + getattr(weigh, "expanded", ""), weigh):
        return False  # it asks of another thing ("does the staging area still count ...?")
    # and the Q&A's question is mostly about what the player asks (not a narrower case the
    # player did not ask about: "with Light of Valinor attached, can he quest exhausted?"
    # does not answer "do I have to exhaust a character to defend?")
    return not asked or _share(against, player, weigh) >= SAME_QUESTION_BACK


# the case a Q&A's question narrows its asking to, after it ("are there player cards that let
# me attack an enemy in the staging area if it is immune to player card effects?"): its words
# after if, unless, when, while or once, up to the next comma or the question's end.  A case
# the question opens on ("If I have Light of Valinor attached, ...") sets the scene, which
# players put in their own words (the asked questions hold 20-50% of it); it is weighed with the
# whole question (``SAME_QUESTION_BACK``)
QUESTION_CASE = Lazy(r"(?<=\w )(?:if|unless|whenever|while|once|when)\b([^,;?]+)", re.I)
# the share of such a case (its words weighed by rarity) the player's question must hold for
# the Q&A's stated answer to be the player's: on the team's asked questions, trailing cases
# were held at 45% or more when the recorded answer agreed
CASE_HELD = 1 / 3


def _holds_its_case(asked: str, player: str, weigh) -> bool:
    """Whether the player's question holds each case a Q&A's question narrows its asking to
    (after the case it opens on, if any): "can I attack an enemy in the staging area?" does not
    ask the Q&A "are there player cards that let me attack an enemy in the staging area if it is
    immune to player card effects?", whose "No" answers only that case."""
    text = " ".join(asked.split())
    if CASE_CLAUSE.match(text):  # "If X when Y, can I ...?": X and Y set the scene
        text = text.split(",", 1)[1] if "," in text else ""
    for case in (m.group(1) for m in QUESTION_CASE.finditer(text)):
        whole = weigh(case, against=case)
        if whole > 0 and weigh(case, against=player) < CASE_HELD * whole:
            return False
    return True


# the two sides of a question on whether something carries on: a yes to "does it keep its
# damage?" is a no to "does it lose its damage?"; the words overlap, the answers are opposite
CARRIES_ON = Lazy(r"\b(?:keeps?|kept|keeping|retains?|retained|still|remains?|remained|stays?|stayed|active|"
                  r"applies|apply|continues?|in play|into play|on the table)\b", re.I)
STOPS = Lazy(r"\b(?:lose|loses|lost|losing|stops?|stopped|removed?|negated?|negates|cancell?ed|cancels?|leaves?|"
             r"ends?|ended|blank(?:ed)?|inactive|out of play|discard(?:ed|s)?|gone|goes away|turned off|"
             r"no longer)\b", re.I)


def opposed(a: str, b: str) -> bool:
    """Two questions that ask about one thing from opposite sides: one whether it carries on
    (keeps, still, remains, in play), the other whether it stops (loses, is removed, out of
    play), or each on one side of a contrast (before/after, more/fewer: ``CONTRASTS``): a yes
    to one is a no to the other, so neither's answer is the other's."""
    def side(text: str) -> str:
        keep, stop = CARRIES_ON.search(text) is not None, STOPS.search(text) is not None
        return "keep" if keep and not stop else "stop" if stop and not keep else ""

    x, y = side(a), side(b)
    return bool(x and y and x != y) or _contrasting(a, b)


# words that ask the opposite of each other: "does it keep its damage?" and "does it lose its
# damage?" share every other word, so they match at the same overlap, and the recorded answer of
# the one is the wrong answer to the other. A player's question that holds words of a pair
# on other sides than the asked question does gets no recorded answer (``_contrasting``).
CONTRASTS = (
    ("keep keeps kept keeping retain retains", "lose loses lost losing removed discarded"),
    ("stay stays stayed remain remains", "leave leaves removed discarded"),
    ("before earlier", "after afterwards later"),
    ("more higher greater most highest", "fewer less lower smaller least lowest"),
    ("first", "last"),
    ("win wins won", "lose loses lost"),
    ("pass passes passed succeed succeeds succeeded", "fail fails failed"),
    ("increase increases raise raises", "decrease decreases reduce reduces lower lowers"),
    ("add adds added", "remove removes removed subtract subtracts"),
    ("optional", "mandatory compulsory"),
    ("allowed", "forbidden"),
    ("include includes included", "exclude excludes excluded"),
    ("count counts counted", "ignore ignores ignored"),
    ("survive survives survived", "die dies died killed"),
    ("end ends ended", "continue continues continued"),  # "end of" is a time, not a side
    ("faceup", "facedown"),
    ("ready readied readies untapped untap untaps", "exhausted exhaust exhausts tapped tap taps"),
)
_SIDES = [(frozenset(a.split()), frozenset(b.split())) for a, b in CONTRASTS]


def _contrasting(question: str, asked: str) -> bool:
    """Whether the two questions take different sides of one contrast ("keep" / "lose"): both
    hold words of one pair, and not of the same sides (one "keep", the other "lose", or "keep
    or lose" against "keep" alone)."""
    import re

    def words(text: str) -> set[str]:
        return set(LOWER_LETTERS.findall(END_OF.sub(" ", text.lower())))

    q, a = words(question), words(asked)
    for one, other in _SIDES:
        q_side = (bool(q & one), bool(q & other))
        a_side = (bool(a & one), bool(a & other))
        if any(q_side) and any(a_side) and q_side != a_side:
            return True
    return False


# -- equal values against a rule that decides only "greater than" ---------------------------

TIE_WORDS = Lazy(r"\b(?:tie|ties|tied|tying|equal|equals|equally|even|same (?:value|number|amount|total|score)|"
                 r"as (?:much|many|high) as)\b|\b(\d+)\s*(?:against|vs\.?|versus|to|-)\s*(\d+)\b", re.I)
STRICT = Lazy(r"\b(?:greater|higher|more|less|lower|fewer|larger|smaller)\s+than\b|\bexceeds?\b|"
              r"\b(?:is|are) (?:greater|higher|lower|larger|smaller)\b|\bovercame\b|\boutnumbers?\b", re.I)
# a comparison that speaks of equality ("is equal to the score", not "equal to the difference")
EQUALITY = Lazy(r"\b(?:(?:is|are|be|was|were) equal|equals|ties?|tied|(?:the )?same as|at least|at most|"
                r"or more|or less|or greater|or higher|or lower|or fewer)\b", re.I)
_FIGURE = Lazy(r"\b(\d+)\b")


def is_tie(question: str) -> bool:
    """The question's case is one of equal values: it says so ("tied", "4 against 4", "the
    same total"), or it gives two or more figures, all the same ("a willpower of 4 ... a
    threat of 4"), and does not add them up ("2 MP + 2 MP")."""
    for m in TIE_WORDS.finditer(question):
        if m.group(1) is None or m.group(1) == m.group(2):
            return True
    if ADDED.search(question):  # "his 2 MP + the 2 MP": figures added up, not compared
        return False
    figures = _FIGURE.findall(question)
    return len(figures) >= 2 and len(set(figures)) == 1


# two figures added up ("2 MP + the 2 MP", "1 plus 1")
ADDED = Lazy(r"\d[^.?!\d]{0,40}(?:\+|\bplus\b|\bin addition to\b)[^.?!\d]{0,40}\d", re.I)


def prefers_equality(question: str):
    """For a question about equal values, a sentence that speaks of equality decides first."""
    return EQUALITY if is_tie(question) else None


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


# -- either-or questions --------------------------------------------------------------------


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
    if picked is None or not picked.supported:
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


def _counted(value: int, unit: str) -> str:
    """A figure with its unit, one of it in the singular ("1 strike", not "1 strikes")."""
    if value == 1 and unit.endswith("s") and not unit.endswith(("ss", "us", "is")):
        unit = unit[:-1]
    return f"{value} {unit}".strip()


def _figure_of_its_case(question: str, record, sentence: str, weigh=None) -> tuple[int, str, str] | None:
    """A how-many question stating a case the deciding sentence does not give a figure for
    ("with only a starter deck" against "at least 20 marshalling points"), answered by another
    sentence of the same record stating that case with a figure of what is counted ("If ...
    only has access to a starter deck, ... lowered to 18"): (value, unit, the sentences shown).
    None when the deciding sentence's own figure is the question's case, or no other sentence
    of the record states it (``figure_choice.held``)."""
    from .figure_choice import held, states_setting, stating, unexplained

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


NAMED_WITHIN = 3
# words after a figure that are not what it counts
NOT_UNITS = frozenset("a an the of to and or for by in on at is are do does how many much what".split())
HOW_MANY_OF = Lazy(r"\bhow (?:many|much) ([a-z]+(?: [a-z]+)?)")  # the thing counted: "how many extra cards"
ENUMERATOR = Lazy(r"\.(?:\s|$)")  # "1. Create your quest deck": a list's number, not a figure
_NUMBER = Lazy(r"\b(\d+|zero|one|once|two|twice|three|four|five|six|seven|eight|nine|ten|a single)\b\s*([a-z][a-z\-]*)?",
                     re.I)


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
        return picked.value, picked.noun.lower()
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
    _, _, value, unit = found[0]
    return value, unit
