"""The deciding sentence of a record: the sentence `ask` shows as the answer and reads the
verdict from (``verdicts``).

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
  figure the question sets its case by ("by 3": "by two or more") counts more (``figure_cases``);
a sentence ruling several cases alike ("no matter whether ..., it is treated alike") counts more
for a question that sets its own case apart ("if I do it before ...", "only when ...").  The
sentence chosen is shown with the sentences right after it that qualify it ("However, ...",
"This is not ...", "Such a character ...": ``qualification``); a sentence opening on the case a
what/which/who question states counts as the question's own case only when it goes on to speak
of what is asked (``case_and_asked``); for a question asking whether an action is allowed,
required or repeatable, a sentence restricting it counts more (``asked_permission``).  For an
either-or question, the record's sentence speaking to the alternative the chosen sentence leaves
out is shown after it (``other_alternative``); for any other open question (what happens), the
sentence right after the chosen one that goes on from what it says has happened ("After its
torch is put out, ...") is shown with it (``next_step``).  Once `ask` has ordered its records by
the sentences so chosen, each is shown as its rule's whole passage (``whole_passage``): with the
sentence before it that it goes on from and the one after that goes on from it, by the later
sentence's own words ("Additionally, ...", "... such a limit ...", "If that ...", "There is no
difference ...": ``rule_passage``).
"""

from __future__ import annotations

import re

