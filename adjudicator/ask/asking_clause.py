"""The roles of a question's parts: which words ask and which only frame the asking.

A player's question names more terms than the one it asks about.  Rules of English questions
tell them apart (behaviour reads only the question's structure, never a record's prose):

- an alternative the player offers after "or" ("May progress go on it as it sits in staging,
  *or must we travel there first*?", "... into the discard pile *or back into the
  encounter deck*?") is an answer put forward, not what is asked about;
- a when/if clause that closes an asking sentence ("What happens *when he reaches 50 threat*?")
  is the case, as an opening "If ..., ...?" clause is;
- an ability written in card form ("Forced: After X engages you, deal 5 damage ...") is a
  quotation of card text, with or without quotation marks;
- a rules term after a demonstrative ("does *this response* still cost ...?") points back to
  something already said (the card's ability), it is not the subject;
- "is there a limit?" asks whether the thing of the sentence before is limited: its subject is
  that sentence's, not the Limits entry;
- a parenthesis or "such as" that narrows a general noun of the asking clause ("cards from your
  hand (Attachments)", "Cards that ..., such as Treacheries, ...") names the subject itself,
  not an example of it.
"""

from __future__ import annotations

import re

from adjudicator.compiled import regex

_AUX = (r"(?:does|do|did|is|are|was|were|can|could|may|must|should|will|would|has|have|shall)")
_PRONOUN = (r"(?:it|he|she|they|i|you|we|that|this|these|those|the|a|an|my|your|his|her|their|our|its|"
            r"one|there)")
# ", or does it have to be ...", "or do I ...", "or back into ...", "or only ...", "or rather ..."
OFFERED = regex(rf",?\s+or\s+(?:{_AUX}\s+{_PRONOUN}\b|back\b|only\b|just\b|rather\b|instead\b|else\b)", re.I)
# "What happens when ...?", "... what do I do if ...?": the case closing an asking sentence
CLOSING_CASE = regex(r"\s(?:when|whenever|if|once)\s", re.I)
# a wh-question asking what follows from its case ("What happens when ...?", "what becomes of X if ...?")
ASKS_CONSEQUENCE = regex(r"\s*what\s+(?:happens|will happen|would happen|happened|occurs|becomes)\b", re.I)
# an ability in card form: its type, a colon, its text
CARD_FORM = regex(r"(?<![A-Za-z])(?:Forced|Response|Action|Shadow|Travel|When Revealed|Combat Action|"
                  r"Quest Action|Planning Action|Refresh Action|Resource Action|Setup)\s*:\s+\S", re.I)
DEMONSTRATIVE = regex(r"\b(?:this|that|these|those)\s+$", re.I)
ABILITY_TYPE = regex(r"(?:forced|response|action|shadow|travel|when revealed)s?(?: (?:effect|ability)s?)?", re.I)
THE = regex(r"\bthe\s+$", re.I)
IS_THERE_LIMIT = regex(r"(?:^|[?.]\s*)(?:is|are)\s+there\s+(?:a|any)\s+(?:limit|maximum|minimum|cap|restriction)s?\s*\??\s*$", re.I)
GENERAL_NOUN = regex(r"\b(?:cards?|things?|effects?|ones?|types?)\b", re.I)


def _question_sentences(question: str) -> list[tuple[int, int]]:
    from .sentences import sentence_spans

    return [(a, b) for a, b in sentence_spans(question) if question[a:b].rstrip().endswith("?")]


def offered_spans(question: str) -> list[tuple[int, int]]:
    """The alternatives a player offers after "or" in an asking sentence, to its end."""
    out = []
    for start, end in _question_sentences(question):
        m = OFFERED.search(question, start, end)
        if m:
            out.append((m.start(), end))
    return out


