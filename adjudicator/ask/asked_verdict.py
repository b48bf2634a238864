"""The verdict an asked question carries (``rules_db/<game>/asked``, read by ``asked``): when a
player's question is, in other words, an asked question of the deciding record, the answer the
team recorded for it is the verdict, shown as the team's reading of that record."""

from __future__ import annotations


# the overlap (both ways, words weighed by rarity) at which a player's question is taken to be
# an asked question of the deciding record, whose recorded answer (``says``) is then shown
SAME_ASKED = 0.75

# words that ask the opposite of each other: "does it keep its damage?" and "does it lose its
# damage?" share every other word, so they match at the same overlap, and the recorded answer of
# the one is the wrong answer to the other. A player's question that holds one side of a pair
# where the asked question holds only the other gets no recorded answer.
CONTRASTS = (
    ("keep keeps kept keeping retain retains", "lose loses lost losing removed discarded"),
    ("stay stays stayed remain remains", "leave leaves removed discarded"),
    ("before earlier", "after afterwards later"),
    ("more higher greater most highest", "fewer less lower smaller least lowest"),
    ("first", "last"),
    ("win wins won", "lose loses lost"),
    ("increase increases raise raises", "decrease decreases reduce reduces lower lowers"),
    ("add adds added", "remove removes removed subtract subtracts"),
    ("optional", "mandatory compulsory"),
    ("allowed", "forbidden"),
    ("include includes included", "exclude excludes excluded"),
    ("count counts counted", "ignore ignores ignored"),
    ("survive survives survived", "die dies died killed"),
    ("end ends ended over", "continue continues continued"),  # "end of" is a time, not a side
    ("faceup", "facedown"),
    ("ready readied readies untapped untap untaps", "exhausted exhaust exhausts tapped tap taps"),
)
_SIDES = [(frozenset(a.split()), frozenset(b.split())) for a, b in CONTRASTS]


def answered(kb, question: str, record_id: str) -> tuple[str, str] | None:
    """(the asked question, its recorded answer) when ``question`` is, in other words, an asked
    question of ``record_id`` that carries a yes, a no or a number: the same kind of question
    (yes/no, how many), matched at ``SAME_ASKED`` or more, with the same negation (a "does it
    not ..." is not a "does it ...") and from the same side (a "does it lose ..." is not a
    "does it keep ...": ``verdicts.opposed``); else None."""
    from .question_index import load, question_matches, terms_of
    from .verdicts import _negative, opposed, question_form

    form = question_form(question)
    if form.kind not in ("yesno", "number"):
        return None
    found = question_matches(kb, terms_of(question)).get(record_id)
    if found is None or found[0] < SAME_ASKED:
        return None
    index = load(kb)
    says, text = index["question_says"][found[1]], index["question_texts"][found[1]]
    if not says or not text:
        return None
    if (says in ("yes", "no")) != (form.kind == "yesno"):
        return None
    if _negative(form.clauses[0]) != _negative(text) or opposed(question, text):
        return None
    if _contrasting(question, text):
        return None
    return text, says


def _contrasting(question: str, asked: str) -> bool:
    """Whether the two questions take opposite sides of one contrast ("keep" / "lose"): each
    holds a word of a pair whose other side the other holds alone."""
    import re

    def words(text: str) -> set[str]:
        return set(re.findall(r"[a-z]+", re.sub(r"\bends? of\b", " ", text.lower())))

    q, a = words(question), words(asked)
    for one, other in _SIDES:
        q_side = (bool(q & one), bool(q & other))
        a_side = (bool(a & one), bool(a & other))
        if any(q_side) and any(a_side) and q_side != a_side:
            return True
    return False