from .asked_action import asked_action, opens_on
from .asked_case import polarity_differs
from .asked_permission import RESTRICTION_PREFERRED, asks_permission, restricts
from .case_and_asked import answers_beyond_case, asks_for_a_thing
from .patterns import Lazy
from .qualification import qualifications
from .rule_passage import holds as _holds
from .rule_passage import neighbours, passage
from .question_form import EQUALITY, LETTER_RUN, asking_sentence, is_tie, prefers_equality, question_form
from .sentences import sentences

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
# a figure in a sentence, a number or a number word, and the word after it
_NUMBER = Lazy(r"\b(\d+|zero|one|once|two|twice|three|four|five|six|seven|eight|nine|ten|a single)\b\s*([a-z][a-z\-]*)?",
                     re.I)


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
    names any: the chart's other lines are other steps' windows, whatever words they share.  Of
    an action window (``data["window"]``), its lines in order: which step it follows and which
    step it precedes is the answer, not any one of its lines."""
    named = _chart_lines(record, steps)
    if named:
        return _clip("; ".join(named)), False
    if record.data.get("window"):  # an action window is the chart's step, the window and the next step, together
        return _clip("; ".join(b.text.strip() for b in record.blocks if b.text.strip())), False
    answer = _answer_blocks(record)
    if answer:
        parts = sentences(" ".join(b.text for b in answer if not b.example) or answer[0].text)
        first = parts[0] if parts else ""
        used = 1
        if len(first.split()) <= 3 and len(parts) > 1:  # "No." and its reason
            first, used = first + " " + parts[1], 2
        # the answer's next sentence, when it goes on from its opening ("If that ..."): ``rule_passage``
        whole = passage(first, "", parts[used] if len(parts) > used else "", MAX_SHOWN)
        return _remember(record, question, _clip(first), whole), False
    best, best_score, from_example, rules, where = "", -1.0, False, [], None
    for shown, score, example, followed, at in scored_sentences(record, weigh, question):
        if score > best_score + 1e-9:
            best, best_score, from_example, where = followed, score, example, at
        if not example:
            rules.append((followed, score))
    added = ""
    if best and question:  # an either-or question: the record's sentence on the alternative left out
        from .other_alternative import other_alternative

        other = other_alternative(question, best, rules, weigh)
        if other:
            added = other
        else:  # what happens: the procedure's next step, when the sentence stops halfway
            from .next_step import next_step

            added = next_step(record, best, question) or ""
    shown = _clip(" ".join(t for t in (best, added) if t) or record.summary)
    wider, whole = "", _passage_at(record, best, where) if where else best
    if whole != best:  # the rule's passage, when it is shown whole with what is added (``rule_passage``)
        wider = " ".join(t for t in (whole, added) if t and not (t is added and _holds(whole, added)))
        wider = wider if len(" ".join(wider.split())) <= MAX_SHOWN else ""
    return _remember(record, question, shown, wider), from_example


def _passage_at(record, followed: str, where) -> str:
    """The text shown of a sentence (``followed``) as its rule's whole passage (``rule_passage``):
    with the sentence before it when it was not already shown with the ones it leans on, and the
    one after it when nothing already follows it."""
    block_index, i, shown, sentence, later, split = where
    before, after = neighbours(record, block_index, i, split)
    ends_here = " ".join(shown.split()).endswith(" ".join(sentence.split()))
    return passage(followed, before if shown == sentence else "", after if ends_here and not later else "", MAX_SHOWN)


# the rule's passage of each deciding sentence chosen (``rule_passage``), by record, question and sentence:
# `ask` orders its records by their deciding sentences as chosen, then shows each one's whole passage
_PASSAGES: dict = {}


def _remember(record, question: str, sentence: str, whole: str) -> str:
    """Keep ``whole`` as the passage of ``sentence`` (none when it is the sentence itself: a record
    of the same id chosen again holds what was last chosen); ``sentence``."""
    key = (record.id, question, sentence)
    if whole and _clip(whole) != sentence:
        if len(_PASSAGES) > 4096:
            _PASSAGES.clear()
        _PASSAGES[key] = _clip(whole)
    else:
        _PASSAGES.pop(key, None)
    return sentence


def whole_passage(record_id: str, question: str, sentence: str) -> str:
    """The deciding sentence ``deciding_sentence`` chose of the record for the question, shown as the
    rule's whole passage: with the sentence before it that it goes on from and the one after that
    goes on from it (``rule_passage``); the sentence as it is when there is none."""
    return _PASSAGES.get((record_id, question, sentence), sentence)


def scored_sentences(record, weigh, question: str = ""):
    """Each sentence of a record that is not a question and answer's, as it would be shown
    (with the sentences it leans on, the lead-in it completes), its score, whether it comes
    from a worked example, the text shown with the qualification after it, and where it stands
    (for its rule's whole passage: ``_passage_at``), in the record's order."""
    from .figure_cases import case_of

    prefer = prefers_equality(question) if question else None
    wants_figure = bool(question) and question_form(question).kind == "number"
    # what a thing does, means or when it happens: a record's opening definition ("Surge is a
    # keyword ability.") is shown with the sentence saying it (``DEFINES``)
    explained = bool(question) and question_form(question).kind != "yesno"
    # a question asking whether an action is allowed turns on the sentence restricting it
    permission = bool(question) and asks_permission(question)
    blocks = [b for b in record.blocks if b.text.strip() and b.style != "heading"]
    position = {id(b): n for n, b in enumerate(record.blocks)}
    cut: dict = {}  # each block's sentences, cut once (``rule_passage.neighbours`` asks again)

    def split(text: str) -> list[str]:
        if text not in cut:
            cut[text] = sentences(text)
        return cut[text]

    carried = ""  # a lead-in ("... one of the following:", "Untap or") the next block goes on from
    for k, block in enumerate(blocks):
        parts = split(block.text)
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
            if question and _rules_cases_alike(sentence, question):
                score *= ALIKE_PREFERRED
            if question and case_of(question, shown) > 0:  # the case whose range holds the question's figure
                score *= FIGURE_CASE_PREFERRED
            if permission and restricts(shown):
                score *= RESTRICTION_PREFERRED
            later = qualifications(parts, i) if not block.example and shown == sentence else []
            # the rule's passage: the sentence before it that it goes on from, the one after that goes on
            # from it (``rule_passage``; the score is the sentence's own)
            followed = " ".join([shown] + later)
            yield shown, score, block.example, followed, (position[id(block)], i, shown, sentence, later, split)
        last = parts[-1] if parts else ""
        carried = (carried + " " + last).strip() if last and DANGLING.search(last) else ""


# a sentence that rules several cases alike ("no matter whether A, B or C does it, it is treated
# alike"): for a question that sets its case apart ("if I do A first",
# "only on A", "once it is B") it answers whether that case differs, so it counts this much more
# than a sentence that shares as many of the question's words about one case
ALIKE_PREFERRED = 1.3
RULES_ALIKE = Lazy(r"^(?:whether|regardless of|no matter)\b.{0,300}?\b(?:the same|alike|either way|regardless)\b", re.I)
SETS_CASE_APART = Lazy(r"\b(?:if|when|whenever|once|while|only|before|after|instead)\b", re.I)


def _rules_cases_alike(sentence: str, question: str) -> bool:
    return RULES_ALIKE.match(sentence) is not None and SETS_CASE_APART.search(question) is not None


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
    are held.  A question on equal values is the case of a sentence that speaks of equality.
    A case the question's own when/if clause says the other way ("If the Ringwraiths were not
    defeated" for "... when they get defeated?", ``asked_case.polarity_differs``) is another case
    (1 - CASE), however many of its words the question holds; a case that is the action a
    can/may/must question asks about ("When the players travel to a location, ..." for "can we
    travel if ...?", ``asked_action``) is not the question's own case (1, not OWN_CASE)."""
    if not STATES_CASE.search(question):
        return 1.0
    opening = CASE_OPENS.match(sentence)
    if opening is None:
        return 1.0
    case = opening.group(1)
    whole = weigh(case, against=case)
    if whole <= 0 or (is_tie(question) and EQUALITY.search(sentence)):
        return 1.0
    if polarity_differs(opening.group(0), question, weigh):  # "were not defeated" for "get defeated"
        return 1 - CASE
    held = weigh(case, against=getattr(weigh, "expanded", question)) / whole
    if held >= CASE_FLOOR:
        if not _case_clause(question):
            return 1.0
        action = asked_action(question)  # "When the players travel ...": the action asked about, not its case
        if action and opens_on(case, action):
            return 1.0
        if asks_for_a_thing(question) and not answers_beyond_case(sentence, opening.end(), question, case):
            return 1.0
        return OWN_CASE
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
    if polarity_differs(case.group(0), question, weigh):  # the question's case said the other way
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


# -- how much of a question's clause a sentence holds ----------------------------------------

# the share of the question's clause (its words weighed by rarity) the sentence must hold for
# a yes or no to be read from it: below it, the sentence is about something else
SETTLES = 0.4


def _share(clause: str, sentence: str, weigh) -> float:
    whole = weigh(clause, against=clause)
    return weigh(clause, against=sentence) / whole if whole > 0 else 0.0
