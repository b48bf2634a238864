"""The verdict an asked question carries (``rules_db/<game>/asked``, read by ``asked``): when a
player's question is, in other words, an asked question of the deciding record, the answer the
team recorded for it, shown as the team's reading of that record.  `ask` shows it only when
``answer.SHOW_ASKED_READINGS`` is on (off: see there why)."""

from __future__ import annotations

import re


# the overlap (both ways, words weighed by rarity) at which a player's question is taken to be
# an asked question of the deciding record, whose recorded answer (``says``) is then shown
SAME_ASKED = 0.75
WHAT_FIGURE = re.compile(r"\s*(?:what(?:'s| is| are)?|at what|how (?:much|many|far|long|high|big))\b", re.I)


def answered(kb, question: str, record_id: str) -> tuple[str, str] | None:
    """(the asked question, its recorded answer) when ``question`` is, in other words, an asked
    question of ``record_id`` that carries a yes, a no or a number: the same kind of question
    (yes/no, how many), matched at ``SAME_ASKED`` or more, with the same negation (a "does it
    not ..." is not a "does it ...") and from the same side (a "does it lose ..." is not a
    "does it keep ...": ``stated_answers.opposed``); else None."""
    from .question_form import _negative, question_form
    from .question_index import load, question_matches, terms_of
    from .stated_answers import opposed

    form = question_form(question)
    # "what is the hand size?" asks for a number as "how many cards ...?" does: it is read as
    # an open question, and a number recorded for it is its answer
    asks_figure = form.kind == "number" or (form.kind == "open" and WHAT_FIGURE.match(question) is not None)
    if form.kind != "yesno" and not asks_figure:
        return None
    found = question_matches(kb, terms_of(question), asked_only=True).get(record_id)
    if found is None or found[0] < SAME_ASKED:
        return None
    index = load(kb)
    says, text = index["question_says"][found[1]], index["question_texts"][found[1]]
    if not says or not text:
        return None
    if (says in ("yes", "no")) != (form.kind == "yesno") or (says not in ("yes", "no") and not asks_figure):
        return None
    if _negative(form.clauses[0]) != _negative(text) or opposed(question, text):
        return None
    return text, says
