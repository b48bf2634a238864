"""A scenario's page: what the scenario is, not how a rule is played in it.

The Quest Companion gives each scenario a page (``lotr:qc:scenario:*``) that catalogues it: its
official difficulty and the players' rating, the box, pack or cycle it comes in, who made it,
the keywords its encounter cards use, the FAQ entries, errata and rulings listed for its cards,
and its easy or harder modes.  The page states no rule: its set-up rulings, its copies of the
keywords and its easy-mode lists are records of their own.

So the page answers a question about the scenario as a product ("How hard is it?", "Which box
is it in?", "Are there guarded cards in it?", "Did any of its cards get errata?"), and nothing
else: a question about how a rule is played in the scenario ("The quest makes the first
treachery revealed gain surge; what if it already has surge?") is settled by the rule, and the
scenario's name, which brings its page among the candidates, does not make the page an answer.
Such a question weighs the page as a card's page is weighed (it states no rule either).

What a question asks is read from its words only: the words of the catalogue's fields
(``CATALOGUE_WORDS``), or a sentence naming the scenario that asks whether something is in it
("Does X have any Time X cards?", "Are there Archery cards in X?").
"""

from __future__ import annotations

import re

from adjudicator.compiled import Lazy, regex

# the scenario's page weighs as a card's page (ranking.KIND_WEIGHT["card"]) for a question that
# asks nothing the page catalogues
PLAY_QUESTION = 0.35

# the words of the page's fields: difficulty and rating, the product it comes in and who made
# it, the errata, FAQ entries and rulings listed, the keywords used, its modes (and the set-up
# and easy-mode removals, as ``ranking.SCENARIO_WORDS``)
CATALOGUE_WORDS = frozenset("""
difficulty difficult hard harder hardest easy easier easiest tough tougher toughest rating rated rate
rates scale level user users community vote votes
box boxes expansion expansions pack packs cycle cycles saga sagas standalone deluxe core product
products release released
fan made ffg alep
errata erratum faq faqs official ruling rulings clarification clarifications
keyword keywords mode modes nightmare epic
setup remove removed removes
""".split())
# a sentence asking whether something is found in the scenario ("Are there Hinder cards in X?",
# "Does X have any Peril cards?", "Will I run into Prowl in X?")
IN_IT = regex(r"\b(?:are there|is there|any|have|use|uses|run into|deal with|contains?|includes?)\b", re.I)
_WORDS = Lazy(r"[a-z]+")


def asks_catalogue(question: str, entities: list) -> bool:
    """Whether ``question`` asks what a scenario's page catalogues: it uses a word of the
    page's fields, or a sentence of it that names a scenario asks whether something is in it."""
    if set(_WORDS.findall(question.lower())) & CATALOGUE_WORDS:
        return True
    from .sentences import sentence_spans

    named = [e.at for e in entities if e.kind == "scenario" and e.at[1] > e.at[0]]
    for start, end in sentence_spans(question):
        if any(start <= a and b <= end for a, b in named) and IN_IT.search(question, start, end):
            return True
    return False


def page_weight(record, question: str, entities: list) -> float:
    """The weight of ``record`` as a scenario's page: ``PLAY_QUESTION`` for a scenario's page
    when ``question`` asks nothing it catalogues (``asks_catalogue``), else 1."""
    if record.kind.value != "scenario" or asks_catalogue(question, entities):
        return 1.0
    return PLAY_QUESTION