def closing_case_spans(question: str) -> list[tuple[int, int]]:
    """The when/if clause that closes an asking sentence that asks what follows ("What happens
    when a player reaches 50 threat?"; not "which stat do I use when ...?", whose case names the
    rule asked about): from its "when" to the end of the sentence (or to the
    "?" of that clause)."""
    out = []
    for start, end in _question_sentences(question):
        text = question[start:end]
        lead = len(text) - len(text.lstrip())
        if not ASKS_CONSEQUENCE.match(text, lead):  # "which stat do I use when ...": the case names the rule
            continue
        m = CLOSING_CASE.search(text, lead)
        if not m or len(text[lead:m.start()].split()) < 2:  # "What if a character dies?" asks the case
            continue
        stop = text.find("?", m.end())
        out.append((start + m.start() + 1, start + (stop if stop >= 0 else len(text))))
    return out


def card_form_spans(question: str) -> list[tuple[int, int]]:
    """Abilities typed in card form, quotes or not ("Forced: After X engages you, deal 5 damage
    to a hero you control."): from the ability's type to the end of its sentence.  An asking
    sentence is not card text."""
    from .sentences import sentence_spans

    out = []
    for start, end in sentence_spans(question):
        text = question[start:end]
        if text.rstrip().endswith("?"):
            continue
        m = CARD_FORM.search(text)
        if m:
            stop = len(text.rstrip())
            while stop > m.start() and text[stop - 1] in " .!":
                stop -= 1
            out.append((start + m.start(), start + stop))
    return out


def refers_back(question: str, entity, typed: list[tuple[int, int]] = ()) -> bool:
    """An ability type after a demonstrative ("this response", "that action") points back to something
    the player has already named, as "the" does after an ability typed in card form ("Forced:
    ... . Does the forced effect happen?"); it is not what the asking clause asks about."""
    if not ABILITY_TYPE.fullmatch(entity.key):  # "this attachment" is the card, what is asked about
        return False
    before = question[max(0, entity.at[0] - 12):entity.at[0]]
    if DEMONSTRATIVE.search(before):
        return True
    return THE.search(before) is not None and any(b <= entity.at[0] for _, b in typed)


def limit_follow_up(question: str, start: int, end: int) -> tuple[int, int]:
    """"How many ...? is there a limit?": the follow-up asks whether that count is bounded, its
    subject is the count's; the clause without it (or the sentence before it, when the
    follow-up stands alone)."""
    m = IS_THERE_LIMIT.search(question, start, end)
    if m is None:
        return start, end
    if question[start:m.start()].strip(" ?.-"):
        return start, m.start()
    from .sentences import sentence_spans

    return next(((a, b) for a, b in reversed(sentence_spans(question)) if b <= start + 1), (start, end))


def narrows(question: str, entity) -> bool:
    """A name in brackets or after "such as" that narrows a general noun of the same clause
    ("cards from your hand (Attachments)", "Cards that are not put ..., such as Treacheries"):
    the subject said precisely, not an example."""
    from .example_cues import NARROWING_BEFORE

    at = entity.at[0]
    before = question[:at]
    cue = NARROWING_BEFORE.search(before[-20:])
    if not cue:
        return False
    clause_start = max(before.rfind(ch) for ch in ".?!;") + 1
    head = before[clause_start:len(before) - len(cue.group(0))]
    return GENERAL_NOUN.search(head) is not None


def subject_clause(question: str, start: int, end: int) -> tuple[int, int]:
    """The span of the clause that asks, given the question form's first clause: without an
    alternative offered after "or" or a closing when/if case."""
    for spans in (offered_spans(question), closing_case_spans(question)):
        for a, b in spans:
            if start < a < end:
                end = a
    return start, end


def as_subjects(question: str, entities: list) -> list:
    """``entities`` with a name that narrows a general noun of its clause no longer flagged as
    an example (``narrows``)."""
    from dataclasses import replace

    return [replace(e, example=False) if e.example and e.kind not in ("card", "scenario") and narrows(question, e)
            else e for e in entities]
