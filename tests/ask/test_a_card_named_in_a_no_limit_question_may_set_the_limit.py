"""A question naming a card gets no "no-limit" reading (``no_limits.reading``): the rule setting
no limit to how many attachments a card may hold does not decide whether a named card may be
attached twice, as the card may be unique (Steward of Gondor, Celebrían's Stone), restricted or
limited by its own text.  The same question about no card in particular is still read.  (The
questions are our own.)"""

from __future__ import annotations

from adjudicator.ask.no_limits import reading
from adjudicator.ask.question_form import asking_sentence, question_form

# invented, in the layout of a rule setting no limit
RULE = "There is no limit to the number of attachments that can be attached to a card or game element."
TWICE = "could an attachment be attached twice onto a single character?"


def _read(question: str, cards=()):
    return reading(asking_sentence(question), question_form(question), RULE, cards)


def test_a_named_card_leaves_the_no_limit_question_unread():
    question = "Steward of Gondor: " + TWICE
    assert _read(question) == "yes"  # its words alone: the rule's attachments, twice on one character
    assert _read(question, ["Steward of Gondor"]) is None


def test_ask_reads_no_yes_for_a_unique_card_attached_twice(ask_cli):
    for card in ("Steward of Gondor", "Celebrian's Stone"):
        _, answer = ask_cli(f"{card}: {TWICE}")
        assert answer["recognised"].get("card"), card
        assert answer["best"]["id"] == "lotr:rr:attachment-cards", card  # the rule is cited, not read
        assert (answer["verdict"] or {}).get("kind") not in ("yes", "no"), card


def test_ask_still_reads_the_question_naming_no_card(ask_cli):
    _, answer = ask_cli(TWICE[0].upper() + TWICE[1:])
    assert not answer["recognised"].get("card")
    assert answer["verdict"]["kind"] == "yes" and answer["verdict"]["basis"] == "inferred"
