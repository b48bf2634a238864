"""A quotation in a question is card text (what a card says, weighed less than what is asked),
unless it is only a rules term's own name: "... even if the cave is "Shrouded in fog"?" asks
about the term as an unquoted name would.  Terms, records and questions are invented."""

from __future__ import annotations

from adjudicator.ask import ranking
from adjudicator.ask.entities import Entity
from adjudicator.ask.question_index import stem, terms_of


def _term(name: str, record: str, question: str) -> Entity:
    at = question.index(name)
    return Entity(name.lower(), name, "glossary", "lotr", record, 0, 1, False, (at, at + len(name)))


def test_a_quoted_rules_term_weighs_as_the_questions_own_words():
    question = 'Does the lantern still light the cave if the cave is "Shrouded in gloom"?'
    term = _term("Shrouded in gloom", "lotr:rr:shrouded", question)
    weights = ranking._weighted(question, terms_of(question), [term])
    assert weights[stem("gloom")] == weights[stem("lantern")] == 1.0


def test_a_quoted_rules_term_is_a_term_the_question_asks_about():
    question = 'Does the lantern still light the cave if the cave is "Shrouded in gloom"?'
    about = ranking._About(None, [_term("Shrouded in gloom", "lotr:rr:shrouded", question)], question)
    assert about.terms == {"lotr:rr:shrouded"}


def test_quoted_card_text_holding_a_term_still_weighs_less():
    question = "The lantern reads 'Attach to a cave shrouded in gloom.' How long does the lantern last?"
    term = _term("shrouded in gloom", "lotr:rr:shrouded", question)
    weights = ranking._weighted(question, terms_of(question), [term])
    assert weights[stem("lantern")] == 1.0
    assert weights[stem("gloom")] <= ranking.ASIDE and weights[stem("attach")] <= ranking.ASIDE
    about = ranking._About(None, [term], question)
    assert about.terms == set()
